// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// C = A + B on a non-square rows x cols matrix, 2D grid of dim3(16,16) blocks.
// x indexes columns and y indexes rows; neither size is a multiple of 16.
#include <cstdio>
#include <vector>

__global__ void matAdd(const int *A, const int *B, int *C, int rows, int cols) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) {
    int idx = row * cols + col;
    C[idx] = A[idx] + B[idx];
  }
}

// Transposed-style write: each thread also records which (row, col) it owns,
// so that swapping x and y in the compiler would be detected even when the
// sum itself is symmetric.
__global__ void matTag(int *T, int rows, int cols) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= rows || col >= cols)
    return;
  T[row * cols + col] = row * 1000 + col;
}

static bool ok(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
    return false;
  }
  return true;
}

int main() {
  const int rows = 300, cols = 173;
  const int n = rows * cols;
  std::vector<int> A(n), B(n), C(n, 0), T(n, -1);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      A[r * cols + c] = r * 7 - c * 3;
      B[r * cols + c] = (r ^ c) - 100;
    }
  int *dA, *dB, *dC, *dT;
  if (!ok(cudaMalloc(&dA, n * sizeof(int)), "malloc") ||
      !ok(cudaMalloc(&dB, n * sizeof(int)), "malloc") ||
      !ok(cudaMalloc(&dC, n * sizeof(int)), "malloc") ||
      !ok(cudaMalloc(&dT, n * sizeof(int)), "malloc"))
    return 1;
  cudaMemcpy(dA, A.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(dC, 0, n * sizeof(int));
  cudaMemset(dT, 0xff, n * sizeof(int));

  dim3 block(16, 16);
  dim3 grid((cols + block.x - 1) / block.x, (rows + block.y - 1) / block.y);
  matAdd<<<grid, block>>>(dA, dB, dC, rows, cols);
  if (!ok(cudaGetLastError(), "launch matAdd")) return 1;
  matTag<<<grid, block>>>(dT, rows, cols);
  if (!ok(cudaGetLastError(), "launch matTag")) return 1;
  if (!ok(cudaDeviceSynchronize(), "sync")) return 1;
  cudaMemcpy(C.data(), dC, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(T.data(), dT, n * sizeof(int), cudaMemcpyDeviceToHost);

  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      int i = r * cols + c;
      if (C[i] != A[i] + B[i]) {
        printf("FAIL: C[%d][%d] = %d, expected %d\n", r, c, C[i], A[i] + B[i]);
        return 1;
      }
      if (T[i] != r * 1000 + c) {
        printf("FAIL: T[%d][%d] = %d, expected %d\n", r, c, T[i], r * 1000 + c);
        return 1;
      }
    }
  cudaFree(dA); cudaFree(dB); cudaFree(dC); cudaFree(dT);
  printf("PASS\n");
  return 0;
}
