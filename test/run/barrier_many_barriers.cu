// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// Ten barriers in straight-line code passing values around a ring of threads:
// each stage reads a neighbour at a different distance, and values computed
// in early stages (a, b, c) are still used after the last barrier.

#include <cstdio>

#define BS 36

__global__ void ring(const int *in, int *out, int n) {
  __shared__ int r0[BS];
  __shared__ int r1[BS];
  int t = threadIdx.x;
  int i = blockIdx.x * BS + t;
  int a = i < n ? in[i] : 0;
  r0[t] = a;
  __syncthreads();                    // 1
  int b = r0[(t + 1) % BS] + a;
  r1[t] = b;
  __syncthreads();                    // 2
  int c = r1[(t + 2) % BS] * 2 - b;
  __syncthreads();                    // 3
  r0[t] = c;
  __syncthreads();                    // 4
  int d = r0[(t + BS - 3) % BS] ^ a;
  r1[t] = d;
  __syncthreads();                    // 5
  int e = r1[(t + 5) % BS] + r0[(t + 7) % BS];
  __syncthreads();                    // 6
  r0[t] = e;
  r1[t] = e - d;
  __syncthreads();                    // 7
  int f = r0[(t + 11) % BS] - r1[(t + BS - 1) % BS];
  __syncthreads();                    // 8
  r1[t] = f;
  __syncthreads();                    // 9
  int g = r1[(t * 7) % BS];
  __syncthreads();                    // 10
  r0[t] = g + c;
  __syncthreads();                    // 11
  if (i < n)
    out[i] = r0[(t + 13) % BS] + a * 3 + b - c;
}

int main() {
  const int n = 100, blocks = (n + BS - 1) / BS;
  int in[n], out[n];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 19) % 53 + 1;
  int *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  ring<<<blocks, BS>>>(din, dout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int blk = 0; blk < blocks; ++blk) {
    int A[BS], B[BS], C[BS], D[BS], E[BS], F[BS], G[BS];
    for (int t = 0; t < BS; ++t)
      A[t] = blk * BS + t < n ? in[blk * BS + t] : 0;
    for (int t = 0; t < BS; ++t)
      B[t] = A[(t + 1) % BS] + A[t];
    for (int t = 0; t < BS; ++t)
      C[t] = B[(t + 2) % BS] * 2 - B[t];
    for (int t = 0; t < BS; ++t)
      D[t] = C[(t + BS - 3) % BS] ^ A[t];
    // At stage e, r0 still holds C.
    for (int t = 0; t < BS; ++t)
      E[t] = D[(t + 5) % BS] + C[(t + 7) % BS];
    for (int t = 0; t < BS; ++t)
      F[t] = E[(t + 11) % BS] - (E[(t + BS - 1) % BS] - D[(t + BS - 1) % BS]);
    for (int t = 0; t < BS; ++t)
      G[t] = F[(t * 7) % BS];
    for (int t = 0; t < BS && blk * BS + t < n; ++t) {
      int u = (t + 13) % BS;
      int e = G[u] + C[u] + A[t] * 3 + B[t] - C[t];
      if (out[blk * BS + t] != e) {
        printf("FAIL: out[%d] = %d expected %d\n", blk * BS + t, out[blk * BS + t], e);
        return 1;
      }
    }
  }
  printf("PASS\n");
  return 0;
}
