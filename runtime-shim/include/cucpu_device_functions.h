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

// Device code may call printf: the C library's, which the frontend calls
// directly. Declaring <stdio.h> host-and-device makes that call valid. CUDA
// also gives device code memcpy, memset and memmove (<string.h>), which the
// frontend makes LLVM's memory intrinsics; the other functions of these
// headers are an error where device code calls them.
#pragma clang force_cuda_host_device begin
#include <stdio.h>
#include <assert.h>
#include <string.h>
#pragma clang force_cuda_host_device end

// CUDA's device heap: malloc and free in device code are the C library's
// (memory from one thread's malloc may be freed by another, or by a later
// kernel, as on a GPU).
extern "C" __device__ void *malloc(size_t size);
extern "C" __device__ void free(void *ptr);

// A quiet NaN; the frontend makes it a constant when the tag is a literal.
extern "C" __device__ double nan(const char *tag);
extern "C" __device__ float nanf(const char *tag);

// Loads through the read-only data cache, and loads and stores with a
// cache hint (cache globally, streaming, last use, ...), are plain loads and
// stores on a CPU.
template <class T> static __device__ __inline__ T __ldg(const T *p) {
  return *p;
}
template <class T> static __device__ __inline__ T __ldcg(const T *p) {
  return *p;
}
template <class T> static __device__ __inline__ T __ldca(const T *p) {
  return *p;
}
template <class T> static __device__ __inline__ T __ldcs(const T *p) {
  return *p;
}
template <class T> static __device__ __inline__ T __ldlu(const T *p) {
  return *p;
}
template <class T> static __device__ __inline__ T __ldcv(const T *p) {
  return *p;
}
template <class T> static __device__ __inline__ void __stwb(T *p, T v) {
  *p = v;
}
template <class T> static __device__ __inline__ void __stcg(T *p, T v) {
  *p = v;
}
template <class T> static __device__ __inline__ void __stcs(T *p, T v) {
  *p = v;
}
template <class T> static __device__ __inline__ void __stwt(T *p, T v) {
  *p = v;
}

__device__ void __syncthreads(void);
// Warp-level functions. __syncwarp synchronizes (at least) the warp. The
// shuffles, votes, matches and reductions are recognized by name: the
// frontend turns each into an exchange through block-shared memory.
// __activemask is declared so that programs using it get a clear error from
// the frontend rather than an unknown name.
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ unsigned __activemask(void);
__device__ unsigned __ballot_sync(unsigned mask, int predicate);
__device__ int __any_sync(unsigned mask, int predicate);
__device__ int __all_sync(unsigned mask, int predicate);
#define CUCPU_SHUFFLES(T)                                                      \
  __device__ T __shfl_sync(unsigned mask, T var, int srcLane,                  \
                           int width = 32);                                    \
  __device__ T __shfl_up_sync(unsigned mask, T var, unsigned delta,            \
                              int width = 32);                                 \
  __device__ T __shfl_down_sync(unsigned mask, T var, unsigned delta,          \
                                int width = 32);                               \
  __device__ T __shfl_xor_sync(unsigned mask, T var, int laneMask,             \
                               int width = 32);                                \
  __device__ unsigned __match_any_sync(unsigned mask, T value);                \
  __device__ unsigned __match_all_sync(unsigned mask, T value, int *pred);
CUCPU_SHUFFLES(int)
CUCPU_SHUFFLES(unsigned)
CUCPU_SHUFFLES(long)
CUCPU_SHUFFLES(unsigned long)
CUCPU_SHUFFLES(long long)
CUCPU_SHUFFLES(unsigned long long)
CUCPU_SHUFFLES(float)
CUCPU_SHUFFLES(double)
#undef CUCPU_SHUFFLES
// The forms before CUDA 9, without a mask: the whole warp takes part.
#define CUCPU_LEGACY_SHUFFLES(T)                                               \
  static __device__ __inline__ T __shfl(T var, int srcLane, int width = 32) {  \
    return __shfl_sync(0xffffffffu, var, srcLane, width);                      \
  }                                                                            \
  static __device__ __inline__ T __shfl_up(T var, unsigned delta,              \
                                           int width = 32) {                   \
    return __shfl_up_sync(0xffffffffu, var, delta, width);                     \
  }                                                                            \
  static __device__ __inline__ T __shfl_down(T var, unsigned delta,            \
                                             int width = 32) {                 \
    return __shfl_down_sync(0xffffffffu, var, delta, width);                   \
  }                                                                            \
  static __device__ __inline__ T __shfl_xor(T var, int laneMask,               \
                                            int width = 32) {                  \
    return __shfl_xor_sync(0xffffffffu, var, laneMask, width);                 \
  }
