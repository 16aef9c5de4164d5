// lud_omp.cpp - LU decomposition without pivoting, OpenMP reference.
// Right-looking Doolittle elimination: for each pivot, the rows below it are
// split among threads and each updates its row of the trailing matrix.
#include "bench.h"
#include "lud_input.h"

#include <vector>

int main(int argc, char **argv) {
  bench::Args args = bench::parseArgs(argc, argv);
  lud::Problem prob = lud::makeProblem(args);
  const int n = prob.n;
  float *a = prob.a.data();

  bench::Timer timer;
  timer.start();
  for (int k = 0; k < n - 1; ++k) {
    const float *pivotRow = a + (size_t)k * n;
    const float pivot = pivotRow[k];
#pragma omp parallel for schedule(static)
    for (int i = k + 1; i < n; ++i) {
      float *r = a + (size_t)i * n;
      float l = r[k] / pivot;
      r[k] = l;
      for (int j = k + 1; j < n; ++j)
        r[j] -= l * pivotRow[j];
    }
  }
  double ms = timer.stop();

  bench::report("lud", "omp", args, ms);
  bench::writeOutput(args, prob.a);
  return 0;
}
