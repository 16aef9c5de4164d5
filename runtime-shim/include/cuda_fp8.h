//===- cuda_fp8.h - CUDA's 8-bit floating point types -----------*- C++ -*-===//
//
// Part of cucpu.
//
// The E4M3 and E5M2 formats of CUDA's cuda_fp8.h, in software: each value is
// its byte, converted to and from float with round-to-nearest-even, in host
// and device code alike.
//
//   E4M3: sign, 4 exponent bits (bias 7), 3 mantissa bits; no infinities,
//         S.1111.111 is NaN, the largest finite value is 448.
//   E5M2: sign, 5 exponent bits (bias 15), 2 mantissa bits; IEEE-like, with
//         infinities; the largest finite value is 57344.
//
// Out of range, __NV_SATFINITE gives the largest finite value of the sign,
// __NV_NOSAT gives NaN (E4M3) or infinity (E5M2). NaN stays NaN.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_CUDA_FP8_H
#define CUCPU_CUDA_FP8_H
// NVIDIA's guard.
#define __CUDA_FP8_H__

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "host_defines.h"
#include "vector_types.h"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

typedef enum __nv_saturation_t {
  __NV_NOSAT,
  __NV_SATFINITE
} __nv_saturation_t;

typedef enum __nv_fp8_interpretation_t {
  __NV_E4M3,
  __NV_E5M2
} __nv_fp8_interpretation_t;

namespace cucpu_fp8 {

struct Format {
  int mantissaBits;
  int bias;
  bool hasInfinity;
  unsigned char maxFinite; // the code of the largest finite value
  unsigned char nan;
};

__host__ __device__ inline Format format(__nv_fp8_interpretation_t f) {
  return f == __NV_E4M3 ? Format{3, 7, false, 0x7E, 0x7F}
                        : Format{2, 15, true, 0x7B, 0x7F};
}

/// x rounded to the format's nearest value (ties to the even code).
template <class F>
__host__ __device__ inline __nv_fp8_storage_t
encode(F x, __nv_saturation_t saturate, __nv_fp8_interpretation_t interp) {
  Format fmt = format(interp);
  if (x != x)
    return fmt.nan;
  unsigned char sign = __builtin_signbit(x) ? 0x80 : 0;
  F a = x < 0 ? -x : x;
  unsigned char overflow =
      saturate == __NV_SATFINITE
          ? fmt.maxFinite
          : (fmt.hasInfinity ? (unsigned char)(fmt.maxFinite + 1) : fmt.nan);
  if (a == (F)__builtin_inf())
    return sign | overflow;
  int minExponent = 1 - fmt.bias;
  unsigned code;
  if (a < __builtin_ldexp((F)1, minExponent)) {
    // Subnormal: the code is the value in units of the smallest one; a
    // value that rounds up to 2^M units is the smallest normal, whose code
    // is the same number.
    code = (unsigned)__builtin_rint(
        __builtin_ldexp(a, fmt.mantissaBits - minExponent));
  } else {
    int exponent;
    F fraction = __builtin_frexp(a, &exponent); // a = fraction * 2^exponent
    --exponent;                                 // a = (2 * fraction) * 2^e
    F steps = __builtin_rint(
        __builtin_ldexp(2 * fraction - 1, fmt.mantissaBits));
    unsigned mantissa = (unsigned)steps;
    if (mantissa == (1u << fmt.mantissaBits)) {
      mantissa = 0;
      ++exponent;
    }
    int field = exponent + fmt.bias;
    if (field > 31)
      return sign | overflow;
    code = ((unsigned)field << fmt.mantissaBits) | mantissa;
  }
  if (code > fmt.maxFinite)
    return sign | overflow;
  return sign | (unsigned char)code;
}

template <class F>
__host__ __device__ inline F decode(__nv_fp8_storage_t code,
                                    __nv_fp8_interpretation_t interp) {
  Format fmt = format(interp);
  bool negative = code & 0x80;
  unsigned magnitude = code & 0x7F;
  unsigned field = magnitude >> fmt.mantissaBits;
  unsigned mantissa = magnitude & ((1u << fmt.mantissaBits) - 1);
  F value;
  if (!fmt.hasInfinity && magnitude == 0x7F)
    value = (F)__builtin_nan("");
  else if (fmt.hasInfinity && field == 31)
    value = mantissa ? (F)__builtin_nan("") : (F)__builtin_inf();
  else if (field == 0)
    value = __builtin_ldexp((F)mantissa,
                            1 - fmt.bias - fmt.mantissaBits);
  else
    value = __builtin_ldexp((F)((1u << fmt.mantissaBits) | mantissa),
                            (int)field - fmt.bias - fmt.mantissaBits);
  // NaN comes out positive whatever the sign bit, as CUDA's conversion.
  return negative && value == value ? -value : value;
}

/// Two values in one x2 storage, the first in the low byte.
template <class F>
__host__ __device__ inline __nv_fp8x2_storage_t
encodePair(F first, F second, __nv_saturation_t saturate,
           __nv_fp8_interpretation_t interp) {
  return (__nv_fp8x2_storage_t)(encode(first, saturate, interp) |
                                (encode(second, saturate, interp) << 8));
}

} // namespace cucpu_fp8

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

