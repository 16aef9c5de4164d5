// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// GNU compound literals in device code (clang and nvcc accept them in C++):
// of a vector type, a struct, a scalar and an array passed by pointer, and
// one used as an object right away.

#include <cstdio>

struct Pair {
  int a;
  float b;
};

__device__ int sum(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i];
  return s;
}

__global__ void literals(float2 *vectors, int *values) {
  int t = threadIdx.x;
  vectors[t] = (float2){1.0f * t, -1.0f};
  Pair p = (Pair){3 * t, 0.5f};
  int x = (int){7};
  values[t] = p.a + int(p.b * 4) + x + sum((int[]){1, 2, t}, 3) +
              ((Pair){9, 1.0f}).a;
}

int main() {
  const int n = 40;
  float2 *vectors;
  int *values;
  cudaMallocManaged(&vectors, n * sizeof(float2));
  cudaMallocManaged(&values, n * sizeof(int));
  literals<<<1, n>>>(vectors, values);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int t = 0; t < n; ++t) {
    int want = 3 * t + 2 + 7 + (3 + t) + 9;
    if ((vectors[t].x != 1.0f * t || vectors[t].y != -1.0f ||
         values[t] != want) &&
        bad++ < 5)
      printf("thread %d: (%g, %g) %d, want %d\n", t, vectors[t].x,
             vectors[t].y, values[t], want);
  }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
