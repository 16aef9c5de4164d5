// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Bessel functions (j0, j1, jn, y0, y1, yn, CUDA's cyl_bessel_i0 and
// cyl_bessel_i1) and sinpi, cospi, sincospi in device code, double and
// float, against the host's long double C library (the modified Bessel
// functions against their series, summed here). Tolerances: a few ulps,
// plus an absolute 2^-52 times the function's envelope where the functions
// oscillate (CUDA documents absolute errors there too); sinpi and cospi
// exactly at integers and halves.

#include <cmath>
#include <cstdio>

enum { kDoubles = 13, kFloats = 10, kN = 400 };

__global__ void bessel(const double *in, const int *order, double *out,
                       float *fout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double x = in[i];
  int k = order[i];
  double *o = out + i * kDoubles;
  o[0] = j0(x);
  o[1] = j1(x);
  o[2] = jn(k, x);
  o[3] = y0(fabs(x));
  o[4] = y1(fabs(x));
  o[5] = yn(k, fabs(x));
  o[6] = cyl_bessel_i0(x / 4);
  o[7] = cyl_bessel_i1(x / 4);
  o[8] = sinpi(x);
  o[9] = cospi(x);
  sincospi(x, &o[10], &o[11]);
  o[12] = sinpi(x * 0.5);
  float xf = float(x), *f = fout + i * kFloats;
  f[0] = j0f(xf);
  f[1] = j1f(xf);
  f[2] = jnf(k, xf);
  f[3] = y0f(fabsf(xf));
  f[4] = y1f(fabsf(xf));
  f[5] = ynf(k, fabsf(xf));
  f[6] = cyl_bessel_i0f(xf / 4);
  f[7] = cyl_bessel_i1f(xf / 4);
  f[8] = sinpif(xf);
  f[9] = cospif(xf);
}

static const long double kPi = 3.14159265358979323846264338327950288L;

/// I0 or I1 by the series sum (x/2)^n (x^2/4)^k / (k! (k+n)!).
static long double refI(int n, long double x) {
  long double q = x * x / 4, term = 1, sum = 1;
  for (int k = 1; k < 4000 && term > 1e-30L * sum; ++k) {
    term *= q / ((long double)k * (k + n));
    sum += term;
  }
  return n ? sum * x / 2 : sum;
}

/// sin(pi x) or cos(pi x) with x reduced exactly to |f| <= 1/4 first.
static long double refSinCosPi(long double x, bool cosine) {
  long double r = x - 2 * rintl(x / 2); // [-1, 1], exact
  long double q = rintl(2 * r), f = r - q / 2;
  int quadrant = ((int)q + (cosine ? 1 : 0) + 4) & 3;
  long double s = sinl(kPi * f), c = cosl(kPi * f);
  return quadrant == 0 ? s : quadrant == 1 ? c : quadrant == 2 ? -s : -c;
}

static int failures = 0;

static void expectNear(const char *what, double x, int k, long double got,
                       long double want, long double tolerance) {
  bool ok = std::isnan((double)want)   ? std::isnan((double)got)
            : std::isinf((double)want) ? got == (double)want
                                       : fabsl(got - want) <= tolerance;
  if (!ok && failures++ < 10)
    printf("FAIL %s(x = %.17g, n = %d): got %.17Lg, want %.17Lg\n", what, x, k,
           got, want);
}

