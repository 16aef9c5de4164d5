// Compares the GPU target's lowering of exp, log, log2 and log10 (compiled
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

  const double specials[] = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN,
                             4.9e-324, 709.78, 709.79, -745.13, -745.14};
  for (double x : specials)
    std::printf("x=%g exp=%g log=%g log2=%g log10=%g\n", x, gpu_exp(x),
                gpu_log(x), gpu_log2(x), gpu_log10(x));
  return 0;
}
