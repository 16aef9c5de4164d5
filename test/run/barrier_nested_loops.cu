// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-inner-serialization %s -o %t2 && env CUCPU_NUM_THREADS=2 %t2 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-barrier-elimination -fno-cucpu-mem2reg -fno-cucpu-licm %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// A loop with barriers nested in another loop with barriers: for each of R
// rounds every thread publishes a value, then an inner loop rotates the shared
// array S times (read, barrier, write, barrier); a per-thread accumulator and
// the inner trip count (which depends on the outer index) are loop-carried.

#include <cstdio>

#define BS 64

__global__ void rotateRounds(const int *in, int *out, int n, int rounds) {
  __shared__ int ring[BS];
  int t = threadIdx.x;
  int i = blockIdx.x * BS + t;
  int acc = i < n ? in[i] : 0;
  for (int r = 0; r < rounds; ++r) {
    ring[t] = acc + r;
    __syncthreads();
    for (int s = 0; s <= r; ++s) {
      int v = ring[(t + 1) % BS];
      __syncthreads();
      ring[t] = v * 3 % 1009;
      __syncthreads();
    }
    acc += ring[t];
    __syncthreads();
  }
  if (i < n)
    out[i] = acc;
}

int main() {
  const int n = 300, rounds = 5, blocks = (n + BS - 1) / BS;
  int in[n], out[n];
  for (int i = 0; i < n; ++i)
    in[i] = i * 13 % 257;
  int *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  rotateRounds<<<blocks, BS>>>(din, dout, n, rounds);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    int acc[BS], ring[BS], tmp[BS];
    for (int t = 0; t < BS; ++t)
      acc[t] = b * BS + t < n ? in[b * BS + t] : 0;
    for (int r = 0; r < rounds; ++r) {
      for (int t = 0; t < BS; ++t)
        ring[t] = acc[t] + r;
      for (int s = 0; s <= r; ++s) {
        for (int t = 0; t < BS; ++t)
          tmp[t] = ring[(t + 1) % BS] * 3 % 1009;
        for (int t = 0; t < BS; ++t)
          ring[t] = tmp[t];
      }
      for (int t = 0; t < BS; ++t)
        acc[t] += ring[t];
    }
    for (int t = 0; t < BS && b * BS + t < n; ++t)
      if (out[b * BS + t] != acc[t]) {
        printf("FAIL: out[%d] = %d expected %d\n", b * BS + t, out[b * BS + t], acc[t]);
        return 1;
      }
  }
  printf("PASS\n");
  return 0;
}
