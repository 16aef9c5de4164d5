//===- vector_functions.h - make_<vector> functions for cucpu ---*- C++ -*-===//
//
// Part of cucpu. make_int2, make_float4, ... for every built-in vector type.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_VECTOR_FUNCTIONS_H
#define CUCPU_VECTOR_FUNCTIONS_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __VECTOR_FUNCTIONS_H__

#include "vector_types.h"

#define CUCPU_MAKE_FUNCS(P, T)                                                 \
  static __host__ __device__ __inline__ P##1 make_##P##1(T x) {                \
    P##1 r;                                                                    \
    r.x = x;                                                                   \
    return r;                                                                  \
  }                                                                            \
  static __host__ __device__ __inline__ P##2 make_##P##2(T x, T y) {           \
    P##2 r;                                                                    \
    r.x = x;                                                                   \
    r.y = y;                                                                   \
    return r;                                                                  \
  }                                                                            \
  static __host__ __device__ __inline__ P##3 make_##P##3(T x, T y, T z) {      \
    P##3 r;                                                                    \
    r.x = x;                                                                   \
    r.y = y;                                                                   \
    r.z = z;                                                                   \
    return r;                                                                  \
  }                                                                            \
  static __host__ __device__ __inline__ P##4 make_##P##4(T x, T y, T z, T w) { \
    P##4 r;                                                                    \
    r.x = x;                                                                   \
    r.y = y;                                                                   \
    r.z = z;                                                                   \
    r.w = w;                                                                   \
    return r;                                                                  \
  }

CUCPU_MAKE_FUNCS(char, signed char)
CUCPU_MAKE_FUNCS(uchar, unsigned char)
CUCPU_MAKE_FUNCS(short, short)
CUCPU_MAKE_FUNCS(ushort, unsigned short)
CUCPU_MAKE_FUNCS(int, int)
CUCPU_MAKE_FUNCS(uint, unsigned int)
CUCPU_MAKE_FUNCS(long, long)
CUCPU_MAKE_FUNCS(ulong, unsigned long)
CUCPU_MAKE_FUNCS(longlong, long long)
CUCPU_MAKE_FUNCS(ulonglong, unsigned long long)
CUCPU_MAKE_FUNCS(float, float)
CUCPU_MAKE_FUNCS(double, double)

#undef CUCPU_MAKE_FUNCS

#endif // CUCPU_VECTOR_FUNCTIONS_H
