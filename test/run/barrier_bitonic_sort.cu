// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// Bitonic sort of 512 ints per block in shared memory, 256 threads each
// handling two elements; barriers in the inner loop and after the outer-loop
// body (two nesting depths). The last block is padded with INT_MAX.

#include <climits>
#include <cstdio>
#include <cstdlib>

#define N 512

__global__ void bitonic(int *data, int n) {
  __shared__ int s[N];
  int base = blockIdx.x * N;
  for (int k = threadIdx.x; k < N; k += blockDim.x)
    s[k] = base + k < n ? data[base + k] : INT_MAX;
  __syncthreads();
  for (int size = 2; size <= N; size <<= 1) {
    for (int stride = size >> 1; stride > 0; stride >>= 1) {
      for (int k = threadIdx.x; k < N / 2; k += blockDim.x) {
        // Index of the lower element of pair k.
        int lo = 2 * k - (k & (stride - 1));
        int hi = lo + stride;
        bool ascending = (lo & size) == 0;
        int a = s[lo], b = s[hi];
        if ((a > b) == ascending) {
          s[lo] = b;
          s[hi] = a;
        }
      }
      __syncthreads();
    }
    __syncthreads();
  }
  for (int k = threadIdx.x; k < N; k += blockDim.x)
    if (base + k < n)
      data[base + k] = s[k];
}

static int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return x < y ? -1 : x > y;
}

int main() {
  const int n = 3 * N + 300;
  const int blocks = (n + N - 1) / N;
  static int h[n], r[n];
  unsigned seed = 12345;
  for (int i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    h[i] = (int)((seed >> 8) % 20000) - 10000;
  }
  int *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  bitonic<<<blocks, 256>>>(d, n);
  // A second launch with fewer threads: each thread then loops over pairs.
  int *d2;
  cudaMalloc(&d2, sizeof h);
  cudaMemcpy(d2, h, sizeof h, cudaMemcpyHostToDevice);
  bitonic<<<blocks, 96>>>(d2, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  static int r2[n];
  cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
  cudaMemcpy(r2, d2, sizeof r2, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    int len = (b + 1) * N <= n ? N : n - b * N;
    qsort(h + b * N, len, sizeof(int), cmp);
  }
  for (int i = 0; i < n; ++i) {
    if (r[i] != h[i]) {
      printf("FAIL: sorted[%d] = %d expected %d\n", i, r[i], h[i]);
      return 1;
    }
    if (r2[i] != h[i]) {
      printf("FAIL: sorted(96 threads)[%d] = %d expected %d\n", i, r2[i], h[i]);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
