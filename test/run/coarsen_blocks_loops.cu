// RUN: %cucpu -O2 -Rpass=cucpu -Rpass-missed=cucpu %s -o %t 2> %t.remarks && %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %cucpu -O2 -fno-cucpu-coarsen-blocks %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -fcucpu-coarsen-blocks=3 %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// Blocks whose phases sit in a loop around barriers. When every block
// takes the loop the same number of times (a count from a kernel argument),
// neighbouring blocks run each phase together, the loop once for the group:
// REMARK-DAG: coarsen_blocks_loops.cu:[[# @LINE + 17]]:{{.*}} 8 neighbouring blocks along x run each phase together
// When the count depends on the block, they do not:
// REMARK-DAG: coarsen_blocks_loops.cu:[[# @LINE + 35]]:{{.*}} not coarsened: {{.*}}its phases sit inside a loop or branch whose path may differ between blocks
//
// Each step smooths a block's 16x16 tile of a row-major grid in shared
// memory (the mean of a cell and its right neighbour, written to a second
// tile) and copies it back with each row reversed, as hotspot's pyramid
// steps do (the copy reads another thread's cell, so the value cannot stay
// in the thread). The grid's sides are
// not multiples of 16 and the grid is not a multiple of 8 blocks wide, so
// groups and tiles are partial.
#include <cmath>
#include <cstdio>
#include <vector>

constexpr int kTile = 16;

__global__ void smoothSteps(const float *in, float *out, int rows, int cols,
                            int steps) {
  __shared__ float tile[kTile][kTile + 1];
  __shared__ float next[kTile][kTile];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  tile[ty][tx] = row < rows && col < cols ? in[row * cols + col] : 0.0f;
  if (tx == 0)
    tile[ty][kTile] = 0.0f;
  __syncthreads();
  for (int s = 0; s < steps; ++s) {
    next[ty][tx] = 0.5f * (tile[ty][tx] + tile[ty][tx + 1]);
    __syncthreads();
    tile[ty][tx] = next[ty][kTile - 1 - tx];
    __syncthreads();
  }
  if (row < rows && col < cols)
    out[row * cols + col] = tile[ty][tx];
}

__global__ void smoothBlockSteps(const float *in, float *out, int rows,
                                 int cols) {
  __shared__ float tile[kTile][kTile + 1];
  __shared__ float next[kTile][kTile];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  tile[ty][tx] = row < rows && col < cols ? in[row * cols + col] : 0.0f;
  if (tx == 0)
    tile[ty][kTile] = 0.0f;
  __syncthreads();
  for (int s = 0; s < (int)(blockIdx.x % 3) + 1; ++s) {
    next[ty][tx] = 0.5f * (tile[ty][tx] + tile[ty][tx + 1]);
    __syncthreads();
    tile[ty][tx] = next[ty][kTile - 1 - tx];
    __syncthreads();
  }
  if (row < rows && col < cols)
    out[row * cols + col] = tile[ty][tx];
}

__global__ void smoothFirstBlockMore(const float *in, float *out, int rows,
                                     int cols, int steps) {
  __shared__ float tile[kTile][kTile + 1];
  __shared__ float next[kTile][kTile];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  tile[ty][tx] = row < rows && col < cols ? in[row * cols + col] : 0.0f;
  if (tx == 0)
    tile[ty][kTile] = 0.0f;
  // The count is the same constant in every store, but the first block
  // stores another one.
  int count = steps;
  if (blockIdx.x == 0)
    count = steps + 2;
  __syncthreads();
  for (int s = 0; s < count; ++s) {
    next[ty][tx] = 0.5f * (tile[ty][tx] + tile[ty][tx + 1]);
    __syncthreads();
    tile[ty][tx] = next[ty][kTile - 1 - tx];
    __syncthreads();
  }
  if (row < rows && col < cols)
    out[row * cols + col] = tile[ty][tx];
}

static void reference(const std::vector<float> &in, std::vector<float> &out,
                      int rows, int cols, int fixedSteps) {
  for (int by = 0; by * kTile < rows; ++by)
    for (int bx = 0; bx * kTile < cols; ++bx) {
      float tile[kTile][kTile + 1];
      for (int ty = 0; ty < kTile; ++ty) {
        for (int tx = 0; tx < kTile; ++tx) {
          int row = by * kTile + ty, col = bx * kTile + tx;
          tile[ty][tx] =
              row < rows && col < cols ? in[row * cols + col] : 0.0f;
        }
        tile[ty][kTile] = 0.0f;
      }
      int steps = fixedSteps >= 0 ? fixedSteps : bx % 3 + 1;
      if (fixedSteps < -1)
        steps = -fixedSteps - 2 + (bx == 0 ? 2 : 0);
      for (int s = 0; s < steps; ++s)
        for (int ty = 0; ty < kTile; ++ty) {
          float next[kTile];
          for (int tx = 0; tx < kTile; ++tx)
            next[tx] = 0.5f * (tile[ty][tx] + tile[ty][tx + 1]);
          for (int tx = 0; tx < kTile; ++tx)
            tile[ty][tx] = next[kTile - 1 - tx];
        }
      for (int ty = 0; ty < kTile; ++ty)
        for (int tx = 0; tx < kTile; ++tx) {
          int row = by * kTile + ty, col = bx * kTile + tx;
          if (row < rows && col < cols)
            out[row * cols + col] = tile[ty][tx];
        }
    }
}

int main() {
  const int rows = 45, cols = 211, steps = 3;
  std::vector<float> in(rows * cols), want(rows * cols), got(rows * cols);
  for (int i = 0; i < rows * cols; ++i)
    in[i] = (float)((i * 37) % 101) / 7.0f;
  float *dIn, *dOut;
  cudaMalloc(&dIn, in.size() * sizeof(float));
  cudaMalloc(&dOut, in.size() * sizeof(float));
  cudaMemcpy(dIn, in.data(), in.size() * sizeof(float),
             cudaMemcpyHostToDevice);
  dim3 block(kTile, kTile);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  int bad = 0;
  for (int kernel = 0; kernel < 3; ++kernel) {
    if (kernel == 0)
      smoothSteps<<<grid, block>>>(dIn, dOut, rows, cols, steps);
    else if (kernel == 1)
      smoothBlockSteps<<<grid, block>>>(dIn, dOut, rows, cols);
    else
      smoothFirstBlockMore<<<grid, block>>>(dIn, dOut, rows, cols, steps);
    cudaMemcpy(got.data(), dOut, got.size() * sizeof(float),
               cudaMemcpyDeviceToHost);
    reference(in, want, rows, cols,
              kernel == 0 ? steps : kernel == 1 ? -1 : -(steps + 2));
    for (int i = 0; i < rows * cols; ++i)
      if (got[i] != want[i]) {
        if (bad < 5)
          printf("kernel %d: cell %d = %g, want %g\n", kernel, i, got[i],
                 want[i]);
        ++bad;
      }
  }
  cudaFree(dIn);
  cudaFree(dOut);
  printf(bad ? "FAIL\n" : "PASS\n");
  return 0;
}
