//===- cuda_bf16.h - bfloat16 floating point for cucpu ----------*- C++ -*-===//
//
// Part of cucpu. __nv_bfloat16 and __nv_bfloat162 and CUDA's bfloat16 API,
// in host and device code. A __nv_bfloat16 holds the bits of a bfloat16
// value (float's sign, exponent and top 7 fraction bits); each operation
// rounds its result to bfloat16 once, as on the GPU. The API shared with
// __half (cuda_fp16.h) is written once, in cucpu/reduced_float_ops.h; the
// list in cuda_fp16.h names its functions, with bfloat16 for half and
// bfloat162 for half2 (__float2bfloat16_rz, __bfloat1622float2, ...).
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_CUDA_BF16_H
#define CUCPU_CUDA_BF16_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __CUDA_BF16_H__

#include "cucpu/reduced_float.h"
#include "host_defines.h"
#include "vector_types.h"

// The bits of a bfloat16, and of a pair.
struct __nv_bfloat16_raw {
  unsigned short x;
};
struct __nv_bfloat162_raw {
  unsigned short x, y;
};

struct __nv_bfloat16 {
  // The bits (clang's __bf16 is not used: converting to it in host code
  // needs a C runtime function that libgcc before GCC 13 lacks).
  unsigned short __x;
  __nv_bfloat16() = default;
  __host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
  __host__ __device__ __nv_bfloat16(float f)
      : __x(__cucpu_float2bits(f, __cucpu_bf16_format())) {}
  __host__ __device__ __nv_bfloat16(double d)
      : __x(__cucpu_float2bits(__cucpu_double2float_odd(d),
                               __cucpu_bf16_format())) {}
  // Integers round to nearest, as __int2bfloat16_rn does.
  __host__ __device__ __nv_bfloat16(short i)
      : __x(__cucpu_float2bits((float)i, __cucpu_bf16_format())) {}
  __host__ __device__ __nv_bfloat16(unsigned short i)
      : __x(__cucpu_float2bits((float)i, __cucpu_bf16_format())) {}
  __host__ __device__ __nv_bfloat16(int i)
      : __x(__cucpu_float2bits(__cucpu_double2float_odd((double)i),
                               __cucpu_bf16_format())) {}
  __host__ __device__ __nv_bfloat16(unsigned i)
      : __x(__cucpu_float2bits(__cucpu_double2float_odd((double)i),
                               __cucpu_bf16_format())) {}
  __host__ __device__ __nv_bfloat16(long i)
      : __x(__cucpu_float2bits(__cucpu_ll2float_odd(i),
                               __cucpu_bf16_format())) {}
  __host__ __device__ __nv_bfloat16(unsigned long i)
      : __x(__cucpu_float2bits(__cucpu_ull2float_odd(i),
                               __cucpu_bf16_format())) {}
  __host__ __device__ __nv_bfloat16(long long i)
      : __x(__cucpu_float2bits(__cucpu_ll2float_odd(i),
                               __cucpu_bf16_format())) {}
  __host__ __device__ __nv_bfloat16(unsigned long long i)
      : __x(__cucpu_float2bits(__cucpu_ull2float_odd(i),
                               __cucpu_bf16_format())) {}
  __host__ __device__ operator float() const {
    return __cucpu_bits2float(__x, __cucpu_bf16_format());
  }
  __host__ __device__ operator __nv_bfloat16_raw() const {
    __nv_bfloat16_raw r;
    r.x = __x;
    return r;
  }
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a,
                                     const __nv_bfloat16 &b)
      : x(a), y(b) {}
  __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &r) {
    __nv_bfloat16_raw lo, hi;
    lo.x = r.x;
    hi.x = r.y;
    x = lo;
    y = hi;
  }
  __host__ __device__ operator __nv_bfloat162_raw() const {
    __nv_bfloat162_raw r;
    r.x = x.__x;
    r.y = y.__x;
    return r;
  }
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

static __host__ __device__ __inline__ unsigned short
__cucpu_bits(__nv_bfloat16 a) {
  return a.__x;
}
static __host__ __device__ __inline__ __nv_bfloat16
__cucpu_from_bits(unsigned short bits, __cucpu_bf16_format) {
  __nv_bfloat16 h;
  h.__x = bits;
  return h;
}

#define CUCPU_RF_T __nv_bfloat16
#define CUCPU_RF_T2 __nv_bfloat162
#define CUCPU_RF_FORMAT __cucpu_bf16_format
#define CUCPU_RF_NAME bfloat16
#define CUCPU_RF_NAME2 bfloat162
#include "cucpu/reduced_float_ops.h"
#undef CUCPU_RF_NAME2
#undef CUCPU_RF_NAME
#undef CUCPU_RF_FORMAT
#undef CUCPU_RF_T2
#undef CUCPU_RF_T

#endif // CUCPU_CUDA_BF16_H
