// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-inner-serialization %s -o %t2 && env CUCPU_NUM_THREADS=2 %t2 50 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-barrier-elimination -fno-cucpu-mem2reg -fno-cucpu-licm %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// Two barriers in a loop of 2000 iterations, in 2000 blocks: the per-thread
// storage that barrier lowering creates must be allocated once per worker,
// not once per block or per iteration (which would exhaust the stack).
// Without inner serialization each barrier is a real one between the
// block's workers, about 40 s for 2000 blocks here: that build runs 50.

#include <cstdio>

__global__ void rotateSum(int *out, int iters) {
  __shared__ int ring[64];
  int t = threadIdx.x;
  int acc = 0;
  for (int it = 0; it < iters; ++it) {
    ring[t] = it + t;
    __syncthreads();
    acc += ring[(t + 1) % blockDim.x];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = acc;
}

#include <cstdlib>

int main(int argc, char **argv) {
  const int maxBlocks = 2000, threads = 64, iters = 2000;
  const int blocks = argc > 1 ? atoi(argv[1]) : maxBlocks;
  if (blocks < 1 || blocks > maxBlocks) {
    printf("FAIL: blocks must be in 1..%d\n", maxBlocks);
    return 1;
  }
  int *d;
  cudaMalloc(&d, blocks * threads * sizeof(int));
  rotateSum<<<blocks, threads>>>(d, iters);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static int h[maxBlocks * threads];
  cudaMemcpy(h, d, blocks * threads * sizeof(int), cudaMemcpyDeviceToHost);
  for (int t = 0; t < threads; ++t) {
    long long expect = 0;
    for (int it = 0; it < iters; ++it)
      expect += it + (t + 1) % threads;
    for (int b = 0; b < blocks; ++b)
      if (h[b * threads + t] != (int)expect) {
        printf("FAIL: block %d thread %d: %d, expected %lld\n", b, t,
               h[b * threads + t], expect);
        return 1;
      }
  }
  printf("PASS\n");
  return 0;
}
