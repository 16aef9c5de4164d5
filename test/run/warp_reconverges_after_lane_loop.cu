// Code written for warps in lock step fills a row of global memory in a
// lane-strided loop, then lane 0 reads the whole row with no __syncwarp()
// between, relying on the warp reconverging after the loop (a GPU's
// behaviour; HeCBench's local-ht crashed without it). A thread loop runs
// lane 0 to its next barrier before lane 1 starts, so lane 0 summed a row
// the other lanes had not written yet (at -O0; -O2 passed by chance): a
// lock-step barrier now goes after such a loop.
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

#include <cstdio>

__global__ void fillThenSum(int *table, int *sums, int width) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  int *row = table + warp * width;
  for (int k = lane; k < width; k += 32)
    row[k] = k + 1;
  if (lane == 0) {
    int sum = 0;
    for (int k = 0; k < width; ++k)
      sum += row[k];
    sums[warp] = sum;
  }
}

int main() {
  const int warps = 8, width = 100;
  int *table, *sums;
  cudaMallocManaged(&table, warps * width * sizeof(int));
  cudaMallocManaged(&sums, warps * sizeof(int));
  cudaMemset(table, 0, warps * width * sizeof(int));
  fillThenSum<<<2, 128>>>(table, sums, width);
  cudaDeviceSynchronize();
  // The reference: each row holds 1..width.
  int bad = 0;
  for (int w = 0; w < warps; ++w)
    if (sums[w] != width * (width + 1) / 2) {
      printf("warp %d: sum %d, expected %d\n", w, sums[w], width * (width + 1) / 2);
      bad = 1;
    }
  printf(bad ? "FAIL\n" : "PASS\n");
  return 0;
}
