//===- cuda_fp16.h - Half-precision floating point for cucpu ----*- C++ -*-===//
//
// Part of cucpu. __half and __half2 and CUDA's half-precision API, in host
// and device code. A __half holds an IEEE binary16 value (clang's _Float16);
// each operation rounds its result to half precision once, as on the GPU.
// The API that __half shares with __nv_bfloat16 (cuda_bf16.h) is written
// once, in cucpu/reduced_float_ops.h, which composes the names; they are:
//  - conversions: __float2half, __float2half_rn/_rz/_rd/_ru, __double2half,
//    __half2float, __float2half2_rn, __floats2half2_rn, __float22half2_rn,
//    __half22float2, __low2float, __high2float; __half2{int,uint,short,
//    ushort,ll,ull}_{rn,rz,rd,ru}, __half2char_rz, __half2uchar_rz;
//    __{int,uint,short,ushort,ll,ull}2half_{rn,rz,rd,ru}; __half_as_short,
//    __half_as_ushort, __short_as_half, __ushort_as_half;
//  - data movement: __half2half2, __halves2half2, make_half2, __low2half,
//    __high2half, __low2half2, __high2half2, __lows2half2, __highs2half2,
//    __lowhigh2highlow;
//  - arithmetic: __hadd, __hsub, __hmul (and _rn, _sat), __hdiv, __hneg,
//    __habs, __hfma (and _sat, _relu), __hmax, __hmin (and _nan); the pair
//    forms __hadd2 ... __hfma2_relu, __h2div, __hneg2, __habs2, __hmax2 ...,
//    __hcmadd;
//  - comparisons: __heq, __hne, __hlt, __hle, __hgt, __hge and the unordered
//    __hequ ... __hgeu; their pair forms __heq2 ... (1.0 or 0.0 per half),
//    __heq2_mask ... and __hbeq2 ... (both halves); __hisnan, __hisnan2,
//    __hisinf;
//  - math: hsqrt, hrsqrt, hrcp, hexp, hexp2, hexp10, hlog, hlog2, hlog10,
//    hsin, hcos, htanh, htrunc, hceil, hfloor, hrint, and h2sqrt ...;
//  - operators: + - * / (binary and unary), += -= *= /=, ++ and --,
//    == != < <= > >=, on __half and on __half2 (whose comparisons hold where
//    they hold for both halves);
//  - device code: atomicAdd, __ldcg, __ldca, __ldcs, __ldlu, __ldcv, __stwb,
//    __stcg, __stcs, __stwt, and the __shfl_*_sync shuffles.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_CUDA_FP16_H
#define CUCPU_CUDA_FP16_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __CUDA_FP16_H__

#include "cucpu/reduced_float.h"
#include "host_defines.h"
#include "vector_types.h"

// The bits of a half, and of a pair.
struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x, y;
};

struct __half {
  _Float16 __x;
  __half() = default;
  __host__ __device__ __half(const __half_raw &r)
      : __x(__builtin_bit_cast(_Float16, r.x)) {}
  __host__ __device__ __half(float f) : __x((_Float16)f) {}
  __host__ __device__ __half(double d)
      : __x((_Float16)__cucpu_double2float_odd(d)) {}
  // Integers round to nearest, as __int2half_rn does; up to 2^24 they are
  // floats exactly, and above 65520 every one is infinity.
  __host__ __device__ __half(short i) : __x((_Float16)(float)i) {}
  __host__ __device__ __half(unsigned short i) : __x((_Float16)(float)i) {}
  __host__ __device__ __half(int i) : __x((_Float16)(float)i) {}
  __host__ __device__ __half(unsigned i) : __x((_Float16)(float)i) {}
  __host__ __device__ __half(long i) : __x((_Float16)(float)i) {}
  __host__ __device__ __half(unsigned long i) : __x((_Float16)(float)i) {}
  __host__ __device__ __half(long long i) : __x((_Float16)(float)i) {}
  __host__ __device__ __half(unsigned long long i) : __x((_Float16)(float)i) {}
  __host__ __device__ operator float() const { return (float)__x; }
  __host__ __device__ operator __half_raw() const {
    __half_raw r;
    r.x = __builtin_bit_cast(unsigned short, __x);
    return r;
  }
};

struct __align__(4) __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
  __host__ __device__ __half2(const __half2_raw &r) {
    __half_raw lo, hi;
    lo.x = r.x;
    hi.x = r.y;
    x = lo;
    y = hi;
  }
  __host__ __device__ operator __half2_raw() const {
    __half2_raw r;
    r.x = __builtin_bit_cast(unsigned short, x.__x);
    r.y = __builtin_bit_cast(unsigned short, y.__x);
    return r;
  }
};

typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;

static __host__ __device__ __inline__ unsigned short __cucpu_bits(__half a) {
  return __builtin_bit_cast(unsigned short, a.__x);
}
static __host__ __device__ __inline__ __half
__cucpu_from_bits(unsigned short bits, __cucpu_fp16_format) {
  __half h;
  h.__x = __builtin_bit_cast(_Float16, bits);
  return h;
}

#define CUCPU_RF_T __half
#define CUCPU_RF_T2 __half2
#define CUCPU_RF_FORMAT __cucpu_fp16_format
#define CUCPU_RF_NAME half
#define CUCPU_RF_NAME2 half2
#include "cucpu/reduced_float_ops.h"
#undef CUCPU_RF_NAME2
#undef CUCPU_RF_NAME
#undef CUCPU_RF_FORMAT
#undef CUCPU_RF_T2
#undef CUCPU_RF_T

#endif // CUCPU_CUDA_FP16_H
