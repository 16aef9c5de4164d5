// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// const, volatile and __restrict__ in device code: const and __restrict__
// kernel pointer parameters, pointers to const vs const pointers, volatile
// locals whose every access must happen, volatile pointers into global and
// shared memory, const locals and constexpr values, const member functions,
// and __restrict__ on device function parameters.

#include <cstdio>

constexpr int kScale = 3;
__device__ const int kTable[5] = {2, 3, 5, 7, 11};

struct Acc {
  int v;
  __device__ int get() const { return v; }
  __device__ int get() { return v + 1000; }   // non-const overload
};

__device__ void axpyR(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  for (int k = 0; k < n; ++k)
    y[k] = a * x[k] + y[k];
}

__device__ int readTwice(const volatile int *p) {
  int a = *p;
  int b = *p;
  return a + b;
}

__global__ void kernel(const float *__restrict__ in, float *__restrict__ out,
                       int *const ints, volatile int *vflags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ volatile int sh[128];
  sh[threadIdx.x] = (int)threadIdx.x * 2;
  __syncthreads();
  if (i >= n)
    return;
  const int ci = i % 5;
  const float *const p = in + i * 4;     // const pointer to const
  float local[4];
  for (int k = 0; k < 4; ++k)
    local[k] = 1.0f;
  axpyR(4, (float)kScale, p, local);
  float s = 0.0f;
  for (int k = 0; k < 4; ++k)
    s += local[k];
  out[i] = s;
  // volatile local: all reads and writes kept
  volatile int vl = 0;
  for (int k = 0; k < 10; ++k)
    vl = vl + k;
  vflags[i] = vl + kTable[ci];
  ints[i] = readTwice(vflags + i) + sh[threadIdx.x] + sh[(threadIdx.x + 1) % blockDim.x];
  Acc a{i};
  const Acc &ca = a;
  ints[n + i] = a.get() + ca.get() * 2;
  const Acc cb{i * 3};
  ints[2 * n + i] = cb.get();
  // a pointer to const reading something written through non-const alias
  int *wr = ints + 3 * n + i;
  const int *rd = wr;
  *wr = 5;
  int before = *rd;
  *wr = 9;
  ints[3 * n + i] = before * 100 + *rd;
}

int main() {
  const int n = 256;
  static float in[n * 4], out[n];
  static int ints[4 * n], flags[n];
  for (int i = 0; i < n * 4; ++i)
    in[i] = 0.25f * (i % 17) - 1.0f;
  float *din, *dout;
  int *dints, *dflags;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dints, sizeof ints);
  cudaMalloc(&dflags, sizeof flags);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  kernel<<<n / 128, 128>>>(din, dout, dints, dflags, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(ints, dints, sizeof ints, cudaMemcpyDeviceToHost);
  cudaMemcpy(flags, dflags, sizeof flags, cudaMemcpyDeviceToHost);
  const int table[5] = {2, 3, 5, 7, 11};
  for (int i = 0; i < n; ++i) {
    float s = 0.0f;
    for (int k = 0; k < 4; ++k)
      s += 3.0f * in[i * 4 + k] + 1.0f;
    if (out[i] != s) {
      printf("FAIL: out[%d] = %g expected %g\n", i, out[i], s);
      return 1;
    }
    int t = i % 128;
    int exp[5] = {45 + table[i % 5], 2 * (45 + table[i % 5]) + 2 * t + 2 * ((t + 1) % 128),
                  i + 1000 + 2 * i, 3 * i, 509};
    int got[5] = {flags[i], ints[i], ints[n + i], ints[2 * n + i], ints[3 * n + i]};
    for (int k = 0; k < 5; ++k)
      if (got[k] != exp[k]) {
        printf("FAIL: i=%d field %d: got %d expected %d\n", i, k, got[k], exp[k]);
        return 1;
      }
  }
  printf("PASS\n");
  return 0;
}
