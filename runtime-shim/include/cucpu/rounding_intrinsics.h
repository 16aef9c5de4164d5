//===- cucpu/rounding_intrinsics.h - Directed rounding ----------*- C++ -*-===//
//
// Part of cucpu. CUDA's arithmetic and conversions with a rounding mode in
// their name: _rn (to nearest even), _rz (toward zero), _rd (down), _ru (up).
// The CPU rounds to nearest; the other modes come from the exact error of
// the rounded-to-nearest result, which error-free transformations give
// (TwoSum for sums, an FMA for products, quotients and square roots): the
// correctly rounded result in another mode is the nearest one or its
// neighbour on the error's side. Conversions to integers saturate, and a
// NaN converts to 0, as on the GPU. Included by cucpu_device_functions.h
// inside its CUCPU_DEVICE definitions.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_ROUNDING_INTRINSICS_H
#define CUCPU_ROUNDING_INTRINSICS_H

// The error-free transformations are exact only as written: neither fused
// nor reassociated (the frontend keeps --use_fast_math off such code).
#define CUCPU_ROUND_EXACT _Pragma("clang fp contract(off)")

namespace cucpu_round {

enum Mode { Nearest, TowardZero, Down, Up };

template <typename T> struct Limits;
template <> struct Limits<float> {
  static __device__ __inline__ float max() { return __FLT_MAX__; }
  static __device__ __inline__ float next(float x, float to) {
    return __builtin_nextafterf(x, to);
  }
};
template <> struct Limits<double> {
  static __device__ __inline__ double max() { return __DBL_MAX__; }
  static __device__ __inline__ double next(double x, double to) {
    return __builtin_nextafter(x, to);
  }
};

/// `nearest` (the exact value rounded to nearest) rounded in `mode` instead,
/// given the sign of the exact value minus `nearest` (0 when exact).
template <typename T>
static __device__ __inline__ T adjust(T nearest, int errorSign, Mode mode) {
  const T inf = __builtin_inf();
  if (errorSign == 0 || mode == Nearest || nearest != nearest)
    return nearest;
  if (mode == Down && errorSign < 0)
    return Limits<T>::next(nearest, -inf);
  if (mode == Up && errorSign > 0)
    return Limits<T>::next(nearest, inf);
  if (mode == TowardZero &&
      ((nearest > 0 && errorSign < 0) || (nearest < 0 && errorSign > 0)))
    return Limits<T>::next(nearest, (T)0);
  return nearest;
}

/// A finite exact value that rounded to nearest overflowed to `inf`.
template <typename T>
static __device__ __inline__ T overflowed(T inf, Mode mode) {
  bool positive = inf > 0;
  if (mode == TowardZero || (mode == Down && positive) ||
      (mode == Up && !positive))
    return positive ? Limits<T>::max() : -Limits<T>::max();
  return inf;
}

template <typename T>
static __device__ __inline__ bool isFinite(T x) {
  return x - x == x - x;
}

template <typename T>
static __device__ __inline__ int signOf(T x) {
  return (x > 0) - (x < 0);
}

template <typename T>
static __device__ __inline__ T add(T a, T b, Mode mode) {
  CUCPU_ROUND_EXACT
  T s = a + b;
  if (!isFinite(s))
    return isFinite(a) && isFinite(b) ? overflowed(s, mode) : s;
  // TwoSum: the exact error of s.
  T bv = s - a, av = s - bv;
  T error = (a - av) + (b - bv);
  return adjust(s, signOf(error), mode);
}

/// `x` (exact in double) as a float rounded in `mode`.
static __device__ __inline__ float toFloat(double x, Mode mode);

// Float products, quotients and square roots go through double: a product
// is exact there, and a quotient's or root's error sign is the double
// result's, or, where that is a float already, the remainder's. This is
// right where float results are subnormal too.
static __device__ __inline__ float mul(float a, float b, Mode mode) {
  CUCPU_ROUND_EXACT
  return toFloat((double)a * (double)b, mode);
}
static __device__ __inline__ float div(float a, float b, Mode mode) {
  CUCPU_ROUND_EXACT
  double q = (double)a / (double)b;
  float f = (float)q;
  if (!isFinite(q) || !isFinite(f) || q != (double)f || !isFinite(a) ||
      !isFinite(b) || b == 0)
    return toFloat(q, mode);
  return adjust(f, signOf(__builtin_fma(-q, (double)b, (double)a)) * signOf(b),
                mode);
}
static __device__ __inline__ float sqrt(float a, Mode mode) {
  CUCPU_ROUND_EXACT
  double r = __builtin_sqrt((double)a);
  float f = (float)r;
  if (!isFinite(r) || r == 0 || r != (double)f)
    return toFloat(r, mode);
  return adjust(f, signOf(__builtin_fma(-r, r, (double)a)), mode);
}

// Double products and quotients whose result is far below 1 are computed
// scaled by 2^200 (exact), so that the FMA's remainder stays exact; the
// scaled result is then brought back, and the error's sign is that of what
// the scaling back dropped, or else of the remainder.
static __device__ __inline__ double scaledBack(double scaled,
                                               int remainderSign, Mode mode) {
  CUCPU_ROUND_EXACT
  double back = scaled * 0x1p-200;
  double dropped = scaled - back * 0x1p+200;
  return adjust(back, dropped != 0 ? signOf(dropped) : remainderSign, mode);
}

/// A nonzero exact product or quotient of sign `negative` that rounded to
/// zero: below half the smallest subnormal, so zero, or that subnormal when
/// the mode rounds away from zero on its side.
static __device__ __inline__ double underflowed(double zero, bool negative,
                                                Mode mode) {
  if (mode == Down && negative)
    return -0x1p-1074;
  if (mode == Up && !negative)
    return 0x1p-1074;
  return zero;
}

static __device__ __inline__ double mul(double a, double b, Mode mode) {
  CUCPU_ROUND_EXACT
  double p = a * b;
  if (!isFinite(p))
    return isFinite(a) && isFinite(b) ? overflowed(p, mode) : p;
  if (p == 0 && (a == 0 || b == 0))
    return p;
  if (p == 0)
    return underflowed(p, (a < 0) != (b < 0), mode);
  double magnitude = p < 0 ? -p : p;
  if (magnitude >= 0x1p-960)
    return adjust(p, signOf(__builtin_fma(a, b, -p)), mode);
  // The smaller operand takes the scale: the larger could overflow.
  bool aSmaller = (a < 0 ? -a : a) < (b < 0 ? -b : b);
  double x = (aSmaller ? a : b) * 0x1p+200, y = aSmaller ? b : a;
  double scaled = x * y;
  return scaledBack(scaled, signOf(__builtin_fma(x, y, -scaled)), mode);
}
static __device__ __inline__ double div(double a, double b, Mode mode) {
  CUCPU_ROUND_EXACT
  double q = a / b;
  if (!isFinite(q))
    return isFinite(a) && isFinite(b) && b != 0 ? overflowed(q, mode) : q;
  if (!isFinite(a) || !isFinite(b) || a == 0)
    return q;
  double magnitude = q < 0 ? -q : q;
  double dividend = a < 0 ? -a : a;
  if (magnitude >= 0x1p-960 && dividend >= 0x1p-960)
    return adjust(q, signOf(__builtin_fma(-q, b, a)) * signOf(b), mode);
  if (q == 0)
    return underflowed(q, (a < 0) != (b < 0), mode);
  double scaled = (a * 0x1p+200) / b;
  double remainder = __builtin_fma(-scaled, b, a * 0x1p+200);
  return scaledBack(scaled, signOf(remainder) * signOf(b), mode);
}
static __device__ __inline__ double sqrt(double a, Mode mode) {
  CUCPU_ROUND_EXACT
  double s = __builtin_sqrt(a);
  if (!isFinite(s) || s == 0)
    return s;
  if (a >= 0x1p-960)
    return adjust(s, signOf(__builtin_fma(-s, s, a)), mode);
  // sqrt(a * 2^200) = sqrt(a) * 2^100, exactly representable back.
  double scaled = __builtin_sqrt(a * 0x1p+200);
  return adjust(scaled * 0x1p-100,
                signOf(__builtin_fma(-scaled, scaled, a * 0x1p+200)), mode);
}

/// `x` (exact in double) as a float rounded in `mode`.
static __device__ __inline__ float toFloat(double x, Mode mode) {
  CUCPU_ROUND_EXACT
  float f = (float)x;
  if (!isFinite(f))
    return isFinite(x) ? overflowed(f, mode) : f;
  return adjust(f, signOf(x - (double)f), mode);
}

/// A 64-bit integer as a double or float rounded in `mode`: the nearest
/// one, compared with `x` as an integer (it is integral and, unless it
/// rounded up to 2^63 or 2^64, in range).
template <typename T>
static __device__ __inline__ T fromInt(long long x, Mode mode) {
  T r = (T)x;
  int errorSign = r >= 0x1p63 ? -1
                              : (x > (long long)r) - (x < (long long)r);
  return adjust(r, errorSign, mode);
}
template <typename T>
static __device__ __inline__ T fromInt(unsigned long long x, Mode mode) {
  T r = (T)x;
  int errorSign = r >= 0x1p64 ? -1
                              : (x > (unsigned long long)r) -
                                    (x < (unsigned long long)r);
  return adjust(r, errorSign, mode);
}

/// The range of each integer type: [lo, hi] as doubles (beyond them a
/// conversion saturates) and its ends.
template <typename I> struct IntRange;
template <> struct IntRange<int> {
  static constexpr double lo = -2147483648.0, hi = 2147483647.0;
  static constexpr int min = (int)0x80000000u, max = 0x7fffffff;
};
template <> struct IntRange<unsigned> {
  static constexpr double lo = -1.0, hi = 4294967295.0;
  static constexpr unsigned min = 0, max = 0xffffffffu;
};
template <> struct IntRange<long long> {
  static constexpr double lo = -0x1p63, hi = 0x1p63;
  static constexpr long long min = -0x7fffffffffffffffll - 1,
                             max = 0x7fffffffffffffffll;
};
template <> struct IntRange<unsigned long long> {
  static constexpr double lo = -1.0, hi = 0x1p64;
  static constexpr unsigned long long min = 0, max = 0xffffffffffffffffull;
};

/// `x` rounded to an integer in `mode`, then saturated to I's range; a NaN
/// gives `nan` (what the GPU gives differs by conversion: 0 from a float to
/// 32 bits, the sign bit alone otherwise).
template <typename I>
static __device__ __inline__ I toInt(double x, Mode mode, I nan) {
  if (x != x)
    return nan;
  double r = mode == Nearest      ? __builtin_rint(x)
             : mode == TowardZero ? __builtin_trunc(x)
             : mode == Down       ? __builtin_floor(x)
                                  : __builtin_ceil(x);
  if (r <= IntRange<I>::lo)
    return IntRange<I>::min;
  if (r >= IntRange<I>::hi)
    return IntRange<I>::max;
  return (I)r;
}

} // namespace cucpu_round

