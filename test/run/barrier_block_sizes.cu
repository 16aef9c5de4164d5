// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// The same block reduction launched with block sizes 1, 2, 3, 32, 64, 100,
// 128, 512 and 1024 (powers of two and not). The reduction folds the upper
// part onto the lower part of the active range until one value is left.

#include <cstdio>

__global__ void reduceAny(const long long *in, long long *out, int n) {
  __shared__ long long sh[1024];
  int t = threadIdx.x;
  long long acc = 0;
  // Each block handles a contiguous chunk of 3 * blockDim elements.
  int base = blockIdx.x * blockDim.x * 3;
  for (int k = 0; k < 3; ++k) {
    int i = base + k * blockDim.x + t;
    if (i < n)
      acc += in[i];
  }
  sh[t] = acc;
  __syncthreads();
  int active = blockDim.x;
  while (active > 1) {
    int half = (active + 1) >> 1;
    if (t + half < active)
      sh[t] += sh[t + half];
    __syncthreads();
    active = half;
  }
  if (t == 0)
    out[blockIdx.x] = sh[0];
}

int main() {
  const int n = 10007;
  static long long in[n], out[n];
  for (int i = 0; i < n; ++i)
    in[i] = (long long)(i % 1000) * 1000003LL - 7;
  long long *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  int sizes[] = {1, 2, 3, 32, 64, 100, 128, 512, 1024};
  for (int bs : sizes) {
    int chunk = 3 * bs;
    int blocks = (n + chunk - 1) / chunk;
    cudaMemset(dout, 0, sizeof out);
    reduceAny<<<blocks, bs>>>(din, dout, n);
    if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
      printf("FAIL: launch error with block size %d\n", bs);
      return 1;
    }
    cudaMemcpy(out, dout, blocks * sizeof(long long), cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; ++b) {
      long long e = 0;
      for (int i = b * chunk; i < (b + 1) * chunk && i < n; ++i)
        e += in[i];
      if (out[b] != e) {
        printf("FAIL: block size %d block %d: %lld expected %lld\n", bs, b, out[b], e);
        return 1;
      }
    }
  }
  printf("PASS\n");
  return 0;
}
