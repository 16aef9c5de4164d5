// lud_input.h - problem definition shared by lud.cu and lud_omp.cpp
//
// LU decomposition without pivoting of a strictly diagonally dominant n x n
// float matrix (row-major). The result overwrites the matrix: U on and above
// the diagonal, L (unit diagonal, not stored) below it.
#ifndef LUD_INPUT_H
#define LUD_INPUT_H

#include "bench.h"
#include <vector>

namespace lud {

constexpr int kBlock = 16;
// --param sets n; it is rounded up to a multiple of kBlock.
constexpr int kSmallN = 256;
constexpr int kDefaultN = 2304;

struct Problem {
  int n = 0;
  std::vector<float> a; // a[i * n + j]
};

inline Problem makeProblem(const bench::Args &args) {
  Problem p;
  long long n = args.pick(kSmallN, kDefaultN);
  p.n = (int)((n + kBlock - 1) / kBlock * kBlock);
  p.a.resize((size_t)p.n * p.n);
  bench::Rng rng(0x1bd0u);
  for (int i = 0; i < p.n; ++i) {
    for (int j = 0; j < p.n; ++j)
      p.a[(size_t)i * p.n + j] = (float)rng.uniform(-1.0, 1.0);
    // Each off-diagonal entry is below 1 in magnitude: a diagonal of n or
    // more dominates its row, so no pivoting is needed.
    p.a[(size_t)i * p.n + i] = (float)(p.n + rng.uniform(0.0, p.n));
  }
  return p;
}

} // namespace lud

#endif
