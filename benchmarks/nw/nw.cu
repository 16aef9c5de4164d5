//===- nw.cu - Needleman-Wunsch alignment, CUDA version ---------------------===//
//
// The score matrix is cut into 16x16 tiles that are filled in anti-diagonal
// waves of tiles: one launch per wave, one block of 16x16 threads per tile.
// The first kernel covers the waves of the upper-left triangle of tiles, the
// second those of the lower-right one. Inside a block the tile's substitution
// scores and its top and left borders are staged in shared memory, and the
// tile's own anti-diagonals are swept with a barrier after each.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "nw_input.h"

#include <cstdio>
#include <vector>

namespace {

constexpr int kTile = nw::kTile;
constexpr int kAlphabet = nw::kAlphabet;
constexpr int kGap = nw::kGap;

__constant__ int cTable[kAlphabet * kAlphabet];

__device__ void alignTile(int *score, const int *seqA, const int *seqB, int n,
                          int tileRow, int tileCol) {
  __shared__ int cell[kTile + 1][kTile + 1]; // row 0 / column 0: the borders
  __shared__ int subst[kTile][kTile];

  int tx = threadIdx.x, ty = threadIdx.y;
  int width = n + 1;
  int top = tileRow * kTile; // matrix row of the border above the tile
  int left = tileCol * kTile; // matrix column of the border left of it
  int row = top + 1 + ty, col = left + 1 + tx;

  subst[ty][tx] = cTable[seqA[row] * kAlphabet + seqB[col]];
  if (ty == 0)
    cell[0][tx + 1] = score[top * width + col];
  if (tx == 0)
    cell[ty + 1][0] = score[row * width + left];
  if (tx == 0 && ty == 0)
    cell[0][0] = score[top * width + left];
  __syncthreads();

  for (int diag = 0; diag < 2 * kTile - 1; ++diag) {
    if (tx + ty == diag) {
      int best = cell[ty][tx] + subst[ty][tx];
      best = max(best, cell[ty][tx + 1] - kGap);
      best = max(best, cell[ty + 1][tx] - kGap);
      cell[ty + 1][tx + 1] = best;
    }
    __syncthreads();
  }

  score[row * width + col] = cell[ty + 1][tx + 1];
}

/// Wave `wave` (0 .. tiles-1) of the upper-left triangle: block b is the tile
/// in tile row b.
__global__ void upperLeftWave(int *score, const int *seqA, const int *seqB,
                              int n, int wave) {
  int tileRow = blockIdx.x;
  alignTile(score, seqA, seqB, n, tileRow, wave - tileRow);
}

/// Wave `wave` (tiles .. 2*tiles-2) of the lower-right triangle: block b is
/// the tile in tile column tiles-1-b.
__global__ void lowerRightWave(int *score, const int *seqA, const int *seqB,
                               int n, int wave) {
  int tiles = n / kTile;
  int tileCol = tiles - 1 - blockIdx.x;
  alignTile(score, seqA, seqB, n, wave - tileCol, tileCol);
}

} // namespace

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int n = nw::lengthFor(args);
  nw::Input in = nw::makeInput(n);
  size_t width = n + 1;

  // Row 0 and column 0: aligning a prefix against nothing but gaps.
  std::vector<int32_t> score(width * width, 0);
  for (size_t k = 0; k < width; ++k) {
    score[k] = -static_cast<int32_t>(k) * kGap;
    score[k * width] = -static_cast<int32_t>(k) * kGap;
  }

  int *dScore, *dSeqA, *dSeqB;
  size_t scoreBytes = score.size() * sizeof(int);
  cudaMalloc(&dScore, scoreBytes);
  cudaMalloc(&dSeqA, width * sizeof(int));
  cudaMalloc(&dSeqB, width * sizeof(int));
  cudaMemcpy(dScore, score.data(), scoreBytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dSeqA, in.seqA.data(), width * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dSeqB, in.seqB.data(), width * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(cTable, in.table.data(), in.table.size() * sizeof(int));

  int tiles = n / kTile;
  dim3 block(kTile, kTile);
  bench::Timer timer;
  timer.start();
  for (int wave = 0; wave < tiles; ++wave)
    upperLeftWave<<<wave + 1, block>>>(dScore, dSeqA, dSeqB, n, wave);
  for (int wave = tiles; wave < 2 * tiles - 1; ++wave)
    lowerRightWave<<<2 * tiles - 1 - wave, block>>>(dScore, dSeqA, dSeqB, n,
                                                     wave);
  cudaDeviceSynchronize();
  double ms = timer.stop();

  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    std::fprintf(stderr, "nw: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(score.data(), dScore, scoreBytes, cudaMemcpyDeviceToHost);
  cudaFree(dScore);
  cudaFree(dSeqA);
  cudaFree(dSeqB);

  bench::report("nw", "cuda", args, ms);
  std::printf("alignment score %d\n", score.back());
  bench::writeOutput(args, score);
  return 0;
}
