// Input and sizes shared by both versions of the triad benchmark.
#ifndef TRIAD_INPUT_H
#define TRIAD_INPUT_H

#include "bench.h"

#include <vector>

namespace triad {

// --param sets N, the number of doubles in each of the three arrays.
constexpr long long kSmallN = 1LL << 16;
constexpr long long kDefaultN = 1LL << 25; // 3 x 256 MiB: far beyond any cache
// Repetitions of the triad inside the timed region.
constexpr int kSmallReps = 4;
constexpr int kDefaultReps = 20;
constexpr double kScalar = 3.0;

inline int reps(const bench::Args &args) {
  return args.small && args.param == 0 ? kSmallReps : kDefaultReps;
}

// Fills b and c with multiples of 2^-20 in [-1, 1) from a fixed seed. With
// so few significant bits, b + 3 * c is exact in double whether or not the
// compiler fuses the multiply-add, so both versions agree bit for bit.
inline void makeInput(long long n, std::vector<double> &b,
                      std::vector<double> &c) {
  bench::Rng rng(0x7121adULL);
  b.resize(n);
  c.resize(n);
  const double step = 1.0 / (1 << 20);
  for (long long i = 0; i < n; ++i)
    b[i] = (double)rng.below(1 << 21) * step - 1.0;
  for (long long i = 0; i < n; ++i)
    c[i] = (double)rng.below(1 << 21) * step - 1.0;
}

} // namespace triad

#endif // TRIAD_INPUT_H
