// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// Two-pass reduction: the first kernel computes per-block partial sums of
// squares (grid-stride loads, then a tree in shared memory), the second kernel
// (one block) reduces the partials. Results in double and long long.

#include <cstdio>

template <typename T, int BS>
__global__ void partialSums(const T *in, T *partial, int n) {
  __shared__ T sh[BS];
  T acc = 0;
  for (int i = blockIdx.x * BS + threadIdx.x; i < n; i += BS * gridDim.x)
    acc += in[i] * in[i];
  sh[threadIdx.x] = acc;
  __syncthreads();
  for (int s = BS / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      sh[threadIdx.x] = sh[threadIdx.x] + sh[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = sh[0];
}

template <typename T, int BS>
__global__ void finalSum(const T *partial, T *result, int count) {
  __shared__ T sh[BS];
  T acc = 0;
  for (int i = threadIdx.x; i < count; i += BS)
    acc += partial[i];
  sh[threadIdx.x] = acc;
  __syncthreads();
  for (int s = BS / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      sh[threadIdx.x] += sh[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    *result = sh[0];
}

static bool check(const char *what, bool ok) {
  if (!ok)
    printf("FAIL: %s\n", what);
  return ok;
}

int main() {
  const int n = 100003;
  const int blocks = 37;
  long long *hl = new long long[n];
  double *hd = new double[n];
  for (int i = 0; i < n; ++i) {
    hl[i] = (i % 1000) - 333;
    hd[i] = (i % 17) * 0.5;
  }
  long long *dl, *dlp, *dlr;
  double *dd, *ddp, *ddr;
  cudaMalloc(&dl, n * sizeof(long long));
  cudaMalloc(&dlp, blocks * sizeof(long long));
  cudaMalloc(&dlr, sizeof(long long));
  cudaMalloc(&dd, n * sizeof(double));
  cudaMalloc(&ddp, blocks * sizeof(double));
  cudaMalloc(&ddr, sizeof(double));
  cudaMemcpy(dl, hl, n * sizeof(long long), cudaMemcpyHostToDevice);
  cudaMemcpy(dd, hd, n * sizeof(double), cudaMemcpyHostToDevice);
  partialSums<long long, 128><<<blocks, 128>>>(dl, dlp, n);
  finalSum<long long, 64><<<1, 64>>>(dlp, dlr, blocks);
  partialSums<double, 256><<<blocks, 256>>>(dd, ddp, n);
  finalSum<double, 32><<<1, 32>>>(ddp, ddr, blocks);
  if (!check("launch", cudaGetLastError() == cudaSuccess &&
                           cudaDeviceSynchronize() == cudaSuccess))
    return 1;
  long long gl;
  double gd;
  cudaMemcpy(&gl, dlr, sizeof gl, cudaMemcpyDeviceToHost);
  cudaMemcpy(&gd, ddr, sizeof gd, cudaMemcpyDeviceToHost);
  long long el = 0;
  double ed = 0;
  for (int i = 0; i < n; ++i) {
    el += hl[i] * hl[i];
    ed += hd[i] * hd[i];
  }
  if (gl != el) {
    printf("FAIL: long long sum %lld expected %lld\n", gl, el);
    return 1;
  }
  // All values are multiples of 0.25 and the sum is far below 2^53: exact.
  if (gd != ed) {
    printf("FAIL: double sum %f expected %f\n", gd, ed);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
