//===- cuda_fp16.h - Half-precision floating point for cucpu ----*- C++ -*-===//
//
// Part of cucpu. __half and __half2 for storage and basic arithmetic, in host
// and device code. A __half holds an IEEE binary16 value (clang's _Float16);
// arithmetic rounds to half precision after each operation, as on the GPU.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_CUDA_FP16_H
#define CUCPU_CUDA_FP16_H

#include "host_defines.h"

#define CUCPU_FP16 static __host__ __device__ __inline__

struct __half {
  _Float16 __x;
  __half() = default;
  __host__ __device__ __half(float f) : __x((_Float16)f) {}
  __host__ __device__ __half(double f) : __x((_Float16)f) {}
  __host__ __device__ __half(int i) : __x((_Float16)i) {}
  __host__ __device__ operator float() const { return (float)__x; }
  __host__ __device__ __half &operator+=(const __half &o) {
    __x = __x + o.__x;
    return *this;
  }
  __host__ __device__ __half &operator-=(const __half &o) {
    __x = __x - o.__x;
    return *this;
  }
  __host__ __device__ __half &operator*=(const __half &o) {
    __x = __x * o.__x;
    return *this;
  }
  __host__ __device__ __half &operator/=(const __half &o) {
    __x = __x / o.__x;
    return *this;
  }
};

struct __align__(4) __half2 {
  __half x, y;
};

typedef __half half;
typedef __half2 half2;

CUCPU_FP16 __half __cucpu_make_half(_Float16 v) {
  __half h;
  h.__x = v;
  return h;
}

CUCPU_FP16 __half __float2half(float f) { return __cucpu_make_half((_Float16)f); }
CUCPU_FP16 __half __float2half_rn(float f) { return __cucpu_make_half((_Float16)f); }
CUCPU_FP16 __half __double2half(double d) { return __cucpu_make_half((_Float16)d); }
CUCPU_FP16 float __half2float(__half h) { return (float)h.__x; }
CUCPU_FP16 __half __int2half_rn(int i) { return __cucpu_make_half((_Float16)i); }
CUCPU_FP16 int __half2int_rz(__half h) { return (int)h.__x; }
CUCPU_FP16 unsigned short __half_as_ushort(__half h) {
  return __builtin_bit_cast(unsigned short, h.__x);
}
CUCPU_FP16 __half __ushort_as_half(unsigned short u) {
  return __cucpu_make_half(__builtin_bit_cast(_Float16, u));
}

CUCPU_FP16 __half __hadd(__half a, __half b) { return __cucpu_make_half(a.__x + b.__x); }
CUCPU_FP16 __half __hsub(__half a, __half b) { return __cucpu_make_half(a.__x - b.__x); }
CUCPU_FP16 __half __hmul(__half a, __half b) { return __cucpu_make_half(a.__x * b.__x); }
CUCPU_FP16 __half __hdiv(__half a, __half b) { return __cucpu_make_half(a.__x / b.__x); }
CUCPU_FP16 __half __hneg(__half a) { return __cucpu_make_half(-a.__x); }
CUCPU_FP16 __half __habs(__half a) {
  return __cucpu_make_half(a.__x < (_Float16)0 ? -a.__x : a.__x);
}
CUCPU_FP16 __half __hfma(__half a, __half b, __half c) {
  return __cucpu_make_half((_Float16)((float)a.__x * (float)b.__x + (float)c.__x));
}
CUCPU_FP16 __half hsqrt(__half a) {
  return __cucpu_make_half((_Float16)__builtin_sqrtf((float)a.__x));
}
CUCPU_FP16 bool __heq(__half a, __half b) { return a.__x == b.__x; }
CUCPU_FP16 bool __hne(__half a, __half b) { return a.__x != b.__x; }
CUCPU_FP16 bool __hlt(__half a, __half b) { return a.__x < b.__x; }
CUCPU_FP16 bool __hle(__half a, __half b) { return a.__x <= b.__x; }
CUCPU_FP16 bool __hgt(__half a, __half b) { return a.__x > b.__x; }
CUCPU_FP16 bool __hge(__half a, __half b) { return a.__x >= b.__x; }
CUCPU_FP16 __half __hmax(__half a, __half b) { return a.__x > b.__x ? a : b; }
CUCPU_FP16 __half __hmin(__half a, __half b) { return a.__x < b.__x ? a : b; }

CUCPU_FP16 __half operator+(__half a, __half b) { return __hadd(a, b); }
CUCPU_FP16 __half operator-(__half a, __half b) { return __hsub(a, b); }
CUCPU_FP16 __half operator*(__half a, __half b) { return __hmul(a, b); }
CUCPU_FP16 __half operator/(__half a, __half b) { return __hdiv(a, b); }
CUCPU_FP16 __half operator-(__half a) { return __hneg(a); }
CUCPU_FP16 bool operator==(__half a, __half b) { return __heq(a, b); }
CUCPU_FP16 bool operator!=(__half a, __half b) { return __hne(a, b); }
CUCPU_FP16 bool operator<(__half a, __half b) { return __hlt(a, b); }
CUCPU_FP16 bool operator<=(__half a, __half b) { return __hle(a, b); }
CUCPU_FP16 bool operator>(__half a, __half b) { return __hgt(a, b); }
CUCPU_FP16 bool operator>=(__half a, __half b) { return __hge(a, b); }

CUCPU_FP16 __half2 __halves2half2(__half a, __half b) {
  __half2 r;
  r.x = a;
  r.y = b;
  return r;
}
CUCPU_FP16 __half2 __floats2half2_rn(float a, float b) {
  return __halves2half2(__float2half(a), __float2half(b));
}
CUCPU_FP16 __half2 __float2half2_rn(float a) {
  return __halves2half2(__float2half(a), __float2half(a));
}
CUCPU_FP16 float __low2float(__half2 h) { return __half2float(h.x); }
CUCPU_FP16 float __high2float(__half2 h) { return __half2float(h.y); }
CUCPU_FP16 __half2 __hadd2(__half2 a, __half2 b) {
  return __halves2half2(__hadd(a.x, b.x), __hadd(a.y, b.y));
}
CUCPU_FP16 __half2 __hmul2(__half2 a, __half2 b) {
  return __halves2half2(__hmul(a.x, b.x), __hmul(a.y, b.y));
}
CUCPU_FP16 __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return __halves2half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}

// Warp shuffles of halves move their bits through the unsigned shuffles (a
// __half2 as two halves).
#if defined(__CUDA__) && defined(CUCPU_DEVICE_FUNCTIONS_H)
#define CUCPU_HALF_SHUFFLE(name, Operand)                                      \
  static __device__ __inline__ __half name(unsigned mask, __half var,          \
                                           Operand operand, int width = 32) {  \
    return __ushort_as_half((unsigned short)name(                              \
        mask, (unsigned)__half_as_ushort(var), operand, width));               \
  }                                                                            \
  static __device__ __inline__ __half2 name(unsigned mask, __half2 var,        \
                                            Operand operand, int width = 32) { \
    return __halves2half2(name(mask, var.x, operand, width),                   \
                          name(mask, var.y, operand, width));                  \
  }
CUCPU_HALF_SHUFFLE(__shfl_sync, int)
CUCPU_HALF_SHUFFLE(__shfl_up_sync, unsigned)
CUCPU_HALF_SHUFFLE(__shfl_down_sync, unsigned)
CUCPU_HALF_SHUFFLE(__shfl_xor_sync, int)
#undef CUCPU_HALF_SHUFFLE
#endif

#undef CUCPU_FP16

#endif // CUCPU_CUDA_FP16_H
