//===- cucpu/reduced_float_ops.h - 16-bit float API -------------*- C++ -*-===//
//
// Part of cucpu. The functions and operators that CUDA gives __half (in
// cuda_fp16.h) and __nv_bfloat16 (in cuda_bf16.h) alike, written once for
// both: each header defines its types and these macros, then includes this
// file (which therefore has no include guard):
//   CUCPU_RF_T     the scalar type (__half)
//   CUCPU_RF_T2    the pair type (__half2)
//   CUCPU_RF_FORMAT the format's tag in cucpu/reduced_float.h
//                   (__cucpu_fp16_format)
//   CUCPU_RF_NAME   the type's name in CUDA's function names (half)
//   CUCPU_RF_NAME2  the pair's name in them (half2)
// and the functions __cucpu_bits(CUCPU_RF_T), the value's bits, and
// __cucpu_from_bits(unsigned short, CUCPU_RF_FORMAT), the value of bits.
//
// Each operation computes in float (exact for both formats' +, -, * and
// correctly rounded, after the rounding to the format, for / and sqrt) or
// rounds to odd first (fma), so that its result is rounded once, as on a GPU.
//
//===----------------------------------------------------------------------===//

#define CUCPU_RF static __host__ __device__ __inline__
#define CUCPU_RF_PASTE_(a, b, c) a##b##c
#define CUCPU_RF_PASTE(a, b, c) CUCPU_RF_PASTE_(a, b, c)
#define CUCPU_RF_PASTE4_(a, b, c, d) a##b##c##d
#define CUCPU_RF_PASTE4(a, b, c, d) CUCPU_RF_PASTE4_(a, b, c, d)
// CUDA's name of a function: CUCPU_RF_N(__float2, _rz) is __float2half_rz.
#define CUCPU_RF_N(prefix, suffix) CUCPU_RF_PASTE(prefix, CUCPU_RF_NAME, suffix)
#define CUCPU_RF_N2(prefix, suffix)                                            \
  CUCPU_RF_PASTE(prefix, CUCPU_RF_NAME2, suffix)

#define CUCPU_RF_BITS(a) __cucpu_bits(a)
#define CUCPU_RF_FROM_BITS(u)                                                  \
  __cucpu_from_bits((unsigned short)(u), CUCPU_RF_FORMAT())
// The value as a float (exact), and a float rounded to the format (to
// nearest, or in a given mode).
CUCPU_RF float __cucpu_float(CUCPU_RF_T a) {
  return __cucpu_bits2float(CUCPU_RF_BITS(a), CUCPU_RF_FORMAT());
}
#define CUCPU_RF_ROUND(f)                                                      \
  CUCPU_RF_FROM_BITS(__cucpu_float2bits(f, CUCPU_RF_FORMAT()))
#define CUCPU_RF_ROUND_MODE(f, mode)                                           \
  CUCPU_RF_FROM_BITS(__cucpu_float2bits(f, mode, CUCPU_RF_FORMAT()))
#define CUCPU_RF_PAIR(lo, hi) CUCPU_RF_N2(__halves2, )(lo, hi)

// --- Conversions and data movement ------------------------------------------

CUCPU_RF CUCPU_RF_T CUCPU_RF_N(__float2, )(float f) {
  return CUCPU_RF_ROUND(f);
}
CUCPU_RF CUCPU_RF_T CUCPU_RF_N(__float2, _rn)(float f) {
  return CUCPU_RF_ROUND(f);
}
CUCPU_RF CUCPU_RF_T CUCPU_RF_N(__float2, _rz)(float f) {
  return CUCPU_RF_ROUND_MODE(f, __cucpu_rz);
}
CUCPU_RF CUCPU_RF_T CUCPU_RF_N(__float2, _rd)(float f) {
  return CUCPU_RF_ROUND_MODE(f, __cucpu_rd);
}
CUCPU_RF CUCPU_RF_T CUCPU_RF_N(__float2, _ru)(float f) {
  return CUCPU_RF_ROUND_MODE(f, __cucpu_ru);
}
CUCPU_RF CUCPU_RF_T CUCPU_RF_N(__double2, )(double d) {
  return CUCPU_RF_ROUND(__cucpu_double2float_odd(d));
}
CUCPU_RF float CUCPU_RF_N(__, 2float)(CUCPU_RF_T a) { return __cucpu_float(a); }

