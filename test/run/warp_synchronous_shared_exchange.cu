// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 %s -o %t2 && %t2 | FileCheck %s
// RUN: %cucpu -O3 %s -o %t3 && %t3 | FileCheck %s
// CHECK: transpose PASS
// CHECK: rotate PASS

// Warp-synchronous code, as written for GPUs whose warps run in lock step:
// lanes exchange values through __shared__ memory with no barrier between
// the store and the load (HeCBench's dct8x8, from NVIDIA's samples, is built
// this way). Each lane must see what the other lanes of its warp stored in
// the statement before, as in lock step; before, a lane read elements that
// later lanes had not written yet. Results are compared with plain C++.

#include <cstdio>

// Groups of 8 lanes transpose 8x8 tiles: each lane writes a column, then
// reads a row (through pointers into the tile, as dct8x8 does).
__global__ void transposeTiles(float *out, const float *in) {
  __shared__ float tile[2][8 * 33];
  int lane = threadIdx.x, row = threadIdx.y;
  int group = lane & ~7, sub = lane & 7;
  float *column = &tile[row][lane];
  float *line = &tile[row][sub * 33 + group];
  const float *src = in + blockIdx.x * 512;
  for (int i = 0; i < 8; ++i)
    column[i * 33] = src[(row * 8 + i) * 32 + lane];
  float v[8];
  for (int i = 0; i < 8; ++i)
    v[i] = line[i];
  for (int i = 0; i < 8; ++i)
    out[blockIdx.x * 512 + (row * 8 + i) * 32 + lane] = v[i] * 2;
}

// Each warp rotates its values by `shift` lanes, three times; lanes past
// `count` leave early, as a bounds check would make them.
__global__ void rotate(int *data, int count, int shift) {
  __shared__ int slots[64];
  int t = threadIdx.x;
  if (blockIdx.x * blockDim.x + t >= count)
    return;
  int warpBase = t & ~31, lane = t & 31;
  int v = data[blockIdx.x * blockDim.x + t];
  for (int round = 0; round < 3; ++round) {
    slots[t] = v;
    v = slots[warpBase + ((lane + shift) & 31)] + round;
    __syncthreads();
  }
  data[blockIdx.x * blockDim.x + t] = v;
}

int main() {
  const int blocks = 3;
  float *in, *out;
  cudaMallocManaged(&in, blocks * 512 * sizeof(float));
  cudaMallocManaged(&out, blocks * 512 * sizeof(float));
  for (int i = 0; i < blocks * 512; ++i)
    in[i] = (float)((i * 7) % 101);
  transposeTiles<<<blocks, dim3(32, 2)>>>(out, in);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int b = 0; b < blocks; ++b)
    for (int row = 0; row < 2; ++row)
      for (int i = 0; i < 8; ++i)
        for (int lane = 0; lane < 32; ++lane) {
          int group = lane & ~7, sub = lane & 7;
          float want = 2 * in[b * 512 + (row * 8 + sub) * 32 + group + i];
          bad += out[b * 512 + (row * 8 + i) * 32 + lane] != want;
        }
  printf("transpose %s\n", bad ? "FAIL" : "PASS");

  const int count = 128, shift = 5;
  int *data, expect[count];
  cudaMallocManaged(&data, count * sizeof(int));
  for (int i = 0; i < count; ++i)
    expect[i] = data[i] = i * 3 + 1;
  rotate<<<2, 64>>>(data, count, shift);
  cudaDeviceSynchronize();
  for (int round = 0; round < 3; ++round) {
    int next[count];
    for (int i = 0; i < count; ++i)
      next[i] = expect[(i & ~31) + (((i & 31) + shift) & 31)] + round;
    for (int i = 0; i < count; ++i)
      expect[i] = next[i];
  }
  int badRotate = 0;
  for (int i = 0; i < count; ++i)
    badRotate += data[i] != expect[i];
  printf("rotate %s\n", badRotate ? "FAIL" : "PASS");
  return bad || badRotate;
}
