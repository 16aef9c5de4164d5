// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// Barriers inside ifs whose conditions are uniform across the block: the
// block index parity, a kernel argument, and a value thread 0 put in shared
// memory. Both branches of an if-else contain barriers.

#include <cstdio>

#define BS 96

__global__ void uniformIfs(const int *in, int *out, int n, int mode) {
  __shared__ int sh[BS];
  __shared__ int flag;
  int t = threadIdx.x;
  int i = blockIdx.x * BS + t;
  int v = i < n ? in[i] : 0;
  sh[t] = v;
  if (t == 0)
    flag = 0;
  __syncthreads();
  if (blockIdx.x % 2 == 0) {
    // Even blocks: reverse the block.
    int r = sh[BS - 1 - t];
    __syncthreads();
    sh[t] = r;
    __syncthreads();
  } else {
    // Odd blocks: rotate by 5, with two barriers.
    int r = sh[(t + 5) % BS];
    __syncthreads();
    sh[t] = r * 2;
    __syncthreads();
    if (t == 0)
      flag = 1;
    __syncthreads();
  }
  if (mode > 1) {
    int x = sh[t] + sh[(t + BS / 2) % BS];
    __syncthreads();
    sh[t] = x;
    __syncthreads();
  }
  if (flag) {
    // Only odd blocks (flag set by thread 0 above).
    int y = sh[(t + 1) % BS] - sh[t];
    __syncthreads();
    sh[t] = y;
    __syncthreads();
  }
  if (i < n)
    out[i] = sh[t];
}

int main() {
  const int n = 500, blocks = (n + BS - 1) / BS;
  int in[n], out[n];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 41) % 211;
  int *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  for (int mode = 1; mode <= 2; ++mode) {
    uniformIfs<<<blocks, BS>>>(din, dout, n, mode);
    if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
      printf("FAIL: launch error\n");
      return 1;
    }
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; ++b) {
      int s[BS], tmp[BS];
      for (int t = 0; t < BS; ++t)
        s[t] = b * BS + t < n ? in[b * BS + t] : 0;
      for (int t = 0; t < BS; ++t)
        tmp[t] = b % 2 == 0 ? s[BS - 1 - t] : 2 * s[(t + 5) % BS];
      for (int t = 0; t < BS; ++t)
        s[t] = tmp[t];
      if (mode > 1) {
        for (int t = 0; t < BS; ++t)
          tmp[t] = s[t] + s[(t + BS / 2) % BS];
        for (int t = 0; t < BS; ++t)
          s[t] = tmp[t];
      }
      if (b % 2 == 1) {
        for (int t = 0; t < BS; ++t)
          tmp[t] = s[(t + 1) % BS] - s[t];
        for (int t = 0; t < BS; ++t)
          s[t] = tmp[t];
      }
      for (int t = 0; t < BS && b * BS + t < n; ++t)
        if (out[b * BS + t] != s[t]) {
          printf("FAIL: mode %d out[%d] = %d expected %d\n", mode, b * BS + t,
                 out[b * BS + t], s[t]);
          return 1;
        }
    }
  }
  printf("PASS\n");
  return 0;
}
