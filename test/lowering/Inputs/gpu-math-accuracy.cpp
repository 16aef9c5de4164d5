// Compares the GPU target's lowering of exp, log, log2, log10, log1p, expm1,
// sinf, cosf and powf (compiled
// for this CPU from gpu-math.mlir) with the C library: the largest error in
// ulps over random arguments across each function's range, and the special
// values.
#include <cmath>
#include <cstdio>
#include <random>

extern "C" double gpu_exp(double);
extern "C" double gpu_log(double);
extern "C" double gpu_log2(double);
extern "C" double gpu_log10(double);
extern "C" float gpu_log10f(float);
extern "C" float gpu_sinf(float);
extern "C" float gpu_cosf(float);
extern "C" float gpu_powf(float, float);
extern "C" double gpu_log1p(double);
extern "C" double gpu_expm1(double);

namespace {

template <typename T> double ulpsApart(T got, T want) {
  if (std::isnan(got) && std::isnan(want))
    return 0;
  if (got == want)
    return 0;
  if (std::isinf(got) || std::isinf(want) || std::isnan(got) || std::isnan(want))
    return INFINITY;
  T ulp = std::nextafter(std::fabs(want), T(INFINITY)) - std::fabs(want);
  return std::fabs(double(got) - double(want)) / double(ulp);
}

struct Function {
  const char *name;
  double (*tested)(double);
  double (*reference)(double);
  bool logarithm; // arguments spread over exponents, else over [-746, 710]
};

double libmLog2(double x) { return std::log2(x); }
double libmLog10(double x) { return std::log10(x); }
double libmLog(double x) { return std::log(x); }
double libmExp(double x) { return std::exp(x); }

} // namespace

int main() {
  std::mt19937_64 random(20261126);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const Function functions[] = {{"exp", gpu_exp, libmExp, false},
                                {"log", gpu_log, libmLog, true},
                                {"log2", gpu_log2, libmLog2, true},
                                {"log10", gpu_log10, libmLog10, true}};
  for (const Function &f : functions) {
    double worst = 0;
    for (int k = 0; k < 300000; ++k) {
      double x;
      if (k % 3 == 0) // near 0 for exp, near 1 for the logarithms
        x = f.logarithm ? 0.5 + unit(random) : 2 * unit(random) - 1;
      else if (f.logarithm) // every exponent, subnormals included
        x = std::ldexp(1 + unit(random), int(unit(random) * 2098) - 1074);
      else
        x = -746 + unit(random) * 1456;
      worst = std::fmax(worst, ulpsApart(f.tested(x), f.reference(x)));
    }
    std::printf("%s: worst %s\n", f.name,
                worst <= 1 ? "1 ulp" : worst <= 2 ? "2 ulps" : "above 2 ulps");
  }
  double worstf = 0;
  for (int k = 0; k < 300000; ++k) {
    float x = std::ldexp(1.0f + float(unit(random)), int(unit(random) * 250) - 125);
    worstf = std::fmax(worstf, ulpsApart(gpu_log10f(x), std::log10(x)));
  }
  std::printf("log10f: worst %s\n", worstf <= 2 ? "2 ulps or less" : "above 2 ulps");

  // sinf and cosf against the double-precision C functions rounded to
  // float, over arguments up to 1e15 in magnitude (k pi/2 exact in double).
  for (double range : {4.0, 1e4, 1e15}) {
    double worstSin = 0, worstCos = 0;
    for (int k = 0; k < 200000; ++k) {
      float x = float((2 * unit(random) - 1) * range);
      worstSin = std::fmax(worstSin, ulpsApart(gpu_sinf(x), float(std::sin(double(x)))));
      worstCos = std::fmax(worstCos, ulpsApart(gpu_cosf(x), float(std::cos(double(x)))));
    }
    std::printf("sinf, cosf, |x| < %g: worst %s, %s\n", range,
                worstSin <= 1 ? "1 ulp" : "above 1 ulp",
                worstCos <= 1 ? "1 ulp" : "above 1 ulp");
  }
  const float trigSpecials[] = {0.0f, -0.0f, INFINITY, NAN, 88.5f, 1e4f, 3.4e38f};
  for (float x : trigSpecials) {
    float s = gpu_sinf(x), c = gpu_cosf(x);
    std::printf("x=%g sinf=%a cosf=%a%s\n", x, s, c,
                std::fabs(s) <= 1 && std::fabs(c) <= 1 ? "" : " (out of [-1, 1])");
  }

  // powf against the double-precision pow rounded to float, negative bases
  // with integral exponents included; then C's special cases, each pair of
  // these values as base and exponent.
  double worstPow = 0;
  for (int k = 0; k < 300000; ++k) {
    float x = float(std::ldexp(unit(random) + 0.5, int(unit(random) * 60) - 30));
    float y = float((unit(random) - 0.5) * 8);
    if (k % 5 == 0) {
      x = -x;
      y = std::round(y);
    }
    worstPow = std::fmax(worstPow, ulpsApart(gpu_powf(x, y), float(std::pow(double(x), double(y)))));
  }
  std::printf("powf: worst %s\n", worstPow <= 1 ? "1 ulp" : "above 1 ulp");
  const float powSpecials[] = {0.0f, -0.0f, 1.0f, -1.0f, 2.0f, -2.0f, 0.5f,
                               INFINITY, -INFINITY, NAN, 3.0f, -3.0f, 2.5f};
  int powMismatches = 0;
  for (float x : powSpecials)
    for (float y : powSpecials) {
      float got = gpu_powf(x, y), want = std::pow(x, y);
      bool same = (std::isnan(got) && std::isnan(want)) ||
                  (got == want && std::signbit(got) == std::signbit(want));
      if (!same && ++powMismatches <= 5)
        std::printf("powf(%g, %g) = %g, C: %g\n", x, y, got, want);
    }
  std::printf("powf special cases: %d differ from C\n", powMismatches);

  // log1p and expm1 near 0, where they matter, and across their range.
  double worstLog1p = 0, worstExpm1 = 0;
  for (int k = 0; k < 300000; ++k) {
    double x = std::ldexp(unit(random), -int(unit(random) * 60)) * (k % 2 ? 1 : -1);
    if (k % 7 == 0)
      x = (unit(random) - 0.3) * 1400;
    if (x > -1)
      worstLog1p = std::fmax(worstLog1p, ulpsApart(gpu_log1p(x), std::log1p(x)));
    worstExpm1 = std::fmax(worstExpm1, ulpsApart(gpu_expm1(x), std::expm1(x)));
  }
  std::printf("log1p: worst %s, expm1: worst %s\n",
              worstLog1p <= 2 ? "2 ulps" : "above 2 ulps",
              worstExpm1 <= 2 ? "2 ulps" : "above 2 ulps");
  const double onePlusSpecials[] = {0.0, -0.0, -1.0, -2.0, INFINITY, -INFINITY, NAN, 710};
  for (double x : onePlusSpecials)
    std::printf("x=%g log1p=%g expm1=%g\n", x, gpu_log1p(x), gpu_expm1(x));

  const double specials[] = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN,
                             4.9e-324, 709.78, 709.79, -745.13, -745.14};
  for (double x : specials)
    std::printf("x=%g exp=%g log=%g log2=%g log10=%g\n", x, gpu_exp(x),
                gpu_log(x), gpu_log2(x), gpu_log10(x));
  return 0;
}
