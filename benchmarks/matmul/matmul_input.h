// Input and sizes shared by both versions of the matmul benchmark.
#ifndef MATMUL_INPUT_H
#define MATMUL_INPUT_H

#include "bench.h"

#include <vector>

namespace matmul {

// --param sets N: the matrices are N x N, row-major.
constexpr long long kSmallN = 128;
constexpr long long kDefaultN = 2048;

// A and B with entries in [-1, 1) from a fixed seed.
inline void makeInput(long long n, std::vector<float> &a,
                      std::vector<float> &b) {
  bench::Rng rng(0x3a7a11ULL);
  a.resize(n * n);
  b.resize(n * n);
  for (auto &x : a)
    x = (float)rng.uniform(-1.0, 1.0);
  for (auto &x : b)
    x = (float)rng.uniform(-1.0, 1.0);
}

} // namespace matmul

#endif // MATMUL_INPUT_H
