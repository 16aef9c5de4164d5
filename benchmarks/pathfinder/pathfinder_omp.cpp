//===- pathfinder_omp.cpp - Grid shortest path, OpenMP reference ------------===//
//
// Row by row: each column's cost is its weight plus the cheapest of the three
// neighbouring columns of the previous row. The columns of a row are shared
// among the threads; one parallel region covers all rows.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "pathfinder_input.h"

#include <algorithm>
#include <vector>

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  long long cols = args.pick(pathfinder::kSmallCols, pathfinder::kDefaultCols);
  int rows = pathfinder::rowsFor(args);
  std::vector<int32_t> weights = pathfinder::makeWeights(rows, cols);

  std::vector<int32_t> prev(weights.begin(), weights.begin() + cols);
  std::vector<int32_t> cur(cols);

  bench::Timer timer;
  timer.start();
  int32_t *a = prev.data(), *b = cur.data();
  const int32_t *w = weights.data();
#pragma omp parallel
  for (int row = 1; row < rows; ++row) {
    const int32_t *wrow = w + static_cast<size_t>(row) * cols;
#pragma omp for schedule(static)
    for (long long j = 0; j < cols; ++j) {
      int32_t best = a[j];
      if (j > 0)
        best = std::min(best, a[j - 1]);
      if (j < cols - 1)
        best = std::min(best, a[j + 1]);
      b[j] = wrow[j] + best;
    }
    // The implicit barrier of the loop above orders the swap.
#pragma omp single
    std::swap(a, b);
  }
  double ms = timer.stop();

  std::vector<int32_t> result(a, a + cols);
  bench::report("pathfinder", "omp", args, ms);
  bench::writeOutput(args, result);
  return 0;
}