__host__ __device__ inline __nv_fp8_storage_t
__nv_cvt_float_to_fp8(const float x, const __nv_saturation_t saturate,
                      const __nv_fp8_interpretation_t fp8_interpretation) {
  return cucpu_fp8::encode(x, saturate, fp8_interpretation);
}

__host__ __device__ inline __nv_fp8_storage_t
__nv_cvt_double_to_fp8(const double x, const __nv_saturation_t saturate,
                       const __nv_fp8_interpretation_t fp8_interpretation) {
  return cucpu_fp8::encode(x, saturate, fp8_interpretation);
}

__host__ __device__ inline __nv_fp8x2_storage_t
__nv_cvt_float2_to_fp8x2(const float2 x, const __nv_saturation_t saturate,
                         const __nv_fp8_interpretation_t fp8_interpretation) {
  return cucpu_fp8::encodePair(x.x, x.y, saturate, fp8_interpretation);
}

__host__ __device__ inline __nv_fp8x2_storage_t
__nv_cvt_double2_to_fp8x2(const double2 x, const __nv_saturation_t saturate,
                          const __nv_fp8_interpretation_t fp8_interpretation) {
  return cucpu_fp8::encodePair(x.x, x.y, saturate, fp8_interpretation);
}

// A half or bfloat16 is a float exactly: one rounding, as CUDA's.
__host__ __device__ inline __nv_fp8_storage_t
__nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t saturate,
                        const __nv_fp8_interpretation_t fp8_interpretation) {
  return cucpu_fp8::encode((float)__half(x), saturate, fp8_interpretation);
}

__host__ __device__ inline __nv_fp8x2_storage_t
__nv_cvt_halfraw2_to_fp8x2(const __half2_raw x,
                           const __nv_saturation_t saturate,
                           const __nv_fp8_interpretation_t fp8_interpretation) {
  __half2 h(x);
  return cucpu_fp8::encodePair((float)h.x, (float)h.y, saturate,
                               fp8_interpretation);
}

__host__ __device__ inline __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(
    const __nv_bfloat16_raw x, const __nv_saturation_t saturate,
    const __nv_fp8_interpretation_t fp8_interpretation) {
  return cucpu_fp8::encode((float)__nv_bfloat16(x), saturate,
                           fp8_interpretation);
}

__host__ __device__ inline __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(
    const __nv_bfloat162_raw x, const __nv_saturation_t saturate,
    const __nv_fp8_interpretation_t fp8_interpretation) {
  __nv_bfloat162 b(x);
  return cucpu_fp8::encodePair((float)b.x, (float)b.y, saturate,
                               fp8_interpretation);
}

__host__ __device__ inline __half_raw
__nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t x,
                        const __nv_fp8_interpretation_t fp8_interpretation) {
  // Every E4M3 and E5M2 value is a half exactly; NaN is CUDA's canonical
  // half NaN, 0x7FFF.
  float value = cucpu_fp8::decode<float>(x, fp8_interpretation);
  if (value != value) {
    __half_raw nan;
    nan.x = 0x7FFF;
    return nan;
  }
  return __half(value);
}

