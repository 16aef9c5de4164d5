//===- pathfinder_input.h - Input shared by both pathfinder versions ------===//
//
// A rows x cols grid of small random step costs. The cheapest path from the
// top row downwards may move to the same, left or right column at each row;
// the result is the cheapest cost ending in each column of the last row.
//
//===----------------------------------------------------------------------===//

#ifndef PATHFINDER_INPUT_H
#define PATHFINDER_INPUT_H

#include "bench.h"

#include <cstdint>
#include <vector>

namespace pathfinder {

// --param sets the number of columns; the row count depends only on the size.
constexpr long long kSmallCols = 5000;
constexpr long long kDefaultCols = 200000;
constexpr int kSmallRows = 120;
constexpr int kDefaultRows = 1200;

inline int rowsFor(const bench::Args &args) {
  return args.small ? kSmallRows : kDefaultRows;
}

/// Row-major weights in [0, 10), the first row being the starting costs.
inline std::vector<int32_t> makeWeights(int rows, long long cols) {
  bench::Rng rng(0x9a7bf1dull);
  std::vector<int32_t> weights(static_cast<size_t>(rows) * cols);
  for (auto &w : weights)
    w = static_cast<int32_t>(rng.below(10));
  return weights;
}

} // namespace pathfinder

#endif // PATHFINDER_INPUT_H
