// gaussian: Gaussian elimination without pivoting, CUDA version.
//
// For every pivot column t the host launches two kernels:
//   fan1 - one thread per row below t computes the row's multiplier
//          a[i][t] / a[t][t];
//   fan2 - a 2D grid of 16x16 blocks over the trailing submatrix subtracts
//          multiplier * pivot row from each row below t (the column-t threads
//          also update the right-hand side). Each block stages its 16
//          multipliers and 16 pivot-row values in shared memory.
// The upper-triangular system is then solved by back-substitution on the host.
#include "gaussian_input.h"

#include <cstdio>
#include <vector>

using namespace gaussian;

#define FAN1_BLOCK 256
#define TILE 16

__global__ void fan1(const float *a, float *mult, int n, int t) {
  int i = t + 1 + blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    mult[i] = a[(size_t)i * n + t] / a[(size_t)t * n + t];
}

__global__ void fan2(float *a, float *b, const float *mult, int n, int t) {
  __shared__ float rowMult[TILE];
  __shared__ float pivotRow[TILE];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int i = t + 1 + blockIdx.y * TILE + ty; // row being updated
  int j = t + blockIdx.x * TILE + tx;     // column being updated

  if (tx == 0 && i < n)
    rowMult[ty] = mult[i];
  if (ty == 0 && j < n)
    pivotRow[tx] = a[(size_t)t * n + j];
  __syncthreads();

  if (i < n && j < n) {
    a[(size_t)i * n + j] -= rowMult[ty] * pivotRow[tx];
    if (j == t)
      b[i] -= rowMult[ty] * b[t];
  }
}

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int n = (int)args.pick(SMALL_N, DEFAULT_N);
  System s = makeSystem(n);

  float *dA, *dB, *dMult;
  size_t aBytes = (size_t)n * n * sizeof(float);
  cudaMalloc(&dA, aBytes);
  cudaMalloc(&dB, n * sizeof(float));
  cudaMalloc(&dMult, n * sizeof(float));
  cudaMemcpy(dA, s.a.data(), aBytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, s.b.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(dMult, 0, n * sizeof(float));

  bench::Timer timer;
  timer.start();
  for (int t = 0; t < n - 1; ++t) {
    int rows = n - 1 - t;
    int cols = n - t;
    fan1<<<(rows + FAN1_BLOCK - 1) / FAN1_BLOCK, FAN1_BLOCK>>>(dA, dMult, n,
                                                               t);
    dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    dim3 block(TILE, TILE);
    fan2<<<grid, block>>>(dA, dB, dMult, n, t);
  }
  cudaDeviceSynchronize();
  double ms = timer.stop();

  cudaMemcpy(s.a.data(), dA, aBytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(s.b.data(), dB, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dMult);

  // Back-substitution (outside the timed region, as in the OpenMP version).
  std::vector<float> x(n);
  for (int i = n - 1; i >= 0; --i) {
    float sum = s.b[i];
    for (int j = i + 1; j < n; ++j)
      sum -= s.a[(size_t)i * n + j] * x[j];
    x[i] = sum / s.a[(size_t)i * n + i];
  }

  bench::report("gaussian", "cuda", args, ms);
  bench::writeOutput(args, x);
  return 0;
}
