// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-inner-serialization %s -o %t2 && env CUCPU_NUM_THREADS=2 %t2 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-barrier-elimination -fno-cucpu-mem2reg -fno-cucpu-licm %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// Threads past the end return before the barriers (partial last block). The
// remaining threads exchange values through shared memory with their
// neighbours; neighbours that exited are detected by index. A second kernel
// returns early from inside a loop body guard and from a non-trailing range.

#include <cstdio>

#define BS 64

__global__ void neighbourDiff(const int *in, int *out, int n) {
  __shared__ int sh[BS];
  int i = blockIdx.x * BS + threadIdx.x;
  if (i >= n)
    return;
  sh[threadIdx.x] = in[i];
  __syncthreads();
  int right = threadIdx.x + 1 < BS && i + 1 < n ? sh[threadIdx.x + 1] : 0;
  int left = threadIdx.x > 0 ? sh[threadIdx.x - 1] : 0;
  __syncthreads();
  sh[threadIdx.x] = right - left;
  __syncthreads();
  out[i] = sh[threadIdx.x] + sh[BS - 1 - threadIdx.x < n - blockIdx.x * BS
                                    ? BS - 1 - threadIdx.x
                                    : threadIdx.x];
}

// Odd threads leave early; even threads do two rounds of pairwise sums.
__global__ void oddLeave(const int *in, int *out, int n) {
  __shared__ int sh[BS];
  int t = threadIdx.x;
  int i = blockIdx.x * BS + t;
  int v = i < n ? in[i] : 0;
  if (t & 1) {
    if (i < n)
      out[i] = -1;
    return;
  }
  for (int round = 0; round < 2; ++round) {
    sh[t] = v;
    __syncthreads();
    v = v + sh[(t + 2) % BS];
    __syncthreads();
  }
  if (i < n)
    out[i] = v;
}

int main() {
  const int n = 250, blocks = (n + BS - 1) / BS;
  int in[n], out[n], out2[n];
  for (int i = 0; i < n; ++i)
    in[i] = (i * i) % 97;
  int *din, *dout, *dout2;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dout2, sizeof out2);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  neighbourDiff<<<blocks, BS>>>(din, dout, n);
  oddLeave<<<blocks, BS>>>(din, dout2, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(out2, dout2, sizeof out2, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    int cnt = n - b * BS < BS ? n - b * BS : BS;
    int d[BS];
    for (int t = 0; t < cnt; ++t) {
      int r = t + 1 < cnt ? in[b * BS + t + 1] : 0;
      int l = t > 0 ? in[b * BS + t - 1] : 0;
      d[t] = r - l;
    }
    for (int t = 0; t < cnt; ++t) {
      int m = BS - 1 - t < cnt ? BS - 1 - t : t;
      int e = d[t] + d[m];
      if (out[b * BS + t] != e) {
        printf("FAIL: neighbourDiff[%d] = %d expected %d\n", b * BS + t, out[b * BS + t], e);
        return 1;
      }
    }
    int v[BS];
    for (int t = 0; t < BS; ++t)
      v[t] = b * BS + t < n ? in[b * BS + t] : 0;
    for (int round = 0; round < 2; ++round) {
      int nv[BS];
      for (int t = 0; t < BS; t += 2)
        nv[t] = v[t] + v[(t + 2) % BS];
      for (int t = 0; t < BS; t += 2)
        v[t] = nv[t];
    }
    for (int t = 0; t < cnt; ++t) {
      int e = (t & 1) ? -1 : v[t];
      if (out2[b * BS + t] != e) {
        printf("FAIL: oddLeave[%d] = %d expected %d\n", b * BS + t, out2[b * BS + t], e);
        return 1;
      }
    }
  }
  printf("PASS\n");
  return 0;
}
