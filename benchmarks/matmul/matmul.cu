// C = A * B for square float matrices: the classic shared-memory tiled kernel.
#include "bench.h"
#include "matmul_input.h"

#include <cstdio>
#include <vector>

#define TILE 16

// One block computes a TILE x TILE tile of C; each thread one element. The
// block walks along the shared dimension, staging a tile of A and a tile of B
// in shared memory at each step.
__global__ void matmulTiled(const float *A, const float *B, float *C, int n) {
  __shared__ float tileA[TILE][TILE];
  __shared__ float tileB[TILE][TILE];

  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;

  float acc = 0.0f;
  for (int base = 0; base < n; base += TILE) {
    int aCol = base + tx;
    int bRow = base + ty;
    tileA[ty][tx] = (row < n && aCol < n) ? A[(size_t)row * n + aCol] : 0.0f;
    tileB[ty][tx] = (bRow < n && col < n) ? B[(size_t)bRow * n + col] : 0.0f;
    __syncthreads();

    for (int k = 0; k < TILE; ++k)
      acc += tileA[ty][k] * tileB[k][tx];
    __syncthreads();
  }

  if (row < n && col < n)
    C[(size_t)row * n + col] = acc;
}

static void check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(err));
    std::exit(1);
  }
}

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int n = (int)args.pick(matmul::kSmallN, matmul::kDefaultN);

  std::vector<float> a, b;
  matmul::makeInput(n, a, b);
  size_t bytes = (size_t)n * n * sizeof(float);

  float *dA, *dB, *dC;
  check(cudaMalloc(&dA, bytes), "cudaMalloc A");
  check(cudaMalloc(&dB, bytes), "cudaMalloc B");
  check(cudaMalloc(&dC, bytes), "cudaMalloc C");
  check(cudaMemcpy(dA, a.data(), bytes, cudaMemcpyHostToDevice), "copy A");
  check(cudaMemcpy(dB, b.data(), bytes, cudaMemcpyHostToDevice), "copy B");

  dim3 threads(TILE, TILE);
  dim3 blocks((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);

  bench::Timer timer;
  timer.start();
  matmulTiled<<<blocks, threads>>>(dA, dB, dC, n);
  check(cudaGetLastError(), "matmul launch");
  check(cudaDeviceSynchronize(), "matmul");
  double ms = timer.stop();

  std::vector<float> c((size_t)n * n);
  check(cudaMemcpy(c.data(), dC, bytes, cudaMemcpyDeviceToHost), "copy C");
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);

  bench::report("matmul", "cuda", args, ms);
  bench::writeOutput(args, c);
  return 0;
}