CUCPU_RF CUCPU_RF_T2 CUCPU_RF_N2(__halves2, )(CUCPU_RF_T lo, CUCPU_RF_T hi) {
  CUCPU_RF_T2 r;
  r.x = lo;
  r.y = hi;
  return r;
}
CUCPU_RF CUCPU_RF_T2 CUCPU_RF_N2(make_, )(CUCPU_RF_T x, CUCPU_RF_T y) {
  return CUCPU_RF_PAIR(x, y);
}
CUCPU_RF CUCPU_RF_T2 CUCPU_RF_N2(__float2, _rn)(float f) {
  return CUCPU_RF_PAIR(CUCPU_RF_ROUND(f), CUCPU_RF_ROUND(f));
}
CUCPU_RF CUCPU_RF_T2 CUCPU_RF_N2(__floats2, _rn)(float lo, float hi) {
  return CUCPU_RF_PAIR(CUCPU_RF_ROUND(lo), CUCPU_RF_ROUND(hi));
}
CUCPU_RF CUCPU_RF_T2 CUCPU_RF_N2(__float22, _rn)(float2 f) {
  return CUCPU_RF_PAIR(CUCPU_RF_ROUND(f.x), CUCPU_RF_ROUND(f.y));
}
CUCPU_RF float2 CUCPU_RF_N(__, 22float2)(CUCPU_RF_T2 a) {
  float2 r;
  r.x = __cucpu_float(a.x);
  r.y = __cucpu_float(a.y);
  return r;
}
CUCPU_RF float __low2float(CUCPU_RF_T2 a) { return __cucpu_float(a.x); }
CUCPU_RF float __high2float(CUCPU_RF_T2 a) { return __cucpu_float(a.y); }
CUCPU_RF CUCPU_RF_T2 CUCPU_RF_PASTE4(__, CUCPU_RF_NAME, 2,
                                     CUCPU_RF_NAME2)(CUCPU_RF_T a) {
  return CUCPU_RF_PAIR(a, a);
}
CUCPU_RF CUCPU_RF_T CUCPU_RF_N(__low2, )(CUCPU_RF_T2 a) { return a.x; }
CUCPU_RF CUCPU_RF_T CUCPU_RF_N(__high2, )(CUCPU_RF_T2 a) { return a.y; }
CUCPU_RF CUCPU_RF_T2 CUCPU_RF_N2(__low2, )(CUCPU_RF_T2 a) {
  return CUCPU_RF_PAIR(a.x, a.x);
}
CUCPU_RF CUCPU_RF_T2 CUCPU_RF_N2(__high2, )(CUCPU_RF_T2 a) {
  return CUCPU_RF_PAIR(a.y, a.y);
}
CUCPU_RF CUCPU_RF_T2 CUCPU_RF_N2(__lows2, )(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {
  return CUCPU_RF_PAIR(a.x, b.x);
}
CUCPU_RF CUCPU_RF_T2 CUCPU_RF_N2(__highs2, )(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {
  return CUCPU_RF_PAIR(a.y, b.y);
}
CUCPU_RF CUCPU_RF_T2 __lowhigh2highlow(CUCPU_RF_T2 a) {
  return CUCPU_RF_PAIR(a.y, a.x);
}

// The bits.
CUCPU_RF unsigned short CUCPU_RF_N(__, _as_ushort)(CUCPU_RF_T a) {
  return CUCPU_RF_BITS(a);
}
CUCPU_RF short CUCPU_RF_N(__, _as_short)(CUCPU_RF_T a) {
  return (short)CUCPU_RF_BITS(a);
}
CUCPU_RF CUCPU_RF_T CUCPU_RF_N(__ushort_as_, )(unsigned short u) {
  return CUCPU_RF_FROM_BITS(u);
}
CUCPU_RF CUCPU_RF_T CUCPU_RF_N(__short_as_, )(short s) {
  return CUCPU_RF_FROM_BITS(s);
}

// To integers, saturating; NaN gives 0 (0x8000000000000000 in 64 bits).
#define CUCPU_RF_TO_INT(I, name, mode, lowest, highest, low, highBound, nan)   \
  CUCPU_RF I CUCPU_RF_N(__, 2##name##_##mode)(CUCPU_RF_T a) {                  \
    return __cucpu_float2integer<I>(__cucpu_float(a), __cucpu_##mode, lowest,  \
                                    highest, low, highBound, nan);             \
  }
#define CUCPU_RF_TO_INTS(I, name, lowest, highest, low, highBound, nan)        \
  CUCPU_RF_TO_INT(I, name, rn, lowest, highest, low, highBound, nan)           \
  CUCPU_RF_TO_INT(I, name, rz, lowest, highest, low, highBound, nan)           \
  CUCPU_RF_TO_INT(I, name, rd, lowest, highest, low, highBound, nan)           \
  CUCPU_RF_TO_INT(I, name, ru, lowest, highest, low, highBound, nan)
CUCPU_RF_TO_INTS(int, int, (-2147483647 - 1), 2147483647, -2147483648.0f,
                 2147483648.0f, 0)
CUCPU_RF_TO_INTS(unsigned, uint, 0u, 4294967295u, 0.0f, 4294967296.0f, 0u)
CUCPU_RF_TO_INTS(short, short, (short)-32768, (short)32767, -32768.0f, 32768.0f,
                 (short)0)
CUCPU_RF_TO_INTS(unsigned short, ushort, (unsigned short)0,
                 (unsigned short)65535, 0.0f, 65536.0f, (unsigned short)0)
CUCPU_RF_TO_INTS(long long, ll, (-9223372036854775807ll - 1),
                 9223372036854775807ll, -9223372036854775808.0f,
                 9223372036854775808.0f, (-9223372036854775807ll - 1))
CUCPU_RF_TO_INTS(unsigned long long, ull, 0ull, 18446744073709551615ull, 0.0f,
                 18446744073709551616.0f, 0x8000000000000000ull)
CUCPU_RF_TO_INT(signed char, char, rz, (signed char)-128, (signed char)127,
                -128.0f, 128.0f, (signed char)0)
CUCPU_RF_TO_INT(unsigned char, uchar, rz, (unsigned char)0, (unsigned char)255,
                0.0f, 256.0f, (unsigned char)0)
#undef CUCPU_RF_TO_INTS
#undef CUCPU_RF_TO_INT

// From integers, through a float rounded to odd where the integer may not be
// one exactly.
#define CUCPU_RF_FROM_INT(I, name, mode, toFloat)                              \
  CUCPU_RF CUCPU_RF_T CUCPU_RF_N(__##name##2, _##mode)(I i) {                  \
    return CUCPU_RF_ROUND_MODE(toFloat, __cucpu_##mode);                       \
  }
#define CUCPU_RF_FROM_INTS(I, name, toFloat)                                   \
  CUCPU_RF_FROM_INT(I, name, rn, toFloat)                                      \
  CUCPU_RF_FROM_INT(I, name, rz, toFloat)                                      \
  CUCPU_RF_FROM_INT(I, name, rd, toFloat)                                      \
  CUCPU_RF_FROM_INT(I, name, ru, toFloat)
CUCPU_RF_FROM_INTS(int, int, __cucpu_double2float_odd((double)i))
CUCPU_RF_FROM_INTS(unsigned, uint, __cucpu_double2float_odd((double)i))
CUCPU_RF_FROM_INTS(short, short, (float)i)
CUCPU_RF_FROM_INTS(unsigned short, ushort, (float)i)
CUCPU_RF_FROM_INTS(long long, ll, __cucpu_ll2float_odd(i))
CUCPU_RF_FROM_INTS(unsigned long long, ull, __cucpu_ull2float_odd(i))
#undef CUCPU_RF_FROM_INTS
#undef CUCPU_RF_FROM_INT

// --- Arithmetic -------------------------------------------------------------

CUCPU_RF bool __hisnan(CUCPU_RF_T a) {
  return __cucpu_float(a) != __cucpu_float(a);
}
CUCPU_RF CUCPU_RF_T __cucpu_canonical_nan(CUCPU_RF_T) {
  return CUCPU_RF_FROM_BITS(0x7fffu);
}

#define CUCPU_RF_BINARY(name, op)                                              \
  CUCPU_RF CUCPU_RF_T name(CUCPU_RF_T a, CUCPU_RF_T b) {                       \
    return CUCPU_RF_ROUND(__cucpu_float(a) op __cucpu_float(b));               \
  }                                                                            \
  CUCPU_RF CUCPU_RF_T name##_rn(CUCPU_RF_T a, CUCPU_RF_T b) {                  \
    return name(a, b);                                                         \
  }                                                                            \
  CUCPU_RF CUCPU_RF_T name##_sat(CUCPU_RF_T a, CUCPU_RF_T b) {                 \
    return CUCPU_RF_ROUND(__cucpu_saturate(__cucpu_float(name(a, b))));        \
  }                                                                            \
  CUCPU_RF CUCPU_RF_T2 name##2(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {                 \
    return CUCPU_RF_PAIR(name(a.x, b.x), name(a.y, b.y));                      \
  }                                                                            \
  CUCPU_RF CUCPU_RF_T2 name##2_rn(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {              \
    return name##2(a, b);                                                      \
  }                                                                            \
  CUCPU_RF CUCPU_RF_T2 name##2_sat(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {             \
    return CUCPU_RF_PAIR(name##_sat(a.x, b.x), name##_sat(a.y, b.y));          \
  }
