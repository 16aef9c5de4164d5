// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// Tiled transpose through a padded 32x33 shared tile, 32x8 thread blocks that
// each loop over four rows of the tile before and after the barrier.

#include <cstdio>

#define TD 32
#define ROWS 8

__global__ void transpose(const float *in, float *out, int width, int height) {
  __shared__ float tile[TD][TD + 1];
  int x = blockIdx.x * TD + threadIdx.x;
  int y = blockIdx.y * TD + threadIdx.y;
  for (int j = 0; j < TD; j += ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TD + threadIdx.x;
  y = blockIdx.x * TD + threadIdx.y;
  for (int j = 0; j < TD; j += ROWS)
    if (x < height && y + j < width)
      out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int W = 100, H = 70;
  static float in[W * H], out[W * H];
  for (int i = 0; i < W * H; ++i)
    in[i] = (float)i * 0.5f;
  float *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  cudaMemset(dout, 0, sizeof out);
  dim3 block(TD, ROWS);
  dim3 grid((W + TD - 1) / TD, (H + TD - 1) / TD);
  transpose<<<grid, block>>>(din, dout, W, H);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int r = 0; r < W; ++r)
    for (int c = 0; c < H; ++c)
      if (out[r * H + c] != in[c * W + r]) {
        printf("FAIL: out[%d][%d] = %f expected %f\n", r, c, out[r * H + c],
               in[c * W + r]);
        return 1;
      }
  printf("PASS\n");
  return 0;
}
