// RUN: %cucpu -O2 --fmad=false %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS
// --fmad=false at -O2: the arguments are computed by __host__ __device__
// code, and the host's results, rounded at each operation, are the reference.

// Single-precision math library in device code, each function over an
// input range that suits it, checked against the host's libm with a tight
// relative tolerance (a few ulp; exact for the functions that are exact).
// Also sincosf, fmaf, isnan/isinf/isfinite and results stay float.
// (expm1f and log1pf are left out: they are inaccurate for small arguments.)

#include <cmath>
#include <cstdio>

__host__ static float hostRsqrt(float x) { return 1.0f / std::sqrt(x); }

// name, device call, host call, domain (0 any, 1 positive, 2 [-1,1], 3 [-8,8], 4 [1,20])
#define UNARY(X)                                                         \
  X(sqrtf, sqrtf(x), std::sqrt(x), 1, 0) X(cbrtf, cbrtf(x), std::cbrt(x), 0, 2)         \
  X(expf, expf(x), std::exp(x), 3, 2) X(exp2f, exp2f(x), std::exp2(x), 3, 2)            \
  X(logf, logf(x), std::log(x), 1, 2)          \
  X(log2f, log2f(x), std::log2(x), 1, 2) X(log10f, log10f(x), std::log10(x), 1, 2)       \
  X(sinf, sinf(x), std::sin(x), 0, 2)          \
  X(cosf, cosf(x), std::cos(x), 0, 2) X(tanf, tanf(x), std::tan(x), 2, 2)                \
  X(asinf, asinf(x), std::asin(x), 2, 2) X(acosf, acosf(x), std::acos(x), 2, 2)          \
  X(atanf, atanf(x), std::atan(x), 0, 2) X(sinhf, sinhf(x), std::sinh(x), 3, 2)          \
  X(coshf, coshf(x), std::cosh(x), 3, 2) X(tanhf, tanhf(x), std::tanh(x), 3, 2)          \
  X(erff, erff(x), std::erf(x), 2, 2) X(erfcf, erfcf(x), std::erfc(x), 2, 2)             \
  X(fabsf, fabsf(x), std::fabs(x), 0, 0) X(floorf, floorf(x), std::floor(x), 0, 0)       \
  X(ceilf, ceilf(x), std::ceil(x), 0, 0) X(roundf, roundf(x), std::round(x), 0, 0)       \
  X(truncf, truncf(x), std::trunc(x), 0, 0) X(rsqrtf, rsqrtf(x), hostRsqrt(x), 1, 2)     \
  X(lgammaf, lgammaf(x), std::lgamma(x), 4, 4) X(tgammaf, tgammaf(x), std::tgamma(x), 4, 4) \
  X(exp10f, exp10f(x), ::exp10f(x), 3, 2)

#define BINARY(X)                                                                          \
  X(powf, powf(x, y), std::pow(x, y), 0) X(atan2f, atan2f(x, y), std::atan2(x, y), 2)      \
  X(fmodf, fmodf(x, y), std::fmod(x, y), 0) X(fminf, fminf(x, y), std::fmin(x, y), 0)      \
  X(fmaxf, fmaxf(x, y), std::fmax(x, y), 0) X(copysignf, copysignf(x, y), std::copysign(x, y), 0) \
  X(hypotf, hypotf(x, y), std::hypot(x, y), 2) X(remainderf, remainderf(x, y), std::remainder(x, y), 0)

#define COUNT1(n, d, h, dom, ulps) +1
#define COUNT2(n, d, h, ulps) +1
enum { NU = 0 UNARY(COUNT1), NB = 0 BINARY(COUNT2), NX = 5 };

__host__ __device__ float pickDomain(float u, int dom) {
  switch (dom) {
  case 1: return u * 50.0f + 0.001f;
  case 2: return (u - 0.5f) * 1.98f;
  case 3: return (u - 0.5f) * 16.0f;
  case 4: return 1.0f + u * 19.0f;
  default: return (u - 0.5f) * 40.0f;
  }
}

