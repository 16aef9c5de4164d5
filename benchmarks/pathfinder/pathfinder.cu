//===- pathfinder.cu - Grid shortest path, CUDA version ---------------------===//
//
// Each launch advances the cost row by up to kPyramid rows. A block keeps a
// kBlock-wide window of the cost row in shared memory; after every row the
// part of the window that is still exact shrinks by one column at each side,
// so a block produces kBlock - 2 * kPyramid new columns per launch.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "pathfinder_input.h"

#include <cstdio>
#include <vector>

namespace {

constexpr int kBlock = 256;
constexpr int kPyramid = 16;
constexpr int kOutWidth = kBlock - 2 * kPyramid;

__global__ void advanceRows(const int *weights, const int *costIn,
                            int *costOut, int cols, int firstRow, int steps) {
  __shared__ int current[kBlock];
  __shared__ int next[kBlock];

  int tx = threadIdx.x;
  // Global column this thread follows; the window starts kPyramid columns
  // left of the block's output segment.
  int col = blockIdx.x * kOutWidth - kPyramid + tx;
  bool inGrid = col >= 0 && col < cols;

  if (inGrid)
    current[tx] = costIn[col];
  __syncthreads();

  bool exact = false;
  for (int step = 0; step < steps; ++step) {
    // After `step` rows the window's exact part is [step + 1, kBlock - 2 - step].
    exact = tx >= step + 1 && tx <= kBlock - 2 - step && inGrid;
    if (exact) {
      int best = current[tx];
      if (col > 0 && current[tx - 1] < best)
        best = current[tx - 1];
      if (col < cols - 1 && current[tx + 1] < best)
        best = current[tx + 1];
      next[tx] = best + weights[(size_t)(firstRow + step) * cols + col];
    }
    __syncthreads();
    if (exact)
      current[tx] = next[tx];
    __syncthreads();
  }

  // Only the output segment is written: its columns are exact after `steps`.
  if (inGrid && tx >= kPyramid && tx < kPyramid + kOutWidth)
    costOut[col] = current[tx];
}

} // namespace

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  long long colsLL = args.pick(pathfinder::kSmallCols, pathfinder::kDefaultCols);
  int rows = pathfinder::rowsFor(args);
  int cols = static_cast<int>(colsLL);
  std::vector<int32_t> weights = pathfinder::makeWeights(rows, cols);

  int *dWeights, *dCost[2];
  size_t gridBytes = weights.size() * sizeof(int);
  cudaMalloc(&dWeights, gridBytes);
  cudaMalloc(&dCost[0], cols * sizeof(int));
  cudaMalloc(&dCost[1], cols * sizeof(int));
  cudaMemcpy(dWeights, weights.data(), gridBytes, cudaMemcpyHostToDevice);
  // Row 0 of the grid is the starting cost.
  cudaMemcpy(dCost[0], weights.data(), cols * sizeof(int),
             cudaMemcpyHostToDevice);

  int blocks = (cols + kOutWidth - 1) / kOutWidth;
  int src = 0;
  bench::Timer timer;
  timer.start();
  for (int row = 1; row < rows; row += kPyramid) {
    int steps = rows - row < kPyramid ? rows - row : kPyramid;
    advanceRows<<<blocks, kBlock>>>(dWeights, dCost[src], dCost[1 - src], cols,
                                    row, steps);
    src = 1 - src;
  }
  cudaDeviceSynchronize();
  double ms = timer.stop();

  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    std::fprintf(stderr, "pathfinder: %s\n", cudaGetErrorString(err));
    return 1;
  }

  std::vector<int32_t> result(cols);
  cudaMemcpy(result.data(), dCost[src], cols * sizeof(int),
             cudaMemcpyDeviceToHost);
  cudaFree(dWeights);
  cudaFree(dCost[0]);
  cudaFree(dCost[1]);

  bench::report("pathfinder", "cuda", args, ms);
  bench::writeOutput(args, result);
  return 0;
}
