// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// do-while loop whose exit condition is decided by thread 0 and published in
// shared memory: every thread halves its value (Collatz-like steps) until the
// block's maximum drops below a threshold. The trip count differs per block
// but is uniform within each block.

#include <cstdio>

__global__ void shrink(const int *in, int *out, int *rounds, int n) {
  __shared__ int blockMax;
  __shared__ int vals[128];
  __shared__ bool keepGoing;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int steps = 0;
  do {
    v = v / 2 + (v & 1);
    vals[threadIdx.x] = v;
    ++steps;
    __syncthreads();
    if (threadIdx.x == 0) {
      int m = 0;
      for (int k = 0; k < blockDim.x; ++k)
        m = vals[k] > m ? vals[k] : m;
      blockMax = m;
      keepGoing = m > 3;
    }
    __syncthreads();
  } while (keepGoing);
  if (i < n)
    out[i] = v * 1000 + steps;
  if (threadIdx.x == 0)
    rounds[blockIdx.x] = steps * 100 + blockMax;
}

int main() {
  const int n = 1000, bs = 128, blocks = (n + bs - 1) / bs;
  int in[n], out[n], rounds[blocks];
  for (int i = 0; i < n; ++i)
    in[i] = (i / bs) * (i / bs) * 500 + (i % 17);
  int *din, *dout, *dr;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dr, sizeof rounds);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  shrink<<<blocks, bs>>>(din, dout, dr, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(rounds, dr, sizeof rounds, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    int v[bs];
    for (int t = 0; t < bs; ++t)
      v[t] = b * bs + t < n ? in[b * bs + t] : 0;
    int steps = 0, m;
    while (true) {
      m = 0;
      for (int t = 0; t < bs; ++t) {
        v[t] = (v[t] + 1) / 2;
        if (v[t] > m)
          m = v[t];
      }
      ++steps;
      if (m <= 3)
        break;
    }
    if (rounds[b] != steps * 100 + m) {
      printf("FAIL: rounds[%d] = %d expected %d\n", b, rounds[b], steps * 100 + m);
      return 1;
    }
    for (int t = 0; t < bs && b * bs + t < n; ++t)
      if (out[b * bs + t] != v[t] * 1000 + steps) {
        printf("FAIL: out[%d] = %d expected %d\n", b * bs + t, out[b * bs + t],
               v[t] * 1000 + steps);
        return 1;
      }
  }
  printf("PASS\n");
  return 0;
}
