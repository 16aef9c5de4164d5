// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// Per-thread local arrays and scalars that stay live across barriers: each
// thread fills a private array before the first barrier, updates it from
// shared memory in a loop with barriers, and reads it at the end; a private
// array indexed dynamically and a scalar computed before all barriers.

#include <cstdio>

#define BS 40
#define L 6

__global__ void privateArrays(const int *in, int *out, int n) {
  __shared__ int sh[BS];
  int t = threadIdx.x;
  int i = blockIdx.x * BS + t;
  int base = i < n ? in[i] : 1;
  int hist[L];
  float scale[L];
  for (int k = 0; k < L; ++k) {
    hist[k] = base * (k + 1);
    scale[k] = 0.5f * k;
  }
  int keep = base * 31 + t; // live across every barrier, never changed
  for (int r = 0; r < L; ++r) {
    sh[t] = hist[r];
    __syncthreads();
    int idx = (hist[r] % L + L) % L; // data-dependent private index
    hist[idx] += sh[(t + r + 1) % BS];
    __syncthreads();
  }
  int acc = 0;
  for (int k = 0; k < L; ++k)
    acc += hist[k] * (k + 1) + (int)(scale[k] * 4.0f);
  if (i < n)
    out[i] = acc ^ keep;
}

int main() {
  const int n = 333, blocks = (n + BS - 1) / BS;
  int in[n], out[n];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 53) % 97 - 30;
  int *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  privateArrays<<<blocks, BS>>>(din, dout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    int h[BS][L], base[BS], pub[BS];
    for (int t = 0; t < BS; ++t) {
      base[t] = b * BS + t < n ? in[b * BS + t] : 1;
      for (int k = 0; k < L; ++k)
        h[t][k] = base[t] * (k + 1);
    }
    for (int r = 0; r < L; ++r) {
      for (int t = 0; t < BS; ++t)
        pub[t] = h[t][r];
      for (int t = 0; t < BS; ++t) {
        int idx = ((h[t][r] % L) + L) % L;
        h[t][idx] += pub[(t + r + 1) % BS];
      }
    }
    for (int t = 0; t < BS && b * BS + t < n; ++t) {
      int acc = 0;
      for (int k = 0; k < L; ++k)
        acc += h[t][k] * (k + 1) + 2 * k;
      int e = acc ^ (base[t] * 31 + t);
      if (out[b * BS + t] != e) {
        printf("FAIL: out[%d] = %d expected %d\n", b * BS + t, out[b * BS + t], e);
        return 1;
      }
    }
  }
  printf("PASS\n");
  return 0;
}
