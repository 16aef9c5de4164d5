// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-inner-serialization %s -o %t2 && env CUCPU_NUM_THREADS=2 %t2 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-barrier-elimination -fno-cucpu-mem2reg -fno-cucpu-licm %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// Two barriers in a loop of 2000 iterations, in 2000 blocks: the per-thread
// storage that barrier lowering creates must be allocated once per worker,
// not once per block or per iteration (which would exhaust the stack).

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

int main() {
  const int blocks = 2000, threads = 64, iters = 2000;
  int *d;
  cudaMalloc(&d, blocks * threads * sizeof(int));
  rotateSum<<<blocks, threads>>>(d, iters);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static int h[blocks * threads];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
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
