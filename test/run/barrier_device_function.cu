// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// Barriers inside __device__ functions: a block-wide sum helper called twice
// from the same kernel (sum, then sum of deviations), a helper that itself
// calls the sum helper in a loop, and a templated max helper.

#include <cstdio>

#define BS 128

__device__ int blockSum(int *sh, int v) {
  sh[threadIdx.x] = v;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      sh[threadIdx.x] += sh[threadIdx.x + s];
    __syncthreads();
  }
  int r = sh[0];
  __syncthreads(); // sh may be reused right after returning
  return r;
}

template <typename T>
__device__ T blockMax(T *sh, T v) {
  sh[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    T m = sh[0];
    for (int k = 1; k < blockDim.x; ++k)
      m = sh[k] > m ? sh[k] : m;
    sh[0] = m;
  }
  __syncthreads();
  T r = sh[0];
  __syncthreads();
  return r;
}

__device__ int repeatedSums(int *sh, int v, int times) {
  int total = 0;
  for (int k = 0; k < times; ++k)
    total += blockSum(sh, v + k);
  return total;
}

__global__ void stats(const int *in, int *out, int n) {
  __shared__ int sh[BS];
  __shared__ float shf[BS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int sum = blockSum(sh, v);
  int dev = v * (int)blockDim.x - sum;
  int sumAbs = blockSum(sh, dev < 0 ? -dev : dev);
  float mx = blockMax<float>(shf, (float)v * 0.5f);
  int rep = repeatedSums(sh, v, 3);
  if (i < n)
    out[i] = v + sum;
  if (threadIdx.x == 0) {
    out[n + 4 * blockIdx.x] = sum;
    out[n + 4 * blockIdx.x + 1] = sumAbs;
    out[n + 4 * blockIdx.x + 2] = (int)(mx * 2.0f);
    out[n + 4 * blockIdx.x + 3] = rep;
  }
}

int main() {
  const int n = 700, blocks = (n + BS - 1) / BS;
  int in[n], out[n + 4 * blocks];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 29) % 61 - 20;
  int *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  stats<<<blocks, BS>>>(din, dout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    int vals[BS];
    int sum = 0, mx = -1000000, sumAbs = 0;
    for (int t = 0; t < BS; ++t) {
      vals[t] = b * BS + t < n ? in[b * BS + t] : 0;
      sum += vals[t];
      if (vals[t] > mx)
        mx = vals[t];
    }
    for (int t = 0; t < BS; ++t) {
      int d = vals[t] * BS - sum;
      sumAbs += d < 0 ? -d : d;
    }
    int rep = 3 * sum + BS * (0 + 1 + 2);
    int expect[4] = {sum, sumAbs, mx, rep};
    for (int k = 0; k < 4; ++k)
      if (out[n + 4 * b + k] != expect[k]) {
        printf("FAIL: block %d stat %d = %d expected %d\n", b, k, out[n + 4 * b + k],
               expect[k]);
        return 1;
      }
    for (int t = 0; t < BS && b * BS + t < n; ++t)
      if (out[b * BS + t] != vals[t] + sum) {
        printf("FAIL: out[%d] = %d expected %d\n", b * BS + t, out[b * BS + t],
               vals[t] + sum);
        return 1;
      }
  }
  printf("PASS\n");
  return 0;
}
