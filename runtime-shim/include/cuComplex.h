//===- cuComplex.h - Single and double complex numbers for cucpu -*- C++ -*-===//
//
// Part of cucpu. CUDA's complex types and functions, in host and device
// code: cuFloatComplex and cuDoubleComplex are float2 and double2, the
// functions compute as CUDA documents them (cuCdiv scales by the larger
// component, cuCabs avoids overflow with hypot).
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_CUCOMPLEX_H
#define CUCPU_CUCOMPLEX_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define CU_COMPLEX_H_

#include "host_defines.h"
#include "vector_types.h"

#include <math.h>

#define CUCPU_COMPLEX static __host__ __device__ __inline__

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

CUCPU_COMPLEX float cuCrealf(cuFloatComplex x) { return x.x; }
CUCPU_COMPLEX float cuCimagf(cuFloatComplex x) { return x.y; }
CUCPU_COMPLEX cuFloatComplex make_cuFloatComplex(float re, float im) {
  cuFloatComplex z;
  z.x = re;
  z.y = im;
  return z;
}
CUCPU_COMPLEX cuFloatComplex cuConjf(cuFloatComplex x) {
  return make_cuFloatComplex(x.x, -x.y);
}
CUCPU_COMPLEX cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x + y.x, x.y + y.y);
}
CUCPU_COMPLEX cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x - y.x, x.y - y.y);
}
CUCPU_COMPLEX cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
CUCPU_COMPLEX cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y) {
  // Scaled by the larger magnitude of y's parts, so that |y|^2 does not
  // overflow or underflow needlessly.
  float s = fabsf(y.x) + fabsf(y.y);
  float oos = 1.0f / s;
  float ars = x.x * oos, ais = x.y * oos;
  float brs = y.x * oos, bis = y.y * oos;
  float oosq = 1.0f / (brs * brs + bis * bis);
  return make_cuFloatComplex((ars * brs + ais * bis) * oosq,
                             (ais * brs - ars * bis) * oosq);
}
CUCPU_COMPLEX float cuCabsf(cuFloatComplex x) { return hypotf(x.x, x.y); }

CUCPU_COMPLEX double cuCreal(cuDoubleComplex x) { return x.x; }
CUCPU_COMPLEX double cuCimag(cuDoubleComplex x) { return x.y; }
CUCPU_COMPLEX cuDoubleComplex make_cuDoubleComplex(double re, double im) {
  cuDoubleComplex z;
  z.x = re;
  z.y = im;
  return z;
}
CUCPU_COMPLEX cuDoubleComplex cuConj(cuDoubleComplex x) {
  return make_cuDoubleComplex(x.x, -x.y);
}
CUCPU_COMPLEX cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x + y.x, x.y + y.y);
}
CUCPU_COMPLEX cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x - y.x, x.y - y.y);
}
CUCPU_COMPLEX cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
CUCPU_COMPLEX cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y) {
  double s = fabs(y.x) + fabs(y.y);
  double oos = 1.0 / s;
  double ars = x.x * oos, ais = x.y * oos;
  double brs = y.x * oos, bis = y.y * oos;
  double oosq = 1.0 / (brs * brs + bis * bis);
  return make_cuDoubleComplex((ars * brs + ais * bis) * oosq,
                              (ais * brs - ars * bis) * oosq);
}
CUCPU_COMPLEX double cuCabs(cuDoubleComplex x) { return hypot(x.x, x.y); }

CUCPU_COMPLEX cuComplex make_cuComplex(float re, float im) {
  return make_cuFloatComplex(re, im);
}
CUCPU_COMPLEX cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return make_cuDoubleComplex(c.x, c.y);
}
CUCPU_COMPLEX cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return make_cuFloatComplex((float)c.x, (float)c.y);
}
/// x * y + d.
CUCPU_COMPLEX cuComplex cuCfmaf(cuComplex x, cuComplex y, cuComplex d) {
  float re = x.x * y.x + d.x;
  float im = x.x * y.y + d.y;
  return make_cuComplex(re - x.y * y.y, im + x.y * y.x);
}
CUCPU_COMPLEX cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y,
                                     cuDoubleComplex d) {
  double re = x.x * y.x + d.x;
  double im = x.x * y.y + d.y;
  return make_cuDoubleComplex(re - x.y * y.y, im + x.y * y.x);
}

#undef CUCPU_COMPLEX

#endif // CUCPU_CUCOMPLEX_H
