// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// Hotspot-like 2D stencil: each block loads a tile plus a halo of width
// ITER into shared memory, then runs ITER Jacobi steps inside the kernel
// (ping-pong shared buffers, a barrier per step); the valid region shrinks by
// one each step and only the block's interior is written back. Halo cells
// outside the grid clamp to the border (replicate boundary).

#include <cstdio>

#define BS 16
#define ITER 3
#define TS (BS + 2 * ITER)

__device__ __host__ inline int clampi(int v, int lo, int hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

__global__ void stencil(const int *in, int *out, int W, int H) {
  __shared__ int buf[2][TS][TS];
  int ox = blockIdx.x * BS - ITER, oy = blockIdx.y * BS - ITER;
  // Each of the BS*BS threads loads several tile cells.
  for (int k = threadIdx.y * BS + threadIdx.x; k < TS * TS; k += BS * BS) {
    int ty = k / TS, tx = k % TS;
    int gx = clampi(ox + tx, 0, W - 1), gy = clampi(oy + ty, 0, H - 1);
    buf[0][ty][tx] = in[gy * W + gx];
  }
  __syncthreads();
  int src = 0;
  for (int it = 1; it <= ITER; ++it) {
    for (int k = threadIdx.y * BS + threadIdx.x; k < TS * TS; k += BS * BS) {
      int ty = k / TS, tx = k % TS;
      if (ty >= it && ty < TS - it && tx >= it && tx < TS - it) {
        // Neighbours outside the grid clamp: read the clamped cell, which in
        // the tile is the one holding the same value.
        int gx = ox + tx, gy = oy + ty;
        int lx = gx <= 0 ? tx : tx - 1, rx = gx >= W - 1 ? tx : tx + 1;
        int uy = gy <= 0 ? ty : ty - 1, dy = gy >= H - 1 ? ty : ty + 1;
        int c = buf[src][ty][tx];
        buf[1 - src][ty][tx] = (4 * c + buf[src][ty][lx] + buf[src][ty][rx] +
                                buf[src][uy][tx] + buf[src][dy][tx]) / 8;
      }
    }
    src = 1 - src;
    __syncthreads();
  }
  int gx = blockIdx.x * BS + threadIdx.x, gy = blockIdx.y * BS + threadIdx.y;
  if (gx < W && gy < H)
    out[gy * W + gx] = buf[src][threadIdx.y + ITER][threadIdx.x + ITER];
}

int main() {
  const int W = 53, H = 41;
  static int a[H * W], b[H * W], res[H * W];
  for (int i = 0; i < H * W; ++i)
    a[i] = ((i * 97) % 1000) * 8;
  int *din, *dout;
  cudaMalloc(&din, sizeof a);
  cudaMalloc(&dout, sizeof a);
  cudaMemcpy(din, a, sizeof a, cudaMemcpyHostToDevice);
  dim3 block(BS, BS), grid((W + BS - 1) / BS, (H + BS - 1) / BS);
  stencil<<<grid, block>>>(din, dout, W, H);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(res, dout, sizeof res, cudaMemcpyDeviceToHost);
  for (int it = 0; it < ITER; ++it) {
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        int l = a[y * W + (x > 0 ? x - 1 : x)], r = a[y * W + (x < W - 1 ? x + 1 : x)];
        int u = a[(y > 0 ? y - 1 : y) * W + x], d = a[(y < H - 1 ? y + 1 : y) * W + x];
        b[y * W + x] = (4 * a[y * W + x] + l + r + u + d) / 8;
      }
    for (int i = 0; i < H * W; ++i)
      a[i] = b[i];
  }
  for (int i = 0; i < H * W; ++i)
    if (res[i] != a[i]) {
      printf("FAIL: cell (%d,%d) = %d expected %d\n", i % W, i / W, res[i], a[i]);
      return 1;
    }
  printf("PASS\n");
  return 0;
}