CUCPU_RF_BINARY(__hadd, +)
CUCPU_RF_BINARY(__hsub, -)
CUCPU_RF_BINARY(__hmul, *)
#undef CUCPU_RF_BINARY
CUCPU_RF CUCPU_RF_T __hdiv(CUCPU_RF_T a, CUCPU_RF_T b) {
  return CUCPU_RF_ROUND(__cucpu_float(a) / __cucpu_float(b));
}
CUCPU_RF CUCPU_RF_T2 __h2div(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {
  return CUCPU_RF_PAIR(__hdiv(a.x, b.x), __hdiv(a.y, b.y));
}
// Negation and absolute value change the sign bit only.
CUCPU_RF CUCPU_RF_T __hneg(CUCPU_RF_T a) {
  return CUCPU_RF_FROM_BITS(CUCPU_RF_BITS(a) ^ 0x8000u);
}
CUCPU_RF CUCPU_RF_T __habs(CUCPU_RF_T a) {
  return CUCPU_RF_FROM_BITS(CUCPU_RF_BITS(a) & 0x7fffu);
}
CUCPU_RF CUCPU_RF_T2 __hneg2(CUCPU_RF_T2 a) {
  return CUCPU_RF_PAIR(__hneg(a.x), __hneg(a.y));
}
CUCPU_RF CUCPU_RF_T2 __habs2(CUCPU_RF_T2 a) {
  return CUCPU_RF_PAIR(__habs(a.x), __habs(a.y));
}

CUCPU_RF CUCPU_RF_T __hfma(CUCPU_RF_T a, CUCPU_RF_T b, CUCPU_RF_T c) {
  return CUCPU_RF_ROUND(
      __cucpu_fma_odd(__cucpu_float(a), __cucpu_float(b), __cucpu_float(c)));
}
CUCPU_RF CUCPU_RF_T __hfma_sat(CUCPU_RF_T a, CUCPU_RF_T b, CUCPU_RF_T c) {
  return CUCPU_RF_ROUND(__cucpu_saturate(__cucpu_float(__hfma(a, b, c))));
}
// Negative results become +0, NaN the canonical NaN.
CUCPU_RF CUCPU_RF_T __hfma_relu(CUCPU_RF_T a, CUCPU_RF_T b, CUCPU_RF_T c) {
  CUCPU_RF_T r = __hfma(a, b, c);
  if (__hisnan(r))
    return __cucpu_canonical_nan(r);
  return __cucpu_float(r) < 0.0f ? CUCPU_RF_ROUND(0.0f) : r;
}
#define CUCPU_RF_TERNARY2(name, scalar)                                        \
  CUCPU_RF CUCPU_RF_T2 name(CUCPU_RF_T2 a, CUCPU_RF_T2 b, CUCPU_RF_T2 c) {     \
    return CUCPU_RF_PAIR(scalar(a.x, b.x, c.x), scalar(a.y, b.y, c.y));        \
  }
CUCPU_RF_TERNARY2(__hfma2, __hfma)
CUCPU_RF_TERNARY2(__hfma2_sat, __hfma_sat)
CUCPU_RF_TERNARY2(__hfma2_relu, __hfma_relu)
#undef CUCPU_RF_TERNARY2
// Complex multiply-add, a * b + c, each part computed in double (where the
// products are exact) and rounded once.
CUCPU_RF CUCPU_RF_T2 __hcmadd(CUCPU_RF_T2 a, CUCPU_RF_T2 b, CUCPU_RF_T2 c) {
  double ax = __cucpu_float(a.x), ay = __cucpu_float(a.y);
  double bx = __cucpu_float(b.x), by = __cucpu_float(b.y);
  double re =
      __cucpu_add_odd(__cucpu_add_odd(ax * bx, -(ay * by)), __cucpu_float(c.x));
  double im =
      __cucpu_add_odd(__cucpu_add_odd(ax * by, ay * bx), __cucpu_float(c.y));
  return CUCPU_RF_PAIR(CUCPU_RF_ROUND(__cucpu_double2float_odd(re)),
                       CUCPU_RF_ROUND(__cucpu_double2float_odd(im)));
}

// Maximum and minimum: NaN loses to a number (both NaN: the canonical NaN)
// and +0 is above -0; the _nan forms give the canonical NaN for any NaN.
CUCPU_RF CUCPU_RF_T __hmax(CUCPU_RF_T a, CUCPU_RF_T b) {
  if (__hisnan(a))
    return __hisnan(b) ? __cucpu_canonical_nan(a) : b;
  if (__hisnan(b))
    return a;
  float fa = __cucpu_float(a), fb = __cucpu_float(b);
  if (fa == fb)
    return (CUCPU_RF_BITS(a) & 0x8000u) ? b : a;
  return fa > fb ? a : b;
}
CUCPU_RF CUCPU_RF_T __hmin(CUCPU_RF_T a, CUCPU_RF_T b) {
  if (__hisnan(a))
    return __hisnan(b) ? __cucpu_canonical_nan(a) : b;
  if (__hisnan(b))
    return a;
  float fa = __cucpu_float(a), fb = __cucpu_float(b);
  if (fa == fb)
    return (CUCPU_RF_BITS(a) & 0x8000u) ? a : b;
  return fa < fb ? a : b;
}
CUCPU_RF CUCPU_RF_T __hmax_nan(CUCPU_RF_T a, CUCPU_RF_T b) {
  return __hisnan(a) || __hisnan(b) ? __cucpu_canonical_nan(a) : __hmax(a, b);
}
CUCPU_RF CUCPU_RF_T __hmin_nan(CUCPU_RF_T a, CUCPU_RF_T b) {
  return __hisnan(a) || __hisnan(b) ? __cucpu_canonical_nan(a) : __hmin(a, b);
}
#define CUCPU_RF_BINARY2(name, scalar)                                         \
  CUCPU_RF CUCPU_RF_T2 name(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {                    \
    return CUCPU_RF_PAIR(scalar(a.x, b.x), scalar(a.y, b.y));                  \
  }
CUCPU_RF_BINARY2(__hmax2, __hmax)
CUCPU_RF_BINARY2(__hmin2, __hmin)
CUCPU_RF_BINARY2(__hmax2_nan, __hmax_nan)
CUCPU_RF_BINARY2(__hmin2_nan, __hmin_nan)
#undef CUCPU_RF_BINARY2

// --- Comparisons ------------------------------------------------------------

// The ordered comparisons are false where an operand is NaN, the unordered
// (..u) ones true. The pair forms give 1.0 or 0.0 in each half, the _mask
// forms 0xffff or 0 in each half of the result, the __hb..2 forms whether
// both halves compare true.
#define CUCPU_RF_COMPARE(name, test)                                           \
  CUCPU_RF bool name(CUCPU_RF_T a, CUCPU_RF_T b) {                             \
    float fa = __cucpu_float(a), fb = __cucpu_float(b);                        \
    return test;                                                               \
  }                                                                            \
  CUCPU_RF CUCPU_RF_T2 name##2(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {                 \
    return CUCPU_RF_PAIR(CUCPU_RF_ROUND(name(a.x, b.x) ? 1.0f : 0.0f),         \
                         CUCPU_RF_ROUND(name(a.y, b.y) ? 1.0f : 0.0f));        \
  }                                                                            \
  CUCPU_RF unsigned name##2_mask(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {               \
    return (name(a.x, b.x) ? 0xffffu : 0u) |                                   \
           (name(a.y, b.y) ? 0xffff0000u : 0u);                                \
  }
