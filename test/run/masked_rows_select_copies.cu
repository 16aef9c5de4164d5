// RUN: %cucpu -O2 -Rpass=cucpu %s -o %t 2> %t.remarks && %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %cucpu -O2 -fno-cucpu-select-versioning -fno-cucpu-masked-rows -fno-cucpu-rolled-thread-loops %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-masked-rows %s -o %t1 && %t1 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-row-versioning %s -o %t2 && %t2 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-coarsen-blocks %s -o %t4 && %t4 | FileCheck %s
// RUN: %cucpu -O2 -Rpass=cucpu -Rpass-missed=cucpu %s -o %t3 2>&1 | FileCheck %s --check-prefix=GROUPS
// Its steps loop takes the same path in every block (a constant count):
// neighbouring blocks run each phase together, the loop once per group.
// GROUPS: masked_rows_select_copies.cu:[[# @LINE + 18]]:17: remark: cucpu: 8 neighbouring blocks along x run each phase together
// CHECK: PASS
// REMARK-DAG: masked_rows_select_copies.cu:[[# @LINE + 16]]:{{.*}} thread loop copied for the blocks in which 4 select condition(s) hold for every thread
// REMARK-DAG: masked_rows_select_copies.cu:[[# @LINE + 30]]:{{.*}} comparison(s) of x kept as a mask

// A pyramid step over 16x16 tiles, as hotspot takes it: a cell's neighbour
// is itself at the grid's edge (`left = col > 0 ? tx - 1 : tx`), and step s
// updates the cells s+1 .. 14-s of the tile. The tile loop gets a copy for
// the blocks away from the edges, where the selects pick the neighbours; the
// comparisons of x in the guard stay a mask over the row of 16. Grid sides
// that are not a multiple of the tile's output leave partial tiles at the
// right and bottom edges, and a grid narrower than a tile has edges on both
// sides of one block.
#include <cstdio>
#include <vector>

constexpr int kTile = 16, kSteps = 2, kOut = kTile - 2 * kSteps;

__global__ void pyramid(const float *in, float *out, int rows, int cols) {
  __shared__ float cur[kTile][kTile];
  __shared__ float next[kTile][kTile];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * kOut - kSteps + ty;
  int col = blockIdx.x * kOut - kSteps + tx;
  bool onGrid = row >= 0 && row < rows && col >= 0 && col < cols;
  if (onGrid)
    cur[ty][tx] = in[row * cols + col];
  __syncthreads();
  int up = row > 0 ? ty - 1 : ty, down = row < rows - 1 ? ty + 1 : ty;
  int left = col > 0 ? tx - 1 : tx, right = col < cols - 1 ? tx + 1 : tx;
  for (int s = 0; s < kSteps; ++s) {
    bool live = onGrid && tx > s && tx < kTile - 1 - s && ty > s &&
                ty < kTile - 1 - s;
    if (live)
      next[ty][tx] = 0.5f * cur[ty][tx] +
                     0.125f * (cur[up][tx] + cur[down][tx] + cur[ty][left] +
                               cur[ty][right]);
    __syncthreads();
    if (live)
      cur[ty][tx] = next[ty][tx];
    __syncthreads();
  }
  if (onGrid && tx >= kSteps && tx < kTile - kSteps && ty >= kSteps &&
      ty < kTile - kSteps)
    out[row * cols + col] = cur[ty][tx];
}

// The same two steps over the whole grid.
static std::vector<float> reference(std::vector<float> a, int rows, int cols) {
  std::vector<float> b(a.size());
  for (int s = 0; s < kSteps; ++s) {
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        int u = r > 0 ? r - 1 : r, d = r < rows - 1 ? r + 1 : r;
        int l = c > 0 ? c - 1 : c, rt = c < cols - 1 ? c + 1 : c;
        b[r * cols + c] =
            0.5f * a[r * cols + c] +
            0.125f * (a[u * cols + c] + a[d * cols + c] + a[r * cols + l] +
                      a[r * cols + rt]);
      }
    a.swap(b);
  }
  return a;
}

int main() {
  int failures = 0;
  const int shapes[][2] = {{50, 61}, {13, 9}, {24, 24}, {1, 30}};
  for (auto [rows, cols] : shapes) {
    std::vector<float> host(rows * cols);
    for (int i = 0; i < rows * cols; ++i)
      host[i] = (float)((i * 37) % 101);
    float *dIn, *dOut;
    cudaMalloc(&dIn, host.size() * sizeof(float));
    cudaMalloc(&dOut, host.size() * sizeof(float));
    cudaMemcpy(dIn, host.data(), host.size() * sizeof(float),
               cudaMemcpyHostToDevice);
    dim3 block(kTile, kTile);
    dim3 grid((cols + kOut - 1) / kOut, (rows + kOut - 1) / kOut);
    pyramid<<<grid, block>>>(dIn, dOut, rows, cols);
    std::vector<float> got(host.size());
    cudaMemcpy(got.data(), dOut, got.size() * sizeof(float),
               cudaMemcpyDeviceToHost);
    std::vector<float> want = reference(host, rows, cols);
    for (int i = 0; i < rows * cols; ++i)
      if (got[i] != want[i] && failures++ < 10)
        printf("FAIL %dx%d cell %d: got %g, want %g\n", rows, cols, i,
               got[i], want[i]);
    cudaFree(dIn);
    cudaFree(dOut);
  }
  if (failures == 0)
    printf("PASS\n");
  return failures != 0;
}
