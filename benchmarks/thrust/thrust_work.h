// Thrust's sort, reduce and inclusive scan on 10^7 integers, shared by both
// versions of the benchmark: the same Thrust calls on thrust::device_vector,
// compiled by cucpu (Thrust's OpenMP system behind thrust::device, see
// docs/Libraries.md) and by clang++ -fopenmp for Thrust's OpenMP system.
#ifndef THRUST_WORK_H
#define THRUST_WORK_H

#include "bench.h"

#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>

#include <vector>

namespace thrustbench {

// --param sets N, the number of integers.
constexpr long long kSmallN = 1LL << 16;
constexpr long long kDefaultN = 10000000;

inline int run(int argc, char **argv, const char *impl) {
  bench::Args args = bench::parseArgs(argc, argv);
  long long n = args.pick(kSmallN, kDefaultN);
  // Values below 200: the scan of 10^7 of them stays below 2^31.
  std::vector<int> values(n);
  bench::Rng rng(0x7e57ULL);
  for (long long i = 0; i < n; ++i)
    values[i] = (int)rng.below(200);
  thrust::device_vector<int> keys(values.begin(), values.end());
  thrust::device_vector<int> scanned(n);

  bench::Timer timer;
  timer.start();
  thrust::sort(keys.begin(), keys.end());
  long long sum = thrust::reduce(keys.begin(), keys.end(), 0LL);
  thrust::inclusive_scan(keys.begin(), keys.end(), scanned.begin());
  double ms = timer.stop();

  bench::report("thrust", impl, args, ms);
  std::vector<double> result = {(double)sum, (double)scanned[n - 1],
                                (double)keys[0], (double)keys[n / 2],
                                (double)keys[n - 1]};
  bench::writeOutput(args, result);
  return 0;
}

} // namespace thrustbench

#endif // THRUST_WORK_H
