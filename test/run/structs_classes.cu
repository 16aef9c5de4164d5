// RUN: %cucpu -O2 --fmad=false %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 --fmad=false %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS
// --fmad=false: the C++ reference rounds each multiply and add. With fused
// ones, the float q.norm2() differs from it in its last bit, which the 1e-9
// tolerance on the double result does not cover (out[34] on an AMD EPYC
// with LLVM 22.1.8, at -O0 and -O2 alike).

// Structs and classes in device code: members, methods, constructors with
// initializer lists and default member initializers, base classes, operators,
// nested structs, pass and return by value, arrays of structs, references,
// unions, vector types, lambdas and templates.

#include <cmath>
#include <cstdio>

struct Point {
  float x = 0, y = 0;
  __host__ __device__ Point() {}
  __host__ __device__ Point(float x, float y) : x(x), y(y) {}
  __host__ __device__ Point operator+(const Point &o) const { return Point(x + o.x, y + o.y); }
  __host__ __device__ Point operator*(float s) const { return Point(x * s, y * s); }
  __host__ __device__ float norm2() const { return x * x + y * y; }
  __host__ __device__ void scale(float s) { x *= s; y *= s; }
};

struct Named {
  int id;
  Point where;
  struct Inner {
    short a;
    double b;
  } inner;
};

class Counter {
public:
  __host__ __device__ explicit Counter(int start) : value(start) {}
  __host__ __device__ Counter &add(int v) { value += v; return *this; }
  __host__ __device__ int get() const { return value; }
private:
  int value;
};

struct Base {
  int base;
  __host__ __device__ Base(int b) : base(b) {}
  __host__ __device__ int twice() const { return 2 * base; }
};
struct Derived : Base {
  int extra;
  __host__ __device__ Derived(int b, int e) : Base(b), extra(e) {}
  __host__ __device__ int total() const { return twice() + extra; }
};

union Bits {
  float f;
  unsigned u;
};

template <typename T, int N> struct SmallArray {
  T data[N];
  __host__ __device__ T sum() const {
    T s = T();
    for (int i = 0; i < N; ++i)
      s += data[i];
    return s;
  }
};

template <typename T> __host__ __device__ T clampTo(T v, T lo, T hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

__host__ __device__ Point midpoint(Point a, Point b) { return (a + b) * 0.5f; }
__host__ __device__ void swapRefs(int &a, int &b) { int t = a; a = b; b = t; }

__host__ __device__ double compute(const Named *items, int i) {
  Named n = items[i];                 // copy a struct
  Point p(n.where.x, n.where.y);
  p.scale(2.0f);
  Point q = midpoint(p, Point(1.0f, -1.0f));
  Counter c(n.id);
  c.add(3).add(4);
  Derived d(n.id, 5);
  Bits bits;
  bits.f = 1.5f;
  SmallArray<int, 4> arr = {{n.id, 1, 2, 3}};
  int a = n.id, b = 7;
  swapRefs(a, b);
  auto weigh = [&](double w) { return w * q.norm2() + n.inner.b; };
  float4 v = make_float4(p.x, p.y, 1.0f, 2.0f);
  return weigh(0.5) + c.get() + d.total() + (bits.u >> 20) + arr.sum() +
         clampTo(n.inner.a, (short)-5, (short)5) + a * 10 + b + v.x + v.w;
}

__global__ void kernel(const Named *items, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = compute(items, i);
}

int main() {
  const int n = 500;
  static Named items[n];
  for (int i = 0; i < n; ++i) {
    items[i].id = i;
    items[i].where = Point(0.1f * i, 3.0f - 0.2f * i);
    items[i].inner.a = (short)(i % 17 - 8);
    items[i].inner.b = 0.001 * i;
  }
  Named *ditems;
  double *dout;
  cudaMalloc(&ditems, sizeof items);
  cudaMalloc(&dout, n * sizeof(double));
  cudaMemcpy(ditems, items, sizeof items, cudaMemcpyHostToDevice);
  kernel<<<(n + 127) / 128, 128>>>(ditems, dout, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static double out[n];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    double expect = compute(items, i);
    if (std::fabs(out[i] - expect) > 1e-9 * (1 + std::fabs(expect))) {
      printf("FAIL: out[%d] = %.17g, expected %.17g\n", i, out[i], expect);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
