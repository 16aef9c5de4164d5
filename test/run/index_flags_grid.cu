// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-index-flags %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -Rpass=cucpu -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %cucpu -O2 -S -emit-llvm --cuda-device-only %s -o - | FileCheck %s --check-prefix=IR
// CHECK: small grid: negatives 0, largest 268435455: PASS
// CHECK: large grid: negatives 1024, largest 2147483647: PASS
// CHECK: stencil: PASS
// The count kernel runs the copy for the small grid, the original for the
// large one.
// REMARK: versioned for grids of at most 262144 blocks along x
// IR: define {{.*}}stencilPKfPfi(
// IR-NOT: ashr
// IR: define {{.*}}register_device_module

// `int i = blockIdx.x * blockDim.x + threadIdx.x` is unsigned arithmetic
// converted to int. cucpu proves it free of wrap for grids of at most
// 2^28 threads along x (a copy of the block loop) and keeps the wrapping
// code for larger ones: there, the threads past 2^31 - 1 see a negative i,
// as on a GPU. The blocks before `skip` return at once, so the 2^31-thread
// grid costs little.
//
// The IR check: the stencil (unsigned index arithmetic on blockIdx.y and
// blockIdx.x) computes its addresses in 64 bits, without a shift that
// re-extends a 32-bit index (there is one without the no-wrap flags).

#include <cstdio>

__global__ void countNegative(int *negatives, int *largest, unsigned skip) {
  if (blockIdx.x < skip)
    return;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 0)
    atomicAdd(negatives, 1);
  else
    atomicMax(largest, i);
}

// Tiles of 16x16 threads overlapping by one cell on each side, as in
// hotspot: row and column start one before the block's 14x14 outputs.
__global__ void stencil(const float *in, float *out, int n) {
  int row = blockIdx.y * 14 - 1 + threadIdx.y;
  int col = blockIdx.x * 14 - 1 + threadIdx.x;
  bool inner = threadIdx.x > 0 && threadIdx.x < 15 && threadIdx.y > 0 &&
               threadIdx.y < 15;
  if (inner && row < n && col < n) {
    float up = row > 0 ? in[(row - 1) * n + col] : 0.0f;
    float left = col > 0 ? in[row * n + col - 1] : 0.0f;
    out[row * n + col] = in[row * n + col] + 0.5f * up + 0.25f * left;
  }
}

static bool countRun(const char *name, unsigned blocks, unsigned skip,
                     int wantNegatives, int wantLargest) {
  int *d;
  cudaMalloc(&d, 2 * sizeof(int));
  int init[2] = {0, -1};
  cudaMemcpy(d, init, sizeof init, cudaMemcpyHostToDevice);
  countNegative<<<blocks, 1024>>>(d, d + 1, skip);
  int got[2];
  cudaMemcpy(got, d, sizeof got, cudaMemcpyDeviceToHost);
  cudaFree(d);
  bool ok = got[0] == wantNegatives && got[1] == wantLargest;
  std::printf("%s: negatives %d, largest %d: %s\n", name, got[0], got[1],
              ok ? "PASS" : "FAIL");
  return ok;
}

int main() {
  // 2^18 blocks of 1024 threads: 2^28 threads, the copy's limit.
  bool ok = countRun("small grid", 1u << 18, (1u << 18) - 4, 0, (1 << 28) - 1);
  // 2^21 + 1 blocks: the last block's threads are 2^31 and above.
  ok &= countRun("large grid", (1u << 21) + 1, (1u << 21) - 3, 1024,
                 2147483647);

  const int n = 100;
  const int cells = n * n;
  float hIn[cells], hOut[cells], ref[cells];
  for (int k = 0; k < cells; ++k)
    hIn[k] = (float)(k % 17) - 8.0f;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      float up = r > 0 ? hIn[(r - 1) * n + c] : 0.0f;
      float left = c > 0 ? hIn[r * n + c - 1] : 0.0f;
      ref[r * n + c] = hIn[r * n + c] + 0.5f * up + 0.25f * left;
    }
  float *dIn, *dOut;
  cudaMalloc(&dIn, sizeof hIn);
  cudaMalloc(&dOut, sizeof hOut);
  cudaMemcpy(dIn, hIn, sizeof hIn, cudaMemcpyHostToDevice);
  cudaMemset(dOut, 0, sizeof hOut);
  int tiles = (n + 13) / 14;
  stencil<<<dim3(tiles, tiles), dim3(16, 16)>>>(dIn, dOut, n);
  cudaMemcpy(hOut, dOut, sizeof hOut, cudaMemcpyDeviceToHost);
  bool same = true;
  for (int k = 0; k < cells; ++k)
    same &= hOut[k] == ref[k];
  std::printf("stencil: %s\n", same ? "PASS" : "FAIL");
  cudaFree(dIn);
  cudaFree(dOut);
  std::printf("%s\n", ok && same ? "PASS" : "FAIL");
  return ok && same ? 0 : 1;
}
