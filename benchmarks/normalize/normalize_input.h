// Input and sizes shared by both versions of the normalize benchmark.
#ifndef NORMALIZE_INPUT_H
#define NORMALIZE_INPUT_H

#include "bench.h"

#include <vector>

namespace normalize_bench {

// --param sets n, the length of the vector. The repetition count R is fixed
// per size (the default R also applies with --param).
constexpr long long kSmallN = 4096;
constexpr long long kDefaultN = 1LL << 22;
constexpr int kSmallReps = 4;
constexpr int kDefaultReps = 100;

inline int reps(const bench::Args &args) {
  return args.small && args.param == 0 ? kSmallReps : kDefaultReps;
}

// Values in {0.25, 0.5, 0.75, 1.0}. Every partial sum is then a multiple of
// 0.25 below 2^22 for n up to about 6.7 million, so the float sum is exact
// whatever order a version adds in, and the two versions agree bit for bit.
inline std::vector<float> makeInput(long long n) {
  bench::Rng rng(0x404a112eULL);
  std::vector<float> in(n);
  for (auto &x : in)
    x = 0.25f * (float)(1 + rng.below(4));
  return in;
}

} // namespace normalize_bench

#endif // NORMALIZE_INPUT_H
