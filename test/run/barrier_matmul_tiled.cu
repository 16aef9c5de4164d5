// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-inner-serialization %s -o %t2 && env CUCPU_NUM_THREADS=2 %t2 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-barrier-elimination -fno-cucpu-mem2reg -fno-cucpu-licm %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// Tiled matrix multiply C[M][N] = A[M][K] * B[K][N] with 16x16 shared tiles,
// two barriers per tile step, sizes that are not multiples of the tile.

#include <cstdio>

#define TILE 16

__global__ void matmul(const int *A, const int *B, int *C, int M, int N, int K) {
  __shared__ int As[TILE][TILE];
  __shared__ int Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  int acc = 0;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0;
    Bs[ty][tx] = (col < N && k0 + ty < K) ? B[(k0 + ty) * N + col] : 0;
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}

int main() {
  const int M = 45, N = 37, K = 53;
  static int A[M * K], B[K * N], C[M * N];
  for (int i = 0; i < M * K; ++i)
    A[i] = (i * 3) % 11 - 5;
  for (int i = 0; i < K * N; ++i)
    B[i] = (i * 5) % 7 - 3;
  int *dA, *dB, *dC;
  cudaMalloc(&dA, sizeof A);
  cudaMalloc(&dB, sizeof B);
  cudaMalloc(&dC, sizeof C);
  cudaMemcpy(dA, A, sizeof A, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B, sizeof B, cudaMemcpyHostToDevice);
  cudaMemset(dC, 0, sizeof C);
  dim3 block(TILE, TILE);
  dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  matmul<<<grid, block>>>(dA, dB, dC, M, N, K);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(C, dC, sizeof C, cudaMemcpyDeviceToHost);
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) {
      int e = 0;
      for (int k = 0; k < K; ++k)
        e += A[r * K + k] * B[k * N + c];
      if (C[r * N + c] != e) {
        printf("FAIL: C[%d][%d] = %d expected %d\n", r, c, C[r * N + c], e);
        return 1;
      }
    }
  printf("PASS\n");
  return 0;
}
