//===- vector_types.h - CUDA vector types for cucpu -------------*- C++ -*-===//
//
// Part of cucpu. The built-in vector types (char1 .. double4), uint3 and dim3,
// with the alignments CUDA gives them.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_VECTOR_TYPES_H
#define CUCPU_VECTOR_TYPES_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __VECTOR_TYPES_H__

#include "host_defines.h"

// CUCPU_VEC_TYPES(Prefix, Elem, Align1, Align2, Align4) defines Prefix1 ..
// Prefix4. Three-element vectors have the alignment of their element.
#define CUCPU_VEC_TYPES(P, T, A1, A2, A4)                                      \
  struct __align__(A1) P##1 { T x; };                                          \
  struct __align__(A2) P##2 { T x, y; };                                       \
  struct P##3 { T x, y, z; };                                                  \
  struct __align__(A4) P##4 { T x, y, z, w; };

CUCPU_VEC_TYPES(char, signed char, 1, 2, 4)
CUCPU_VEC_TYPES(uchar, unsigned char, 1, 2, 4)
CUCPU_VEC_TYPES(short, short, 2, 4, 8)
CUCPU_VEC_TYPES(ushort, unsigned short, 2, 4, 8)
CUCPU_VEC_TYPES(int, int, 4, 8, 16)
CUCPU_VEC_TYPES(uint, unsigned int, 4, 8, 16)
CUCPU_VEC_TYPES(long, long, sizeof(long), 2 * sizeof(long), 16)
CUCPU_VEC_TYPES(ulong, unsigned long, sizeof(unsigned long),
                2 * sizeof(unsigned long), 16)
CUCPU_VEC_TYPES(longlong, long long, 8, 16, 16)
CUCPU_VEC_TYPES(ulonglong, unsigned long long, 8, 16, 16)
CUCPU_VEC_TYPES(float, float, 4, 8, 16)
CUCPU_VEC_TYPES(double, double, 8, 16, 16)

#undef CUCPU_VEC_TYPES

// CUDA 13 spellings of the 4-element 64-bit vectors with explicit alignment.
typedef long4 long4_16a;
typedef ulong4 ulong4_16a;
typedef longlong4 longlong4_16a;
typedef ulonglong4 ulonglong4_16a;
typedef double4 double4_16a;

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};

typedef struct dim3 dim3;

#endif // CUCPU_VECTOR_TYPES_H
