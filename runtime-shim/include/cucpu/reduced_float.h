//===- cucpu/reduced_float.h - Rounding to 16-bit floats --------*- C++ -*-===//
//
// Part of cucpu. Helpers of cuda_fp16.h and cuda_bf16.h, for host and device
// code: conversions to a 16-bit float (binary16 or bfloat16) in each of CUDA's
// rounding modes, and from it to integers as CUDA converts (saturating).
//
// A value goes to a 16-bit float through float. When it is not already a
// float (a double, a 64-bit integer, an exact sum), it first becomes the
// float rounded to odd: itself where it is a float, else whichever of the two
// floats around it has an odd last bit. A float so rounded keeps enough of
// the exact value (24 bits, at least two more than either 16-bit format has)
// for a later rounding to the format, in any mode, to give what rounding the
// exact value would, so each result is rounded once, as on a GPU.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_REDUCED_FLOAT_H
#define CUCPU_REDUCED_FLOAT_H

#include "host_defines.h"

#define CUCPU_RF_HELPER static __host__ __device__ __inline__

// Rounding modes of the conversions.
enum { __cucpu_rn = 0, __cucpu_rz = 1, __cucpu_rd = 2, __cucpu_ru = 3 };

CUCPU_RF_HELPER float __cucpu_double2float_odd(double d) {
  float f = (float)d;
  if ((double)f == d || d != d)
    return f;
  unsigned bits = __builtin_bit_cast(unsigned, f);
  if ((bits & 1u) == 0)
    bits = __builtin_fabs(d) > (double)__builtin_fabsf(f) ? bits + 1 : bits - 1;
  return __builtin_bit_cast(float, bits);
}

// a + b, rounded to odd in double: the exact error of the rounded sum
// (TwoSum) says which side the exact sum lies on.
CUCPU_RF_HELPER double __cucpu_add_odd(double a, double b) {
  double s = a + b;
  if (s != s || s - s != 0)
    return s;
  double bPart = s - a;
  double error = (a - (s - bPart)) + (b - bPart);
  if (error == 0)
    return s;
  unsigned long long bits = __builtin_bit_cast(unsigned long long, s);
  if ((bits & 1u) == 0)
    bits = (error > 0) == (s > 0) ? bits + 1 : bits - 1;
  return __builtin_bit_cast(double, bits);
}

CUCPU_RF_HELPER float __cucpu_ll2float_odd(long long v) {
  double high = (double)(int)(v >> 32) * 4294967296.0;
  return __cucpu_double2float_odd(__cucpu_add_odd(high, (double)(unsigned)v));
}
CUCPU_RF_HELPER float __cucpu_ull2float_odd(unsigned long long v) {
  double high = (double)(unsigned)(v >> 32) * 4294967296.0;
  return __cucpu_double2float_odd(__cucpu_add_odd(high, (double)(unsigned)v));
}

// a * b + c (values of a 16-bit format) as a float rounded to odd: the
// product is exact in double.
CUCPU_RF_HELPER float __cucpu_fma_odd(float a, float b, float c) {
  return __cucpu_double2float_odd(
      __cucpu_add_odd((double)a * (double)b, (double)c));
}

// The two 16-bit formats, as tags that select the functions below, which
// work on a value's bits.
struct __cucpu_fp16_format {};
struct __cucpu_bf16_format {};

// The value of bits, exactly as a float.
CUCPU_RF_HELPER float __cucpu_bits2float(unsigned short bits,
                                         __cucpu_fp16_format) {
  return (float)__builtin_bit_cast(_Float16, bits);
}
CUCPU_RF_HELPER float __cucpu_bits2float(unsigned short bits,
                                         __cucpu_bf16_format) {
  return __builtin_bit_cast(float, (unsigned)bits << 16);
}

// f rounded to nearest (even). bfloat16 rounds on the bits: clang's __bf16
// would need a conversion function that the host's C runtime may lack
// (libgcc before GCC 13 has no __truncsfbf2).
CUCPU_RF_HELPER unsigned short __cucpu_float2bits(float f,
                                                  __cucpu_fp16_format) {
  return __builtin_bit_cast(unsigned short, (_Float16)f);
}
CUCPU_RF_HELPER unsigned short __cucpu_float2bits(float f,
                                                  __cucpu_bf16_format) {
  unsigned bits = __builtin_bit_cast(unsigned, f);
  if (f != f)
    return (unsigned short)((bits >> 16) | 0x40u);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return (unsigned short)(bits >> 16);
}

// f rounded in the given mode: rounded to nearest, then, where that went the
// wrong way, one step to the neighbour (the formats are sign and magnitude,
// so a step is one in the bits).
template <class Format>
CUCPU_RF_HELPER unsigned short __cucpu_float2bits(float f, int mode,
                                                  Format format) {
  unsigned short bits = __cucpu_float2bits(f, format);
  if (mode == __cucpu_rn || f != f)
    return bits;
  float back = __cucpu_bits2float(bits, format);
  bool negative = (bits & 0x8000u) != 0;
  bool zero = (bits & 0x7fffu) == 0;
  if (mode == __cucpu_rz) {
    if (negative ? back < f : back > f)
      bits = (unsigned short)(bits - 1);
  } else if (mode == __cucpu_rd ? back > f : back < f) {
    bool up = mode == __cucpu_ru;
    if (zero)
      bits = up ? 0x0001u : 0x8001u;
    else
      bits = (unsigned short)(negative != up ? bits + 1 : bits - 1);
  }
  return bits;
}

CUCPU_RF_HELPER float __cucpu_round_integral(float f, int mode) {
  switch (mode) {
  case __cucpu_rz:
    return __builtin_truncf(f);
  case __cucpu_rd:
    return __builtin_floorf(f);
  case __cucpu_ru:
    return __builtin_ceilf(f);
  default:
    return __builtin_rintf(f);
  }
}

// f rounded to an integer of type I in the given mode, saturating at I's
// bounds (low and 2^bits, as floats); NaN gives nanValue.
template <class I>
CUCPU_RF_HELPER I __cucpu_float2integer(float f, int mode, I lowest, I highest,
                                        float low, float highBound,
                                        I nanValue) {
  if (f != f)
    return nanValue;
  float r = __cucpu_round_integral(f, mode);
  if (r < low)
    return lowest;
  if (r >= highBound)
    return highest;
  return (I)r;
}

// Saturation to [0, 1] (the _sat functions); NaN becomes +0.
CUCPU_RF_HELPER float __cucpu_saturate(float f) {
  return f >= 1.0f ? 1.0f : f > 0.0f ? f : 0.0f;
}

#undef CUCPU_RF_HELPER

#endif // CUCPU_REDUCED_FLOAT_H
