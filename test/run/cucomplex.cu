// RUN: %cucpu -O2 --fmad=false %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 --fmad=false %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// cuComplex.h in device code: single and double complex arithmetic, the
// conjugate, the absolute value, conversions and cuCfma, checked against
// the same functions on the host (compiled without FMA contraction on both
// sides, so that they round alike).

#include <cstdio>
#include <cuComplex.h>

__host__ __device__ cuDoubleComplex combine(int i) {
  cuFloatComplex a = make_cuFloatComplex(0.5f * i, 1.0f - i);
  cuFloatComplex b = make_cuComplex(2.0f, 0.25f * (i % 5) + 1.0f);
  cuFloatComplex f = cuCaddf(cuCmulf(a, b), cuConjf(cuCsubf(a, b)));
  f = cuCdivf(f, b);
  f = cuCfmaf(f, a, b);
  cuDoubleComplex d = cuComplexFloatToDouble(f);
  cuDoubleComplex e = make_cuDoubleComplex(cuCabsf(a), cuCimagf(b));
  d = cuCadd(cuCmul(d, e), cuCdiv(cuConj(e), make_cuDoubleComplex(3.0, -1.0)));
  d = cuCfma(d, e, cuCsub(d, e));
  return make_cuDoubleComplex(cuCreal(d) + cuCabs(e), cuCimag(d));
}

__global__ void kernel(cuDoubleComplex *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = combine(i);
}

int main() {
  const int n = 200;
  cuDoubleComplex *out;
  cudaMallocManaged(&out, n * sizeof(cuDoubleComplex));
  kernel<<<(n + 63) / 64, 64>>>(out, n);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    cuDoubleComplex want = combine(i);
    if ((cuCreal(out[i]) != cuCreal(want) || cuCimag(out[i]) != cuCimag(want)) &&
        bad++ < 5)
      printf("%d: (%g, %g), want (%g, %g)\n", i, cuCreal(out[i]),
             cuCimag(out[i]), cuCreal(want), cuCimag(want));
  }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
