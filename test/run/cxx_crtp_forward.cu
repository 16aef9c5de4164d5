// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// The static polymorphism of templated libraries (Thrust's iterator_facade,
// CUB's iterators) in device code: CRTP's static_cast from a base to the
// derived class, by pointer and by reference, with the base not at offset
// zero, and std::move, std::forward and std::addressof, which clang
// treats as builtins.
#include <cstdio>
#include <memory>
#include <utility>

struct Padding {
  int pad[3];
};

template <class Derived> struct Shape {
  __device__ const Derived &self() const {
    return static_cast<const Derived &>(*this);
  }
  __device__ Derived *selfPointer() { return static_cast<Derived *>(this); }
  __device__ int area() const { return self().width * self().height; }
  int tag = 7;
};

// Shape<Rect> sits after Padding: the casts move the address back.
struct Rect : Padding, Shape<Rect> {
  int width, height;
  __device__ Rect(int w, int h) : width(w), height(h) {}
};

struct Counter {
  int moves = 0, copies = 0;
  __device__ Counter() {}
  __device__ Counter(const Counter &o) : moves(o.moves), copies(o.copies + 1) {}
  __device__ Counter(Counter &&o) : moves(o.moves + 1), copies(o.copies) {}
};

template <class T> __device__ Counter pass(T &&value) {
  return Counter(std::forward<T>(value));
}

__global__ void kernel(int *out) {
  Rect r(threadIdx.x + 2, 3);
  Shape<Rect> *base = &r;
  out[0] = base->area();
  out[1] = base->selfPointer() == &r;
  out[2] = base->selfPointer()->width;
  Counter c;
  Counter moved = std::move(c);
  Counter forwardedCopy = pass(c);
  Counter forwardedMove = pass(std::move(c));
  out[3] = moved.moves * 100 + moved.copies;
  out[4] = forwardedCopy.moves * 100 + forwardedCopy.copies;
  out[5] = forwardedMove.moves * 100 + forwardedMove.copies;
  out[6] = std::addressof(r) == &r;
  out[7] = base->tag;
}

int main() {
  int *out;
  cudaMallocManaged(&out, 8 * sizeof(int));
  kernel<<<1, 1>>>(out);
  cudaDeviceSynchronize();
  int expect[8] = {6, 1, 2, 100, 1, 100, 1, 7};
  int bad = 0;
  for (int i = 0; i < 8; ++i)
    if (out[i] != expect[i]) {
      printf("FAIL out[%d] = %d, expected %d\n", i, out[i], expect[i]);
      ++bad;
    }
  printf(bad ? "FAILED\n" : "PASS\n");
  return bad != 0;
}
