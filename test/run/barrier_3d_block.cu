// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// 3D blocks of 8x4x4 threads with a shared 3D array: each thread writes its
// cell, then after a barrier sums its 6-neighbourhood (periodic inside the
// block) and, after another barrier, the per-z-plane sums are formed by the
// threads with x == 0 and y == 0.

#include <cstdio>

#define BX 8
#define BY 4
#define BZ 4

__global__ void cube(const int *in, int *out, int *planes, int nx, int ny, int nz) {
  __shared__ int c[BZ][BY][BX];
  __shared__ int planeSum[BZ];
  int x = blockIdx.x * BX + threadIdx.x;
  int y = blockIdx.y * BY + threadIdx.y;
  int z = blockIdx.z * BZ + threadIdx.z;
  bool inside = x < nx && y < ny && z < nz;
  int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  c[tz][ty][tx] = inside ? in[(z * ny + y) * nx + x] : 0;
  if (tx == 0 && ty == 0)
    planeSum[tz] = 0;
  __syncthreads();
  int s = c[tz][ty][(tx + 1) % BX] + c[tz][ty][(tx + BX - 1) % BX] +
          c[tz][(ty + 1) % BY][tx] + c[tz][(ty + BY - 1) % BY][tx] +
          c[(tz + 1) % BZ][ty][tx] + c[(tz + BZ - 1) % BZ][ty][tx];
  atomicAdd(&planeSum[tz], c[tz][ty][tx]);
  __syncthreads();
  if (inside)
    out[(z * ny + y) * nx + x] = s;
  if (tx == 0 && ty == 0) {
    int blk = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    planes[blk * BZ + tz] = planeSum[tz];
  }
}

int main() {
  const int nx = 19, ny = 9, nz = 6;
  dim3 block(BX, BY, BZ);
  dim3 grid((nx + BX - 1) / BX, (ny + BY - 1) / BY, (nz + BZ - 1) / BZ);
  const int nblk = 3 * 3 * 2;
  static int in[nx * ny * nz], out[nx * ny * nz], planes[nblk * BZ];
  for (int i = 0; i < nx * ny * nz; ++i)
    in[i] = (i * 7) % 23;
  int *din, *dout, *dp;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dp, sizeof planes);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  cube<<<grid, block>>>(din, dout, dp, nx, ny, nz);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(planes, dp, sizeof planes, cudaMemcpyDeviceToHost);
  auto val = [&](int bx, int by, int bz, int tx, int ty, int tz) {
    int x = bx * BX + tx, y = by * BY + ty, z = bz * BZ + tz;
    return x < nx && y < ny && z < nz ? in[(z * ny + y) * nx + x] : 0;
  };
  for (int bz = 0; bz < 2; ++bz)
    for (int by = 0; by < 3; ++by)
      for (int bx = 0; bx < 3; ++bx)
        for (int tz = 0; tz < BZ; ++tz) {
          int ps = 0;
          for (int ty = 0; ty < BY; ++ty)
            for (int tx = 0; tx < BX; ++tx) {
              ps += val(bx, by, bz, tx, ty, tz);
              int x = bx * BX + tx, y = by * BY + ty, z = bz * BZ + tz;
              if (x >= nx || y >= ny || z >= nz)
                continue;
              int e = val(bx, by, bz, (tx + 1) % BX, ty, tz) +
                      val(bx, by, bz, (tx + BX - 1) % BX, ty, tz) +
                      val(bx, by, bz, tx, (ty + 1) % BY, tz) +
                      val(bx, by, bz, tx, (ty + BY - 1) % BY, tz) +
                      val(bx, by, bz, tx, ty, (tz + 1) % BZ) +
                      val(bx, by, bz, tx, ty, (tz + BZ - 1) % BZ);
              int got = out[(z * ny + y) * nx + x];
              if (got != e) {
                printf("FAIL: out(%d,%d,%d) = %d expected %d\n", x, y, z, got, e);
                return 1;
              }
            }
          int blk = (bz * 3 + by) * 3 + bx;
          if (planes[blk * BZ + tz] != ps) {
            printf("FAIL: plane sum block %d z %d = %d expected %d\n", blk, tz,
                   planes[blk * BZ + tz], ps);
            return 1;
          }
        }
  printf("PASS\n");
  return 0;
}