CUCPU_LEGACY_SHUFFLES(int)
CUCPU_LEGACY_SHUFFLES(unsigned)
CUCPU_LEGACY_SHUFFLES(long)
CUCPU_LEGACY_SHUFFLES(unsigned long)
CUCPU_LEGACY_SHUFFLES(long long)
CUCPU_LEGACY_SHUFFLES(unsigned long long)
CUCPU_LEGACY_SHUFFLES(float)
CUCPU_LEGACY_SHUFFLES(double)
#undef CUCPU_LEGACY_SHUFFLES
static __device__ __inline__ unsigned __ballot(int predicate) {
  return __ballot_sync(0xffffffffu, predicate);
}
static __device__ __inline__ int __any(int predicate) {
  return __any_sync(0xffffffffu, predicate);
}
static __device__ __inline__ int __all(int predicate) {
  return __all_sync(0xffffffffu, predicate);
}
// Reductions over the lanes of a mask (compute capability 8.0).
__device__ unsigned __reduce_add_sync(unsigned mask, unsigned value);
__device__ int __reduce_add_sync(unsigned mask, int value);
__device__ unsigned __reduce_min_sync(unsigned mask, unsigned value);
__device__ int __reduce_min_sync(unsigned mask, int value);
__device__ unsigned __reduce_max_sync(unsigned mask, unsigned value);
__device__ int __reduce_max_sync(unsigned mask, int value);
__device__ unsigned __reduce_and_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_or_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_xor_sync(unsigned mask, unsigned value);

// Barriers that also count, and, or a predicate over the block's threads.
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);

