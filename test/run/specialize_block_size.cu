// RUN: %cucpu -O2 -Rpass=cucpu %s -o %t 2> %t.remarks && %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %cucpu -O2 -fno-cucpu-specialize-block-size %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-specialize-block-size -Rpass=cucpu %s -o %t1 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// CHECK: tiles: 32x4 PASS
// CHECK: tiles: 16x2 PASS
// CHECK: tiles: 7x3 PASS
// CHECK: PASS
// REMARK: specialize_block_size.cu:{{[0-9]+}}:{{[0-9]+}}: remark: cucpu: kernel copied for its launches' block size 32x4x1 (as constants), run when a launch has it
// REMARK-NOT: kernel copied
// OFF-NOT: kernel copied

// A kernel whose threads use the block size everywhere: a strided copy into
// shared memory (`for (i = t; i < n; i += blockDim.x * blockDim.y)`), 2D
// indices, a tree reduction over the block's threads with barriers, and a
// per-block result. The file launches it with the block size it writes
// (32x4: the specialized copy runs) and, through cudaLaunchKernel, with
// others (the original body runs); the reference below computes the same
// per-block sums in plain C++.
#include <cstdio>
#include <vector>

constexpr int kTileItems = 256;
constexpr int kMaxThreads = 128;

__global__ void tileSums(const int *in, int n, int *sums, int *scaled) {
  __shared__ int tile[kTileItems];
  __shared__ int partial[kMaxThreads];
  int threads = blockDim.x * blockDim.y;
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int base = blockIdx.x * kTileItems;
  for (int i = t; i < kTileItems; i += threads)
    tile[i] = base + i < n ? in[base + i] : 0;
  __syncthreads();
  int mine = 0;
  for (int i = t; i < kTileItems; i += threads)
    mine += tile[i] * (1 + (i % 3));
  partial[t] = mine;
  __syncthreads();
  // The number of threads need not be a power of two.
  for (int width = 1; width < threads; width *= 2) {
    int other = t + width;
    int add = (t % (2 * width) == 0 && other < threads) ? partial[other] : 0;
    __syncthreads();
    partial[t] += add;
    __syncthreads();
  }
  if (t == 0)
    sums[blockIdx.x] = partial[0];
  // Every thread writes one element per row of the block's own slice.
  int row = threadIdx.y, col = threadIdx.x;
  scaled[(blockIdx.x * blockDim.y + row) * blockDim.x + col] =
      tile[(row * blockDim.x + col) % kTileItems] * (int)blockDim.x;
}

static bool run(int bx, int by, const std::vector<int> &in) {
  int n = (int)in.size();
  int blocks = (n + kTileItems - 1) / kTileItems;
  std::vector<int> want(blocks, 0), wantScaled((size_t)blocks * bx * by);
  for (int b = 0; b < blocks; ++b) {
    for (int i = 0; i < kTileItems; ++i) {
      int v = b * kTileItems + i < n ? in[b * kTileItems + i] : 0;
      want[b] += v * (1 + (i % 3));
    }
    for (int r = 0; r < by; ++r)
      for (int c = 0; c < bx; ++c) {
        int i = (r * bx + c) % kTileItems;
        int v = b * kTileItems + i < n ? in[b * kTileItems + i] : 0;
        wantScaled[((size_t)b * by + r) * bx + c] = v * bx;
      }
  }

  int *dIn, *dSums, *dScaled;
  cudaMalloc(&dIn, n * sizeof(int));
  cudaMalloc(&dSums, blocks * sizeof(int));
  cudaMalloc(&dScaled, wantScaled.size() * sizeof(int));
  cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  if (bx == 32 && by == 4) {
    dim3 block(32, 4);
    tileSums<<<blocks, block>>>(dIn, n, dSums, dScaled);
  } else {
    // A launch the frontend does not see.
    void *args[] = {&dIn, &n, &dSums, &dScaled};
    cudaLaunchKernel((const void *)tileSums, dim3(blocks), dim3(bx, by), args,
                     0, 0);
  }
  std::vector<int> sums(blocks), scaled(wantScaled.size());
  cudaMemcpy(sums.data(), dSums, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(scaled.data(), dScaled, scaled.size() * sizeof(int),
             cudaMemcpyDeviceToHost);
  cudaFree(dIn);
  cudaFree(dSums);
  cudaFree(dScaled);
  int bad = 0;
  for (int b = 0; b < blocks; ++b)
    if (sums[b] != want[b] && bad++ < 5)
      printf("%dx%d: block %d sums to %d, want %d\n", bx, by, b, sums[b],
             want[b]);
  for (size_t k = 0; k < scaled.size(); ++k)
    if (scaled[k] != wantScaled[k] && bad++ < 5)
      printf("%dx%d: scaled[%zu] = %d, want %d\n", bx, by, k, scaled[k],
             wantScaled[k]);
  printf("tiles: %dx%d %s\n", bx, by, bad == 0 ? "PASS" : "FAIL");
  return bad == 0;
}

int main() {
  std::vector<int> in(1000);
  for (int i = 0; i < (int)in.size(); ++i)
    in[i] = (i * 37) % 101 - 50;
  bool ok = run(32, 4, in);
  ok &= run(16, 2, in);
  ok &= run(7, 3, in);
  printf(ok ? "PASS\n" : "FAIL\n");
  return 0;
}