int main() {
  static double in[kN], out[kN * kDoubles];
  static float fout[kN * kFloats];
  static int order[kN];
  for (int i = 0; i < kN; ++i) {
    // Both signs, small to 250; a few at special points.
    in[i] = (i % 2 ? -1 : 1) * 250.0 * ((i * 7919) % 1000) / 1000.0 *
            ((i % 5) ? 0.1 : 1.0);
    order[i] = (i % 23) - 3; // -3 .. 19
  }
  const double special[] = {0.0,   -0.0,   0.5,      1.0,       2.5, -3.0,
                            1e300, 1e-300, INFINITY, -INFINITY, NAN, 713.0 * 4};
  for (int i = 0; i < 12; ++i)
    in[i] = special[i];

  double *din, *dout;
  float *dfout;
  int *dorder;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dfout, sizeof fout);
  cudaMalloc(&dorder, sizeof order);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  cudaMemcpy(dorder, order, sizeof order, cudaMemcpyHostToDevice);
  bessel<<<(kN + 127) / 128, 128>>>(din, dorder, dout, dfout, kN);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(fout, dfout, sizeof fout, cudaMemcpyDeviceToHost);

  const long double eps = 0x1p-52L, feps = 0x1p-23L;
  for (int i = 0; i < kN; ++i) {
    double x = in[i], ax = fabs(x);
    int k = order[i];
    const double *o = out + i * kDoubles;
    const float *f = fout + i * kFloats;
    // The envelope of J and Y: 1 near 0, sqrt(2 / (pi x)) far out.
    long double envelope = ax < 1 ? 1 : sqrtl(2 / (kPi * ax));
    long double want[kDoubles] = {j0l(x),
                                  j1l(x),
                                  jnl(k, x),
                                  y0l(ax),
                                  y1l(ax),
                                  ynl(k, ax),
                                  std::isfinite(x) ? refI(0, x / 4) : INFINITY,
                                  std::isfinite(x) ? refI(1, x / 4)
                                                   : copysign(INFINITY, x),
                                  refSinCosPi(x, false),
                                  refSinCosPi(x, true),
                                  refSinCosPi(x, false),
                                  refSinCosPi(x, true),
                                  refSinCosPi(x / 2, false)};
    if (std::isinf(x) || std::isnan(x))
      for (int j = 8; j < kDoubles; ++j)
        want[j] = NAN;
    if (std::isnan(x))
      want[6] = want[7] = NAN;
    const char *names[kDoubles] = {
        "j0",           "j1",           "jn",        "y0",    "y1",
        "yn",           "i0",           "i1",        "sinpi", "cospi",
        "sincospi.sin", "sincospi.cos", "sinpi(x/2)"};
    for (int j = 0; j < kDoubles; ++j) {
      long double tolerance = 4 * eps * fabsl(want[j]);
      if (j < 6)
        tolerance += 2 * eps * envelope * (j == 2 || j == 5 ? 4 : 1);
      if (j == 5) // Y_n grows fast below n: relative only.
        tolerance += 16 * eps * fabsl(want[j]);
      if (j == 6 || j == 7) {
        if (std::isinf((double)want[j]) && !std::isinf(o[j]) &&
            std::isfinite(x)) // The long double series does not overflow.
          want[j] = (double)want[j];
      }
      expectNear(names[j], x, k, o[j], want[j], tolerance);
    }
    for (int j = 0; j < kFloats; ++j) {
      float xf = float(x);
      long double w =
          j == 0   ? j0l(xf)
          : j == 1 ? j1l(xf)
          : j == 2 ? jnl(k, xf)
          : j == 3 ? y0l(fabsf(xf))
          : j == 4 ? y1l(fabsf(xf))
          : j == 5 ? ynl(k, fabsf(xf))
          : j == 6 ? (std::isfinite(xf) ? refI(0, xf / 4) : INFINITY)
          : j == 7
              ? (std::isfinite(xf) ? refI(1, xf / 4) : copysign(INFINITY, xf))
          : std::isfinite(xf) ? refSinCosPi(xf, j == 9)
                              : NAN;
      if (std::isnan(xf))
        w = NAN;
      if ((j == 6 || j == 7) && w > 3.4e38L)
        w = copysign(INFINITY, (double)w);
      // The float result rounds the double one: half a float ulp, plus
      // where the functions oscillate the double's absolute error.
      long double tolerance = feps * fabsl(w) + (j < 6 ? 2 * eps * 4 : 0);
      if (j == 5)
        tolerance += 16 * eps * fabsl(w);
      expectNear(j == 0   ? "j0f"
                 : j == 1 ? "j1f"
                 : j == 2 ? "jnf"
                 : j == 3 ? "y0f"
                 : j == 4 ? "y1f"
                 : j == 5 ? "ynf"
                 : j == 6 ? "i0f"
                 : j == 7 ? "i1f"
                 : j == 8 ? "sinpif"
                          : "cospif",
                 xf, k, f[j], w, tolerance);
    }
  }
  // Exact values: sinpi is 0 at integers, with x's sign; cospi +0 at odd
  // halves; no rounding of pi enters.
  const double *o = out;
  if (!(o[8] == 0 && !std::signbit(o[8]))) // sinpi(0)
    ++failures, printf("FAIL sinpi(0) = %g\n", o[8]);
  if (!(out[kDoubles + 8] == 0 && std::signbit(out[kDoubles + 8]))) // sinpi(-0)
    ++failures, printf("FAIL sinpi(-0)\n");
  if (!(out[2 * kDoubles + 9] == 0 && !std::signbit(out[2 * kDoubles + 9])))
    ++failures, printf("FAIL cospi(0.5) = %g\n", out[2 * kDoubles + 9]);
  if (out[3 * kDoubles + 9] != -1 || out[3 * kDoubles + 8] != 0) // x = 1
    ++failures, printf("FAIL sinpi/cospi(1)\n");
  if (!(out[5 * kDoubles + 8] == 0 && std::signbit(out[5 * kDoubles + 8])) ||
      out[5 * kDoubles + 9] != -1) // x = -3
    ++failures, printf("FAIL sinpi/cospi(-3)\n");
  if (out[6 * kDoubles + 8] != 0 || out[6 * kDoubles + 9] != 1) // x = 1e300
    ++failures, printf("FAIL sinpi/cospi(1e300)\n");
  if (out[0 * kDoubles + 3] != -INFINITY || out[0 * kDoubles + 0] != 1)
    ++failures, printf("FAIL y0(0) or j0(0)\n");
  if (failures)
    printf("%d failures\n", failures);
  else
    printf("PASS\n");
  return failures ? 1 : 0;
}
