// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// The C library functions CUDA gives device code: memset, memcpy and
// memmove from <string.h> (they were host functions to clang, so a kernel
// calling them did not compile), and malloc and free on the device heap:
// memory one kernel allocates, another frees; each thread's block has its
// own size.

#include <cstdio>
#include <cstring>

__global__ void allocate(int **blocks, int *sums) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int *mine = static_cast<int *>(malloc((t % 13 + 1) * sizeof(int)));
  for (int i = 0; i <= t % 13; ++i)
    mine[i] = i * t + 1;
  int window[8];
  memset(window, 0, sizeof(window));
  memcpy(window, mine, (t % 13 < 8 ? t % 13 + 1 : 8) * sizeof(int));
  memmove(window + 1, window, 7 * sizeof(int));
  int sum = 0;
  for (int i = 0; i < 8; ++i)
    sum += window[i] * (i + 1);
  sums[t] = sum;
  blocks[t] = mine;
}

__global__ void release(int **blocks, int *sums) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  sums[t] += blocks[t][t % 13];
  free(blocks[t]);
}

int main() {
  const int n = 3 * 96;
  int **blocks;
  int *sums;
  cudaMalloc(&blocks, n * sizeof(int *));
  cudaMallocManaged(&sums, n * sizeof(int));
  allocate<<<3, 96>>>(blocks, sums);
  release<<<3, 96>>>(blocks, sums);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: the kernels failed\n");
    return 1;
  }
  int bad = 0;
  for (int t = 0; t < n; ++t) {
    int mine[13], window[8] = {0};
    for (int i = 0; i <= t % 13; ++i)
      mine[i] = i * t + 1;
    for (int i = 0; i <= t % 13 && i < 8; ++i)
      window[i] = mine[i];
    for (int i = 7; i > 0; --i)
      window[i] = window[i - 1];
    int want = mine[t % 13];
    for (int i = 0; i < 8; ++i)
      want += window[i] * (i + 1);
    if (sums[t] != want && bad++ < 5)
      printf("thread %d: %d, want %d\n", t, sums[t], want);
  }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
