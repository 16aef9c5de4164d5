// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: env CUCPU_NUM_THREADS=3 %t | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-block-runs %s -o %t0 && %t0 | FileCheck %s
// CHECK: grid 7x3x2: PASS
// CHECK: grid 1x1x1: PASS
// CHECK: grid 1000x1x1: PASS
// CHECK: grid 3x200x1: PASS
// CHECK: grid 65x2x3: PASS
// CHECK: PASS

// Workers get runs of neighbouring blocks along x. Every block of grids of
// several shapes (one block, one long row, many short rows, 3D) must run
// exactly once, with its own indices and its shared memory, here a tile
// that the block's threads fill and sum.
#include <cstdio>
#include <vector>

__global__ void stamp(int *count, int *value) {
  __shared__ int tile[64];
  int t = threadIdx.x;
  tile[t] = t + blockIdx.x;
  __syncthreads();
  int b = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  if (t == 0) {
    int sum = 0;
    for (int i = 0; i < 64; ++i)
      sum += tile[i];
    atomicAdd(&count[b], 1);
    value[b] = sum * 3 + blockIdx.y * 7 + blockIdx.z * 11;
  }
}

static bool check(dim3 grid) {
  int blocks = grid.x * grid.y * grid.z;
  int *count, *value;
  cudaMallocManaged(&count, blocks * sizeof(int));
  cudaMallocManaged(&value, blocks * sizeof(int));
  for (int b = 0; b < blocks; ++b)
    count[b] = value[b] = 0;
  stamp<<<grid, 64>>>(count, value);
  cudaDeviceSynchronize();
  bool ok = true;
  for (unsigned z = 0; z < grid.z; ++z)
    for (unsigned y = 0; y < grid.y; ++y)
      for (unsigned x = 0; x < grid.x; ++x) {
        int b = (z * grid.y + y) * grid.x + x;
        int expected = (64 * 63 / 2 + 64 * (int)x) * 3 + y * 7 + z * 11;
        if (count[b] != 1 || value[b] != expected) {
          if (ok)
            std::printf("block (%u,%u,%u): ran %d times, value %d, expected "
                        "%d\n",
                        x, y, z, count[b], value[b], expected);
          ok = false;
        }
      }
  std::printf("grid %ux%ux%u: %s\n", grid.x, grid.y, grid.z,
              ok ? "PASS" : "FAIL");
  cudaFree(count);
  cudaFree(value);
  return ok;
}

int main() {
  bool ok = check(dim3(7, 3, 2));
  ok = check(dim3(1, 1, 1)) && ok;
  ok = check(dim3(1000, 1, 1)) && ok;
  ok = check(dim3(3, 200, 1)) && ok;
  ok = check(dim3(65, 2, 3)) && ok;
  std::printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