#define CUCPU_DEVICE static __device__ __inline__
// CUDA's functions that host code may call too (rsqrtf has no C library
// counterpart, yet nvcc accepts it in host code).
#define CUCPU_HOST_DEVICE static __host__ __device__ __inline__

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
// pow with an int exponent, as CUDA declares it for device code (libstdc++'s
// template for mixed arguments calls the C library's pow, a host function).
CUCPU_DEVICE float pow(float x, int n) { return __builtin_powf(x, (float)n); }
CUCPU_DEVICE double pow(double x, int n) { return __builtin_pow(x, (double)n); }
CUCPU_MATH2(atan2)
CUCPU_MATH2(fmin)
CUCPU_MATH2(fmax)
CUCPU_MATH2(fmod)
CUCPU_MATH2(copysign)
CUCPU_MATH1(lgamma)
CUCPU_MATH1(tgamma)
CUCPU_MATH1(logb)
CUCPU_MATH2(hypot)
CUCPU_MATH2(remainder)
CUCPU_MATH2(fdim)
CUCPU_MATH2(nextafter)
CUCPU_DEVICE double ldexp(double x, int e) { return __builtin_ldexp(x, e); }
CUCPU_DEVICE float ldexpf(float x, int e) { return __builtin_ldexpf(x, e); }
CUCPU_DEVICE double scalbn(double x, int e) { return __builtin_scalbn(x, e); }
CUCPU_DEVICE float scalbnf(float x, int e) { return __builtin_scalbnf(x, e); }
CUCPU_DEVICE int ilogb(double x) { return __builtin_ilogb(x); }
CUCPU_DEVICE int ilogbf(float x) { return __builtin_ilogbf(x); }
CUCPU_DEVICE double frexp(double x, int *e) { return __builtin_frexp(x, e); }
CUCPU_DEVICE float frexpf(float x, int *e) { return __builtin_frexpf(x, e); }
CUCPU_DEVICE double modf(double x, double *i) { return __builtin_modf(x, i); }
CUCPU_DEVICE float modff(float x, float *i) { return __builtin_modff(x, i); }
CUCPU_HOST_DEVICE double norm3d(double a, double b, double c) {
  return __builtin_sqrt(a * a + b * b + c * c);
}
CUCPU_HOST_DEVICE float norm3df(float a, float b, float c) {
  return __builtin_sqrtf(a * a + b * b + c * c);
}
CUCPU_DEVICE double fma(double x, double y, double z) {
  return __builtin_fma(x, y, z);
}
CUCPU_DEVICE float fmaf(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
CUCPU_HOST_DEVICE double rsqrt(double x) { return 1.0 / __builtin_sqrt(x); }
CUCPU_HOST_DEVICE float rsqrtf(float x) { return 1.0f / __builtin_sqrtf(x); }
// Rounding to an integer type: the rounded value, converted (the C
// library's versions are host functions).
#define CUCPU_ROUND_TO(R, name, round)                                         \
  CUCPU_DEVICE R name(double x) { return (R)__builtin_##round(x); }            \
  CUCPU_DEVICE R name##f(float x) { return (R)__builtin_##round##f(x); }
CUCPU_ROUND_TO(long, lround, round)
CUCPU_ROUND_TO(long long, llround, round)
CUCPU_ROUND_TO(long, lrint, rint)
CUCPU_ROUND_TO(long long, llrint, rint)
#undef CUCPU_ROUND_TO

// CUDA's math functions without a C library counterpart: the cucpu frontend
// calls cucpu's math library for them (__cucpu_math_<name>, in the runtime
// on the CPU, linked into the module on a GPU).
extern "C" {
__device__ double erfinv(double y);
__device__ float erfinvf(float y);
__device__ double erfcinv(double z);
__device__ float erfcinvf(float z);
__device__ double erfcx(double x);
__device__ float erfcxf(float x);
__device__ double normcdf(double x);
__device__ float normcdff(float x);
__device__ double normcdfinv(double p);
__device__ float normcdfinvf(float p);
__device__ double rcbrt(double x);
__device__ float rcbrtf(float x);
// sin(pi x) and cos(pi x), with x reduced exactly (sinpi(n) is 0, cospi of
// n + 1/2 is +0); the C library's Bessel functions, which device code may
// call as with nvcc, and CUDA's modified Bessel functions of order 0 and 1.
// These device declarations overload the C library's host ones.
__device__ double sinpi(double x);
__device__ float sinpif(float x);
__device__ double cospi(double x);
__device__ float cospif(float x);
__device__ double j0(double x);
__device__ float j0f(float x);
__device__ double j1(double x);
__device__ float j1f(float x);
__device__ double jn(int n, double x);
__device__ float jnf(int n, float x);
__device__ double y0(double x);
__device__ float y0f(float x);
__device__ double y1(double x);
__device__ float y1f(float x);
__device__ double yn(int n, double x);
__device__ float ynf(int n, float x);
__device__ double cyl_bessel_i0(double x);
__device__ float cyl_bessel_i0f(float x);
__device__ double cyl_bessel_i1(double x);
__device__ float cyl_bessel_i1f(float x);
}
CUCPU_DEVICE void sincospi(double x, double *s, double *c) {
  *s = sinpi(x);
  *c = cospi(x);
}
CUCPU_DEVICE void sincospif(float x, float *s, float *c) {
  *s = sinpif(x);
  *c = cospif(x);
}

// Fast-math intrinsics: on the CPU they are the ordinary functions.
CUCPU_DEVICE float __expf(float x) { return __builtin_expf(x); }
CUCPU_DEVICE float __exp10f(float x) { return __builtin_powf(10.0f, x); }
CUCPU_DEVICE float __logf(float x) { return __builtin_logf(x); }
CUCPU_DEVICE float __log2f(float x) { return __builtin_log2f(x); }
CUCPU_DEVICE float __log10f(float x) { return __builtin_log10f(x); }
CUCPU_DEVICE float __powf(float x, float y) { return __builtin_powf(x, y); }
CUCPU_DEVICE float __sinf(float x) { return __builtin_sinf(x); }
CUCPU_DEVICE float __cosf(float x) { return __builtin_cosf(x); }
CUCPU_DEVICE float __tanf(float x) { return __builtin_tanf(x); }
CUCPU_DEVICE void __sincosf(float x, float *s, float *c) {
  *s = __builtin_sinf(x);
  *c = __builtin_cosf(x);
}
CUCPU_DEVICE void sincosf(float x, float *s, float *c) {
  *s = __builtin_sinf(x);
  *c = __builtin_cosf(x);
}
CUCPU_DEVICE void sincos(double x, double *s, double *c) {
  *s = __builtin_sin(x);
  *c = __builtin_cos(x);
}
CUCPU_DEVICE float exp10f(float x) { return __builtin_powf(10.0f, x); }
CUCPU_DEVICE double exp10(double x) { return __builtin_pow(10.0, x); }
CUCPU_DEVICE float __fdividef(float x, float y) { return x / y; }
// The math API's name for the same division (without the underscores).
CUCPU_DEVICE float fdividef(float x, float y) { return x / y; }
CUCPU_DEVICE float __saturatef(float x) {
  return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x);
}
CUCPU_DEVICE float __fmaf_rn(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
CUCPU_DEVICE double __fma_rn(double x, double y, double z) {
  return __builtin_fma(x, y, z);
}
// The rounding intrinsics are never fused into a multiply-add (CUDA's
// contract for them), whatever -ffp-contract says for the code around them;
// the frontend marks their operations, and --use_fast_math leaves them
// exact, as nvcc does.
#define CUCPU_UNFUSED _Pragma("clang fp contract(off)")
CUCPU_DEVICE float __fadd_rn(float x, float y) {
  CUCPU_UNFUSED
  return x + y;
}
CUCPU_DEVICE float __fsub_rn(float x, float y) {
  CUCPU_UNFUSED
  return x - y;
}
CUCPU_DEVICE float __fmul_rn(float x, float y) {
  CUCPU_UNFUSED
  return x * y;
}
CUCPU_DEVICE float __fdiv_rn(float x, float y) {
  CUCPU_UNFUSED
  return x / y;
}
CUCPU_DEVICE float __frcp_rn(float x) {
  CUCPU_UNFUSED
  return 1.0f / x;
}
CUCPU_DEVICE float __fsqrt_rn(float x) {
  CUCPU_UNFUSED
  return __builtin_sqrtf(x);
}
// 1/sqrt(x) rounded once: double precision holds it exactly enough.
CUCPU_DEVICE float __frsqrt_rn(float x) {
  return (float)(1.0 / __builtin_sqrt((double)x));
}
CUCPU_DEVICE double __dadd_rn(double x, double y) {
  CUCPU_UNFUSED
  return x + y;
}
CUCPU_DEVICE double __dmul_rn(double x, double y) {
  CUCPU_UNFUSED
  return x * y;
}
#undef CUCPU_UNFUSED
CUCPU_DEVICE float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
CUCPU_DEVICE int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
CUCPU_DEVICE float __uint_as_float(unsigned x) {
  return __builtin_bit_cast(float, x);
}
CUCPU_DEVICE unsigned __float_as_uint(float x) {
  return __builtin_bit_cast(unsigned, x);
}
CUCPU_DEVICE double __longlong_as_double(long long x) {
  return __builtin_bit_cast(double, x);
}
CUCPU_DEVICE long long __double_as_longlong(double x) {
  return __builtin_bit_cast(long long, x);
}
CUCPU_DEVICE float __int2float_rn(int x) { return (float)x; }
// The other conversions and the arithmetic in the other rounding modes.
#include "cucpu/rounding_intrinsics.h"
// float to int, saturating as the GPU does (the C cast is undefined out of
// range).
#define CUCPU_FLOAT2INT(suffix, mode)                                          \
  CUCPU_DEVICE int __float2int_##suffix(float x) {                             \
    return cucpu_round::toInt<int>(x, cucpu_round::mode, 0);                   \
  }
CUCPU_FLOAT2INT(rn, Nearest)
CUCPU_FLOAT2INT(rz, TowardZero)
CUCPU_FLOAT2INT(rd, Down)
CUCPU_FLOAT2INT(ru, Up)
#undef CUCPU_FLOAT2INT

// Integer intrinsics.
CUCPU_DEVICE int __popc(unsigned x) { return __builtin_popcount(x); }
CUCPU_DEVICE int __popcll(unsigned long long x) {
  return __builtin_popcountll(x);
}
CUCPU_DEVICE int __clz(int x) {
  return x == 0 ? 32 : __builtin_clz((unsigned)x);
}
CUCPU_DEVICE int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll((unsigned long long)x);
}
CUCPU_DEVICE int __ffs(int x) {
  return x == 0 ? 0 : __builtin_ctz((unsigned)x) + 1;
}
CUCPU_DEVICE int __ffsll(long long x) {
  return x == 0 ? 0 : __builtin_ctzll((unsigned long long)x) + 1;
}
CUCPU_DEVICE unsigned __brev(unsigned x) { return __builtin_bitreverse32(x); }
CUCPU_DEVICE unsigned long long __brevll(unsigned long long x) {
  return __builtin_bitreverse64(x);
}
// Dot products of packed bytes (CUDA 8's __dp4a, __dp2a_lo, __dp2a_hi):
// byte i of a times byte i of b, summed with c; the __dp2a forms multiply
// a's two 16-bit halves with two bytes of b (its low or its high half).
CUCPU_DEVICE int __dp4a(int a, int b, int c) {
  for (int i = 0; i < 32; i += 8)
    c += (int)(signed char)(a >> i) * (int)(signed char)(b >> i);
  return c;
}
CUCPU_DEVICE unsigned __dp4a(unsigned a, unsigned b, unsigned c) {
  for (int i = 0; i < 32; i += 8)
    c += ((a >> i) & 0xffu) * ((b >> i) & 0xffu);
  return c;
}
CUCPU_DEVICE int __dp4a(char4 a, char4 b, int c) {
  return c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
CUCPU_DEVICE unsigned __dp4a(uchar4 a, uchar4 b, unsigned c) {
  return c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
CUCPU_DEVICE int __cucpu_dp2a(int a, int b, int c, int shift) {
  return c + (int)(short)a * (int)(signed char)(b >> shift) +
         (int)(short)(a >> 16) * (int)(signed char)(b >> (shift + 8));
}
CUCPU_DEVICE unsigned __cucpu_dp2a(unsigned a, unsigned b, unsigned c,
                                   int shift) {
  return c + (a & 0xffffu) * ((b >> shift) & 0xffu) +
         (a >> 16) * ((b >> (shift + 8)) & 0xffu);
}
CUCPU_DEVICE int __dp2a_lo(int a, int b, int c) {
  return __cucpu_dp2a(a, b, c, 0);
}
CUCPU_DEVICE unsigned __dp2a_lo(unsigned a, unsigned b, unsigned c) {
  return __cucpu_dp2a(a, b, c, 0);
}
CUCPU_DEVICE int __dp2a_hi(int a, int b, int c) {
  return __cucpu_dp2a(a, b, c, 16);
}
CUCPU_DEVICE unsigned __dp2a_hi(unsigned a, unsigned b, unsigned c) {
  return __cucpu_dp2a(a, b, c, 16);
}
CUCPU_DEVICE int __dp2a_lo(short2 a, char4 b, int c) {
  return c + a.x * b.x + a.y * b.y;
}
CUCPU_DEVICE unsigned __dp2a_lo(ushort2 a, uchar4 b, unsigned c) {
  return c + a.x * b.x + a.y * b.y;
}
CUCPU_DEVICE int __dp2a_hi(short2 a, char4 b, int c) {
  return c + a.x * b.z + a.y * b.w;
}
CUCPU_DEVICE unsigned __dp2a_hi(ushort2 a, uchar4 b, unsigned c) {
  return c + a.x * b.z + a.y * b.w;
}
CUCPU_DEVICE int __mul24(int x, int y) {
  return ((x << 8) >> 8) * ((y << 8) >> 8);
}
CUCPU_DEVICE unsigned __umul24(unsigned x, unsigned y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
CUCPU_DEVICE int __mulhi(int x, int y) {
  return (int)(((long long)x * (long long)y) >> 32);
}
CUCPU_DEVICE unsigned __umulhi(unsigned x, unsigned y) {
  return (unsigned)(((unsigned long long)x * (unsigned long long)y) >> 32);
}
CUCPU_DEVICE long long __mul64hi(long long x, long long y) {
  return (long long)(((__int128)x * (__int128)y) >> 64);
}
CUCPU_DEVICE unsigned long long __umul64hi(unsigned long long x,
                                           unsigned long long y) {
  return (unsigned long long)(((unsigned __int128)x * y) >> 64);
}
CUCPU_DEVICE unsigned __sad(int x, int y, unsigned z) {
  return (unsigned)(x > y ? x - y : y - x) + z;
}
CUCPU_DEVICE unsigned __usad(unsigned x, unsigned y, unsigned z) {
  return (x > y ? x - y : y - x) + z;
}
// Byte n of the result is the byte of y:x (x the low half) that the low
// three bits of the selector's nibble n name.
CUCPU_DEVICE unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  unsigned long long bytes = ((unsigned long long)y << 32) | x;
  unsigned r = 0;
  for (int n = 0; n < 4; ++n)
    r |= (unsigned)((bytes >> (((s >> (4 * n)) & 7) * 8)) & 0xffu) << (8 * n);
  return r;
}
// Shifts of the 64-bit hi:lo, keeping the high (left) or low (right) half;
// the shift is taken modulo 32, or for the _c forms clamped to 32.
CUCPU_DEVICE unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned)((v << (s & 31)) >> 32);
}
CUCPU_DEVICE unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned)((v << (s < 32 ? s : 32)) >> 32);
}
CUCPU_DEVICE unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned)(v >> (s & 31));
}
CUCPU_DEVICE unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned)(v >> (s < 32 ? s : 32));
}

