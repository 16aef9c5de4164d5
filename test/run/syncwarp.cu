// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// __syncwarp orders shared-memory accesses within a warp, also when only the
// first warp of the block runs the code.

#include <cstdio>

__global__ void warpReduce(const int *in, int *out) {
  __shared__ int sh[128];
  int t = threadIdx.x;
  sh[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  if (t < 32) {
    sh[t] += sh[t + 32] + sh[t + 64] + sh[t + 96];
    __syncwarp();
    for (int offset = 16; offset > 0; offset /= 2) {
      int other = t < offset ? sh[t + offset] : 0;
      __syncwarp();
      sh[t] += other;
      __syncwarp();
    }
    if (t == 0)
      out[blockIdx.x] = sh[0];
  }
}

int main() {
  const int blocks = 9, threads = 128, n = blocks * threads;
  static int in[n];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 13) % 29 - 9;
  int *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, blocks * sizeof(int));
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  warpReduce<<<blocks, threads>>>(din, dout);
  int out[blocks];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    int expect = 0;
    for (int t = 0; t < threads; ++t)
      expect += in[b * threads + t];
    if (out[b] != expect) {
      printf("FAIL: block %d: %d, expected %d\n", b, out[b], expect);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
