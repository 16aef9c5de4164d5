// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// One kernel launched several times with different configurations: a single
// thread, odd-sized 1D grids, and a 3D grid of 3D blocks. Each thread writes
// its global linear id (tag + id) to out[id]; ids past `limit` write nothing.
#include <cstdio>
#include <vector>

__global__ void writeId(int *out, int limit, int tag) {
  int bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
  int blockLinear = (bz * gridDim.y + by) * gridDim.x + bx;
  int threadsPerBlock = blockDim.x * blockDim.y * blockDim.z;
  int tLinear = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  int id = blockLinear * threadsPerBlock + tLinear;
  if (id < limit)
    out[id] = tag + id;
}

static bool ok(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
    return false;
  }
  return true;
}

struct Config {
  dim3 grid, block;
  int limit;
};

int main() {
  const int cap = 4096;
  int *dout;
  if (!ok(cudaMalloc(&dout, cap * sizeof(int)), "malloc"))
    return 1;
  Config cfgs[] = {
      {dim3(1), dim3(1), 1},
      {dim3(7), dim3(13), 7 * 13},
      {dim3(5), dim3(33), 150},        // limit below the thread count
      {dim3(3, 2, 2), dim3(4, 3, 2), 3 * 2 * 2 * 4 * 3 * 2},
      {dim3(1), dim3(1000), 999},
      {dim3(11, 3), dim3(5, 7), 11 * 3 * 5 * 7},
      {dim3(2, 1, 3), dim3(1, 1, 9), 54},
  };
  int ncfg = sizeof(cfgs) / sizeof(cfgs[0]);
  std::vector<int> out(cap);
  for (int c = 0; c < ncfg; ++c) {
    const Config &cf = cfgs[c];
    int tag = (c + 1) * 100000;
    cudaMemset(dout, 0xff, cap * sizeof(int));
    writeId<<<cf.grid, cf.block>>>(dout, cf.limit, tag);
    if (!ok(cudaGetLastError(), "launch")) return 1;
    if (!ok(cudaDeviceSynchronize(), "sync")) return 1;
    cudaMemcpy(out.data(), dout, cap * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < cap; ++i) {
      int ref = i < cf.limit ? tag + i : -1;
      if (out[i] != ref) {
        printf("FAIL: config %d grid(%u,%u,%u) block(%u,%u,%u): out[%d] = %d, "
               "expected %d\n",
               c, cf.grid.x, cf.grid.y, cf.grid.z, cf.block.x, cf.block.y,
               cf.block.z, i, out[i], ref);
        return 1;
      }
    }
  }
  // The same kernel launched with plain int configurations, back to back,
  // without synchronizing between them: later launches overwrite earlier ones.
  cudaMemset(dout, 0xff, cap * sizeof(int));
  writeId<<<4, 100>>>(dout, 400, 1);
  writeId<<<3, 50>>>(dout, 140, 2);
  writeId<<<1, 9>>>(dout, 9, 3);
  if (!ok(cudaGetLastError(), "launch int cfg")) return 1;
  if (!ok(cudaDeviceSynchronize(), "sync")) return 1;
  cudaMemcpy(out.data(), dout, cap * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < cap; ++i) {
    int ref = i < 9 ? 3 + i : i < 140 ? 2 + i : i < 400 ? 1 + i : -1;
    if (out[i] != ref) {
      printf("FAIL: chained launches: out[%d] = %d, expected %d\n", i, out[i], ref);
      return 1;
    }
  }
  cudaFree(dout);
  printf("PASS\n");
  return 0;
}
