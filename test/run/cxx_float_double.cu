// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Float arithmetic stays in float (no silent widening to double): every
// + - * / result and chains that depend on float rounding are bit-exact with
// the host's float computation. Double arithmetic likewise, mixed float/double
// expressions promote to double, and float<->int<->double conversions.

#include <cstdint>
#include <cstdio>
#include <cstring>

#define NF 16
#define ND 12

__global__ void floatKernel(const float *a, const float *b, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = a[i], y = b[i];
  float *o = out + i * NF;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;
  float s = x + 1.0e8f;      // rounding in float loses x's low bits
  o[4] = s - 1.0e8f;
  float t = x * 3.0f;
  t = t / 3.0f;
  o[5] = t - x;
  float acc = 0.0f;
  for (int k = 1; k <= 100; ++k) {
    float q = 1.0f / (float)k;
    acc = acc + q;
  }
  o[6] = acc;
  o[7] = (float)(int)(x * 1000.0f);        // truncation toward zero
  o[8] = (float)(unsigned)(y > 0 ? y : -y);
  o[9] = -x;
  float r = x;
  r += y; r -= 0.1f; r *= 1.5f; r /= 7.0f;
  o[10] = r;
  o[11] = 0.1f + 0.2f + x;                  // float literals
  o[12] = (float)((double)x * (double)y);   // explicit double then round
  o[13] = x * 0.5;                          // double literal: computed in double
  float z = 16777216.0f;                    // 2^24
  float z1 = z + 1.0f;
  o[14] = z1 - z;                           // 0 in float
  o[15] = (x > y) ? x : (x < y ? y : 0.0f);
}

__global__ void doubleKernel(const double *a, const double *b, double *out, long long *iout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double x = a[i], y = b[i];
  double *o = out + i * ND;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;
  double s = x + 1.0e16;
  o[4] = s - 1.0e16;
  double acc = 0.0;
  for (int k = 1; k <= 100; ++k) {
    double q = 1.0 / k;
    acc = acc + q;
  }
  o[5] = acc;
  float xf = (float)x;                     // rounding to float
  o[6] = xf;
  o[7] = (double)xf - x;
  o[8] = xf * y;                           // float promoted to double
  double z = 9007199254740992.0;           // 2^53
  double z1 = z + 1.0;
  o[9] = z1 - z;
  o[10] = -x;
  o[11] = (double)(long long)(x * 1e6);
  iout[2 * i] = (long long)(x * 1e9);
  iout[2 * i + 1] = (long long)(unsigned long long)(y < 0 ? -y * 1e12 : y * 1e12);
}

