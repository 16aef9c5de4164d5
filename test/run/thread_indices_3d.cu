// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Every thread of a 3D launch writes threadIdx, blockIdx, blockDim and gridDim
// (all three components each) into its own slot; the host checks each value.
#include <cstdio>
#include <vector>

#define NF 12

__global__ void dumpIndices(int *out, unsigned total) {
  unsigned blockLinear =
      (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  unsigned tLinear =
      (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  unsigned id = blockLinear * (blockDim.x * blockDim.y * blockDim.z) + tLinear;
  if (id >= total)
    return;
  int *o = out + id * NF;
  o[0] = threadIdx.x;
  o[1] = threadIdx.y;
  o[2] = threadIdx.z;
  o[3] = blockIdx.x;
  o[4] = blockIdx.y;
  o[5] = blockIdx.z;
  o[6] = blockDim.x;
  o[7] = blockDim.y;
  o[8] = blockDim.z;
  o[9] = gridDim.x;
  o[10] = gridDim.y;
  o[11] = gridDim.z;
}

static bool ok(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
    return false;
  }
  return true;
}

static const char *names[NF] = {"threadIdx.x", "threadIdx.y", "threadIdx.z",
                                "blockIdx.x",  "blockIdx.y",  "blockIdx.z",
                                "blockDim.x",  "blockDim.y",  "blockDim.z",
                                "gridDim.x",   "gridDim.y",   "gridDim.z"};

static bool runCase(dim3 grid, dim3 block) {
  unsigned total = grid.x * grid.y * grid.z * block.x * block.y * block.z;
  std::vector<int> out(total * NF, -1);
  int *dout;
  if (!ok(cudaMalloc(&dout, total * NF * sizeof(int)), "malloc"))
    return false;
  cudaMemset(dout, 0xff, total * NF * sizeof(int));
  dumpIndices<<<grid, block>>>(dout, total);
  if (!ok(cudaGetLastError(), "launch") || !ok(cudaDeviceSynchronize(), "sync"))
    return false;
  cudaMemcpy(out.data(), dout, total * NF * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(dout);
  unsigned id = 0;
  for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx)
        for (unsigned tz = 0; tz < block.z; ++tz)
          for (unsigned ty = 0; ty < block.y; ++ty)
            for (unsigned tx = 0; tx < block.x; ++tx, ++id) {
              int ref[NF] = {(int)tx,      (int)ty,      (int)tz,
                             (int)bx,      (int)by,      (int)bz,
                             (int)block.x, (int)block.y, (int)block.z,
                             (int)grid.x,  (int)grid.y,  (int)grid.z};
              for (int f = 0; f < NF; ++f)
                if (out[id * NF + f] != ref[f]) {
                  printf("FAIL: grid(%u,%u,%u) block(%u,%u,%u) thread %u: %s = "
                         "%d, expected %d\n",
                         grid.x, grid.y, grid.z, block.x, block.y, block.z, id,
                         names[f], out[id * NF + f], ref[f]);
                  return false;
                }
            }
  return true;
}

int main() {
  if (!runCase(dim3(3, 4, 5), dim3(5, 3, 2)))
    return 1;
  if (!runCase(dim3(2, 3, 2), dim3(7, 1, 3)))
    return 1;
  if (!runCase(dim3(1, 1, 7), dim3(1, 9, 1)))
    return 1;
  if (!runCase(dim3(5, 1, 1), dim3(2, 2, 2)))
    return 1;
  if (!runCase(dim3(1), dim3(1)))
    return 1;
  printf("PASS\n");
  return 0;
}