// The arithmetic, in all four modes (the _rn forms of add, sub, mul, div,
// rcp and sqrt come before this header).
#define CUCPU_ROUNDED_OPS_OF(T, p, one, suffix, mode)                          \
  CUCPU_DEVICE T __##p##add_##suffix(T x, T y) {                               \
    return cucpu_round::add(x, y, cucpu_round::mode);                          \
  }                                                                            \
  CUCPU_DEVICE T __##p##sub_##suffix(T x, T y) {                               \
    return cucpu_round::add(x, -y, cucpu_round::mode);                         \
  }                                                                            \
  CUCPU_DEVICE T __##p##mul_##suffix(T x, T y) {                               \
    return cucpu_round::mul(x, y, cucpu_round::mode);                          \
  }                                                                            \
  CUCPU_DEVICE T __##p##div_##suffix(T x, T y) {                               \
    return cucpu_round::div(x, y, cucpu_round::mode);                          \
  }                                                                            \
  CUCPU_DEVICE T __##p##rcp_##suffix(T x) {                                    \
    return cucpu_round::div(one, x, cucpu_round::mode);                        \
  }                                                                            \
  CUCPU_DEVICE T __##p##sqrt_##suffix(T x) {                                   \
    return cucpu_round::sqrt(x, cucpu_round::mode);                            \
  }