// Cycle counters: the CPU's time-stamp counter, the GPU's %clock64.
CUCPU_DEVICE long long clock64(void) {
  return (long long)__builtin_readcyclecounter();
}
CUCPU_DEVICE clock_t clock(void) { return (clock_t)clock64(); }
// A hint to wait: nothing to wait for on a CPU, and correct code may not rely
// on the wait.
CUCPU_DEVICE void __nanosleep(unsigned ns) { (void)ns; }

// min and max as CUDA declares them: for host and device code alike, for
// every integer type and for mixed signed and unsigned arguments (the
// unsigned type wins, as in C's usual conversions: `min(n, blocks - j)`
// with an int and an unsigned), and for float and double like fminf/fmin
// (a NaN argument gives the other one).
#define CUCPU_MINMAX(R, A, B)                                                  \
  CUCPU_HOST_DEVICE R min(A a, B b) { return (R)a < (R)b ? (R)a : (R)b; }      \
  CUCPU_HOST_DEVICE R max(A a, B b) { return (R)a > (R)b ? (R)a : (R)b; }
CUCPU_MINMAX(int, int, int)
CUCPU_MINMAX(unsigned, unsigned, unsigned)
CUCPU_MINMAX(unsigned, int, unsigned)
CUCPU_MINMAX(unsigned, unsigned, int)
CUCPU_MINMAX(long, long, long)
CUCPU_MINMAX(unsigned long, unsigned long, unsigned long)
CUCPU_MINMAX(unsigned long, long, unsigned long)
CUCPU_MINMAX(unsigned long, unsigned long, long)
CUCPU_MINMAX(long long, long long, long long)
CUCPU_MINMAX(unsigned long long, unsigned long long, unsigned long long)
CUCPU_MINMAX(unsigned long long, long long, unsigned long long)
CUCPU_MINMAX(unsigned long long, unsigned long long, long long)
#undef CUCPU_MINMAX
CUCPU_HOST_DEVICE float min(float a, float b) { return __builtin_fminf(a, b); }
CUCPU_HOST_DEVICE float max(float a, float b) { return __builtin_fmaxf(a, b); }
CUCPU_HOST_DEVICE double min(double a, double b) { return __builtin_fmin(a, b); }
CUCPU_HOST_DEVICE double max(double a, double b) { return __builtin_fmax(a, b); }
CUCPU_HOST_DEVICE double min(float a, double b) { return __builtin_fmin(a, b); }
CUCPU_HOST_DEVICE double max(float a, double b) { return __builtin_fmax(a, b); }
CUCPU_HOST_DEVICE double min(double a, float b) { return __builtin_fmin(a, b); }
CUCPU_HOST_DEVICE double max(double a, float b) { return __builtin_fmax(a, b); }
#undef CUCPU_HOST_DEVICE
CUCPU_DEVICE unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
CUCPU_DEVICE unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
CUCPU_DEVICE int abs(int a) { return a < 0 ? -a : a; }
CUCPU_DEVICE long labs(long a) { return a < 0 ? -a : a; }
CUCPU_DEVICE long long llabs(long long a) { return a < 0 ? -a : a; }