__host__ __device__ inline __half2_raw
__nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t x,
                           const __nv_fp8_interpretation_t fp8_interpretation) {
  __half2_raw r;
  r.x = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x & 0xFF),
                                fp8_interpretation)
            .x;
  r.y = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x >> 8),
                                fp8_interpretation)
            .x;
  return r;
}

//===----------------------------------------------------------------------===//
// The types: one value, two and four, of each format. Conversions from wider
// types saturate to the largest finite value, as CUDA's constructors do.
//===----------------------------------------------------------------------===//

#define CUCPU_FP8_TYPE(Name, Interp)                                           \
  struct __align__(1) Name {                                                   \
    __nv_fp8_storage_t __x;                                                    \
    Name() = default;                                                          \
    __host__ __device__ explicit Name(const float f)                           \
        : __x(cucpu_fp8::encode(f, __NV_SATFINITE, Interp)) {}                 \
    __host__ __device__ explicit Name(const double f)                          \
        : __x(cucpu_fp8::encode(f, __NV_SATFINITE, Interp)) {}                 \
    __host__ __device__ explicit Name(const __half f)                          \
        : __x(cucpu_fp8::encode((float)f, __NV_SATFINITE, Interp)) {}          \
    __host__ __device__ explicit Name(const __nv_bfloat16 f)                   \
        : __x(cucpu_fp8::encode((float)f, __NV_SATFINITE, Interp)) {}          \
    __host__ __device__ explicit Name(const int i) : Name((double)i) {}        \
    __host__ __device__ explicit Name(const unsigned i) : Name((double)i) {}   \
    __host__ __device__ explicit Name(const long i) : Name((double)i) {}       \
    __host__ __device__ explicit Name(const unsigned long i)                   \
        : Name((double)i) {}                                                   \
    __host__ __device__ explicit Name(const long long i) : Name((double)i) {}  \
    __host__ __device__ explicit Name(const unsigned long long i)              \
        : Name((double)i) {}                                                   \
    __host__ __device__ explicit Name(const short i) : Name((double)i) {}      \
    __host__ __device__ explicit Name(const unsigned short i)                  \
        : Name((double)i) {}                                                   \
    __host__ __device__ explicit operator float() const {                      \
      return cucpu_fp8::decode<float>(__x, Interp);                            \
    }                                                                          \
    __host__ __device__ explicit operator double() const {                     \
      return cucpu_fp8::decode<double>(__x, Interp);                           \
    }                                                                          \
    __host__ __device__ explicit operator __half() const {                     \
      return __half(cucpu_fp8::decode<float>(__x, Interp));                    \
    }                                                                          \
    __host__ __device__ explicit operator __nv_bfloat16() const {              \
      return __nv_bfloat16(cucpu_fp8::decode<float>(__x, Interp));             \
    }                                                                          \
    __host__ __device__ explicit operator bool() const {                       \
      return (__x & 0x7F) != 0;                                                \
    }                                                                          \
    /* To integers: truncated, NaN and out of range as the C cast would   */   \
    /* not define; CUDA saturates, and so does this.                      */   \
    __host__ __device__ explicit operator int() const {                        \
      float f = (float)*this;                                                  \
      return f != f ? 0 : (int)f;                                              \
    }                                                                          \
    __host__ __device__ explicit operator long long() const {                  \
      float f = (float)*this;                                                  \
      return f != f ? 0 : (long long)f;                                        \
    }                                                                          \
  };

CUCPU_FP8_TYPE(__nv_fp8_e4m3, __NV_E4M3)
CUCPU_FP8_TYPE(__nv_fp8_e5m2, __NV_E5M2)
#undef CUCPU_FP8_TYPE

