// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// `c ? f() : g()` where the functions reach __syncthreads (CUB's agents pick
// a vectorized or a plain tile loop so). The condition is the same for the
// whole block, as CUDA requires; the value of the expression is carried
// across the barriers in it.
#include <cstdio>

__device__ int rotateLeft(int *tile, int v) {
  tile[threadIdx.x] = v;
  __syncthreads();
  int r = tile[(threadIdx.x + 1) % blockDim.x];
  __syncthreads();
  return r;
}

__device__ int rotateRight(int *tile, int v) {
  tile[threadIdx.x] = v * 10;
  __syncthreads();
  int r = tile[(threadIdx.x + blockDim.x - 1) % blockDim.x];
  __syncthreads();
  return r;
}

__global__ void pick(const int *in, int *out, int leftBlocks) {
  __shared__ int tile[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  out[i] = blockIdx.x < leftBlocks ? rotateLeft(tile, v) : rotateRight(tile, v);
  // Twice in one expression, nested.
  out[i] += (blockIdx.x & 1) ? (v > 0 ? 1 : 2) + rotateLeft(tile, 3 * v)
                             : rotateRight(tile, v) - 1;
}

int main() {
  const int blocks = 6, threads = 128, n = blocks * threads;
  int *in, *out;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, n * sizeof(int));
  for (int i = 0; i < n; ++i)
    in[i] = (i * 37) % 101 - 50;
  pick<<<blocks, threads>>>(in, out, 4);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads; ++t) {
      int i = b * threads + t;
      int left = in[b * threads + (t + 1) % threads];
      int right = 10 * in[b * threads + (t + threads - 1) % threads];
      int expect = b < 4 ? left : right;
      expect += (b & 1) ? (in[i] > 0 ? 1 : 2) + 3 * left : right - 1;
      if (out[i] != expect && bad++ < 5)
        printf("out[%d] = %d, expected %d\n", i, out[i], expect);
    }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
