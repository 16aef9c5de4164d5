//===- nw_omp.cpp - Needleman-Wunsch alignment, OpenMP reference ------------===//
//
// The same 16x16 tiling as the CUDA version: tiles on one anti-diagonal of
// the tile grid are independent, so each wave of tiles is a parallel loop and
// every tile is filled row by row by one thread.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "nw_input.h"

#include <algorithm>
#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int n = nw::lengthFor(args);
  nw::Input in = nw::makeInput(n);
  const int gap = nw::kGap, alphabet = nw::kAlphabet, tileSize = nw::kTile;
  size_t width = n + 1;

  std::vector<int32_t> score(width * width, 0);
  for (size_t k = 0; k < width; ++k) {
    score[k] = -static_cast<int32_t>(k) * gap;
    score[k * width] = -static_cast<int32_t>(k) * gap;
  }

  int32_t *s = score.data();
  const int32_t *a = in.seqA.data(), *b = in.seqB.data();
  const int32_t *table = in.table.data();
  int tiles = n / tileSize;

  bench::Timer timer;
  timer.start();
#pragma omp parallel
  for (int wave = 0; wave < 2 * tiles - 1; ++wave) {
    int first = std::max(0, wave - (tiles - 1));
    int last = std::min(wave, tiles - 1);
#pragma omp for schedule(static)
    for (int tileRow = first; tileRow <= last; ++tileRow) {
      int tileCol = wave - tileRow;
      size_t rowBegin = static_cast<size_t>(tileRow) * tileSize + 1;
      size_t colBegin = static_cast<size_t>(tileCol) * tileSize + 1;
      for (size_t i = rowBegin; i < rowBegin + tileSize; ++i) {
        const int32_t *subst = table + a[i] * alphabet;
        int32_t *up = s + (i - 1) * width;
        int32_t *cur = s + i * width;
        for (size_t j = colBegin; j < colBegin + tileSize; ++j) {
          int32_t best = up[j - 1] + subst[b[j]];
          best = std::max(best, up[j] - gap);
          best = std::max(best, cur[j - 1] - gap);
          cur[j] = best;
        }
      }
    }
  }
  double ms = timer.stop();

  bench::report("nw", "omp", args, ms);
  std::printf("alignment score %d\n", score.back());
  bench::writeOutput(args, score);
  return 0;
}