// Memory fences order this thread's accesses for all others.
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);

// Atomics. The frontend recognizes these names and emits atomic
// read-modify-write operations with CUDA's (relaxed) ordering.
#define CUCPU_ATOMIC_SCOPES(ret, name, params)                                 \
  __device__ ret name params;                                                  \
  __device__ ret name##_block params;                                          \
  __device__ ret name##_system params;
#define CUCPU_ATOMIC_OP(name, T) CUCPU_ATOMIC_SCOPES(T, name, (T * address, T val))
#define CUCPU_ATOMIC_INTS(name)                                                \
  CUCPU_ATOMIC_OP(name, int)                                                   \
  CUCPU_ATOMIC_OP(name, unsigned int)                                          \
  CUCPU_ATOMIC_OP(name, unsigned long long)
CUCPU_ATOMIC_INTS(atomicAdd)
CUCPU_ATOMIC_OP(atomicAdd, float)
CUCPU_ATOMIC_OP(atomicAdd, double)
CUCPU_ATOMIC_OP(atomicSub, int)
CUCPU_ATOMIC_OP(atomicSub, unsigned int)
CUCPU_ATOMIC_INTS(atomicExch)
CUCPU_ATOMIC_OP(atomicExch, float)
CUCPU_ATOMIC_INTS(atomicMin)
CUCPU_ATOMIC_OP(atomicMin, long long)
CUCPU_ATOMIC_INTS(atomicMax)
CUCPU_ATOMIC_OP(atomicMax, long long)
CUCPU_ATOMIC_OP(atomicInc, unsigned int)
CUCPU_ATOMIC_OP(atomicDec, unsigned int)
CUCPU_ATOMIC_INTS(atomicAnd)
CUCPU_ATOMIC_INTS(atomicOr)
CUCPU_ATOMIC_INTS(atomicXor)
CUCPU_ATOMIC_SCOPES(int, atomicCAS, (int *address, int compare, int val))
CUCPU_ATOMIC_SCOPES(unsigned int, atomicCAS,
                    (unsigned int *address, unsigned int compare,
                     unsigned int val))
