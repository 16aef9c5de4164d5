// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-inner-serialization %s -o %t2 && env CUCPU_NUM_THREADS=2 %t2 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-barrier-elimination -fno-cucpu-mem2reg -fno-cucpu-licm %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// Histogram with a per-block shared histogram (zeroed, barrier, shared
// atomics, barrier) merged into the global one with atomicAdd. More bins than
// threads, so zeroing and merging loop.

#include <cstdio>

#define BINS 300

__global__ void histogram(const unsigned char *in, unsigned *hist, int n) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    int bin = (in[i] * 7 + (i & 3) * 11) % BINS;
    atomicAdd(&local[bin], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    if (local[b])
      atomicAdd(&hist[b], local[b]);
}

int main() {
  const int n = 77777;
  static unsigned char in[n];
  for (int i = 0; i < n; ++i)
    in[i] = (unsigned char)((i * 31 + (i >> 5)) & 0xff);
  unsigned char *din;
  unsigned *dh;
  cudaMalloc(&din, n);
  cudaMalloc(&dh, BINS * sizeof(unsigned));
  cudaMemcpy(din, in, n, cudaMemcpyHostToDevice);
  cudaMemset(dh, 0, BINS * sizeof(unsigned));
  histogram<<<13, 192>>>(din, dh, n);
  histogram<<<5, 100>>>(din, dh, n); // accumulates a second time
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  unsigned got[BINS], expect[BINS] = {0};
  cudaMemcpy(got, dh, sizeof got, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    expect[(in[i] * 7 + (i % 4) * 11) % BINS] += 2;
  for (int b = 0; b < BINS; ++b)
    if (got[b] != expect[b]) {
      printf("FAIL: bin %d = %u expected %u\n", b, got[b], expect[b]);
      return 1;
    }
  printf("PASS\n");
  return 0;
}
