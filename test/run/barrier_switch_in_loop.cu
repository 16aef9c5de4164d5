// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// A switch inside a loop with barriers: every round each thread picks an
// operation by a switch on (round + thread) % 5 (with fallthrough, default
// and break), publishes its value, and after a barrier combines it with a
// neighbour's; a second switch on the uniform round number holds barriers.

#include <cstdio>

#define BS 48

__global__ void machine(const int *in, int *out, int n, int rounds) {
  __shared__ int sh[BS];
  int t = threadIdx.x;
  int i = blockIdx.x * BS + t;
  int v = i < n ? in[i] : 0;
  for (int r = 0; r < rounds; ++r) {
    switch ((r + t) % 5) {
    case 0:
      v += 3;
      break;
    case 1:
      v *= 2;
      // fall through
    case 2:
      v -= 1;
      break;
    case 3:
      if (v > 100)
        break;
      v += 100;
      break;
    default:
      v = -v;
    }
    sh[t] = v;
    __syncthreads();
    v = (v + sh[(t + 1) % BS]) % 1000;
    __syncthreads();
    switch (r % 3) { // uniform: barriers inside the cases
    case 0:
      sh[t] = v;
      __syncthreads();
      v ^= sh[BS - 1 - t];
      __syncthreads();
      break;
    case 1:
      v += 1;
      break;
    default:
      sh[t] = v;
      __syncthreads();
      v -= sh[(t + 2) % BS] / 2;
      __syncthreads();
    }
  }
  if (i < n)
    out[i] = v;
}

int main() {
  const int n = 150, rounds = 7, blocks = (n + BS - 1) / BS;
  int in[n], out[n];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 71) % 150 - 40;
  int *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  machine<<<blocks, BS>>>(din, dout, n, rounds);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    int v[BS], pub[BS];
    for (int t = 0; t < BS; ++t)
      v[t] = b * BS + t < n ? in[b * BS + t] : 0;
    for (int r = 0; r < rounds; ++r) {
      for (int t = 0; t < BS; ++t) {
        int op = (r + t) % 5;
        if (op == 0)
          v[t] += 3;
        else if (op == 1)
          v[t] = v[t] * 2 - 1;
        else if (op == 2)
          v[t] -= 1;
        else if (op == 3)
          v[t] = v[t] > 100 ? v[t] : v[t] + 100;
        else
          v[t] = -v[t];
      }
      for (int t = 0; t < BS; ++t)
        pub[t] = v[t];
      for (int t = 0; t < BS; ++t)
        v[t] = (v[t] + pub[(t + 1) % BS]) % 1000;
      for (int t = 0; t < BS; ++t)
        pub[t] = v[t];
      for (int t = 0; t < BS; ++t) {
        if (r % 3 == 0)
          v[t] ^= pub[BS - 1 - t];
        else if (r % 3 == 1)
          v[t] += 1;
        else
          v[t] -= pub[(t + 2) % BS] / 2;
      }
    }
    for (int t = 0; t < BS && b * BS + t < n; ++t)
      if (out[b * BS + t] != v[t]) {
        printf("FAIL: out[%d] = %d expected %d\n", b * BS + t, out[b * BS + t], v[t]);
        return 1;
      }
  }
  printf("PASS\n");
  return 0;
}