CUCPU_ATOMIC_SCOPES(unsigned long long, atomicCAS,
                    (unsigned long long *address, unsigned long long compare,
                     unsigned long long val))
// The 16-bit form (CUDA's for compute capability 7.0 and up).
CUCPU_ATOMIC_SCOPES(unsigned short, atomicCAS,
                    (unsigned short *address, unsigned short compare,
                     unsigned short val))
#undef CUCPU_ATOMIC_INTS
#undef CUCPU_ATOMIC_OP
#undef CUCPU_ATOMIC_SCOPES

// CUDA 12.8's built-in atomics with a memory order and a scope
// (`__nv_atomic_fetch_add(p, v, __NV_ATOMIC_RELAXED,
// __NV_THREAD_SCOPE_DEVICE)`), on top of the atomics above. Every scope
// is the whole machine on a CPU; an order stronger than relaxed adds a
// fence where it must be (after an acquiring load, before a releasing
// store, on both sides of a sequentially consistent one).
enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};
enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};

// The unsigned integer of a type's size, which atomicCAS compares bit by
// bit (so that a float's or a double's exchange compares bits, not values).
template <unsigned Size> struct __cucpu_nv_word;
template <> struct __cucpu_nv_word<2> { typedef unsigned short type; };
template <> struct __cucpu_nv_word<4> { typedef unsigned int type; };
template <> struct __cucpu_nv_word<8> { typedef unsigned long long type; };