#define CUCPU_ROUNDED_OPS(suffix, mode)                                        \
  CUCPU_ROUNDED_OPS_OF(float, f, 1.0f, suffix, mode)                           \
  CUCPU_ROUNDED_OPS_OF(double, d, 1.0, suffix, mode)
CUCPU_ROUNDED_OPS(rz, TowardZero)
CUCPU_ROUNDED_OPS(rd, Down)
CUCPU_ROUNDED_OPS(ru, Up)
CUCPU_DEVICE double __dsub_rn(double x, double y) { return x - y; }
CUCPU_DEVICE double __ddiv_rn(double x, double y) { return x / y; }
CUCPU_DEVICE double __drcp_rn(double x) { return 1.0 / x; }
CUCPU_DEVICE double __dsqrt_rn(double x) { return __builtin_sqrt(x); }
#undef CUCPU_ROUNDED_OPS
#undef CUCPU_ROUNDED_OPS_OF

// Conversions between integers and floating point, in all four modes.
#define CUCPU_TO_INT(From, from, To, to, suffix, mode, nan)                    \
  CUCPU_DEVICE To __##from##2##to##_##suffix(From x) {                         \
    return cucpu_round::toInt<To>(x, cucpu_round::mode, (To)(nan));            \
  }
#define CUCPU_FROM_INT(From, from, To, to, suffix, mode)                       \
  CUCPU_DEVICE To __##from##2##to##_##suffix(From x) {                         \
    return cucpu_round::fromInt<To>(x, cucpu_round::mode);                     \
  }
