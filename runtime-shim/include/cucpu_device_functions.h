//===- cucpu_device_functions.h - Device-side functions ---------*- C++ -*-===//
//
// Part of cucpu. Declares the functions CUDA device code calls. They are seen
// by clang in both CUDA modes; the cucpu frontend translates them:
//  - __syncthreads is recognized by name and becomes simt.barrier;
//  - the math functions are device overloads of the C library names, written
//    with clang builtins that the frontend maps to the MLIR math dialect.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_DEVICE_FUNCTIONS_H
#define CUCPU_DEVICE_FUNCTIONS_H

#if defined(__CUDA__)

#include <math.h>

__device__ void __syncthreads(void);

#define CUCPU_DEVICE static __device__ __inline__

// One-argument functions in double and float.
#define CUCPU_MATH1(name)                                                      \
  CUCPU_DEVICE double name(double x) { return __builtin_##name(x); }           \
  CUCPU_DEVICE float name##f(float x) { return __builtin_##name##f(x); }
// Two-argument functions in double and float.
#define CUCPU_MATH2(name)                                                      \
  CUCPU_DEVICE double name(double x, double y) {                               \
    return __builtin_##name(x, y);                                             \
  }                                                                            \
  CUCPU_DEVICE float name##f(float x, float y) {                               \
    return __builtin_##name##f(x, y);                                          \
  }

CUCPU_MATH1(sqrt)
CUCPU_MATH1(cbrt)
CUCPU_MATH1(exp)
CUCPU_MATH1(exp2)
CUCPU_MATH1(expm1)
CUCPU_MATH1(log)
CUCPU_MATH1(log2)
CUCPU_MATH1(log10)
CUCPU_MATH1(log1p)
CUCPU_MATH1(sin)
CUCPU_MATH1(cos)
CUCPU_MATH1(tan)
CUCPU_MATH1(asin)
CUCPU_MATH1(acos)
CUCPU_MATH1(atan)
CUCPU_MATH1(sinh)
CUCPU_MATH1(cosh)
CUCPU_MATH1(tanh)
CUCPU_MATH1(asinh)
CUCPU_MATH1(acosh)
CUCPU_MATH1(atanh)
CUCPU_MATH1(erf)
CUCPU_MATH1(erfc)
CUCPU_MATH1(fabs)
CUCPU_MATH1(floor)
CUCPU_MATH1(ceil)
CUCPU_MATH1(trunc)
CUCPU_MATH1(round)
CUCPU_MATH1(rint)
CUCPU_MATH1(nearbyint)
CUCPU_MATH2(pow)
CUCPU_MATH2(atan2)
CUCPU_MATH2(fmin)
CUCPU_MATH2(fmax)
CUCPU_MATH2(fmod)
CUCPU_MATH2(copysign)

CUCPU_DEVICE double fma(double x, double y, double z) {
  return __builtin_fma(x, y, z);
}
CUCPU_DEVICE float fmaf(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
CUCPU_DEVICE double rsqrt(double x) { return 1.0 / __builtin_sqrt(x); }
CUCPU_DEVICE float rsqrtf(float x) { return 1.0f / __builtin_sqrtf(x); }

#undef CUCPU_MATH1
#undef CUCPU_MATH2
#undef CUCPU_DEVICE

#endif // defined(__CUDA__)

#endif // CUCPU_DEVICE_FUNCTIONS_H
