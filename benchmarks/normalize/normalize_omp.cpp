// Normalizes a vector by its sum, OpenMP reference: the sum once per
// repetition (a parallel reduction), then a parallel division.
#include "bench.h"
#include "normalize_input.h"

#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int n = (int)args.pick(normalize_bench::kSmallN, normalize_bench::kDefaultN);
  int reps = normalize_bench::reps(args);

  std::vector<float> in = normalize_bench::makeInput(n);
  std::vector<float> out(n);
  const float *pin = in.data();
  float *pout = out.data();

  bench::Timer timer;
  timer.start();
  for (int r = 0; r < reps; ++r) {
    float total = 0.0f;
#pragma omp parallel for reduction(+ : total) schedule(static)
    for (int i = 0; i < n; ++i)
      total += pin[i];
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; ++i)
      pout[i] = pin[i] / total;
  }
  double ms = timer.stop();

  bench::report("normalize", "omp", args, ms);
  bench::writeOutput(args, out);
  return 0;
}
