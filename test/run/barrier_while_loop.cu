// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-inner-serialization %s -o %t2 && env CUCPU_NUM_THREADS=2 %t2 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-barrier-elimination -fno-cucpu-mem2reg -fno-cucpu-licm %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// while loops with barriers whose trip count is read from global memory
// (a different count per block) and from a __constant__ value; a per-thread
// value and the loop counter are carried around the loop.

#include <cstdio>

#define BS 50

__constant__ int extraRounds;

__global__ void smooth(const int *in, const int *counts, int *out, int n) {
  __shared__ int sh[BS];
  int t = threadIdx.x;
  int i = blockIdx.x * BS + t;
  int v = i < n ? in[i] : 0;
  int rounds = counts[blockIdx.x];
  int k = 0;
  while (k < rounds) {
    sh[t] = v;
    __syncthreads();
    v = (sh[(t + BS - 1) % BS] + v + sh[(t + 1) % BS]) % 10007;
    __syncthreads();
    ++k;
  }
  int j = extraRounds;
  while (j-- > 0) {
    sh[t] = v;
    __syncthreads();
    v = v * 2 - sh[(t + 3) % BS];
    __syncthreads();
  }
  if (i < n)
    out[i] = v + k * 100000;
}

int main() {
  const int n = 420, blocks = (n + BS - 1) / BS;
  int in[n], out[n], counts[blocks];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 123) % 1000;
  for (int b = 0; b < blocks; ++b)
    counts[b] = (b * 5) % 7; // includes zero
  int extra = 2;
  cudaMemcpyToSymbol(extraRounds, &extra, sizeof extra);
  int *din, *dc, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dc, sizeof counts);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, counts, sizeof counts, cudaMemcpyHostToDevice);
  smooth<<<blocks, BS>>>(din, dc, dout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    int v[BS], nv[BS];
    for (int t = 0; t < BS; ++t)
      v[t] = b * BS + t < n ? in[b * BS + t] : 0;
    for (int r = 0; r < counts[b]; ++r) {
      for (int t = 0; t < BS; ++t)
        nv[t] = (v[(t + BS - 1) % BS] + v[t] + v[(t + 1) % BS]) % 10007;
      for (int t = 0; t < BS; ++t)
        v[t] = nv[t];
    }
    for (int r = 0; r < extra; ++r) {
      for (int t = 0; t < BS; ++t)
        nv[t] = v[t] * 2 - v[(t + 3) % BS];
      for (int t = 0; t < BS; ++t)
        v[t] = nv[t];
    }
    for (int t = 0; t < BS && b * BS + t < n; ++t) {
      int e = v[t] + counts[b] * 100000;
      if (out[b * BS + t] != e) {
        printf("FAIL: out[%d] = %d expected %d\n", b * BS + t, out[b * BS + t], e);
        return 1;
      }
    }
  }
  printf("PASS\n");
  return 0;
}