#define CUCPU_FP8X2_TYPE(Name, Interp)                                         \
  struct __align__(2) Name {                                                   \
    __nv_fp8x2_storage_t __x;                                                  \
    Name() = default;                                                          \
    __host__ __device__ explicit Name(const float2 f)                          \
        : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, Interp)) {}          \
    __host__ __device__ explicit Name(const double2 f)                         \
        : __x(__nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, Interp)) {}         \
    __host__ __device__ explicit Name(const __half2 f)                         \
        : __x(__nv_cvt_halfraw2_to_fp8x2(f, __NV_SATFINITE, Interp)) {}        \
    __host__ __device__ explicit Name(const __nv_bfloat162 f)                  \
        : __x(__nv_cvt_bfloat16raw2_to_fp8x2(f, __NV_SATFINITE, Interp)) {}    \
    __host__ __device__ explicit operator float2() const {                     \
      return make_float2(                                                      \
          cucpu_fp8::decode<float>((__nv_fp8_storage_t)(__x & 0xFF), Interp),  \
          cucpu_fp8::decode<float>((__nv_fp8_storage_t)(__x >> 8), Interp));   \
    }                                                                          \
    __host__ __device__ explicit operator __half2() const {                    \
      return __nv_cvt_fp8x2_to_halfraw2(__x, Interp);                          \
    }                                                                          \
  };

CUCPU_FP8X2_TYPE(__nv_fp8x2_e4m3, __NV_E4M3)
CUCPU_FP8X2_TYPE(__nv_fp8x2_e5m2, __NV_E5M2)
#undef CUCPU_FP8X2_TYPE

#define CUCPU_FP8X4_TYPE(Name, Interp)                                         \
  struct __align__(4) Name {                                                   \
    __nv_fp8x4_storage_t __x;                                                  \
    Name() = default;                                                          \
    __host__ __device__ explicit Name(const float4 f)                          \
        : __x(pack(__nv_cvt_float2_to_fp8x2(make_float2(f.x, f.y),            \
                                            __NV_SATFINITE, Interp),           \
                   __nv_cvt_float2_to_fp8x2(make_float2(f.z, f.w),            \
                                            __NV_SATFINITE, Interp))) {}       \
    __host__ __device__ explicit Name(const double4 f)                         \
        : __x(pack(__nv_cvt_double2_to_fp8x2(make_double2(f.x, f.y),          \
                                             __NV_SATFINITE, Interp),          \
                   __nv_cvt_double2_to_fp8x2(make_double2(f.z, f.w),          \
                                             __NV_SATFINITE, Interp))) {}      \
    __host__ __device__ Name(const __half2 lo, const __half2 hi)               \
        : __x(pack(__nv_cvt_halfraw2_to_fp8x2(lo, __NV_SATFINITE, Interp),     \
                   __nv_cvt_halfraw2_to_fp8x2(hi, __NV_SATFINITE, Interp))) {} \
    __host__ __device__ Name(const __nv_bfloat162 lo,                          \
                             const __nv_bfloat162 hi)                          \
        : __x(pack(                                                            \
              __nv_cvt_bfloat16raw2_to_fp8x2(lo, __NV_SATFINITE, Interp),      \
              __nv_cvt_bfloat16raw2_to_fp8x2(hi, __NV_SATFINITE, Interp))) {}  \
    __host__ __device__ explicit operator float4() const {                     \
      return make_float4(                                                      \
          cucpu_fp8::decode<float>((__nv_fp8_storage_t)(__x & 0xFF), Interp),  \
          cucpu_fp8::decode<float>((__nv_fp8_storage_t)(__x >> 8), Interp),    \
          cucpu_fp8::decode<float>((__nv_fp8_storage_t)(__x >> 16), Interp),   \
          cucpu_fp8::decode<float>((__nv_fp8_storage_t)(__x >> 24), Interp));  \
    }                                                                          \
                                                                               \
  private:                                                                     \
    __host__ __device__ static __nv_fp8x4_storage_t                            \
    pack(__nv_fp8x2_storage_t lo, __nv_fp8x2_storage_t hi) {                   \
      return (__nv_fp8x4_storage_t)lo | ((__nv_fp8x4_storage_t)hi << 16);      \
    }                                                                          \
  };

CUCPU_FP8X4_TYPE(__nv_fp8x4_e4m3, __NV_E4M3)
CUCPU_FP8X4_TYPE(__nv_fp8x4_e5m2, __NV_E5M2)
#undef CUCPU_FP8X4_TYPE

#endif // CUCPU_CUDA_FP8_H