__global__ void kernel(const float *u, const float *v, float *out, int *flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float *o = out + i * (NU + NB + NX);
  int k = 0;
  float x, y;
#define DEV1(name, dcall, hcall, dom, ulps) x = pickDomain(u[i], dom); o[k++] = dcall;
#define DEV2(name, dcall, hcall, ulps) x = (u[i] - 0.5f) * 20.0f; y = (v[i] - 0.3f) * 7.0f + 0.01f; \
  if (ulps == 2) { x = (u[i] - 0.5f) * 4.0f; y = (v[i] - 0.5f) * 4.0f; }                          \
  if (#name[0] == 'p' && x < 0) y = floorf(y);                                                      \
  o[k++] = dcall;
  UNARY(DEV1)
  BINARY(DEV2)
  x = (u[i] - 0.5f) * 10.0f;
  float s, c;
  sincosf(x, &s, &c);
  o[k++] = s;
  o[k++] = c;
  o[k++] = fmaf(x, v[i], 0.25f);
  float sq = sqrtf(x);              // NaN for x < 0
  float big = expf(x * 20.0f);      // inf for large x
  o[k++] = 1.0f / (x * 0.0f + (x > 0 ? 0.0f : 1.0f));   // +inf when x > 0
  o[k++] = x * 3.0f;
  flags[i] = isnan(sq) + 2 * isinf(big) + 4 * isfinite(o[k - 3]) + 8 * (sizeof(sqrtf(x)) == 4) +
             16 * (sizeof(powf(x, 2.0f)) == 4) + 32 * isinf(o[k - 2]);
}

int main() {
  const int n = 512;
  static float u[n], v[n];
  unsigned s = 2463534242u;
  for (int i = 0; i < n; ++i) {
    s ^= s << 13; s ^= s >> 17; s ^= s << 5;
    u[i] = (s >> 8) * (1.0f / 16777216.0f);
    s ^= s << 13; s ^= s >> 17; s ^= s << 5;
    v[i] = (s >> 8) * (1.0f / 16777216.0f);
  }
  const int W = NU + NB + NX;
  float *du, *dv, *dout;
  int *dflags;
  cudaMalloc(&du, sizeof u); cudaMalloc(&dv, sizeof v);
  cudaMalloc(&dout, n * W * sizeof(float)); cudaMalloc(&dflags, n * sizeof(int));
  cudaMemcpy(du, u, sizeof u, cudaMemcpyHostToDevice);
  cudaMemcpy(dv, v, sizeof v, cudaMemcpyHostToDevice);
  kernel<<<n / 128, 128>>>(du, dv, dout, dflags, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static float out[n * W];
  static int flags[n];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(flags, dflags, sizeof flags, cudaMemcpyDeviceToHost);
  const char *names[] = {
#define NAME1(name, d, h, dom, ulps) #name,
#define NAME2(name, d, h, ulps) #name,
      UNARY(NAME1) BINARY(NAME2) "sincosf.sin", "sincosf.cos", "fmaf", "inf", "x*3"};
  for (int i = 0; i < n; ++i) {
    float ref[W], tol[W];
    int k = 0;
    float x, y;
#define HOST1(name, dcall, hcall, dom, ulps) x = pickDomain(u[i], dom); ref[k] = (float)(hcall); \
  tol[k++] = ulps * 1.2e-7f;
#define HOST2(name, dcall, hcall, ulps) x = (u[i] - 0.5f) * 20.0f; y = (v[i] - 0.3f) * 7.0f + 0.01f; \
  if (ulps == 2) { x = (u[i] - 0.5f) * 4.0f; y = (v[i] - 0.5f) * 4.0f; }                           \
  if (#name[0] == 'p' && x < 0) y = std::floor(y);                                                   \
  ref[k] = (float)(hcall); tol[k++] = ulps ? 4 * 1.2e-7f : 2e-6f;
    UNARY(HOST1)
    BINARY(HOST2)
    x = (u[i] - 0.5f) * 10.0f;
    ref[k] = std::sin(x); tol[k++] = 2.4e-7f;
    ref[k] = std::cos(x); tol[k++] = 2.4e-7f;
    ref[k] = (float)((double)x * v[i] + 0.25); tol[k++] = 0;   // fma: one rounding
    ref[k] = x > 0 ? INFINITY : 1.0f; tol[k++] = 0;
    ref[k] = x * 3.0f; tol[k++] = 0;
    for (int j = 0; j < W; ++j) {
      float g = out[i * W + j], r = ref[j];
      bool ok = (std::isnan(g) && std::isnan(r)) || g == r ||
                std::fabs(g - r) <= tol[j] * std::fmax(std::fabs(r), 1e-30f) + (tol[j] > 0 ? 1e-37f : 0) ||
                (tol[j] > 0 && std::fabs(r) < 1e-6f && std::fabs(g - r) < 1e-12f);
      if (!ok) {
        printf("FAIL: %s at i=%d (u=%.9g v=%.9g): got %.9g expected %.9g\n", names[j], i, u[i], v[i], g, r);
        return 1;
      }
    }
    float xx = (u[i] - 0.5f) * 10.0f;
    int ef = (xx < 0) + 2 * (std::isinf(std::exp(xx * 20.0f)) ? 1 : 0) + 4 * std::isfinite(ref[W - 3]) + 8 + 16 +
             32 * (xx > 0);
    if (flags[i] != ef) {
      printf("FAIL: flags at i=%d: got %d expected %d\n", i, flags[i], ef);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