#define CUCPU_CONVERSIONS(suffix, mode)                                        \
  CUCPU_TO_INT(float, float, unsigned, uint, suffix, mode, 0)                  \
  CUCPU_TO_INT(float, float, long long, ll, suffix, mode, 1ull << 63)          \
  CUCPU_TO_INT(float, float, unsigned long long, ull, suffix, mode, 1ull << 63)\
  CUCPU_TO_INT(double, double, int, int, suffix, mode, 1u << 31)               \
  CUCPU_TO_INT(double, double, unsigned, uint, suffix, mode, 1u << 31)         \
  CUCPU_TO_INT(double, double, long long, ll, suffix, mode, 1ull << 63)        \
  CUCPU_TO_INT(double, double, unsigned long long, ull, suffix, mode,          \
               1ull << 63)                                                     \
  CUCPU_FROM_INT(long long, ll, float, float, suffix, mode)                    \
  CUCPU_FROM_INT(unsigned long long, ull, float, float, suffix, mode)          \
  CUCPU_FROM_INT(long long, ll, double, double, suffix, mode)                  \
  CUCPU_FROM_INT(unsigned long long, ull, double, double, suffix, mode)        \
  CUCPU_DEVICE float __double2float_##suffix(double x) {                       \
    return cucpu_round::toFloat(x, cucpu_round::mode);                         \
  }                                                                            \
  CUCPU_DEVICE float __uint2float_##suffix(unsigned x) {                       \
    return cucpu_round::toFloat((double)x, cucpu_round::mode);                 \
  }
CUCPU_CONVERSIONS(rn, Nearest)
CUCPU_CONVERSIONS(rz, TowardZero)
CUCPU_CONVERSIONS(rd, Down)
CUCPU_CONVERSIONS(ru, Up)
#undef CUCPU_CONVERSIONS
#undef CUCPU_TO_INT
#undef CUCPU_FROM_INT
#define CUCPU_INT2FLOAT(suffix, mode)                                          \
  CUCPU_DEVICE float __int2float_##suffix(int x) {                             \
    return cucpu_round::toFloat((double)x, cucpu_round::mode);                 \
  }
CUCPU_INT2FLOAT(rz, TowardZero)
CUCPU_INT2FLOAT(rd, Down)
CUCPU_INT2FLOAT(ru, Up)
#undef CUCPU_INT2FLOAT
CUCPU_DEVICE double __int2double_rn(int x) { return (double)x; }
CUCPU_DEVICE double __uint2double_rn(unsigned x) { return (double)x; }

// The halves of a double's bits, and a double from them.
CUCPU_DEVICE int __double2hiint(double x) {
  return (int)(__builtin_bit_cast(unsigned long long, x) >> 32);
}
CUCPU_DEVICE int __double2loint(double x) {
  return (int)__builtin_bit_cast(unsigned long long, x);
}
CUCPU_DEVICE double __hiloint2double(int hi, int lo) {
  return __builtin_bit_cast(double, (unsigned long long)(unsigned)hi << 32 |
                                        (unsigned)lo);
}

#undef CUCPU_ROUND_EXACT

#endif // CUCPU_ROUNDING_INTRINSICS_H
