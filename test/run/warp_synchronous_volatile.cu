// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O3 --cpuify=distribute %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// Warp-synchronous code written before CUDA 9: the last warp of a block
// reduction, and a warp's inclusive scan, through `volatile` shared memory
// without __syncwarp, relying on the lanes of a warp running in lock step
// (each statement's reads before its writes, each write seen by the next
// statement). CUDA no longer promises this, but such code is common and
// works on GPUs; cucpu puts a warp barrier before and after each volatile
// store, which gives a serial thread loop the same order.

#include <cstdio>

__device__ void warpReduce(volatile int *s, int t) {
  s[t] += s[t + 32];
  s[t] += s[t + 16];
  s[t] += s[t + 8];
  s[t] += s[t + 4];
  s[t] += s[t + 2];
  s[t] += s[t + 1];
}

__global__ void blockSums(const int *in, int *out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 128 + t];
  __syncthreads();
  if (t < 64)
    s[t] += s[t + 64];
  __syncthreads();
  if (t < 32)
    warpReduce(s, t);
  if (t == 0)
    out[blockIdx.x] = s[0];
}

__global__ void warpScans(const int *in, int *out) {
  __shared__ volatile int s[64];
  int t = threadIdx.x, lane = t & 31;
  s[t] = in[blockIdx.x * 64 + t];
  if (lane >= 1)
    s[t] += s[t - 1];
  if (lane >= 2)
    s[t] += s[t - 2];
  if (lane >= 4)
    s[t] += s[t - 4];
  if (lane >= 8)
    s[t] += s[t - 8];
  if (lane >= 16)
    s[t] += s[t - 16];
  out[blockIdx.x * 64 + t] = s[t];
}

int main() {
  const int blocks = 8;
  int *in, *sums, *scans;
  cudaMallocManaged(&in, blocks * 128 * sizeof(int));
  cudaMallocManaged(&sums, blocks * sizeof(int));
  cudaMallocManaged(&scans, blocks * 64 * sizeof(int));
  for (int i = 0; i < blocks * 128; ++i)
    in[i] = (i * 7) % 37 - 11;
  blockSums<<<blocks, 128>>>(in, sums);
  warpScans<<<blocks, 64>>>(in, scans);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int b = 0; b < blocks; ++b) {
    int want = 0;
    for (int i = 0; i < 128; ++i)
      want += in[b * 128 + i];
    if (sums[b] != want && bad++ < 5)
      printf("block %d: sum %d, want %d\n", b, sums[b], want);
    for (int t = 0; t < 64; ++t) {
      int scan = 0;
      for (int k = t & ~31; k <= t; ++k)
        scan += in[b * 64 + k];
      if (scans[b * 64 + t] != scan && bad++ < 5)
        printf("block %d thread %d: scan %d, want %d\n", b, t,
               scans[b * 64 + t], scan);
    }
  }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
