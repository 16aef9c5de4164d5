// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Copy assignment of unions, of structs holding unions and arrays, local
// arrays of trivial structs and vector types without initializers, signbit,
// and log1p/expm1 at arguments where log(1+x) and exp(x)-1 lose precision.

#include <cmath>
#include <cstdio>
#include <cstring>

union Bits {
  float f;
  unsigned u;
  char bytes[4];
};
struct Tagged {
  int id;
  Bits bits;
  short history[5];
};

__global__ void kernel(const Tagged *in, Tagged *out, float *fout,
                       double *dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Tagged t;
  t.id = -1;
  t = in[i];                 // copy assignment: union and array members
  t.bits.bytes[0] ^= 1;
  Bits b;
  b.u = 0;
  b = in[i].bits;            // copy assignment of a union
  float4 corners[3];         // no initializer: stays uninitialized
  uint2 pairs[2];
  for (int k = 0; k < 3; ++k)
    corners[k] = make_float4(k, b.f, k * 2.0f, 1.0f);
  pairs[0] = make_uint2(b.u, t.id);
  pairs[1] = pairs[0];
  out[i] = t;                // copy assignment into global memory
  out[i].history[4] = (short)(corners[2].x + pairs[1].y);
  float x = 1e-6f * (i + 1);
  fout[3 * i] = log1pf(x);
  fout[3 * i + 1] = expm1f(x);
  fout[3 * i + 2] = signbit(in[i].bits.f) ? -1.0f : 1.0f;
  double y = 1e-13 * (i + 1);
  dout[2 * i] = log1p(y);
  dout[2 * i + 1] = expm1(y) + (signbit(-y) ? 1.0 : 0.0);
}

int main() {
  const int n = 200;
  static Tagged in[n], out[n];
  for (int i = 0; i < n; ++i) {
    in[i].id = i;
    in[i].bits.f = (i % 2 ? -1.0f : 1.0f) * 0.25f * i;
    for (int k = 0; k < 5; ++k)
      in[i].history[k] = (short)(i * 10 + k);
  }
  Tagged *din, *dout;
  float *dfout;
  double *ddout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dfout, 3 * n * sizeof(float));
  cudaMalloc(&ddout, 2 * n * sizeof(double));
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  kernel<<<(n + 63) / 64, 64>>>(din, dout, dfout, ddout, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static float fout[3 * n];
  static double ddv[2 * n];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(fout, dfout, sizeof fout, cudaMemcpyDeviceToHost);
  cudaMemcpy(ddv, ddout, sizeof ddv, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    Tagged expect = in[i];
    expect.bits.bytes[0] ^= 1;
    expect.history[4] = (short)(2 + i);
    if (out[i].id != expect.id || out[i].bits.u != expect.bits.u ||
        memcmp(out[i].history, expect.history, sizeof expect.history) != 0) {
      printf("FAIL: struct %d: id %d bits %x history[4] %d\n", i, out[i].id,
             out[i].bits.u, out[i].history[4]);
      return 1;
    }
    float x = 1e-6f * (i + 1);
    float fexpect[3] = {std::log1p(x), std::expm1(x),
                        std::signbit(in[i].bits.f) ? -1.0f : 1.0f};
    for (int k = 0; k < 3; ++k)
      if (std::fabs(fout[3 * i + k] - fexpect[k]) >
          2e-7f * std::fabs(fexpect[k])) {
        printf("FAIL: float %d.%d: %.9g vs %.9g\n", i, k, fout[3 * i + k],
               fexpect[k]);
        return 1;
      }
    double y = 1e-13 * (i + 1);
    double dexpect[2] = {std::log1p(y), std::expm1(y) + 1.0};
    for (int k = 0; k < 2; ++k)
      if (std::fabs(ddv[2 * i + k] - dexpect[k]) >
          1e-15 * std::fabs(dexpect[k])) {
        printf("FAIL: double %d.%d: %.17g vs %.17g\n", i, k, ddv[2 * i + k],
               dexpect[k]);
        return 1;
      }
  }
  printf("PASS\n");
  return 0;
}