static uint32_t bitsF(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t bitsD(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

int main() {
  const int n = 1000;
  static float fa[n], fb[n], fout[n * NF];
  static double da[n], db[n], dout[n * ND];
  static long long iout[2 * n];
  uint32_t seed = 12345;
  for (int i = 0; i < n; ++i) {
    seed = seed * 1664525u + 1013904223u;
    float u = (seed >> 8) * (1.0f / 16777216.0f);
    seed = seed * 1664525u + 1013904223u;
    float w = (seed >> 8) * (1.0f / 16777216.0f);
    fa[i] = (u - 0.5f) * (float)(1 + i % 37) * 3.7f;
    fb[i] = (w + 0.01f) * (i % 2 ? -1.0f : 1.0f) * (float)(1 + i % 11);
    da[i] = (double)fa[i] * 1.000000123456789 + 1e-9 * i;
    db[i] = (double)fb[i] * 0.99999987654321 - 1e-10 * i;
  }
  float *dfa, *dfb, *dfo;
  double *dda, *ddb, *ddo;
  long long *dio;
  cudaMalloc(&dfa, sizeof fa); cudaMalloc(&dfb, sizeof fb); cudaMalloc(&dfo, sizeof fout);
  cudaMalloc(&dda, sizeof da); cudaMalloc(&ddb, sizeof db); cudaMalloc(&ddo, sizeof dout);
  cudaMalloc(&dio, sizeof iout);
  cudaMemcpy(dfa, fa, sizeof fa, cudaMemcpyHostToDevice);
  cudaMemcpy(dfb, fb, sizeof fb, cudaMemcpyHostToDevice);
  cudaMemcpy(dda, da, sizeof da, cudaMemcpyHostToDevice);
  cudaMemcpy(ddb, db, sizeof db, cudaMemcpyHostToDevice);
  floatKernel<<<(n + 127) / 128, 128>>>(dfa, dfb, dfo, n);
  doubleKernel<<<(n + 255) / 256, 256>>>(dda, ddb, ddo, dio, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  cudaMemcpy(fout, dfo, sizeof fout, cudaMemcpyDeviceToHost);
  cudaMemcpy(dout, ddo, sizeof dout, cudaMemcpyDeviceToHost);
  cudaMemcpy(iout, dio, sizeof iout, cudaMemcpyDeviceToHost);

  // host float reference, one operation per statement, all volatile so the
  // host compiler cannot contract or widen anything.
  float hacc = 0.0f;
  for (int k = 1; k <= 100; ++k) {
    volatile float q = 1.0f / (float)k;
    volatile float t = hacc + q;
    hacc = t;
  }
  double dacc = 0.0;
  for (int k = 1; k <= 100; ++k) {
    volatile double q = 1.0 / k;
    volatile double t = dacc + q;
    dacc = t;
  }
  for (int i = 0; i < n; ++i) {
    volatile float x = fa[i], y = fb[i];
    float ref[NF];
    volatile float v;
    v = x + y; ref[0] = v;
    v = x - y; ref[1] = v;
    v = x * y; ref[2] = v;
    v = x / y; ref[3] = v;
    volatile float s = x + 1.0e8f; v = s - 1.0e8f; ref[4] = v;
    volatile float t = x * 3.0f; t = t / 3.0f; v = t - x; ref[5] = v;
    ref[6] = hacc;
    v = x * 1000.0f; ref[7] = (float)(int)v;
    ref[8] = (float)(unsigned)(y > 0 ? y : -y);
    ref[9] = -x;
    volatile float r = x; r = r + y; r = r - 0.1f; r = r * 1.5f; r = r / 7.0f; ref[10] = r;
    volatile float c = 0.1f + 0.2f; v = c + x; ref[11] = v;
    volatile double p = (double)x * (double)y; ref[12] = (float)p;
    p = (double)x * 0.5; ref[13] = (float)p;
    ref[14] = 0.0f;
    ref[15] = (x > y) ? x : (x < y ? y : 0.0f);
    for (int k = 0; k < NF; ++k)
      if (bitsF(fout[i * NF + k]) != bitsF(ref[k])) {
        printf("FAIL: float i=%d field %d: got %.9g (0x%08x) expected %.9g (0x%08x)\n", i, k,
               fout[i * NF + k], bitsF(fout[i * NF + k]), ref[k], bitsF(ref[k]));
        return 1;
      }
  }
  for (int i = 0; i < n; ++i) {
    volatile double x = da[i], y = db[i];
    double ref[ND];
    volatile double v;
    v = x + y; ref[0] = v;
    v = x - y; ref[1] = v;
    v = x * y; ref[2] = v;
    v = x / y; ref[3] = v;
    volatile double s = x + 1.0e16; v = s - 1.0e16; ref[4] = v;
    ref[5] = dacc;
    volatile float xf = (float)x;
    ref[6] = xf;
    v = (double)xf - x; ref[7] = v;
    v = (double)xf * y; ref[8] = v;
    ref[9] = 0.0;
    ref[10] = -x;
    v = x * 1e6; ref[11] = (double)(long long)v;
    v = x * 1e9; long long i0 = (long long)v;
    v = y < 0 ? -y * 1e12 : y * 1e12; long long i1 = (long long)(unsigned long long)v;
    for (int k = 0; k < ND; ++k)
      if (bitsD(dout[i * ND + k]) != bitsD(ref[k])) {
        printf("FAIL: double i=%d field %d: got %.17g expected %.17g\n", i, k, dout[i * ND + k], ref[k]);
        return 1;
      }
    if (iout[2 * i] != i0 || iout[2 * i + 1] != i1) {
      printf("FAIL: double->int i=%d: got %lld %lld expected %lld %lld\n", i, iout[2 * i],
             iout[2 * i + 1], i0, i1);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
