// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// CUDA's math functions without a C library counterpart (erfinv, erfcinv,
// erfcx, normcdf, normcdfinv, rcbrt, and their float forms) in device code,
// against references computed here in long double: the inverses by Newton's
// steps on the host's erfl/erfcl, to within 4 ulps (2 for float).

#include <cmath>
#include <cstdio>

enum { kFunctions = 6, kN = 64 };

// The arguments are computed here, on the host, so that contraction in
// device code (--fmad) cannot change them.
__global__ void cudaOnly(const double *in, const float *fin, double *out,
                         float *fout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const double *a = in + i * kFunctions;
  double *o = out + i * kFunctions;
  o[0] = erfinv(a[0]);
  o[1] = erfcinv(a[1]);
  o[2] = erfcx(a[2]);
  o[3] = normcdf(a[3]);
  o[4] = normcdfinv(a[4]);
  o[5] = rcbrt(a[5]);
  const float *b = fin + i * kFunctions;
  float *f = fout + i * kFunctions;
  f[0] = erfinvf(b[0]);
  f[1] = erfcinvf(b[1]);
  f[2] = erfcxf(b[2]);
  f[3] = normcdff(b[3]);
  f[4] = normcdfinvf(b[4]);
  f[5] = rcbrtf(b[5]);
}

static const long double kTwoOverSqrtPi = 1.1283791670955125738961589031L;

/// erfcinv(z) in long double: Newton's steps on erfcl from a double guess.
static long double refErfcinv(long double z, long double x) {
  for (int i = 0; i < 8; ++i)
    x += (erfcl(x) - z) / (kTwoOverSqrtPi * expl(-x * x));
  return x;
}

static long double refErfinv(long double y, long double x) {
  for (int i = 0; i < 8; ++i)
    x -= (erfl(x) - y) / (kTwoOverSqrtPi * expl(-x * x));
  return x;
}

static bool close(double got, long double want, double ulps, double ulp) {
  if (std::isnan(got) || std::isinf(got))
    return got == want;
  return fabsl(got - want) <= ulps * ulp * fabsl(want) + 1e-300L;
}

int main() {
  // Over each function's domain: erfcinv down to 1e-300 and up to 2, erfcx
  // from -8 (large) to 32, normcdf into its far tail.
  static double in[kN * kFunctions];
  static float fin[kN * kFunctions];
  for (int i = 0; i < kN; ++i) {
    double u = (i + 0.5) / kN + 1e-4 * (i % 7);
    double *a = in + i * kFunctions;
    a[0] = 2 * u - 1;
    a[1] = u < 0.5 ? std::pow(u, 40.0) : 2 * u;
    a[2] = 40 * u - 8;
    a[3] = 30 * u - 25;
    a[4] = u;
    a[5] = 1000 * u - 300;
    float uf = static_cast<float>(u);
    float *b = fin + i * kFunctions;
    b[0] = 2 * uf - 1;
    b[1] = 2 * uf;
    b[2] = 10 * uf - 2;
    b[3] = 10 * uf - 8;
    b[4] = uf;
    b[5] = 1000 * uf - 300;
  }
  double *din, *dout;
  float *dfin, *dfout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dfin, sizeof fin);
  cudaMalloc(&dout, sizeof in);
  cudaMalloc(&dfout, sizeof fin);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  cudaMemcpy(dfin, fin, sizeof fin, cudaMemcpyHostToDevice);
  cudaOnly<<<2, 32>>>(din, dfin, dout, dfout, kN);
  static double out[kN * kFunctions];
  static float fout[kN * kFunctions];
  if (cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost) ||
      cudaMemcpy(fout, dfout, sizeof fout, cudaMemcpyDeviceToHost)) {
    printf("FAIL: copies\n");
    return 1;
  }
  const char *names[kFunctions] = {"erfinv", "erfcinv", "erfcx",
                                   "normcdf", "normcdfinv", "rcbrt"};
  const long double sqrt2 = sqrtl(2.0L);
  for (int i = 0; i < kN; ++i) {
    const double *a = in + i * kFunctions;
    const double *o = out + i * kFunctions;
    long double want[kFunctions];
    want[0] = refErfinv(a[0], o[0]);
    want[1] = refErfcinv(a[1], o[1]);
    want[2] = expl((long double)a[2] * a[2]) * erfcl(a[2]);
    want[3] = erfcl(-a[3] / sqrt2) / 2;
    want[4] = -sqrt2 * refErfcinv(2 * (long double)a[4], -o[4] / sqrt2);
    want[5] = 1 / cbrtl(a[5]);
    const float *b = fin + i * kFunctions;
    const float *f = fout + i * kFunctions;
    long double fwant[kFunctions];
    fwant[0] = refErfinv(b[0], f[0]);
    fwant[1] = refErfcinv(b[1], f[1]);
    fwant[2] = expl((long double)b[2] * b[2]) * erfcl(b[2]);
    fwant[3] = erfcl(-b[3] / sqrt2) / 2;
    fwant[4] = -sqrt2 * refErfcinv(2 * (long double)b[4], -f[4] / sqrt2);
    fwant[5] = 1 / cbrtl(b[5]);
    for (int k = 0; k < kFunctions; ++k) {
      if (!close(o[k], want[k], 4, 0x1p-53)) {
        printf("FAIL: %s(%.17g): got %.17g expected %.17Lg\n", names[k], a[k],
               o[k], want[k]);
        return 1;
      }
      if (!close(f[k], fwant[k], 2, 0x1p-24)) {
        printf("FAIL: %sf(%.9g): got %.9g expected %.9Lg\n", names[k], b[k],
               f[k], fwant[k]);
        return 1;
      }
    }
  }
  printf("PASS\n");
  return 0;
}
