// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-inner-serialization %s -o %t2 && env CUCPU_NUM_THREADS=2 %t2 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-barrier-elimination -fno-cucpu-mem2reg -fno-cucpu-licm %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// Shared-memory tree reduction with block size 256: each block sums its slice
// of the input with a halving loop that has a barrier in every step.

#include <cstdio>

#define BLOCK 256

__global__ void blockSum(const int *in, int *out, int n) {
  __shared__ int buf[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      buf[t] += buf[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = buf[0];
}

int main() {
  const int n = 5000;
  const int blocks = (n + BLOCK - 1) / BLOCK;
  int *h = new int[n];
  for (int i = 0; i < n; ++i)
    h[i] = (i * 37) % 101 - 50;
  int *din, *dout;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, blocks * sizeof(int));
  cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
  blockSum<<<blocks, BLOCK>>>(din, dout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  int res[blocks];
  cudaMemcpy(res, dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    int expect = 0;
    for (int j = b * BLOCK; j < (b + 1) * BLOCK && j < n; ++j)
      expect += h[j];
    if (res[b] != expect) {
      printf("FAIL: block %d got %d expected %d\n", b, res[b], expect);
      return 1;
    }
  }
  cudaFree(din);
  cudaFree(dout);
  delete[] h;
  printf("PASS\n");
  return 0;
}