#define CUCPU_RF_COMPARE_BOOL(name, scalar)                                    \
  CUCPU_RF bool name(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {                           \
    return scalar(a.x, b.x) && scalar(a.y, b.y);                               \
  }
#define CUCPU_RF_UNORDERED (fa != fa || fb != fb)
CUCPU_RF_COMPARE(__heq, fa == fb)
CUCPU_RF_COMPARE(__hne, fa<fb || fa> fb)
CUCPU_RF_COMPARE(__hlt, fa < fb)
CUCPU_RF_COMPARE(__hle, fa <= fb)
CUCPU_RF_COMPARE(__hgt, fa > fb)
CUCPU_RF_COMPARE(__hge, fa >= fb)
CUCPU_RF_COMPARE(__hequ, fa == fb || CUCPU_RF_UNORDERED)
CUCPU_RF_COMPARE(__hneu, fa != fb)
CUCPU_RF_COMPARE(__hltu, fa < fb || CUCPU_RF_UNORDERED)
CUCPU_RF_COMPARE(__hleu, fa <= fb || CUCPU_RF_UNORDERED)
CUCPU_RF_COMPARE(__hgtu, fa > fb || CUCPU_RF_UNORDERED)
CUCPU_RF_COMPARE(__hgeu, fa >= fb || CUCPU_RF_UNORDERED)
CUCPU_RF_COMPARE_BOOL(__hbeq2, __heq)
CUCPU_RF_COMPARE_BOOL(__hbne2, __hne)
CUCPU_RF_COMPARE_BOOL(__hblt2, __hlt)
CUCPU_RF_COMPARE_BOOL(__hble2, __hle)
CUCPU_RF_COMPARE_BOOL(__hbgt2, __hgt)
CUCPU_RF_COMPARE_BOOL(__hbge2, __hge)
CUCPU_RF_COMPARE_BOOL(__hbequ2, __hequ)
CUCPU_RF_COMPARE_BOOL(__hbneu2, __hneu)
CUCPU_RF_COMPARE_BOOL(__hbltu2, __hltu)
CUCPU_RF_COMPARE_BOOL(__hbleu2, __hleu)
CUCPU_RF_COMPARE_BOOL(__hbgtu2, __hgtu)
CUCPU_RF_COMPARE_BOOL(__hbgeu2, __hgeu)
#undef CUCPU_RF_UNORDERED
#undef CUCPU_RF_COMPARE_BOOL
#undef CUCPU_RF_COMPARE

CUCPU_RF CUCPU_RF_T2 __hisnan2(CUCPU_RF_T2 a) {
  return CUCPU_RF_PAIR(CUCPU_RF_ROUND(__hisnan(a.x) ? 1.0f : 0.0f),
                       CUCPU_RF_ROUND(__hisnan(a.y) ? 1.0f : 0.0f));
}
// -1 for -infinity, 1 for +infinity, else 0.
CUCPU_RF int __hisinf(CUCPU_RF_T a) {
  float f = __cucpu_float(a);
  return f == __builtin_inff() ? 1 : f == -__builtin_inff() ? -1 : 0;
}

// --- Math functions ---------------------------------------------------------

// Computed in float and rounded to the format once.
#define CUCPU_RF_MATH(name, name2, expr)                                       \
  CUCPU_RF CUCPU_RF_T name(CUCPU_RF_T a) {                                     \
    float x = __cucpu_float(a);                                                \
    return CUCPU_RF_ROUND(expr);                                               \
  }                                                                            \
  CUCPU_RF CUCPU_RF_T2 name2(CUCPU_RF_T2 a) {                                  \
    return CUCPU_RF_PAIR(name(a.x), name(a.y));                                \
  }
CUCPU_RF_MATH(hsqrt, h2sqrt, __builtin_sqrtf(x))
CUCPU_RF_MATH(hrsqrt, h2rsqrt, 1.0f / __builtin_sqrtf(x))
CUCPU_RF_MATH(hrcp, h2rcp, 1.0f / x)
CUCPU_RF_MATH(hexp, h2exp, __builtin_expf(x))
CUCPU_RF_MATH(hexp2, h2exp2, __builtin_exp2f(x))
CUCPU_RF_MATH(hexp10, h2exp10,
              __cucpu_double2float_odd(__builtin_exp2((double)x *
                                                      3.321928094887362347870)))
CUCPU_RF_MATH(hlog, h2log, __builtin_logf(x))
CUCPU_RF_MATH(hlog2, h2log2, __builtin_log2f(x))
CUCPU_RF_MATH(hlog10, h2log10, __builtin_log10f(x))
CUCPU_RF_MATH(hsin, h2sin, __builtin_sinf(x))
CUCPU_RF_MATH(hcos, h2cos, __builtin_cosf(x))
CUCPU_RF_MATH(htanh, h2tanh, __builtin_tanhf(x))
CUCPU_RF_MATH(htrunc, h2trunc, __builtin_truncf(x))
CUCPU_RF_MATH(hceil, h2ceil, __builtin_ceilf(x))
CUCPU_RF_MATH(hfloor, h2floor, __builtin_floorf(x))
CUCPU_RF_MATH(hrint, h2rint, __builtin_rintf(x))
#undef CUCPU_RF_MATH

// --- Operators --------------------------------------------------------------

CUCPU_RF CUCPU_RF_T operator+(CUCPU_RF_T a, CUCPU_RF_T b) {
  return __hadd(a, b);
}
CUCPU_RF CUCPU_RF_T operator-(CUCPU_RF_T a, CUCPU_RF_T b) {
  return __hsub(a, b);
}
CUCPU_RF CUCPU_RF_T operator*(CUCPU_RF_T a, CUCPU_RF_T b) {
  return __hmul(a, b);
}
CUCPU_RF CUCPU_RF_T operator/(CUCPU_RF_T a, CUCPU_RF_T b) {
  return __hdiv(a, b);
}
CUCPU_RF CUCPU_RF_T operator+(CUCPU_RF_T a) { return a; }
CUCPU_RF CUCPU_RF_T operator-(CUCPU_RF_T a) { return __hneg(a); }
CUCPU_RF CUCPU_RF_T &operator+=(CUCPU_RF_T &a, CUCPU_RF_T b) {
  return a = __hadd(a, b);
}
CUCPU_RF CUCPU_RF_T &operator-=(CUCPU_RF_T &a, CUCPU_RF_T b) {
  return a = __hsub(a, b);
}
CUCPU_RF CUCPU_RF_T &operator*=(CUCPU_RF_T &a, CUCPU_RF_T b) {
  return a = __hmul(a, b);
}
CUCPU_RF CUCPU_RF_T &operator/=(CUCPU_RF_T &a, CUCPU_RF_T b) {
  return a = __hdiv(a, b);
}
CUCPU_RF CUCPU_RF_T &operator++(CUCPU_RF_T &a) {
  return a = __hadd(a, CUCPU_RF_ROUND(1.0f));
}
CUCPU_RF CUCPU_RF_T &operator--(CUCPU_RF_T &a) {
  return a = __hsub(a, CUCPU_RF_ROUND(1.0f));
}
CUCPU_RF CUCPU_RF_T operator++(CUCPU_RF_T &a, int) {
  CUCPU_RF_T old = a;
  ++a;
  return old;
}
CUCPU_RF CUCPU_RF_T operator--(CUCPU_RF_T &a, int) {
  CUCPU_RF_T old = a;
  --a;
  return old;
}
CUCPU_RF bool operator==(CUCPU_RF_T a, CUCPU_RF_T b) { return __heq(a, b); }
CUCPU_RF bool operator!=(CUCPU_RF_T a, CUCPU_RF_T b) { return __hneu(a, b); }
CUCPU_RF bool operator<(CUCPU_RF_T a, CUCPU_RF_T b) { return __hlt(a, b); }
CUCPU_RF bool operator<=(CUCPU_RF_T a, CUCPU_RF_T b) { return __hle(a, b); }
CUCPU_RF bool operator>(CUCPU_RF_T a, CUCPU_RF_T b) { return __hgt(a, b); }
CUCPU_RF bool operator>=(CUCPU_RF_T a, CUCPU_RF_T b) { return __hge(a, b); }

CUCPU_RF CUCPU_RF_T2 operator+(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {
  return __hadd2(a, b);
}
CUCPU_RF CUCPU_RF_T2 operator-(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {
  return __hsub2(a, b);
}
CUCPU_RF CUCPU_RF_T2 operator*(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {
  return __hmul2(a, b);
}
CUCPU_RF CUCPU_RF_T2 operator/(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {
  return __h2div(a, b);
}
CUCPU_RF CUCPU_RF_T2 operator+(CUCPU_RF_T2 a) { return a; }
CUCPU_RF CUCPU_RF_T2 operator-(CUCPU_RF_T2 a) { return __hneg2(a); }
CUCPU_RF CUCPU_RF_T2 &operator+=(CUCPU_RF_T2 &a, CUCPU_RF_T2 b) {
  return a = __hadd2(a, b);
}
CUCPU_RF CUCPU_RF_T2 &operator-=(CUCPU_RF_T2 &a, CUCPU_RF_T2 b) {
  return a = __hsub2(a, b);
}
CUCPU_RF CUCPU_RF_T2 &operator*=(CUCPU_RF_T2 &a, CUCPU_RF_T2 b) {
  return a = __hmul2(a, b);
}
CUCPU_RF CUCPU_RF_T2 &operator/=(CUCPU_RF_T2 &a, CUCPU_RF_T2 b) {
  return a = __h2div(a, b);
}
CUCPU_RF CUCPU_RF_T2 &operator++(CUCPU_RF_T2 &a) {
  return a = __hadd2(a, CUCPU_RF_PASTE4(__, CUCPU_RF_NAME, 2,
                                        CUCPU_RF_NAME2)(CUCPU_RF_ROUND(1.0f)));
}
CUCPU_RF CUCPU_RF_T2 &operator--(CUCPU_RF_T2 &a) {
  return a = __hsub2(a, CUCPU_RF_PASTE4(__, CUCPU_RF_NAME, 2,
                                        CUCPU_RF_NAME2)(CUCPU_RF_ROUND(1.0f)));
}
CUCPU_RF CUCPU_RF_T2 operator++(CUCPU_RF_T2 &a, int) {
  CUCPU_RF_T2 old = a;
  ++a;
  return old;
}
CUCPU_RF CUCPU_RF_T2 operator--(CUCPU_RF_T2 &a, int) {
  CUCPU_RF_T2 old = a;
  --a;
  return old;
}
CUCPU_RF bool operator==(CUCPU_RF_T2 a, CUCPU_RF_T2 b) { return __hbeq2(a, b); }
CUCPU_RF bool operator!=(CUCPU_RF_T2 a, CUCPU_RF_T2 b) {
  return __hbneu2(a, b);
}
CUCPU_RF bool operator<(CUCPU_RF_T2 a, CUCPU_RF_T2 b) { return __hblt2(a, b); }
CUCPU_RF bool operator<=(CUCPU_RF_T2 a, CUCPU_RF_T2 b) { return __hble2(a, b); }
CUCPU_RF bool operator>(CUCPU_RF_T2 a, CUCPU_RF_T2 b) { return __hbgt2(a, b); }
CUCPU_RF bool operator>=(CUCPU_RF_T2 a, CUCPU_RF_T2 b) { return __hbge2(a, b); }

// --- Device-only functions --------------------------------------------------

#if defined(__CUDA__) && defined(CUCPU_DEVICE_FUNCTIONS_H)
// Atomic additions: a compare-and-swap loop on the value's bits (a pair is
// one 32-bit word). Each half rounds as __hadd does.
static __device__ __inline__ CUCPU_RF_T atomicAdd(CUCPU_RF_T *address,
                                                  CUCPU_RF_T val) {
  unsigned short *bits = (unsigned short *)address;
  unsigned short old = *bits, assumed;
  do {
    assumed = old;
    old = atomicCAS(bits, assumed,
                    CUCPU_RF_BITS(__hadd(CUCPU_RF_FROM_BITS(assumed), val)));
  } while (old != assumed);
  return CUCPU_RF_FROM_BITS(old);
}
static __device__ __inline__ CUCPU_RF_T2 atomicAdd(CUCPU_RF_T2 *address,
                                                   CUCPU_RF_T2 val) {
  unsigned *word = (unsigned *)address;
  unsigned old = *word, assumed;
  do {
    assumed = old;
    CUCPU_RF_T2 sum =
        __hadd2(CUCPU_RF_PAIR(CUCPU_RF_FROM_BITS(assumed & 0xffffu),
                              CUCPU_RF_FROM_BITS(assumed >> 16)),
                val);
    unsigned next =
        (unsigned)CUCPU_RF_BITS(sum.x) | ((unsigned)CUCPU_RF_BITS(sum.y) << 16);
    old = atomicCAS(word, assumed, next);
  } while (old != assumed);
  return CUCPU_RF_PAIR(CUCPU_RF_FROM_BITS(old & 0xffffu),
                       CUCPU_RF_FROM_BITS(old >> 16));
}

// Loads and stores with cache hints (the load through the read-only cache,
// __ldg, is cuda_runtime.h's for every type): plain accesses on a CPU.
#define CUCPU_RF_LOADS(U)                                                      \
  static __device__ __inline__ U __ldcg(const U *p) { return *p; }             \
  static __device__ __inline__ U __ldca(const U *p) { return *p; }             \
  static __device__ __inline__ U __ldcs(const U *p) { return *p; }             \
  static __device__ __inline__ U __ldlu(const U *p) { return *p; }             \
  static __device__ __inline__ U __ldcv(const U *p) { return *p; }             \
  static __device__ __inline__ void __stwb(U *p, U v) { *p = v; }              \
  static __device__ __inline__ void __stcg(U *p, U v) { *p = v; }              \
  static __device__ __inline__ void __stcs(U *p, U v) { *p = v; }              \
  static __device__ __inline__ void __stwt(U *p, U v) { *p = v; }
CUCPU_RF_LOADS(CUCPU_RF_T)
CUCPU_RF_LOADS(CUCPU_RF_T2)
#undef CUCPU_RF_LOADS

// Warp shuffles move the bits through the unsigned shuffles (a pair as two
// values).
#define CUCPU_RF_SHUFFLE(name, Operand)                                        \
  static __device__ __inline__ CUCPU_RF_T name(                                \
      unsigned mask, CUCPU_RF_T var, Operand operand, int width = 32) {        \
    return CUCPU_RF_FROM_BITS(                                                 \
        name(mask, (unsigned)CUCPU_RF_BITS(var), operand, width));             \
  }                                                                            \
  static __device__ __inline__ CUCPU_RF_T2 name(                               \
      unsigned mask, CUCPU_RF_T2 var, Operand operand, int width = 32) {       \
    return CUCPU_RF_PAIR(name(mask, var.x, operand, width),                    \
                         name(mask, var.y, operand, width));                   \
  }
CUCPU_RF_SHUFFLE(__shfl_sync, int)
CUCPU_RF_SHUFFLE(__shfl_up_sync, unsigned)
CUCPU_RF_SHUFFLE(__shfl_down_sync, unsigned)
CUCPU_RF_SHUFFLE(__shfl_xor_sync, int)
#undef CUCPU_RF_SHUFFLE
#endif

#undef CUCPU_RF_FROM_BITS
#undef CUCPU_RF_BITS
#undef CUCPU_RF_PAIR
#undef CUCPU_RF_ROUND_MODE
#undef CUCPU_RF_ROUND
#undef CUCPU_RF_N2
#undef CUCPU_RF_N
#undef CUCPU_RF_PASTE
#undef CUCPU_RF_PASTE_
#undef CUCPU_RF_PASTE4
#undef CUCPU_RF_PASTE4_
#undef CUCPU_RF
