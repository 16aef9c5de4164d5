// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Range-based for loops over local arrays and a small container with
// begin()/end(), by value and by reference, with break and continue.

#include <cstdio>

template <typename T, int N> struct Span {
  T data[N];
  __host__ __device__ T *begin() { return data; }
  __host__ __device__ T *end() { return data + N; }
};

__host__ __device__ int work(int seed) {
  int values[6] = {seed, seed + 1, seed * 2, 7, seed % 5, 3};
  int sum = 0;
  for (int v : values) {
    if (v == 7)
      continue;
    sum += v;
  }
  for (int &v : values)
    v *= 2;
  Span<int, 5> span = {{seed, 1, 2, 3, 4}};
  for (auto &x : span) {
    if (x > 100)
      break;
    sum += x + values[x % 6];
  }
  return sum;
}

__global__ void kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = work(i);
}

int main() {
  const int n = 300;
  int *d;
  cudaMalloc(&d, n * sizeof(int));
  kernel<<<(n + 63) / 64, 64>>>(d, n);
  int h[n];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (h[i] != work(i)) {
      printf("FAIL: %d: %d vs %d\n", i, h[i], work(i));
      return 1;
    }
  printf("PASS\n");
  return 0;
}
