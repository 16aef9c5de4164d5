// RUN: %cucpu -O2 -Rpass=cucpu %s -o %t 2> %t.remarks && %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %cucpu -O2 -fno-cucpu-coarsen-blocks %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-coarsen-blocks -Rpass=cucpu %s -o %t1 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: %cucpu -O2 -fno-cucpu-row-versioning %s -o %t2 && %t2 | FileCheck %s
// RUN: %cucpu -O2 -fcucpu-coarsen-blocks=3 -Rpass=cucpu %s -o %t3 2> %t3.remarks && %t3 | FileCheck %s
// RUN: FileCheck %s --check-prefix=THREE < %t3.remarks
// RUN: not %cucpu -fcucpu-coarsen-blocks=0 %s -o %t4 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %cucpu -O2 -fno-cucpu-hoist-version-checks %s -o %t5 && %t5 | FileCheck %s
// CHECK: PASS
// REMARK: coarsen_blocks.cu:{{[0-9]+}}:{{[0-9]+}}: remark: cucpu: 8 neighbouring blocks along x run each phase together, for blocks of 16x16x1
// The update's guard (`col < n`) reads the row's multiplier under the mask:
// row versioning copies it for the groups away from the matrix's edge.
// REMARK: comparison(s) of x hold for the whole row
// That copy's check is made once per group for all its blocks and rows.
// REMARK: coarsen_blocks.cu:[[# @LINE + 27]]:3: remark: cucpu: check for the copy without this guard's comparisons made once for the 2 loop(s) around it
// OFF-NOT: neighbouring blocks
// THREE: remark: cucpu: 3 neighbouring blocks along x run each phase together
// BAD: error: -fcucpu-coarsen-blocks= wants a number of blocks from 1 to 1024, not '0'

// Gaussian elimination's update over 2D blocks with shared row multipliers
// and pivot row, launched with the block size the file writes (16x16: the
// coarsened, specialized copy runs) and, through cudaLaunchKernel, with
// another size (8x8: the original loop runs). The matrix side is not a
// multiple of the block size, so some blocks and groups are partial.
#include <cmath>
#include <cstdio>
#include <vector>

constexpr int kMaxTile = 16;

__global__ void eliminate(float *a, const float *mult, int n, int t) {
  __shared__ float rowMult[kMaxTile];
  __shared__ float pivotRow[kMaxTile];
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = t + 1 + blockIdx.y * blockDim.y + ty;
  int j = t + blockIdx.x * blockDim.x + tx;
  if (tx == 0 && i < n)
    rowMult[ty] = mult[i];
  if (ty == 0 && j < n)
    pivotRow[tx] = a[(size_t)t * n + j];
  __syncthreads();
  if (i < n && j < n)
    a[(size_t)i * n + j] -= rowMult[ty] * pivotRow[tx];
}

static bool run(int n, int steps, int tile, std::vector<float> &dev) {
  std::vector<float> a(n * n), mult(n);
  for (int i = 0; i < n; ++i) {
    mult[i] = 0.01f * (i % 7) - 0.03f;
    for (int j = 0; j < n; ++j)
      a[i * n + j] = 1.0f + 0.001f * ((i * 31 + j * 17) % 101);
  }
  std::vector<float> ref = a;
  for (int t = 0; t < steps; ++t)
    for (int i = t + 1; i < n; ++i)
      for (int j = t; j < n; ++j)
        ref[(size_t)i * n + j] -= mult[i] * ref[(size_t)t * n + j];

  float *dA, *dMult;
  cudaMalloc(&dA, a.size() * sizeof(float));
  cudaMalloc(&dMult, n * sizeof(float));
  cudaMemcpy(dA, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dMult, mult.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  for (int t = 0; t < steps; ++t) {
    dim3 grid((n - t + tile - 1) / tile, (n - 1 - t + tile - 1) / tile);
    if (tile == 16) {
      dim3 block(16, 16);
      eliminate<<<grid, block>>>(dA, dMult, n, t);
    } else {
      // A launch the frontend does not see.
      void *args[] = {&dA, &dMult, &n, &t};
      cudaLaunchKernel((const void *)eliminate, grid, dim3(tile, tile), args, 0,
                       0);
    }
  }
  dev.resize(a.size());
  cudaMemcpy(dev.data(), dA, a.size() * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(dA);
  cudaFree(dMult);
  int bad = 0;
  for (size_t k = 0; k < a.size(); ++k)
    if (std::fabs(dev[k] - ref[k]) > 1e-4f * std::fabs(ref[k]) + 1e-5f) {
      if (bad < 5)
        printf("tile %d: a[%zu] = %g, want %g\n", tile, k, dev[k], ref[k]);
      ++bad;
    }
  return bad == 0;
}

int main() {
  std::vector<float> dev;
  bool ok = run(203, 40, 16, dev) && run(203, 40, 8, dev) &&
            run(16, 3, 16, dev);
  printf(ok ? "PASS\n" : "FAIL\n");
  return 0;
}
