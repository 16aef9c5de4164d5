// lud.cu - blocked LU decomposition without pivoting, CUDA version.
//
// For each 16-wide diagonal step d:
//   diagonal kernel:  one block factors the d-th diagonal tile in shared
//                     memory (A11 = L11 U11);
//   perimeter kernel: block b solves one tile of the row strip
//                     (U12 = L11^-1 A12) and one of the column strip
//                     (L21 = A21 U11^-1);
//   internal kernel:  block (bx, by) updates one tile of the trailing matrix,
//                     A22 -= L21 U12, from shared copies of its L and U tiles.
#include "bench.h"
#include "lud_input.h"

#include <cstdio>
#include <cuda_runtime.h>

#define BS 16

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_),    \
              __FILE__, __LINE__);                                             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void ludDiagonal(float *a, int n, int d) {
  __shared__ float t[BS][BS];
  int tx = threadIdx.x, ty = threadIdx.y;
  float *tile = a + (size_t)d * n + d;
  t[ty][tx] = tile[ty * n + tx];
  __syncthreads();

  for (int k = 0; k < BS - 1; ++k) {
    // Column k of L.
    if (tx == k && ty > k)
      t[ty][k] /= t[k][k];
    __syncthreads();
    // Eliminate column k from the rows below row k.
    if (ty > k && tx > k)
      t[ty][tx] -= t[ty][k] * t[k][tx];
    __syncthreads();
  }

  tile[ty * n + tx] = t[ty][tx];
}

__global__ void ludPerimeter(float *a, int n, int d) {
  __shared__ float diag[BS][BS];
  __shared__ float row[BS][BS]; // tile of the row strip, right of the diagonal
  __shared__ float col[BS][BS]; // tile of the column strip, below it
  int tx = threadIdx.x, ty = threadIdx.y;
  int offset = d + (blockIdx.x + 1) * BS;

  diag[ty][tx] = a[(size_t)(d + ty) * n + d + tx];
  row[ty][tx] = a[(size_t)(d + ty) * n + offset + tx];
  col[ty][tx] = a[(size_t)(offset + ty) * n + d + tx];
  __syncthreads();

  for (int k = 0; k < BS; ++k) {
    // Row strip: forward substitution with the unit lower triangle L11,
    // one column per thread column.
    if (ty > k)
      row[ty][tx] -= diag[ty][k] * row[k][tx];
    // Column strip: column k of L21 is final once divided by U11's pivot.
    if (tx == k)
      col[ty][k] /= diag[k][k];
    __syncthreads();
    if (tx > k)
      col[ty][tx] -= col[ty][k] * diag[k][tx];
    __syncthreads();
  }

  a[(size_t)(d + ty) * n + offset + tx] = row[ty][tx];
  a[(size_t)(offset + ty) * n + d + tx] = col[ty][tx];
}

__global__ void ludInternal(float *a, int n, int d) {
  __shared__ float l[BS][BS];
  __shared__ float u[BS][BS];
  int tx = threadIdx.x, ty = threadIdx.y;
  int rowBase = d + (blockIdx.y + 1) * BS;
  int colBase = d + (blockIdx.x + 1) * BS;

  l[ty][tx] = a[(size_t)(rowBase + ty) * n + d + tx];
  u[ty][tx] = a[(size_t)(d + ty) * n + colBase + tx];
  __syncthreads();

  float sum = 0.0f;
  for (int k = 0; k < BS; ++k)
    sum += l[ty][k] * u[k][tx];
  a[(size_t)(rowBase + ty) * n + colBase + tx] -= sum;
}

int main(int argc, char **argv) {
  bench::Args args = bench::parseArgs(argc, argv);
  lud::Problem prob = lud::makeProblem(args);
  const int n = prob.n;
  size_t bytes = (size_t)n * n * sizeof(float);

  float *dA;
  CHECK(cudaMalloc(&dA, bytes));
  CHECK(cudaMemcpy(dA, prob.a.data(), bytes, cudaMemcpyHostToDevice));

  dim3 block(BS, BS);
  bench::Timer timer;
  timer.start();
  for (int d = 0; d < n; d += BS) {
    ludDiagonal<<<1, block>>>(dA, n, d);
    int rest = (n - d) / BS - 1; // tiles right of (and below) the diagonal
    if (rest > 0) {
      ludPerimeter<<<rest, block>>>(dA, n, d);
      ludInternal<<<dim3(rest, rest), block>>>(dA, n, d);
    }
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double ms = timer.stop();

  std::vector<float> result((size_t)n * n);
  CHECK(cudaMemcpy(result.data(), dA, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(dA));

  bench::report("lud", "cuda", args, ms);
  bench::writeOutput(args, result);
  return 0;
}
