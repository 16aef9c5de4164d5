// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// A GPU addresses __shared__ memory with 32-bit addresses: an unsigned
// index that went below zero (`p[~x]`, `p[x - 1]` with x == 0) still reaches
// the elements before `p`, and merge-path kernels (HeCBench's merge) search
// their shared window so. Here it crashed: the unsigned index was widened
// as a huge positive offset. Each result is compared with plain C++.

#include <cstdio>

const int kThreads = 64;

__global__ void mirror(int *out) {
  __shared__ int window[2 * kThreads];
  unsigned t = threadIdx.x;
  window[t] = 10 * t;
  window[kThreads + t] = -10 * (int)t;
  __syncthreads();
  int *middle = window + kThreads;
  // The pointer is kept in a variable across a loop, as a binary search
  // keeps it.
  unsigned steps = 0, probe = t;
  int sum = 0;
  while (steps < 3) {
    sum += middle[~probe];      // window[kThreads - 1 - probe]
    sum += middle[probe - t];   // window[kThreads + (probe - t)]
    probe = probe > 0 ? probe - 1 : 0;
    ++steps;
  }
  unsigned zero = t - t;
  out[t] = sum + middle[zero - 1];  // window[kThreads - 1]
}

int main() {
  int *out;
  cudaMallocManaged(&out, kThreads * sizeof(int));
  mirror<<<1, kThreads>>>(out);
  int bad = cudaDeviceSynchronize() != cudaSuccess;
  int window[2 * kThreads];
  for (int t = 0; t < kThreads; ++t) {
    window[t] = 10 * t;
    window[kThreads + t] = -10 * t;
  }
  for (int t = 0; t < kThreads; ++t) {
    int probe = t, sum = 0;
    for (int step = 0; step < 3; ++step) {
      sum += window[kThreads - 1 - probe];
      sum += window[kThreads + (probe - t)];
      probe = probe > 0 ? probe - 1 : 0;
    }
    int want = sum + window[kThreads - 1];
    if (out[t] != want && ++bad < 5)
      printf("thread %d: %d, expected %d\n", t, out[t], want);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
