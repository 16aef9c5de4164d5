// STREAM triad a[i] = b[i] + s * c[i], OpenMP reference.
#include "bench.h"
#include "triad_input.h"

#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  long long n = args.pick(triad::kSmallN, triad::kDefaultN);
  int reps = triad::reps(args);

  std::vector<double> b, c;
  triad::makeInput(n, b, c);
  std::vector<double> a(n);
  // First touch in parallel, as the timed loop will access it.
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i)
    a[i] = 0.0;

  const double s = triad::kScalar;
  double *pa = a.data();
  const double *pb = b.data();
  const double *pc = c.data();

  bench::Timer timer;
  timer.start();
  for (int r = 0; r < reps; ++r) {
#pragma omp parallel for schedule(static)
    for (long long i = 0; i < n; ++i)
      pa[i] = pb[i] + s * pc[i];
  }
  double ms = timer.stop();

  bench::report("triad", "omp", args, ms);
  std::printf("cucpu-bench-extra: bytes=%lld\n", 3LL * 8LL * n * reps);
  bench::writeOutput(args, a);
  return 0;
}
