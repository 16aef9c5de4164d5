// hotspot.cu - 2D transient thermal simulation, CUDA version.
//
// Pyramid (ghost-zone) tiling: each 16x16 block loads a tile of temperatures
// into shared memory and advances it PYRAMID_HEIGHT time steps without going
// back to global memory. After every step the ring of cells whose neighbours
// are no longer up to date is dropped, so a block writes only the inner
// (16 - 2*PYRAMID_HEIGHT)^2 cells of its tile; neighbouring tiles overlap by
// the ghost zone.
#include "bench.h"
#include "hotspot_input.h"

#include <cstdio>
#include <cuda_runtime.h>

#define TILE 16
#define PYRAMID_HEIGHT 2

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_),    \
              __FILE__, __LINE__);                                             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void hotspotKernel(const float *__restrict__ power,
                              const float *__restrict__ tempIn,
                              float *__restrict__ tempOut, int rows, int cols,
                              int steps, float stepDivCap, float invRx,
                              float invRy, float invRz, float amb) {
  __shared__ float cur[TILE][TILE];
  __shared__ float next[TILE][TILE];
  __shared__ float pw[TILE][TILE];

  const int outSide = TILE - 2 * PYRAMID_HEIGHT;
  int tx = threadIdx.x, ty = threadIdx.y;
  // Global cell of this thread: the tile starts PYRAMID_HEIGHT cells before
  // the block's output region.
  int row = blockIdx.y * outSide - PYRAMID_HEIGHT + ty;
  int col = blockIdx.x * outSide - PYRAMID_HEIGHT + tx;
  bool onChip = row >= 0 && row < rows && col >= 0 && col < cols;

  if (onChip) {
    cur[ty][tx] = tempIn[row * cols + col];
    pw[ty][tx] = power[row * cols + col];
  }
  __syncthreads();

  // Neighbours inside the tile; at the chip's edges a cell is its own
  // neighbour (no heat flows through the border).
  int up = row > 0 ? ty - 1 : ty;
  int down = row < rows - 1 ? ty + 1 : ty;
  int left = col > 0 ? tx - 1 : tx;
  int right = col < cols - 1 ? tx + 1 : tx;

  bool live = false;
  for (int s = 0; s < steps; ++s) {
    // After s steps only cells s..TILE-1-s of the tile are exact, so step s
    // can update the cells whose neighbours all lie in that range.
    live = onChip && tx > s && tx < TILE - 1 - s && ty > s && ty < TILE - 1 - s;
    if (live) {
      float t = cur[ty][tx];
      next[ty][tx] =
          t + stepDivCap * (pw[ty][tx] +
                            (cur[down][tx] + cur[up][tx] - 2.0f * t) * invRy +
                            (cur[ty][right] + cur[ty][left] - 2.0f * t) * invRx +
                            (amb - t) * invRz);
    }
    __syncthreads();
    if (live)
      cur[ty][tx] = next[ty][tx];
    __syncthreads();
  }

  // The block's own output region.
  if (onChip && tx >= PYRAMID_HEIGHT && tx < TILE - PYRAMID_HEIGHT &&
      ty >= PYRAMID_HEIGHT && ty < TILE - PYRAMID_HEIGHT)
    tempOut[row * cols + col] = cur[ty][tx];
}

int main(int argc, char **argv) {
  bench::Args args = bench::parseArgs(argc, argv);
  hotspot::Problem prob = hotspot::makeProblem(args);
  hotspot::Coefficients k = hotspot::coefficients();
  int n = prob.side;
  size_t cells = (size_t)n * n;
  size_t bytes = cells * sizeof(float);

  float *dPower, *dTemp[2];
  CHECK(cudaMalloc(&dPower, bytes));
  CHECK(cudaMalloc(&dTemp[0], bytes));
  CHECK(cudaMalloc(&dTemp[1], bytes));
  CHECK(cudaMemcpy(dPower, prob.power.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dTemp[0], prob.temp.data(), bytes, cudaMemcpyHostToDevice));

  const int outSide = TILE - 2 * PYRAMID_HEIGHT;
  int blocksPerSide = (n + outSide - 1) / outSide;
  dim3 grid(blocksPerSide, blocksPerSide);
  dim3 block(TILE, TILE);

  bench::Timer timer;
  timer.start();
  int src = 0;
  for (int done = 0; done < prob.steps; done += PYRAMID_HEIGHT) {
    int steps = prob.steps - done < PYRAMID_HEIGHT ? prob.steps - done
                                                    : PYRAMID_HEIGHT;
    hotspotKernel<<<grid, block>>>(dPower, dTemp[src], dTemp[1 - src], n, n,
                                   steps, k.stepDivCap, k.invRx, k.invRy,
                                   k.invRz, k.amb);
    src = 1 - src;
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double ms = timer.stop();

  std::vector<float> result(cells);
  CHECK(cudaMemcpy(result.data(), dTemp[src], bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(dPower));
  CHECK(cudaFree(dTemp[0]));
  CHECK(cudaFree(dTemp[1]));

  bench::report("hotspot", "cuda", args, ms);
  bench::writeOutput(args, result);
  return 0;
}
