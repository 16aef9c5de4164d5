// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// __syncthreads_count, __syncthreads_and and __syncthreads_or, called several
// times in a row and inside a loop, in blocks with threads that exited early.

#include <cstdio>

__global__ void votes(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool active = i < n;
  int v = active ? in[i] : 0;
  int positives = __syncthreads_count(active && v > 0);
  int allEven = __syncthreads_and(!active || v % 2 == 0);
  int anyBig = __syncthreads_or(active && v > 90);
  int rounds = 0;
  for (int k = 0; k < 3; ++k)
    rounds += __syncthreads_count(active && v % 3 == k);
  if (active)
    out[i] = positives * 1000000 + allEven * 100000 + anyBig * 10000 + rounds;
}

int main() {
  const int n = 1000, threads = 96;
  const int blocks = (n + threads - 1) / threads;
  static int in[n], out[n];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 37) % 101 - 5 - (i / threads == 3 ? 0 : 0);
  for (int i = 4 * threads; i < 5 * threads; ++i)
    in[i] = 2 * (i % 7); // an all-even block
  int *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  votes<<<blocks, threads>>>(din, dout, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    int positives = 0, allEven = 1, anyBig = 0, rounds = 0;
    for (int i = b * threads; i < (b + 1) * threads && i < n; ++i) {
      positives += in[i] > 0;
      allEven &= in[i] % 2 == 0;
      anyBig |= in[i] > 90;
      for (int k = 0; k < 3; ++k)
        rounds += in[i] % 3 == k;
    }
    int expect = positives * 1000000 + allEven * 100000 + anyBig * 10000 + rounds;
    for (int i = b * threads; i < (b + 1) * threads && i < n; ++i)
      if (out[i] != expect) {
        printf("FAIL: out[%d] = %d, expected %d\n", i, out[i], expect);
        return 1;
      }
  }
  printf("PASS\n");
  return 0;
}
