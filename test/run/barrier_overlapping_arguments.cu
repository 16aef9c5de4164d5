// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// Kernel arguments that overlap with an offset (valid CUDA): a[t] written
// before the barrier is b[t - 1] read after it, so the barrier must stay.
// Likewise a shared array read at threadIdx.x + 1 after being written at
// threadIdx.x.

#include <cstdio>

__global__ void shifted(int *a, const int *b, int *out) {
  a[threadIdx.x] = 10 * (threadIdx.x + 1);
  __syncthreads();
  out[threadIdx.x] = b[threadIdx.x];
}

__global__ void neighbour(int *out) {
  __shared__ int sh[65];
  sh[threadIdx.x] = 10 * (threadIdx.x + 1);
  if (threadIdx.x == 0)
    sh[blockDim.x] = 0;
  __syncthreads();
  int right = sh[threadIdx.x + 1];
  __syncthreads();
  sh[threadIdx.x] = -1;
  out[threadIdx.x] = right;
}

int main() {
  const int n = 64;
  int *d, *o;
  cudaMalloc(&d, (n + 1) * sizeof(int));
  cudaMalloc(&o, n * sizeof(int));
  cudaMemset(d, 0, (n + 1) * sizeof(int));
  shifted<<<1, n>>>(d, d + 1, o);
  int h[n];
  cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  for (int t = 0; t < n; ++t) {
    int expect = t + 1 < n ? 10 * (t + 2) : 0;
    if (h[t] != expect) {
      printf("FAIL: shifted out[%d] = %d, expected %d\n", t, h[t], expect);
      return 1;
    }
  }
  neighbour<<<1, n>>>(o);
  cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  for (int t = 0; t < n; ++t) {
    int expect = t + 1 < n ? 10 * (t + 2) : 0;
    if (h[t] != expect) {
      printf("FAIL: neighbour out[%d] = %d, expected %d\n", t, h[t], expect);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
