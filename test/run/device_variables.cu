// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// __device__ and __constant__ variables: initializers, cudaMemcpyToSymbol,
// cudaMemcpyFromSymbol (with offsets) and cudaGetSymbolAddress.

#include <cstdio>

struct Params {
  float scale;
  int offset;
  double weights[3];
};

__constant__ float coeffs[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__constant__ Params params = {2.5f, 7, {0.5, 0.25, 0.125}};
__device__ int counter[8];
__device__ long long scaleBase = 1000;
namespace lib {
__device__ unsigned table[5] = {3, 1, 4, 1, 5};
}

__global__ void apply(const int *in, float *out, double *dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = coeffs[i % 4] * params.scale + in[i] + params.offset +
           lib::table[i % 5];
  dout[i] = params.weights[i % 3] * scaleBase;
  counter[i % 8] = i % 8 + 100;
}

static int fail(const char *what) {
  printf("FAIL: %s\n", what);
  return 1;
}

int main() {
  const int n = 1000;
  int hin[n];
  for (int i = 0; i < n; ++i)
    hin[i] = i - 300;
  int *din;
  float *dout;
  double *ddout;
  cudaMalloc(&din, sizeof hin);
  cudaMalloc(&dout, n * sizeof(float));
  cudaMalloc(&ddout, n * sizeof(double));
  cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);

  // Replace two coefficients and the long long from the host.
  float newCoeffs[2] = {10.0f, 20.0f};
  if (cudaMemcpyToSymbol(coeffs, newCoeffs, sizeof newCoeffs,
                         2 * sizeof(float)) != cudaSuccess)
    return fail("cudaMemcpyToSymbol(coeffs)");
  long long base = 2000;
  if (cudaMemcpyToSymbol(scaleBase, &base, sizeof base) != cudaSuccess)
    return fail("cudaMemcpyToSymbol(scaleBase)");

  apply<<<(n + 127) / 128, 128>>>(din, dout, ddout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess)
    return fail("launch");

  float hout[n];
  double hdout[n];
  cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
  cudaMemcpy(hdout, ddout, sizeof hdout, cudaMemcpyDeviceToHost);
  const float refCoeffs[4] = {1.0f, 2.0f, 10.0f, 20.0f};
  const unsigned refTable[5] = {3, 1, 4, 1, 5};
  const double refWeights[3] = {0.5, 0.25, 0.125};
  for (int i = 0; i < n; ++i) {
    float expect = refCoeffs[i % 4] * 2.5f + hin[i] + 7 + refTable[i % 5];
    if (hout[i] != expect) {
      printf("FAIL: out[%d] = %f, expected %f\n", i, hout[i], expect);
      return 1;
    }
    if (hdout[i] != refWeights[i % 3] * 2000) {
      printf("FAIL: dout[%d] = %f\n", i, hdout[i]);
      return 1;
    }
  }

  int hcounter[8];
  if (cudaMemcpyFromSymbol(hcounter, counter, sizeof hcounter) != cudaSuccess)
    return fail("cudaMemcpyFromSymbol(counter)");
  for (int i = 0; i < 8; ++i)
    if (hcounter[i] != i + 100)
      return fail("counter values");
  unsigned tail[2];
  if (cudaMemcpyFromSymbol(tail, lib::table, sizeof tail, 3 * sizeof(unsigned)) !=
          cudaSuccess ||
      tail[0] != 1 || tail[1] != 5)
    return fail("cudaMemcpyFromSymbol with offset");

  // The symbol's address is device memory the runtime can copy to.
  int *counterAddr = nullptr;
  if (cudaGetSymbolAddress((void **)&counterAddr, counter) != cudaSuccess)
    return fail("cudaGetSymbolAddress");
  int seven = 7;
  cudaMemcpy(counterAddr + 3, &seven, sizeof seven, cudaMemcpyHostToDevice);
  cudaMemcpyFromSymbol(hcounter, counter, sizeof hcounter);
  if (hcounter[3] != 7)
    return fail("write through cudaGetSymbolAddress");

  // Out-of-range copies are rejected.
  if (cudaMemcpyToSymbol(coeffs, newCoeffs, sizeof newCoeffs, 3 * sizeof(float)) ==
      cudaSuccess)
    return fail("out-of-range cudaMemcpyToSymbol accepted");
  cudaGetLastError();

  printf("PASS\n");
  return 0;
}
