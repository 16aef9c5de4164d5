// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// __constant__ tables read by a kernel at indices computed from the data:
// an array of structs (with an array member), an int permutation and double
// polynomial coefficients. The host fills them with cudaMemcpyToSymbol (whole
// tables, one struct element at an offset, and asynchronously on a stream),
// reads them back with cudaMemcpyFromSymbol, and checks the kernel against
// the same computation on the host.

#include <cmath>
#include <cstdio>
#include <cstring>

struct Stage {
  float scale;
  int shift;
  short lut[4];
  double bias;
};

const int kStages = 8;
const int kPerm = 64;

__constant__ Stage stages[kStages];
__constant__ int perm[kPerm];
__constant__ double poly[5];

__device__ __host__ double evalPoly(const double *c, double x) {
  double r = 0.0;
  for (int i = 4; i >= 0; --i)
    r = r * x + c[i];
  return r;
}

__device__ __host__ double transform(const Stage *st, const int *pm,
                                     const double *c, int v, int i) {
  const Stage &s = st[(v ^ i) & (kStages - 1)];
  int p = pm[(v + s.shift) & (kPerm - 1)];
  double x = s.scale * p + s.lut[p & 3] + s.bias;
  return evalPoly(c, x * 0.01);
}

__global__ void apply(const int *in, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = transform(stages, perm, poly, in[i], i);
}

static int fail(const char *what) {
  printf("FAIL: %s\n", what);
  return 1;
}

int main() {
  Stage hostStages[kStages];
  for (int s = 0; s < kStages; ++s) {
    hostStages[s].scale = 0.5f + s;
    hostStages[s].shift = 3 * s + 1;
    for (int k = 0; k < 4; ++k)
      hostStages[s].lut[k] = (short)(s * 10 - k * 7);
    hostStages[s].bias = s * 0.125;
  }
  int hostPerm[kPerm];
  for (int i = 0; i < kPerm; ++i)
    hostPerm[i] = (i * 37 + 11) % kPerm;
  double hostPoly[5] = {1.0, -0.5, 0.25, 0.125, -0.0625};

  if (cudaMemcpyToSymbol(stages, hostStages, sizeof hostStages) != cudaSuccess)
    return fail("stages");
  if (cudaMemcpyToSymbol(perm, hostPerm, sizeof hostPerm) != cudaSuccess)
    return fail("perm");
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  if (cudaMemcpyToSymbolAsync(poly, hostPoly, sizeof hostPoly, 0,
                              cudaMemcpyHostToDevice, stream) != cudaSuccess ||
      cudaStreamSynchronize(stream) != cudaSuccess)
    return fail("poly");
  // Replace stage 5 alone, through an offset into the array of structs.
  hostStages[5].scale = -2.0f;
  hostStages[5].lut[2] = 99;
  if (cudaMemcpyToSymbol(stages, &hostStages[5], sizeof(Stage),
                         5 * sizeof(Stage)) != cudaSuccess)
    return fail("stage 5");

  Stage readBack[kStages];
  if (cudaMemcpyFromSymbol(readBack, stages, sizeof readBack) != cudaSuccess ||
      memcmp(readBack, hostStages, sizeof readBack) != 0)
    return fail("read back stages");
  size_t size = 0;
  if (cudaGetSymbolSize(&size, stages) != cudaSuccess || size != sizeof hostStages)
    return fail("cudaGetSymbolSize");

  const int n = 3000;
  int *hin = new int[n];
  for (int i = 0; i < n; ++i)
    hin[i] = (i * 7919) % 1000 - 300;
  int *din;
  double *dout;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, n * sizeof(double));
  cudaMemcpy(din, hin, n * sizeof(int), cudaMemcpyHostToDevice);
  apply<<<(n + 255) / 256, 256, 0, stream>>>(din, dout, n);
  if (cudaGetLastError() != cudaSuccess)
    return fail("launch");
  double *hout = new double[n];
  cudaMemcpyAsync(hout, dout, n * sizeof(double), cudaMemcpyDeviceToHost,
                  stream);
  cudaStreamSynchronize(stream);
  for (int i = 0; i < n; ++i) {
    double expect = transform(hostStages, hostPerm, hostPoly, hin[i], i);
    // Contracted multiply-adds may round differently on either side.
    if (fabs(hout[i] - expect) > 1e-12 * (1.0 + fabs(expect))) {
      printf("FAIL: out[%d] = %.17g, expected %.17g\n", i, hout[i], expect);
      return 1;
    }
  }
  // Past the end of a table.
  if (cudaMemcpyToSymbol(perm, hostPerm, sizeof hostPerm, sizeof(int)) !=
      cudaErrorInvalidValue)
    return fail("out-of-range copy accepted");
  cudaGetLastError();
  cudaStreamDestroy(stream);
  cudaFree(din);
  cudaFree(dout);
  delete[] hin;
  delete[] hout;
  printf("PASS\n");
  return 0;
}