template <typename T>
CUCPU_DEVICE typename __cucpu_nv_word<sizeof(T)>::type __cucpu_nv_bits(T v) {
  typename __cucpu_nv_word<sizeof(T)>::type bits;
  __builtin_memcpy(&bits, &v, sizeof v);
  return bits;
}
template <typename T, typename W> CUCPU_DEVICE T __cucpu_nv_from_bits(W bits) {
  T v;
  __builtin_memcpy(&v, &bits, sizeof v);
  return v;
}
CUCPU_DEVICE void __cucpu_nv_fence(int order) {
  if (order != __NV_ATOMIC_RELAXED)
    __threadfence();
}

template <typename T>
CUCPU_DEVICE T __nv_atomic_load_n(T *ptr, int order,
                                  int scope = __NV_THREAD_SCOPE_SYSTEM) {
  T v = *(volatile T *)ptr;
  __cucpu_nv_fence(order);
  return v;
}
template <typename T>
CUCPU_DEVICE void __nv_atomic_load(T *ptr, T *ret, int order,
                                   int scope = __NV_THREAD_SCOPE_SYSTEM) {
  *ret = __nv_atomic_load_n(ptr, order, scope);
}
template <typename T>
CUCPU_DEVICE void __nv_atomic_store_n(T *ptr, T val, int order,
                                      int scope = __NV_THREAD_SCOPE_SYSTEM) {
  __cucpu_nv_fence(order);
  *(volatile T *)ptr = val;
  if (order == __NV_ATOMIC_SEQ_CST)
    __threadfence();
}
template <typename T>
CUCPU_DEVICE void __nv_atomic_store(T *ptr, T *val, int order,
                                    int scope = __NV_THREAD_SCOPE_SYSTEM) {
  __nv_atomic_store_n(ptr, *val, order, scope);
}
CUCPU_DEVICE void __nv_atomic_thread_fence(int order,
                                           int scope = __NV_THREAD_SCOPE_SYSTEM) {
  __cucpu_nv_fence(order);
}

