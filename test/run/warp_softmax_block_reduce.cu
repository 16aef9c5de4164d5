// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Warp shuffles as real programs use them: a row softmax with one warp per
// row (butterfly max and sum in templated device functions, warpSize, a 2D
// block, INFINITY), and a dot product whose blocks reduce through a warp sum,
// a static __shared__ array in a device function and the first warp.

#include <cmath>
#include <cstdio>

template <typename T> __device__ T warpMax(T v) {
  for (int offset = warpSize / 2; offset > 0; offset >>= 1)
    v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
  return v;
}

template <typename T> __device__ T warpSum(T v) {
  for (int offset = warpSize / 2; offset > 0; offset >>= 1)
    v += __shfl_xor_sync(0xffffffffu, v, offset);
  return v;
}

__global__ void softmax(const float *in, float *out, int rows, int cols) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  if (row >= rows)
    return;
  const float *x = in + row * cols;
  float m = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += warpSize)
    m = fmaxf(m, x[c]);
  m = warpMax(m);
  float s = 0;
  for (int c = threadIdx.x; c < cols; c += warpSize)
    s += expf(x[c] - m);
  s = warpSum(s);
  for (int c = threadIdx.x; c < cols; c += warpSize)
    out[row * cols + c] = expf(x[c] - m) / s;
}

__device__ float blockSum(float v) {
  static __shared__ float partial[32];
  int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  v = warpSum(v);
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / warpSize ? partial[lane] : 0;
  if (warp == 0)
    v = warpSum(v);
  return v;
}

__global__ void dot(const float *a, const float *b, float *out, int n) {
  float s = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    s += a[i] * b[i];
  s = blockSum(s);
  if (threadIdx.x == 0)
    atomicAdd(out, s);
}

int main() {
  // 37 rows: the last block of four rows has one row of threads idle.
  const int rows = 37, cols = 100;
  static float in[rows * cols], out[rows * cols];
  for (int i = 0; i < rows * cols; ++i)
    in[i] = 3.0f * sinf(0.37f * i);
  float *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  softmax<<<(rows + 3) / 4, dim3(32, 4)>>>(din, dout, rows, cols);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int r = 0; r < rows; ++r) {
    double m = -HUGE_VAL, s = 0;
    for (int c = 0; c < cols; ++c)
      m = std::fmax(m, in[r * cols + c]);
    for (int c = 0; c < cols; ++c)
      s += std::exp(in[r * cols + c] - m);
    for (int c = 0; c < cols; ++c) {
      double want = std::exp(in[r * cols + c] - m) / s;
      if (std::fabs(out[r * cols + c] - want) > 1e-6 * want + 1e-9) {
        printf("FAIL: softmax[%d][%d] = %.9g, expected %.9g\n", r, c,
               out[r * cols + c], want);
        return 1;
      }
    }
  }

  // Sums of small multiples of 0.25 are exact in float.
  const int n = 1 << 20;
  static float a[n];
  double want = 0;
  for (int i = 0; i < n; ++i) {
    a[i] = (i % 7) * 0.5f;
    want += (double)a[i] * a[i];
  }
  float *da, *dresult, result = 0;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&dresult, sizeof(float));
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemset(dresult, 0, sizeof(float));
  dot<<<64, 256>>>(da, da, dresult, n);
  cudaMemcpy(&result, dresult, sizeof result, cudaMemcpyDeviceToHost);
  if (result != want) {
    printf("FAIL: dot = %.9g, expected %.9g\n", result, want);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
