// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// __half from cuda_fp16.h for storage and arithmetic: each operation rounds
// to half precision, in the kernel as in the host reference.

#include <cmath>
#include <cstdio>
#include <cuda_fp16.h>

__global__ void halfOps(const __half *a, const __half *b, __half *out,
                        float *asFloat, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __half x = a[i], y = b[i];
  __half s = x + y;
  __half p = __hmul(x, y);
  __half q = __hfma(x, y, s);
  __half m = __hmax(x, y) - __hmin(x, y);
  out[4 * i] = s;
  out[4 * i + 1] = p;
  out[4 * i + 2] = q;
  out[4 * i + 3] = x > y ? m : -m;
  __half2 pair = __floats2half2_rn(__half2float(x), __half2float(y));
  __half2 sum2 = __hadd2(pair, pair);
  asFloat[i] = __low2float(sum2) + __high2float(sum2);
}

int main() {
  const int n = 500;
  static __half a[n], b[n], out[4 * n];
  static float asFloat[n];
  for (int i = 0; i < n; ++i) {
    a[i] = __float2half(0.013f * i - 2.0f);
    b[i] = __float2half(1.5f - 0.007f * i);
  }
  __half *da, *db, *dout;
  float *dfloat;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&db, sizeof b);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dfloat, sizeof asFloat);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  halfOps<<<(n + 127) / 128, 128>>>(da, db, dout, dfloat, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(asFloat, dfloat, sizeof asFloat, cudaMemcpyDeviceToHost);
  if (sizeof(__half) != 2 || sizeof(__half2) != 4) {
    printf("FAIL: sizes\n");
    return 1;
  }
  for (int i = 0; i < n; ++i) {
    // The reference rounds to half after each operation, as the GPU does.
    _Float16 x = a[i].__x, y = b[i].__x;
    _Float16 s = x + y, p = x * y;
    _Float16 q = (_Float16)((float)x * (float)y + (float)s);
    _Float16 m = (x > y ? x : y) - (x < y ? x : y);
    _Float16 expect[4] = {s, p, q, x > y ? m : (_Float16)-m};
    for (int k = 0; k < 4; ++k)
      if (__half_as_ushort(out[4 * i + k]) !=
          __builtin_bit_cast(unsigned short, expect[k])) {
        printf("FAIL: %d.%d: %f vs %f\n", i, k, __half2float(out[4 * i + k]),
               (float)expect[k]);
        return 1;
      }
    float expectFloat = (float)(_Float16)((float)x * 2) + (float)(_Float16)((float)y * 2);
    if (asFloat[i] != expectFloat) {
      printf("FAIL: half2 %d: %f vs %f\n", i, asFloat[i], expectFloat);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
