// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// new and delete in device code, on CUDA's device heap: single objects with
// and without initializers, arrays of a run-time size (left alone, zeroed by
// `()`, or built by a default constructor), objects with constructors,
// placement new, and delete through a base pointer whose virtual destructor
// does nothing. Memory allocated by one kernel is freed by another, as on a
// GPU. Each result is compared with the same computation in plain C++.

#include <cstdio>
#include <new>

struct Point {
  int x, y;
  __host__ __device__ Point() : x(-1), y(-2) {}
  __host__ __device__ Point(int a, int b) : x(a), y(b) {}
};

struct Shape {
  __device__ virtual ~Shape() {}
  __device__ virtual int area() const { return 0; }
};
struct Square : Shape {
  int side;
  __device__ explicit Square(int s) : side(s) {}
  __device__ int area() const override { return side * side; }
};

__device__ int *kept[64];

__global__ void allocate(int *out, int n) {
  int t = threadIdx.x;
  int *one = new int;
  *one = t;
  int *five = new int(5 + t);
  int *plain = new int[n];
  for (int i = 0; i < n; ++i)
    plain[i] = i * t;
  int *zeros = new int[n]();
  Point *p = new Point(t, 2 * t);
  Point *points = new Point[n];
  Shape *shape = new Square(t + 1);
  int sum = *one + *five + p->x + p->y + shape->area();
  for (int i = 0; i < n; ++i)
    sum += plain[i] + zeros[i] + points[i].x + points[i].y;
  alignas(Point) unsigned char buffer[sizeof(Point)];
  Point *placed = new (buffer) Point(7, t);
  sum += placed->x * placed->y;
  out[t] = sum;
  delete one;
  delete five;
  delete[] plain;
  delete[] zeros;
  delete p;
  delete[] points;
  delete shape;
  kept[t] = new int[2]{};
  kept[t][1] = t;
}

__global__ void release(int *out) {
  int t = threadIdx.x;
  out[t] += kept[t][0] + kept[t][1];
  delete[] kept[t];
}

int main() {
  const int threads = 64, n = 10;
  int *out;
  cudaMallocManaged(&out, threads * sizeof(int));
  allocate<<<1, threads>>>(out, n);
  release<<<1, threads>>>(out);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int t = 0; t < threads; ++t) {
    int want = t + (5 + t) + t + 2 * t + (t + 1) * (t + 1);
    for (int i = 0; i < n; ++i)
      want += i * t + 0 + (-1) + (-2);
    want += 7 * t + 0 + t;
    if (out[t] != want && ++bad < 5)
      printf("thread %d: %d, expected %d\n", t, out[t], want);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
