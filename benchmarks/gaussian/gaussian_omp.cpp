// gaussian: Gaussian elimination without pivoting, OpenMP version.
#include "gaussian_input.h"

#include <cstdio>
#include <vector>

using namespace gaussian;

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int n = (int)args.pick(SMALL_N, DEFAULT_N);
  System s = makeSystem(n);
  float *a = s.a.data();
  float *b = s.b.data();

  bench::Timer timer;
  timer.start();
  for (int t = 0; t < n - 1; ++t) {
    const float *pivotRow = a + (size_t)t * n;
    float pivot = pivotRow[t];
    float bt = b[t];
#pragma omp parallel for
    for (int i = t + 1; i < n; ++i) {
      float *row = a + (size_t)i * n;
      float m = row[t] / pivot;
      for (int j = t; j < n; ++j)
        row[j] -= m * pivotRow[j];
      b[i] -= m * bt;
    }
  }
  double ms = timer.stop();

  // Back-substitution (outside the timed region, as in the CUDA version).
  std::vector<float> x(n);
  for (int i = n - 1; i >= 0; --i) {
    float sum = b[i];
    for (int j = i + 1; j < n; ++j)
      sum -= a[(size_t)i * n + j] * x[j];
    x[i] = sum / a[(size_t)i * n + i];
  }

  bench::report("gaussian", "omp", args, ms);
  bench::writeOutput(args, x);
  return 0;
}
