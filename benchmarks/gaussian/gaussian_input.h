// gaussian: problem sizes and the deterministic linear system shared by the
// CUDA and the OpenMP version.
//
// A is N x N (row-major), random off-diagonal entries in [-1, 1) and a
// diagonal that makes every row strictly dominant, so elimination without
// pivoting is stable. b = A * xTrue for a random xTrue in [-1, 1).
#ifndef GAUSSIAN_INPUT_H
#define GAUSSIAN_INPUT_H

#include "bench.h"

#include <cmath>
#include <vector>

namespace gaussian {

constexpr long long SMALL_N = 200;
constexpr long long DEFAULT_N = 2048;

struct System {
  int n = 0;
  std::vector<float> a; // n * n
  std::vector<float> b; // n
};

inline System makeSystem(int n) {
  bench::Rng rng(0x6a055ull);
  System s;
  s.n = n;
  s.a.resize((size_t)n * n);
  s.b.resize(n);
  for (int i = 0; i < n; ++i) {
    double offDiagonal = 0.0;
    for (int j = 0; j < n; ++j) {
      float v = (float)rng.uniform(-1.0, 1.0);
      s.a[(size_t)i * n + j] = v;
      if (j != i)
        offDiagonal += std::fabs(v);
    }
    s.a[(size_t)i * n + i] = (float)(offDiagonal + 1.0);
  }
  std::vector<double> xTrue(n);
  for (int i = 0; i < n; ++i)
    xTrue[i] = rng.uniform(-1.0, 1.0);
  for (int i = 0; i < n; ++i) {
    double sum = 0.0;
    for (int j = 0; j < n; ++j)
      sum += (double)s.a[(size_t)i * n + j] * xTrue[j];
    s.b[i] = (float)sum;
  }
  return s;
}

} // namespace gaussian

#endif