template <typename T>
CUCPU_DEVICE bool
__nv_atomic_compare_exchange_n(T *ptr, T *expected, T desired, bool weak,
                               int success_order, int failure_order,
                               int scope = __NV_THREAD_SCOPE_SYSTEM) {
  typedef typename __cucpu_nv_word<sizeof(T)>::type W;
  W want = __cucpu_nv_bits(*expected);
  W old = atomicCAS((W *)ptr, want, __cucpu_nv_bits(desired));
  if (old == want)
    return true;
  *expected = __cucpu_nv_from_bits<T>(old);
  return false;
}
template <typename T>
CUCPU_DEVICE bool
__nv_atomic_compare_exchange(T *ptr, T *expected, T *desired, bool weak,
                             int success_order, int failure_order,
                             int scope = __NV_THREAD_SCOPE_SYSTEM) {
  return __nv_atomic_compare_exchange_n(ptr, expected, *desired, weak,
                                        success_order, failure_order, scope);
}
template <typename T>
CUCPU_DEVICE T __nv_atomic_exchange_n(T *ptr, T val, int order,
                                      int scope = __NV_THREAD_SCOPE_SYSTEM) {
  typedef typename __cucpu_nv_word<sizeof(T)>::type W;
  W seen = *(volatile W *)ptr;
  for (;;) {
    W old = atomicCAS((W *)ptr, seen, __cucpu_nv_bits(val));
    if (old == seen)
      return __cucpu_nv_from_bits<T>(old);
    seen = old;
  }
}
template <typename T>
CUCPU_DEVICE void __nv_atomic_exchange(T *ptr, T *val, T *ret, int order,
                                       int scope = __NV_THREAD_SCOPE_SYSTEM) {
  *ret = __nv_atomic_exchange_n(ptr, *val, order, scope);
}

// The read-modify-write operations, for the types whose atomicOp exists
// (nvcc takes no others either).
template <typename T> CUCPU_DEVICE T __cucpu_nv_sub(T *ptr, T val) {
  return atomicAdd(ptr, (T)-val);
}
CUCPU_DEVICE int __cucpu_nv_sub(int *ptr, int val) { return atomicSub(ptr, val); }
CUCPU_DEVICE unsigned __cucpu_nv_sub(unsigned *ptr, unsigned val) {
  return atomicSub(ptr, val);
}
#define CUCPU_NV_RMW(name, op)                                                 \
  template <typename T>                                                        \
  CUCPU_DEVICE T __nv_atomic_fetch_##name(                                     \
      T *ptr, T val, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {        \
    return op(ptr, val);                                                       \
  }
CUCPU_NV_RMW(add, atomicAdd)
CUCPU_NV_RMW(sub, __cucpu_nv_sub)
CUCPU_NV_RMW(min, atomicMin)
CUCPU_NV_RMW(max, atomicMax)
CUCPU_NV_RMW(and, atomicAnd)
CUCPU_NV_RMW(or, atomicOr)
CUCPU_NV_RMW(xor, atomicXor)
#undef CUCPU_NV_RMW

// The SIMD ("video") intrinsics on 2 x 16 and 4 x 8 bits of a word.
#include "cucpu/simd_video.h"

// The device runtime's launch interface (dynamic parallelism). Thrust's and
// CUB's __host__ __device__ launch helpers name it on their device side, so
// it is declared for them to parse; device code that reaches a call is an
// error at that call, as launches from device code are not supported yet.
extern "C" __device__ void *cudaGetParameterBuffer(size_t alignment,
                                                   size_t size);
extern "C" __device__ cudaError_t
cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
                 dim3 blockDimension, unsigned int sharedMemSize,
                 cudaStream_t stream);
extern "C" __device__ cudaError_t
__cudaDeviceSynchronizeDeprecationAvoidance(void);

#undef CUCPU_MATH1
#undef CUCPU_MATH2
#undef CUCPU_DEVICE

#endif // defined(__CUDA__)

#endif // CUCPU_DEVICE_FUNCTIONS_H
