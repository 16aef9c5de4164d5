// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// A 32 KiB local table in each of 256 threads, kept across barriers: the
// block's copies (8 MiB) are more than a worker thread's stack holds, and
// before they were allocated there and the program crashed (HeCBench's
// fsm). They come from the heap now. The table is filled, a barrier
// passes, and each thread reads its own table back and a neighbour's
// result through shared memory; compared with plain C++.

#include <cstdio>

const int kTable = 32768, kThreads = 256;

__global__ void tables(const unsigned short *keys, int n, int *out) {
  unsigned char table[kTable];
  __shared__ int sums[kThreads];
  int t = threadIdx.x;
  for (int i = 0; i < kTable; ++i)
    table[i] = (unsigned char)(i * 7 + t);
  for (int round = 0; round < 2; ++round) {
    __syncthreads();
    int sum = 0;
    for (int i = 0; i < n; ++i)
      sum += table[(keys[i] + t) & (kTable - 1)];
    sums[t] = sum + round;
    __syncthreads();
    out[blockIdx.x * kThreads + t] = sums[(t + 1) % kThreads];
    table[t] = (unsigned char)sum;
  }
}

int main() {
  const int n = 64, blocks = 3;
  unsigned short *keys;
  int *out;
  cudaMallocManaged(&keys, n * sizeof(unsigned short));
  cudaMallocManaged(&out, blocks * kThreads * sizeof(int));
  for (int i = 0; i < n; ++i)
    keys[i] = (unsigned short)(i * 977);
  tables<<<blocks, kThreads>>>(keys, n, out);
  cudaError_t err = cudaDeviceSynchronize();
  int bad = err != cudaSuccess;
  static unsigned char table[kThreads][kTable];
  int sums[kThreads];
  for (int t = 0; t < kThreads; ++t)
    for (int i = 0; i < kTable; ++i)
      table[t][i] = (unsigned char)(i * 7 + t);
  int expect[kThreads];
  for (int round = 0; round < 2; ++round) {
    for (int t = 0; t < kThreads; ++t) {
      int sum = 0;
      for (int i = 0; i < n; ++i)
        sum += table[t][(keys[i] + t) & (kTable - 1)];
      sums[t] = sum + round;
    }
    for (int t = 0; t < kThreads; ++t) {
      expect[t] = sums[(t + 1) % kThreads];
      table[t][t] = (unsigned char)(sums[t] - round);
    }
  }
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < kThreads; ++t)
      bad += out[b * kThreads + t] != expect[t];
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
