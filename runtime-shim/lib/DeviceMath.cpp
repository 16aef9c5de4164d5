//===- DeviceMath.cpp - cucpu's math library for device code --------------===//
//
// Part of cucpu. On the CPU, device code calls the host's libm. A GPU module
// cannot, and cucpu does not use NVIDIA's libdevice, so the functions that
// have no NVPTX instruction and that cucpu-lower-gpu-math does not compute
// inline are defined here, in freestanding C++. The build compiles this file
// to NVPTX bitcode (cucpu_gpu_math.bc), which the driver links into the GPU
// module when a kernel calls one of them. CUDA's functions without a C
// counterpart (erfinv, normcdf, ...), sinpi and cospi, and the Bessel
// functions (host-only in the C library) are here too, for both targets:
// the CPU runtime compiles this file in. A unit test compiles it for the host
// and compares it with the host's long double libm.
//
// Every function is named __cucpu_math_<libm name>. The double-precision ones
// are accurate to about an ulp (C99's special values included; the Bessel
// functions past 25 in absolute terms, as CUDA's own): arguments are
// reduced exactly or in double-double arithmetic (hi + lo pairs, using fused
// multiply-adds), and the series after the reduction are short. The
// single-precision ones evaluate the double-precision function and round
// once.
//
// Build flags matter: this file must be compiled with -ffp-contract=off, as
// the double-double steps rely on each operation rounding once.
//
//===----------------------------------------------------------------------===//

#include <stdint.h>

#define CUCPU_MATH_ENTRY extern "C"

namespace {

//===----------------------------------------------------------------------===//
// Bits and scaling
//===----------------------------------------------------------------------===//

uint64_t bitsOf(double x) { return __builtin_bit_cast(uint64_t, x); }
double fromBits(uint64_t b) { return __builtin_bit_cast(double, b); }
uint32_t bitsOf(float x) { return __builtin_bit_cast(uint32_t, x); }
float fromBits(uint32_t b) { return __builtin_bit_cast(float, b); }

constexpr double kInf = __builtin_inf();
constexpr double kNaN = __builtin_nan("");
constexpr double kMaxFinite = 0x1.fffffffffffffp+1023;

bool isNaN(double x) { return x != x; }
bool isInf(double x) { return __builtin_fabs(x) == kInf; }
bool isFinite(double x) { return __builtin_fabs(x) <= kMaxFinite; }

/// The biased exponent field.
int exponentField(double x) { return int(bitsOf(x) >> 52) & 0x7ff; }

/// The exponent of a finite nonzero x (floor(log2 |x|)); a subnormal x is
/// scaled by 2^54 in place first, so that its bits are those of a normal
/// number with the same significand.
int normalize(double &x) {
  if (exponentField(x) != 0)
    return exponentField(x) - 1023;
  x *= 0x1p54;
  return exponentField(x) - 1023 - 54;
}

/// 2^k for a normal exponent (-1022 <= k <= 1023).
double pow2(int k) { return fromBits(uint64_t(k + 1023) << 52); }

/// x * 2^n with one rounding (ldexp), for any n.
double scaleByPow2(double x, int n) {
  if (x == 0 || !isFinite(x))
    return x;
  if (n > 4000)
    n = 4000;
  if (n < -4000)
    n = -4000;
  int e = normalize(x) + n;
  if (e > 1023)
    return x * 0x1p1023 * 0x1p1023; // Overflow: inf of x's sign.
  uint64_t bits = bitsOf(x) & ~(uint64_t(0x7ff) << 52);
  if (e >= -1022)
    return fromBits(bits | uint64_t(e + 1023) << 52);
  if (e < -1100)
    return x * 0.0; // Below half the smallest subnormal.
  // Subnormal result: only this multiplication rounds.
  return fromBits(bits | uint64_t(e + 1000 + 1023) << 52) * 0x1p-1000;
}

//===----------------------------------------------------------------------===//
// Double-double arithmetic: a value hi + lo with |lo| <= ulp(hi) / 2.
//===----------------------------------------------------------------------===//

struct DD {
  double hi, lo;
};

/// a + b exactly, for |a| >= |b| (or a == 0).
DD fastTwoSum(double a, double b) {
  double s = a + b;
  return {s, b - (s - a)};
}

/// a + b exactly.
DD twoSum(double a, double b) {
  double s = a + b;
  double bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}

/// a * b exactly (barring underflow).
DD twoProd(double a, double b) {
  double p = a * b;
  return {p, __builtin_fma(a, b, -p)};
}

DD add(DD a, DD b) {
  DD s = twoSum(a.hi, b.hi);
  return fastTwoSum(s.hi, s.lo + a.lo + b.lo);
}

DD add(DD a, double b) {
  DD s = twoSum(a.hi, b);
  return fastTwoSum(s.hi, s.lo + a.lo);
}

DD mul(DD a, DD b) {
  DD p = twoProd(a.hi, b.hi);
  return fastTwoSum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}

DD mul(DD a, double b) {
  DD p = twoProd(a.hi, b);
  return fastTwoSum(p.hi, p.lo + a.lo * b);
}

/// a / b, to about 2^-104.
DD div(DD a, DD b) {
  double q = a.hi / b.hi;
  DD r = add(a, mul(b, -q)); // The remainder a - q * b.
  double q2 = r.hi / b.hi;
  return fastTwoSum(q, q2);
}

DD neg(DD a) { return {-a.hi, -a.lo}; }

double round(DD a) { return a.hi + a.lo; }

/// Horner's rule over coefficients c[0] + c[1] z + ... + c[n-1] z^(n-1).
template <int N> double horner(const double (&c)[N], double z) {
  double p = c[N - 1];
  for (int k = N - 2; k >= 0; --k)
    p = p * z + c[k];
  return p;
}

//===----------------------------------------------------------------------===//
// Constants (their digits are the correctly rounded parts of the constant)
//===----------------------------------------------------------------------===//

constexpr DD kLn2 = {0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56};
constexpr double kLog2E = 0x1.71547652b82fep+0;
constexpr DD kPi = {0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53};
constexpr DD kHalfPi = {0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54};
/// pi / 2 in three parts, for the reduction of moderate arguments.
constexpr double kHalfPi3 = -0x1.f1976b7ed8fbcp-110;
constexpr double kTwoOverPi = 0x1.45f306dc9c883p-1;

//===----------------------------------------------------------------------===//
// exp and log, the cores of the rest
//===----------------------------------------------------------------------===//

/// exp(hi + lo) as m * 2^k with m a double-double in [0.7, 1.42], accurate to
/// about 2^-60, for |hi| <= 800 (finishExp makes it inf or 0 beyond).
struct Scaled {
  DD m;
  int k;
};

Scaled expParts(double hi, double lo) {
  if (hi > 800)
    hi = 800;
  if (hi < -800)
    hi = -800;
  double k = __builtin_rint(hi * kLog2E);
  // r = hi + lo - k ln2: k * ln2.hi is exact as a pair, and hi minus its high
  // part is exact (they are within a factor 2).
  DD kln2 = twoProd(k, kLn2.hi);
  DD r = twoSum(hi - kln2.hi, -kln2.lo);
  r = fastTwoSum(r.hi, r.lo + (lo - k * kLn2.lo));
  // exp(r) = 1 + r + r^2 (1/2 + r/6 + ...), |r| <= 0.35: the tail is below
  // 2^-53 relative after 1/13!.
  static constexpr double kTail[] = {
      1.0 / 2,          1.0 / 6,        1.0 / 24,        1.0 / 120,
      1.0 / 720,        1.0 / 5040,     1.0 / 40320,     1.0 / 362880,
      1.0 / 3628800,    1.0 / 39916800, 1.0 / 479001600, 1.0 / 6227020800,
      1.0 / 87178291200};
  double tail = r.hi * r.hi * horner(kTail, r.hi);
  DD m = add(add(twoSum(1.0, r.hi), r.lo), tail);
  return {m, int(k)};
}

double finishExp(Scaled s) { return scaleByPow2(round(s.m), s.k); }

double expOf(double hi, double lo) { return finishExp(expParts(hi, lo)); }

/// log(x) for a finite x > 0, as a double-double accurate to about 2^-70
/// relative (or 2^-70 absolute near x = 1).
DD logDD(double x) {
  int e = normalize(x);
  double m = fromBits((bitsOf(x) & ((uint64_t(1) << 52) - 1)) |
                      (uint64_t(1023) << 52)); // In [1, 2).
  if (m > 0x1.6a09e667f3bcdp+0) {              // sqrt(2)
    m *= 0.5;
    ++e;
  }
  // log(m) = 2 atanh(s) with s = (m - 1) / (m + 1), |s| <= 0.1716:
  // 2s + 2s^3/3 + 2s^5 (1/5 + s^2/7 + ...). f = m - 1 is exact.
  double f = m - 1.0;
  DD denominator = twoSum(2.0, f);
  DD s = div({f, 0.0}, denominator);
  DD s2 = mul(s, s);
  DD s3 = mul(s2, s);
  static constexpr DD kTwoThirds = {0x1.5555555555555p-1,
                                    0x1.5555555555555p-55};
  static constexpr double kTail[] = {
      2.0 / 5,  2.0 / 7,  2.0 / 9,  2.0 / 11, 2.0 / 13, 2.0 / 15, 2.0 / 17,
      2.0 / 19, 2.0 / 21, 2.0 / 23, 2.0 / 25, 2.0 / 27, 2.0 / 29};
  double z = s2.hi;
  double tail = s3.hi * z * horner(kTail, z);
  DD logm = add(add(mul(s, 2.0), mul(s3, kTwoThirds)), tail);
  DD eln2 = mul(kLn2, double(e));
  return add(eln2, logm);
}

/// log(1 + x) for x > -1 finite, as a double-double.
DD log1pDD(double x) {
  DD u = twoSum(1.0, x);
  DD l = logDD(u.hi);
  return add(l, u.lo / u.hi);
}

//===----------------------------------------------------------------------===//
// Trigonometric functions
//===----------------------------------------------------------------------===//

/// Bits of 2/pi after the binary point, 64 to a word.
constexpr uint64_t kTwoOverPiBits[] = {
    0xa2f9836e4e441529, 0xfc2757d1f534ddc0, 0xdb6295993c439041,
    0xfe5163abdebbc561, 0xb7246e3a424dd2e0, 0x06492eea09d1921c,
    0xfe1deb1cb129a73e, 0xe88235f52ebb4484, 0xe99c7026b45f7e41,
    0x3991d639835339f4, 0x9c845f8bbdf9283b, 0x1ff897ffde05980f,
    0xef2f118b5a0a6d1f, 0x6d367ecf27cb09b7, 0x4f463f669e5fea2d,
    0x7527bac7ebe5f17b, 0x3d0739f78a5292ea, 0x6bfb5fb11f8d5d08,
    0x56033046fc7b6bab, 0xf0cfbc209af4361d, 0xa9e391615ee61b08};
constexpr int kTwoOverPiWords = sizeof(kTwoOverPiBits) / sizeof(uint64_t);

/// 64 bits of 2/pi starting with the bit of weight 2^-first (bits before
/// the binary point are zero).
uint64_t twoOverPiWindow(int first) {
  int k = first - 1; // Index of that bit in the table.
  if (k <= -64)
    return 0;
  if (k < 0)
    return kTwoOverPiBits[0] >> -k;
  int q = k / 64, r = k % 64;
  uint64_t high = q < kTwoOverPiWords ? kTwoOverPiBits[q] : 0;
  uint64_t low = q + 1 < kTwoOverPiWords ? kTwoOverPiBits[q + 1] : 0;
  return r ? (high << r) | (low >> (64 - r)) : high;
}

/// Reduces x (|x| >= 2^28, finite) to r = x - q pi/2 with |r| <= pi/4, by
/// Payne and Hanek's method: x = m 2^e with an integer m, and x 2/pi mod 4
/// only needs the 192 bits of 2/pi whose products with m 2^e are not
/// multiples of 4. Returns q mod 4.
int reduceLarge(double x, DD &r) {
  int e = exponentField(x) - 1075;
  uint64_t m = (bitsOf(x) & ((uint64_t(1) << 52) - 1)) | (uint64_t(1) << 52);
  int first = e - 1; // Bit of 2/pi whose product has weight 2.
  uint64_t w0 = twoOverPiWindow(first), w1 = twoOverPiWindow(first + 64),
           w2 = twoOverPiWindow(first + 128);
  // P = m (w0 2^128 + w1 2^64 + w2) and x 2/pi = P 2^-190 mod 4: bits 190
  // and 191 of P are the quadrant, the 190 below them the fraction.
  unsigned __int128 p2 = (unsigned __int128)m * w2;
  unsigned __int128 p1 = (unsigned __int128)m * w1;
  unsigned __int128 p0 = (unsigned __int128)m * w0;
  uint64_t f0 = uint64_t(p2);
  unsigned __int128 mid = (p2 >> 64) + uint64_t(p1);
  uint64_t f1 = uint64_t(mid);
  uint64_t f2 = uint64_t((mid >> 64) + (p1 >> 64) + uint64_t(p0));
  int q = int(f2 >> 62);
  // The fraction f2:f1:f0 / 2^192; from [1/2, 1) take the next quadrant.
  f2 = (f2 << 2) | (f1 >> 62);
  f1 = (f1 << 2) | (f0 >> 62);
  f0 <<= 2;
  bool upper = f2 >> 63;
  if (upper) {
    f0 = ~f0;
    f1 = ~f1;
    f2 = ~f2; // 1 - f, less 2^-192.
    q = (q + 1) & 3;
  }
  // f (or 1 - f) as a double-double, then r = f pi/2.
  int shift = f2 ? __builtin_clzll(f2) : 64 + __builtin_clzll(f1 | 1);
  uint64_t hiBits, loBits;
  if (shift < 64) {
    hiBits = shift ? (f2 << shift) | (f1 >> (64 - shift)) : f2;
    loBits = shift ? (f1 << shift) | (f0 >> (64 - shift)) : f1;
  } else {
    int s = shift - 64;
    hiBits = s ? (f1 << s) | (f0 >> (64 - s)) : f1;
    loBits = s ? f0 << s : f0;
  }
  double scale = scaleByPow2(1.0, -64 - shift);
  DD f = fastTwoSum(double(hiBits >> 11) * 0x1p11 * scale,
                    double(((hiBits & 0x7ff) << 52) | (loBits >> 12)) *
                        0x1p-52 * scale);
  r = mul(kHalfPi, f.hi);
  r = add(r, kHalfPi.hi * f.lo);
  if (upper)
    r = neg(r);
  if (x < 0) {
    r = neg(r);
    q = (4 - q) & 3;
  }
  return q;
}

/// x = q pi/2 + r with |r| <= pi/4 (a little more for moderate x); returns
/// q mod 4. x must be finite.
int reduceHalfPi(double x, DD &r) {
  double a = __builtin_fabs(x);
  if (a <= 0x1.921fb54442d18p-1) {
    r = {x, 0.0};
    return 0;
  }
  if (a >= 0x1p28)
    return reduceLarge(x, r);
  // Cody and Waite's reduction with pi/2 in three parts, in double-double:
  // k pi/2.hi is exact as a pair and x minus its high part is exact.
  double k = __builtin_rint(x * kTwoOverPi);
  DD p1 = twoProd(k, kHalfPi.hi);
  DD t = twoSum(x - p1.hi, -p1.lo);
  t = add(t, neg(twoProd(k, kHalfPi.lo)));
  r = add(t, -k * kHalfPi3);
  return int(int64_t(k) & 3);
}

/// sin(r) for |r| <= ~pi/4.
double sinKernel(DD r) {
  // sin r = r + r^3 (-1/6 + r^2/120 - ...); r.lo's share is r.lo cos r.
  static constexpr double kCoefficients[] = {-1.0 / 6,
                                             1.0 / 120,
                                             -1.0 / 5040,
                                             1.0 / 362880,
                                             -1.0 / 39916800,
                                             1.0 / 6227020800,
                                             -1.0 / 1307674368000,
                                             1.0 / 355687428096000,
                                             -1.0 / 121645100408832000,
                                             1.0 / 51090942171709440000.0};
  double z = r.hi * r.hi;
  double tail = r.hi * z * horner(kCoefficients, z);
  return r.hi + (r.lo * (1.0 - 0.5 * z) + tail);
}

/// cos(r) for |r| <= ~pi/4.
double cosKernel(DD r) {
  // cos r = 1 - r^2/2 + r^4 (1/24 - r^2/720 + ...) - r.hi r.lo; w = 1 - r^2/2
  // and its rounding error are kept apart.
  static constexpr double kCoefficients[] = {1.0 / 24,
                                             -1.0 / 720,
                                             1.0 / 40320,
                                             -1.0 / 3628800,
                                             1.0 / 479001600,
                                             -1.0 / 87178291200,
                                             1.0 / 20922789888000,
                                             -1.0 / 6402373705728000,
                                             1.0 / 2432902008176640000.0};
  double z = r.hi * r.hi;
  double halfZ = 0.5 * z;
  double w = 1.0 - halfZ;
  double tail = z * z * horner(kCoefficients, z) - r.hi * r.lo;
  return w + (((1.0 - w) - halfZ) + tail);
}

/// sin and cos of x.
void sinCos(double x, double &s, double &c) {
  if (!isFinite(x)) {
    s = c = x - x;
    return;
  }
  DD r;
  int q = reduceHalfPi(x, r);
  double sr = sinKernel(r), cr = cosKernel(r);
  switch (q) {
  case 0:
    s = sr;
    c = cr;
    break;
  case 1:
    s = cr;
    c = -sr;
    break;
  case 2:
    s = -sr;
    c = -cr;
    break;
  default:
    s = -cr;
    c = sr;
    break;
  }
}

/// a / b with the quotient's rounding error corrected once (for a and b
/// with errors of their own, this keeps the result within their sum).
double divide(double a, double b) {
  double q = a / b;
  return q + __builtin_fma(-q, b, a) / b;
}

//===----------------------------------------------------------------------===//
// Inverse trigonometric functions
//===----------------------------------------------------------------------===//

/// atan(t) for 0 <= t <= 1, as a double-double: atan(c) + atan(u) with
/// c = j/4 the nearest quarter and u = (t - c) / (1 + t c), |u| <= 1/8.
DD atanUnit(double t) {
  static constexpr DD kAtanQuarters[] = {
      {0.0, 0.0},
      {0x1.f5b75f92c80ddp-3, 0x1.8ab6e3cf7afbdp-57},
      {0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56},
      {0x1.4978fa3269ee1p-1, 0x1.2419a87f2a458p-56},
      {0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55}};
  // atan u = u + u^3 (-1/3 + u^2/5 - ...), |u| <= 1/8.
  static constexpr double kCoefficients[] = {
      -1.0 / 3, 1.0 / 5,   -1.0 / 7, 1.0 / 9,   -1.0 / 11,
      1.0 / 13, -1.0 / 15, 1.0 / 17, -1.0 / 19, 1.0 / 21};
  int j = int(__builtin_rint(t * 4));
  double c = j * 0.25;
  DD u = {t, 0.0};
  if (j) { // t - c is exact; the quotient is a pair.
    DD denominator = fastTwoSum(1.0, t * c);
    denominator.lo += __builtin_fma(t, c, -(t * c));
    u = div({t - c, 0.0}, denominator);
  }
  double z = u.hi * u.hi;
  double tail = u.hi * z * horner(kCoefficients, z);
  return add(add(kAtanQuarters[j], u), tail);
}

/// atan(a) for a >= 0 (inf included), as a double-double.
DD atanPositive(double a) {
  if (a <= 1)
    return atanUnit(a);
  return add(kHalfPi, neg(atanUnit(1.0 / a)));
}

/// asin(x) = x + x^3 P(x^2) for |x| <= 1/2: the tail x z P(z).
double asinTail(double x, double z) {
  static constexpr double kCoefficients[] = {
      0x1.5555555555555p-3, 0x1.3333333333333p-4, 0x1.6db6db6db6db7p-5,
      0x1.f1c71c71c71c7p-6, 0x1.6e8ba2e8ba2e9p-6, 0x1.1c4ec4ec4ec4fp-6,
      0x1.c99999999999ap-7, 0x1.7a87878787878p-7, 0x1.3fde50d79435ep-7,
      0x1.12ef3cf3cf3cfp-7, 0x1.df3bd37a6f4dfp-8, 0x1.a6863d70a3d71p-8,
      0x1.782dda12f684cp-8, 0x1.51ba308d3dcb1p-8, 0x1.31683bdef7bdfp-8,
      0x1.15ee9d45d1746p-8, 0x1.fcaf8fb6db6dbp-9, 0x1.d3d2a8e0dd67dp-9,
      0x1.b026f57b13b14p-9, 0x1.90cb77f60c7cep-9, 0x1.750de64d7d05fp-9,
      0x1.5c5f56efaaaabp-9, 0x1.464c0950f7d47p-9, 0x1.3275586c5f2f0p-9,
      0x1.208d3570ae5a6p-9, 0x1.1052bc5fa960ap-9};
  return x * z * horner(kCoefficients, z);
}

/// For 1/2 < a <= 1: s = sqrt((1 - a) / 2) as a pair, and asin(s) - s.hi
/// (asin a = pi/2 - 2 asin s, acos a = 2 asin s).
DD asinOfHalfComplement(double a) {
  double z = (1.0 - a) * 0.5; // Exact.
  double s = __builtin_sqrt(z);
  double sLo = s > 0 ? __builtin_fma(-s, s, z) / (2 * s) : 0.0;
  return {s, sLo + asinTail(s, z)};
}

//===----------------------------------------------------------------------===//
// Gamma and error functions
//===----------------------------------------------------------------------===//

/// lgamma(2 + z) for |z| <= 1/2 (and a little beyond), as a double-double:
/// (1 - gamma) z + sum over k >= 2 of (-1)^k (zeta(k) - 1) z^k / k.
DD lgammaNearTwo(double z) {
  static constexpr DD kOneMinusGamma = {0x1.b0ee6072093cep-2,
                                        0x1.6cb90701fbfabp-58};
  static constexpr double kCoefficients[] = {
      0x1.4a34cc4a60fa6p-2,   -0x1.13e001a557607p-4,  0x1.51322ac7d8483p-6,
      -0x1.e404fc218f5f2p-8,  0x1.7add6eadb6c30p-9,   -0x1.38ac5c2bf8e08p-10,
      0x1.0b36af86396e9p-11,  -0x1.d3fd4c76d2fc8p-13, 0x1.a127b0f17d65ap-14,
      -0x1.78de5bd7c81efp-15, 0x1.580dcee66eb02p-16,  -0x1.3cbc963ce2243p-17,
      0x1.2597a39f34aacp-18,  -0x1.11b2eb7679541p-19, 0x1.0064cdeb22f0fp-20,
      -0x1.e2600d93cfd2fp-22, 0x1.c76bbb3f07a4dp-23,  -0x1.af5a6cbbf8a97p-24,
      0x1.99b93c2070b0fp-25,  -0x1.862c734df3eacp-26, 0x1.7469daccfadcdp-27,
      -0x1.6434a8447aeadp-28, 0x1.555a877ffd2c3p-29,  -0x1.47b1679258d0ep-30,
      0x1.3b15d2b2fc10cp-31,  -0x1.2f69a9fabe3e0p-32, 0x1.24932a337434cp-33,
      -0x1.1a7c26ec2523cp-34, 0x1.11116e693ed98p-35};
  return add(mul(kOneMinusGamma, z), z * z * horner(kCoefficients, z));
}

/// lgamma(x) for x >= 10 by Stirling's series, as a double-double:
/// (x - 1/2) log x - x + log(2 pi)/2 + sum of B2k / (2k (2k - 1) x^(2k-1)).
DD lgammaStirling(double x) {
  static constexpr DD kHalfLog2Pi = {0x1.d67f1c864beb5p-1,
                                     -0x1.65b5a1b7ff5dfp-55};
  static constexpr double kCoefficients[] = {
      1.0 / 12,   -1.0 / 360,      1.0 / 1260, -1.0 / 1680,
      1.0 / 1188, -691.0 / 360360, 1.0 / 156,  -3617.0 / 122400};
  DD main = mul(logDD(x), x - 0.5);
  main = add(main, -x);
  main = add(main, kHalfLog2Pi);
  double y = 1.0 / x;
  return add(main, y * horner(kCoefficients, y * y));
}

/// sin(pi x) for finite x.
double sinPi(double x) {
  // x mod 2, exactly, then sin(pi r) with pi r as a pair.
  double r = x - 2.0 * __builtin_rint(x * 0.5);
  int q = int(__builtin_rint(r * 2)); // -2 .. 2
  double f = r - q * 0.5;             // |f| <= 1/4, exact.
  DD angle = mul(kPi, f);
  double s = (q & 1) ? cosKernel(angle) : sinKernel(angle);
  if (q == 2 || q == -1 || q == -2)
    s = -s;
  return s;
}

/// lgamma(x) for x > 0 finite, as a double-double where it matters
/// (Stirling's range), else as a double in hi.
DD lgammaPositive(double x) {
  if (x >= 10)
    return lgammaStirling(x);
  if (x >= 2.5) {
    // lgamma(x) = lgamma(x - n) + log((x - 1) ... (x - n)), with x - n in
    // [1.5, 2.5); every factor is exact and the product is a pair.
    double n = __builtin_rint(x) - 2;
    DD product = {1.0, 0.0};
    for (double j = 1; j <= n; ++j)
      product = mul(product, x - j);
    DD logProduct = add(logDD(product.hi), product.lo / product.hi);
    return add(logProduct, lgammaNearTwo(x - n - 2));
  }
  if (x >= 1.5)
    return lgammaNearTwo(x - 2);
  if (x >= 0.5) // lgamma(x) = lgamma(x + 1) - log x.
    return add(neg(logDD(x)), lgammaNearTwo(x - 1));
  // lgamma(x) = lgamma(x + 2) - log x - log(1 + x).
  return add(neg(add(logDD(x), log1pDD(x))), lgammaNearTwo(x));
}

/// exp(a^2) erfc(a) for a >= 3.125 (any size), as a double-double, by the
/// continued fraction erfc(a) = exp(-a^2) / sqrt(pi) /
/// (a + (1/2) / (a + 1 / (a + (3/2) / (a + ...)))) from its 36th level. The
/// last level is a pair: the error of the levels below it shrinks by
/// 1 / (2 a^2) there.
DD erfcScaledFar(double a) {
  double t = a;
  for (int k = 36; k > 1; --k)
    t = a + (k * 0.5) / t;
  DD level = add(div({0.5, 0.0}, {t, 0.0}), a);
  static constexpr DD kInvSqrtPi = {0x1.20dd750429b6dp-1,
                                    0x1.1ae3a914fed80p-57};
  return div(kInvSqrtPi, level);
}

/// erfc(a) for a >= 3/4 (where erfc(a) <= 0.29, so erf is 1 minus it).
double erfcAbove(double a) {
  if (a < 3.125) {
    // Taylor's series around c = j/16, the nearest sixteenth: erfc(c + h) =
    // erfc(c) - 2/sqrt(pi) exp(-c^2) sum (-1)^n H_n(c) h^(n+1) / (n+1)!,
    // with the Hermite polynomials H_n from their recurrence.
    static constexpr struct {
      double hi, lo, weight;
    } kCenters[] = {
        {0x1.27c6d14c5e341p-2, 0x1.3af3434d0eeabp-57, 0x1.492e42d78d2c5p-1},
        {0x1.008c80a24ff10p-2, -0x1.66cf14bcad032p-56, 0x1.2a8dcede3673bp-1},
        {0x1.ba36dab91c0e9p-3, 0x1.3c896e9a97c59p-58, 0x1.0cab61f084b93p-1},
        {0x1.7aab97a554544p-3, -0x1.a558a46df5f67p-57, 0x1.dfca26f5bbf88p-2},
        {0x1.4226162fbddd5p-3, -0x1.b40443f6ec34ap-59, 0x1.a911f096fbc26p-2},
        {0x1.1043c1086777dp-3, 0x1.91608a4706a42p-58, 0x1.75a91a7f4d2edp-2},
        {0x1.c9296beb09cf1p-4, -0x1.5224acd170beep-59, 0x1.45e99bcbb7915p-2},
        {0x1.7d3fa69816db5p-4, 0x1.81ace739008b7p-58, 0x1.1a0dc51a9934dp-2},
        {0x1.3bcd133aa0ffcp-4, -0x1.89da82345938bp-62, 0x1.e4652fadcb6b2p-3},
        {0x1.03d0ab9273b94p-4, -0x1.1c2fb565dcadep-60, 0x1.9cb5bd549b111p-3},
        {0x1.a8973c4b5c03ep-5, 0x1.d27662c1d9dc2p-59, 0x1.5ce595c455b0ap-3},
        {0x1.588cf12f4446bp-5, 0x1.3a42831ec7755p-59, 0x1.24a7b84d38971p-3},
        {0x1.15aaa8ec85205p-5, -0x1.e86ee834da4cep-61, 0x1.e723726b824a9p-4},
        {0x1.bc6c1da1f3121p-6, 0x1.fbf90a59c8999p-60, 0x1.92470a61b6965p-4},
        {0x1.612d893085125p-6, -0x1.7847afe4f2a7bp-62, 0x1.499d478bca735p-4},
        {0x1.16b24cb8f8f92p-6, -0x1.9d194a11ca30dp-62, 0x1.0bf97e95f2a64p-4},
        {0x1.b4be201caa4b4p-7, -0x1.6abde927f9cddp-61, 0x1.b055303221015p-5},
        {0x1.53c89d8bb3ddbp-7, -0x1.9e42624e454bfp-63, 0x1.5a08e85af27e0p-5},
        {0x1.0678442cc256fp-7, -0x1.77b62199d8601p-61, 0x1.12ceb37ff9bc3p-5},
        {0x1.9299afa0246a6p-8, -0x1.e613bc6b0debdp-62, 0x1.b1160991ff737p-6},
        {0x1.328f5ec350e67p-8, -0x1.ca006412e68d0p-62, 0x1.529b9e8cf9a1ep-6},
        {0x1.cf80d4afc3019p-9, -0x1.6aabfff1e020bp-63, 0x1.06ae13b0d3255p-6},
        {0x1.5bde729a6b60fp-9, 0x1.999ec7becc5c7p-65, 0x1.94624e78e0fafp-7},
        {0x1.033197ec68c0ep-9, -0x1.b0615fb45c6ffp-63, 0x1.34d7dbc76d7e5p-7},
        {0x1.7f713f9cc9784p-10, -0x1.4207143202515p-64, 0x1.d4143a9dfe965p-8},
        {0x1.198fd6a0ee7bdp-10, 0x1.78dc7315b06e8p-64, 0x1.5ff2750fe7820p-8},
        {0x1.9a7c305336484p-11, 0x1.6394dd2ff0093p-65, 0x1.06918b6355624p-8},
        {0x1.29082600643fdp-11, 0x1.8be7e5c848c07p-65, 0x1.84ba3004a50d0p-9},
        {0x1.aab859b20ac9ep-12, 0x1.88f4ff748376bp-66, 0x1.1d83170fbf6fbp-9},
        {0x1.30439c56dadf6p-12, 0x1.2900671ba2e85p-67, 0x1.a024365f771bdp-10},
        {0x1.aeb4423e690e7p-13, -0x1.a732e928e4c5dp-68, 0x1.2ce898809244ep-10},
        {0x1.2e984ed53e777p-13, 0x1.9c7db1f96e779p-72, 0x1.afc85e0f82e12p-11},
        {0x1.a609f7584d32bp-14, 0x1.d92f3f7ab9ef5p-68, 0x1.3360ccd23db3ap-11},
        {0x1.2422ed95a3235p-14, -0x1.8174270a3a7eap-68, 0x1.b23a5a23e4210p-12},
        {0x1.916f7c5f2f764p-15, 0x1.84e95673c70a1p-70, 0x1.30538fbb77ecdp-12},
        {0x1.11c3bed8e716ap-15, -0x1.899ad47c9a36bp-70, 0x1.a740684026555p-13},
        {0x1.729df6503422ap-16, 0x1.784ca4c429a15p-73, 0x1.2408e9ba3327fp-13},
        {0x1.f1febf7a916aap-17, 0x1.b7c360a6e4aeap-72, 0x1.8fdc1b2dcf7b9p-14},
        {0x1.4c144d984e1b8p-17, 0x1.2d1f7068bf3fbp-74, 0x1.0f9e1b4dd36dfp-14}};
    int j = int(__builtin_rint(a * 16));
    double c = j * 0.0625;
    double h = a - c; // Exact.
    double hermite = 1.0, previous = 0.0, power = h, sum = 0.0;
    for (int n = 0; n < 16; ++n) {
      sum += (n & 1 ? -hermite : hermite) * power;
      double next = 2 * c * hermite - 2 * n * previous;
      previous = hermite;
      hermite = next;
      power *= h / (n + 2);
    }
    const auto &center = kCenters[j - 12];
    return center.hi + (center.lo - center.weight * sum);
  }
  if (a > 27.3)
    return 0.0;
  DD square = twoProd(a, a);
  Scaled e = expParts(-square.hi, -square.lo);
  e.m = mul(e.m, erfcScaledFar(a));
  return finishExp(e);
}

/// erf(a) for 0 <= a < 3/4, as a double-double:
/// 2/sqrt(pi) a (1 - a^2/3 + a^4/10 - ...).
DD erfSmall(double a) {
  static constexpr double kCoefficients[] = {-1.0 / 3,
                                             1.0 / 10,
                                             -1.0 / 42,
                                             1.0 / 216,
                                             -1.0 / 1320,
                                             1.0 / 9360,
                                             -1.0 / 75600,
                                             1.0 / 685440,
                                             -1.0 / 6894720,
                                             1.0 / 76204800,
                                             -1.0 / 918086400,
                                             1.0 / 11975040000.0,
                                             -1.0 / 168129561600.0,
                                             1.0 / 2528170444800.0,
                                             -1.0 / 40537905408000.0,
                                             1.0 / 690452066304000.0,
                                             -1.0 / 12449059983360000.0};
  static constexpr DD kTwoOverSqrtPi = {0x1.20dd750429b6dp+0,
                                        0x1.1ae3a914fed80p-56};
  double z = a * a;
  DD series = twoSum(1.0, z * horner(kCoefficients, z));
  return mul(mul(kTwoOverSqrtPi, a), series);
}

} // namespace

//===----------------------------------------------------------------------===//
// Double precision
//===----------------------------------------------------------------------===//

CUCPU_MATH_ENTRY double __cucpu_math_sin(double x) {
  if (__builtin_fabs(x) < 0x1p-27)
    return x; // Also keeps the sign of zero.
  double s, c;
  sinCos(x, s, c);
  return s;
}

CUCPU_MATH_ENTRY double __cucpu_math_cos(double x) {
  double s, c;
  sinCos(x, s, c);
  return c;
}

CUCPU_MATH_ENTRY void __cucpu_math_sincos(double x, double *s, double *c) {
  sinCos(x, *s, *c);
}

CUCPU_MATH_ENTRY double __cucpu_math_tan(double x) {
  if (__builtin_fabs(x) < 0x1p-27)
    return x;
  if (!isFinite(x))
    return x - x;
  DD r;
  int q = reduceHalfPi(x, r);
  double s = sinKernel(r), c = cosKernel(r);
  return q & 1 ? -divide(c, s) : divide(s, c);
}

CUCPU_MATH_ENTRY double __cucpu_math_atan(double x) {
  if (isNaN(x))
    return x;
  double result = round(atanPositive(__builtin_fabs(x)));
  return __builtin_copysign(result, x);
}

CUCPU_MATH_ENTRY double __cucpu_math_atan2(double y, double x) {
  if (isNaN(x) || isNaN(y))
    return x + y;
  double ay = __builtin_fabs(y), ax = __builtin_fabs(x);
  bool xNegative = __builtin_signbit(x);
  DD angle;
  if (ay == 0) {
    angle = xNegative ? kPi : DD{0.0, 0.0};
  } else if (ax == 0) {
    angle = kHalfPi;
  } else if (isInf(ax) && isInf(ay)) {
    angle = xNegative ? DD{0x1.2d97c7f3321d2p+1, 0x1.a79394c9e8a0ap-54}
                      : DD{0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55};
  } else if (isInf(ax)) {
    angle = xNegative ? kPi : DD{0.0, 0.0};
  } else if (isInf(ay)) {
    angle = kHalfPi;
  } else {
    // atan(ay / ax), with the quotient's error corrected to first order.
    double t = ay / ax;
    angle = atanPositive(t);
    if (isFinite(t) && t != 0) {
      double error = __builtin_fma(-t, ax, ay) / ax; // ay/ax - t
      angle = add(angle, error / (1.0 + t * t));
    }
    if (xNegative)
      angle = add(kPi, neg(angle));
  }
  return __builtin_copysign(round(angle), y);
}

CUCPU_MATH_ENTRY double __cucpu_math_asin(double x) {
  double a = __builtin_fabs(x);
  if (!(a <= 1))
    return (x - x) / (x - x); // NaN, also for NaN.
  double result;
  if (a <= 0.5) {
    result = a + asinTail(a, a * a);
  } else {
    DD s = asinOfHalfComplement(a); // asin a = pi/2 - 2 asin s.
    DD d = twoSum(kHalfPi.hi, -2 * s.hi);
    result = d.hi + ((d.lo + kHalfPi.lo) - 2 * s.lo);
  }
  return __builtin_copysign(result, x);
}

CUCPU_MATH_ENTRY double __cucpu_math_acos(double x) {
  double a = __builtin_fabs(x);
  if (!(a <= 1))
    return (x - x) / (x - x);
  if (a <= 0.5) { // pi/2 - asin x.
    DD d = twoSum(kHalfPi.hi, -x);
    return d.hi + ((d.lo + kHalfPi.lo) - asinTail(x, x * x));
  }
  DD s = asinOfHalfComplement(a);
  if (x > 0) // 2 asin s.
    return 2 * s.hi + 2 * s.lo;
  DD d = twoSum(kPi.hi, -2 * s.hi); // pi - 2 asin s.
  return d.hi + ((d.lo + kPi.lo) - 2 * s.lo);
}

CUCPU_MATH_ENTRY double __cucpu_math_sinh(double x) {
  double a = __builtin_fabs(x);
  if (!(a < 22)) {
    if (isNaN(x) || isInf(x))
      return x;
    // exp(a) / 2, as exp(a - ln 2) so that it overflows where sinh does.
    DD arg = add(twoSum(a, -kLn2.hi), -kLn2.lo);
    return __builtin_copysign(expOf(arg.hi, arg.lo), x);
  }
  if (a < 1) {
    // a + a^3 (1/6 + a^2/120 + ...).
    static constexpr double kCoefficients[] = {1.0 / 6,
                                               1.0 / 120,
                                               1.0 / 5040,
                                               1.0 / 362880,
                                               1.0 / 39916800,
                                               1.0 / 6227020800,
                                               1.0 / 1307674368000,
                                               1.0 / 355687428096000,
                                               1.0 / 121645100408832000};
    double z = x * x;
    return x + x * z * horner(kCoefficients, z);
  }
  Scaled e = expParts(a, 0.0);
  DD ea = mul(e.m, pow2(e.k));
  DD difference = add(ea, neg(div({1.0, 0.0}, ea)));
  return __builtin_copysign(0.5 * round(difference), x);
}

CUCPU_MATH_ENTRY double __cucpu_math_cosh(double x) {
  double a = __builtin_fabs(x);
  if (!(a < 22)) {
    if (isNaN(x))
      return x;
    DD arg = add(twoSum(a, -kLn2.hi), -kLn2.lo);
    return expOf(arg.hi, arg.lo);
  }
  Scaled e = expParts(a, 0.0);
  DD ea = mul(e.m, pow2(e.k));
  return 0.5 * round(add(ea, div({1.0, 0.0}, ea)));
}

CUCPU_MATH_ENTRY double __cucpu_math_tanh(double x) {
  double a = __builtin_fabs(x);
  if (isNaN(x))
    return x;
  if (a >= 22)
    return __builtin_copysign(1.0, x);
  if (a < 0.625) {
    // Taylor's series, x + x^3 (-1/3 + 2x^2/15 - ...).
    static constexpr double kCoefficients[] = {
        -0x1.5555555555555p-2,  0x1.1111111111111p-3,   -0x1.ba1ba1ba1ba1cp-5,
        0x1.664f4882c10fap-6,   -0x1.226e355e6c23dp-7,  0x1.d6d3d0e157de0p-9,
        -0x1.7da36452b75e3p-10, 0x1.3558248036744p-11,  -0x1.f57d7734d1664p-13,
        0x1.967e18afcafadp-14,  -0x1.497d8eea25259p-15, 0x1.0b132d39a6050p-16,
        -0x1.b0f72d3ee24e9p-18, 0x1.5ef2da474e5b7p-19,  -0x1.1c77df95c1c0dp-20,
        0x1.cd299de4ae6bbp-22,  -0x1.75cde6563fed9p-23, 0x1.2efe8db3aff1fp-24,
        -0x1.eb3229047434cp-26, 0x1.8e25ff9327e2cp-27,  -0x1.42ba1a349b490p-28,
        0x1.0597b61cb3092p-29,  -0x1.a813f6eaa7058p-31, 0x1.57bea2950f11ep-32};
    double z = x * x;
    return x + x * z * horner(kCoefficients, z);
  }
  // 1 - 2 / (exp(2a) + 1).
  Scaled e = expParts(2 * a, 0.0);
  DD denominator = add(mul(e.m, pow2(e.k)), 1.0);
  DD fraction = div({2.0, 0.0}, denominator);
  return __builtin_copysign(round(add(neg(fraction), 1.0)), x);
}

CUCPU_MATH_ENTRY double __cucpu_math_asinh(double x) {
  double a = __builtin_fabs(x);
  if (!isFinite(x) || a < 0x1p-28)
    return x;
  DD result;
  if (a > 0x1p28) { // log(2a)
    result = add(logDD(a), kLn2);
  } else if (a >= 2) { // log(2a + 1 / (a + sqrt(a^2 + 1)))
    result = logDD(2 * a + 1.0 / (a + __builtin_sqrt(a * a + 1.0)));
  } else { // log1p(a + a^2 / (1 + sqrt(1 + a^2)))
    double z = a * a;
    result = log1pDD(a + z / (1.0 + __builtin_sqrt(1.0 + z)));
  }
  return __builtin_copysign(round(result), x);
}

CUCPU_MATH_ENTRY double __cucpu_math_acosh(double x) {
  if (!(x >= 1))
    return (x - x) / (x - x);
  if (isInf(x))
    return x;
  if (x > 0x1p28)
    return round(add(logDD(x), kLn2));
  if (x >= 2)
    return round(logDD(2 * x - 1.0 / (x + __builtin_sqrt(x * x - 1.0))));
  double t = x - 1.0; // Exact.
  return round(log1pDD(t + __builtin_sqrt(2 * t + t * t)));
}

CUCPU_MATH_ENTRY double __cucpu_math_atanh(double x) {
  double a = __builtin_fabs(x);
  if (!(a <= 1))
    return (x - x) / (x - x);
  if (a == 1)
    return x / 0.0;
  if (a < 0x1p-28)
    return x;
  // atanh a = log1p(2a / (1 - a)) / 2; 1 - a is exact for a >= 1/2.
  double argument = a < 0.5 ? 2 * a + 2 * a * a / (1.0 - a) : 2 * a / (1.0 - a);
  return __builtin_copysign(0.5 * round(log1pDD(argument)), x);
}

CUCPU_MATH_ENTRY double __cucpu_math_exp2(double x) {
  if (isNaN(x))
    return x;
  if (x > 1100)
    return kInf;
  if (x < -1100)
    return 0.0;
  double k = __builtin_rint(x);
  DD arg = mul(kLn2, x - k); // x - k is exact.
  Scaled e = expParts(arg.hi, arg.lo);
  e.k += int(k);
  return finishExp(e);
}

CUCPU_MATH_ENTRY double __cucpu_math_pow(double x, double y) {
  if (y == 0 || x == 1)
    return 1.0;
  if (isNaN(x) || isNaN(y))
    return x + y;
  double ay = __builtin_fabs(y);
  bool yInteger = __builtin_floor(y) == y;
  bool yOdd = yInteger && ay < 0x1p53 && __builtin_floor(y * 0.5) != y * 0.5;
  double ax = __builtin_fabs(x);
  if (isInf(y)) {
    if (ax == 1)
      return 1.0;
    return (ax < 1) == (y < 0) ? kInf : 0.0;
  }
  if (x == 0 || isInf(x)) {
    // |x|^y is 0 or inf; an odd y keeps x's sign.
    bool large = (x == 0) == (y < 0);
    double magnitude = large ? kInf : 0.0;
    return yOdd ? __builtin_copysign(magnitude, x) : magnitude;
  }
  double sign = 1.0;
  if (x < 0) {
    if (!yInteger)
      return (x - x) / (x - x);
    if (yOdd)
      sign = -1.0;
  }
  // exp(y log |x|), with the product as a pair.
  DD l = logDD(ax);
  DD p = twoProd(y, l.hi);
  p = fastTwoSum(p.hi, p.lo + y * l.lo);
  if (p.hi > 710)
    return sign * kInf;
  if (p.hi < -746)
    return sign * 0.0;
  return sign * expOf(p.hi, p.lo);
}

CUCPU_MATH_ENTRY double __cucpu_math_cbrt(double x) {
  if (x == 0 || !isFinite(x))
    return x;
  double a = __builtin_fabs(x);
  double normalized = a;
  int e = normalize(normalized);
  // |x| = m 2^e with m in [1, 2), and e = 3q + r with r in {0, 1, 2}.
  int q = e >= 0 ? e / 3 : -((-e + 2) / 3);
  double v = scaleByPow2(a, -3 * q); // In [1, 8).
  // A first guess from the exponent divided by 3, then Newton's steps.
  double y = fromBits(bitsOf(v) / 3 + (uint64_t(682) << 52));
  for (int i = 0; i < 4; ++i)
    y = y - (y * y * y - v) / (3 * y * y);
  // A last step with an exact residual y^3 - v.
  DD y2 = twoProd(y, y);
  DD y3 = twoProd(y2.hi, y);
  double residual = (y3.hi - v) + (y3.lo + y2.lo * y);
  y -= residual / (3 * y * y);
  return __builtin_copysign(scaleByPow2(y, q), x);
}

CUCPU_MATH_ENTRY double __cucpu_math_hypot(double x, double y) {
  double a = __builtin_fabs(x), b = __builtin_fabs(y);
  if (isInf(a) || isInf(b))
    return kInf;
  if (isNaN(a) || isNaN(b))
    return a + b;
  if (a < b) {
    double t = a;
    a = b;
    b = t;
  }
  if (b == 0)
    return a;
  int e = exponentField(a) == 0 ? -1022 : exponentField(a) - 1023;
  if (e - (exponentField(b) == 0 ? -1022 : exponentField(b) - 1023) > 60)
    return a + b;
  // Scaled so that a is near 1; then sqrt of the exact sum of squares.
  a = scaleByPow2(a, -e);
  b = scaleByPow2(b, -e);
  DD aa = twoProd(a, a), bb = twoProd(b, b);
  DD sum = add(aa, bb);
  double h = __builtin_sqrt(sum.hi);
  h += (__builtin_fma(-h, h, sum.hi) + sum.lo) / (2 * h);
  return scaleByPow2(h, e);
}

CUCPU_MATH_ENTRY double __cucpu_math_fmod(double x, double y) {
  if (isNaN(x) || isNaN(y) || isInf(x) || y == 0)
    return (x * y) / (x * y);
  double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
  if (ax < ay)
    return x;
  // |x| = mx 2^ex and |y| = my 2^ey with integers below 2^53; the remainder
  // is computed on the integers, 11 bits of quotient at a time.
  auto split = [](double v, uint64_t &mantissa, int &exponent) {
    uint64_t bits = bitsOf(v);
    int field = int(bits >> 52);
    mantissa = bits & ((uint64_t(1) << 52) - 1);
    if (field) {
      mantissa |= uint64_t(1) << 52;
      exponent = field - 1075;
    } else {
      exponent = -1074;
    }
  };
  uint64_t mx, my;
  int ex, ey;
  split(ax, mx, ex);
  split(ay, my, ey);
  while (ex > ey) {
    int shift = ex - ey < 11 ? ex - ey : 11;
    mx = (mx << shift) % my;
    ex -= shift;
  }
  mx %= my;
  // mx 2^ey is exact: a multiple of 2^ey below |y|.
  double unit = ey >= -1022 ? pow2(ey) : fromBits(uint64_t(1) << (ey + 1074));
  return __builtin_copysign(double(mx) * unit, x);
}

CUCPU_MATH_ENTRY double __cucpu_math_remainder(double x, double y) {
  if (isNaN(x) || isNaN(y) || isInf(x) || y == 0)
    return (x * y) / (x * y);
  double ay = __builtin_fabs(y);
  if (isInf(ay))
    return x;
  // a = |x| mod 2|y| keeps the quotient's parity (2|y| may overflow, and
  // then |x| is below it already).
  double a = __builtin_fabs(x);
  if (ay <= kMaxFinite / 2)
    a = __cucpu_math_fmod(a, 2 * ay);
  // Scaled so that |y|/2 is exact; the result scales back exactly.
  int scale = ay < 0x1p-1000 ? 54 : 0;
  a = scaleByPow2(a, scale);
  double b = scaleByPow2(ay, scale);
  // a is in [0, 2b): the quotient is 0, 1 or 2, with ties to even.
  double half = 0.5 * b;
  double r = a;
  if (a > half) {
    double d = a - b; // Exact.
    r = d < half ? d : d - b;
  }
  r = scaleByPow2(r, -scale);
  return __builtin_signbit(x) ? -r : r;
}

CUCPU_MATH_ENTRY double __cucpu_math_erf(double x) {
  double a = __builtin_fabs(x);
  if (isNaN(x))
    return x;
  if (a < 0.75)
    return __builtin_copysign(round(erfSmall(a)), x);
  return __builtin_copysign(1.0 - erfcAbove(a), x);
}

CUCPU_MATH_ENTRY double __cucpu_math_erfc(double x) {
  double a = __builtin_fabs(x);
  if (isNaN(x))
    return x;
  if (a < 0.75) {
    DD e = erfSmall(a);
    return round(x < 0 ? add(e, 1.0) : add(neg(e), 1.0));
  }
  double c = erfcAbove(a);
  return x < 0 ? 2.0 - c : c;
}

CUCPU_MATH_ENTRY double __cucpu_math_lgamma(double x) {
  if (isNaN(x))
    return x;
  if (isInf(x))
    return kInf;
  if (x > 0)
    return round(lgammaPositive(x));
  if (__builtin_floor(x) == x)
    return kInf; // A pole (zero and the negative integers).
  // Reflection: lgamma(x) = log(pi / |x sin(pi x)|) - lgamma(-x).
  double s = __builtin_fabs(sinPi(x));
  DD result = add(logDD(kPi.hi), neg(add(logDD(s), logDD(-x))));
  result = add(result, neg(lgammaPositive(-x)));
  return round(result);
}

CUCPU_MATH_ENTRY double __cucpu_math_tgamma(double x) {
  if (isNaN(x))
    return x;
  if (x == 0)
    return 1.0 / x; // +-inf
  if (isInf(x))
    return x > 0 ? x : kNaN;
  if (x < 0) {
    if (__builtin_floor(x) == x)
      return kNaN;
    if (x < -190)
      return 0.0 * sinPi(x);
    // Reflection: gamma(x) = -pi / (x sin(pi x) gamma(-x)), where -x is
    // exact (1 - x would not be).
    double g = __cucpu_math_tgamma(-x);
    double s = sinPi(x);
    if (isInf(g))
      return __builtin_copysign(0.0, s);
    return -kPi.hi / round(mul(twoProd(x, s), g));
  }
  if (x > 171.7)
    return kInf;
  if (x >= 24) {
    DD l = lgammaStirling(x);
    return expOf(l.hi, l.lo);
  }
  // gamma(x) = gamma(z + 2) times or divided by exact factors, with
  // gamma(z + 2) = exp(lgamma(z + 2)) for |z| <= 1/2.
  if (x >= 1.5) {
    double n = __builtin_rint(x), z = x - n;
    DD factor = {1.0, 0.0};
    for (double j = 2; j < n; ++j)
      factor = mul(factor, z + j); // x - (n - j), exact.
    DD l = lgammaNearTwo(z);
    Scaled e = expParts(l.hi, l.lo);
    e.m = mul(e.m, factor);
    return finishExp(e);
  }
  // gamma(x + 1) / x or gamma(x + 2) / (x (x + 1)).
  bool aboveHalf = x >= 0.5;
  DD l = lgammaNearTwo(aboveHalf ? x - 1 : x);
  DD divisor = aboveHalf ? DD{x, 0.0} : mul(twoSum(1.0, x), x);
  Scaled e = expParts(l.hi, l.lo);
  e.m = div(e.m, divisor);
  return finishExp(e);
}

//===----------------------------------------------------------------------===//
// CUDA's functions without a C library counterpart (both targets call these)
//===----------------------------------------------------------------------===//

namespace {

constexpr DD kTwoOverSqrtPi = {0x1.20dd750429b6dp+0, 0x1.1ae3a914fed80p-56};
constexpr DD kSqrt2 = {0x1.6a09e667f3bcdp+0, -0x1.bdd3413b26456p-54};

/// erfc(a) for 0 <= a < 3/4, as a double-double.
DD erfcSmall(double a) { return add(neg(erfSmall(a)), 1.0); }

/// exp(x^2) erfc(x) for x >= 0 finite, as a double-double where it matters.
DD erfcxPositive(double x) {
  if (x >= 3.125)
    return erfcScaledFar(x);
  DD square = twoProd(x, x);
  Scaled e = expParts(square.hi, square.lo);
  e.m = x < 0.75 ? mul(e.m, erfcSmall(x)) : mul(e.m, erfcAbove(x));
  return mul(e.m, pow2(e.k));
}

/// erfinv(a) for 0 <= a <= 1/2, by Newton's steps on erf from the series'
/// first terms, sqrt(pi)/2 (a + pi a^3 / 12).
double erfinvSmall(double a) {
  static constexpr double kSqrtPiOverTwo = 0x1.c5bf891b4ef6bp-1;
  double x = kSqrtPiOverTwo * a * (1.0 + 0x1.0c152382d7366p-2 * a * a);
  for (int i = 0; i < 4; ++i) {
    double e = __cucpu_math_erf(x) - a;
    double slope = round(kTwoOverSqrtPi) * expOf(-x * x, 0.0);
    x -= e / slope;
  }
  return x;
}

} // namespace

CUCPU_MATH_ENTRY double __cucpu_math_erfcx(double x) {
  if (isNaN(x))
    return x;
  if (x >= 0)
    return round(erfcxPositive(x));
  if (x < -26.7)
    return kInf;
  // erfcx(x) = 2 exp(x^2) - erfcx(-x).
  DD square = twoProd(x, x);
  Scaled e = expParts(square.hi, square.lo);
  DD twice = mul(e.m, 2.0 * pow2(e.k));
  return round(add(twice, neg(erfcxPositive(-x))));
}

CUCPU_MATH_ENTRY double __cucpu_math_erfcinv(double z) {
  if (!(z >= 0 && z <= 2))
    return kNaN;
  if (z == 0)
    return kInf;
  if (z == 2)
    return -kInf;
  if (z > 1) // -erfcinv(2 - z), 2 - z exact.
    return -__cucpu_math_erfcinv(2.0 - z);
  if (z >= 0.5) // erfinv(1 - z), 1 - z exact.
    return erfinvSmall(1.0 - z);
  // erfc(x) = z with x > 0.47: from the asymptotic x^2 = -log(z sqrt(pi) x),
  // Newton's steps on log erfc(x) = log erfcx(x) - x^2, which neither
  // underflows nor loses the tail's precision.
  static constexpr double kSqrtPi = 0x1.c5bf891b4ef6bp+0;
  DD logZ = logDD(z);
  double x = __builtin_sqrt(-logZ.hi);
  for (int i = 0; i < 3; ++i) {
    double square = -logZ.hi - round(logDD(kSqrtPi * x));
    x = __builtin_sqrt(square > 0.25 ? square : 0.25);
  }
  for (int i = 0; i < 6; ++i) {
    DD scaled = erfcxPositive(x);
    DD residual = add(add(logDD(scaled.hi), neg(twoProd(x, x))), neg(logZ));
    // d/dx log erfc(x) = -2 / (sqrt(pi) erfcx(x)).
    x += round(residual) * round(scaled) * (0.5 * kSqrtPi);
  }
  return x;
}

CUCPU_MATH_ENTRY double __cucpu_math_erfinv(double y) {
  double a = __builtin_fabs(y);
  if (!(a <= 1))
    return kNaN;
  if (a == 1)
    return __builtin_copysign(kInf, y);
  if (a == 0)
    return y;
  double x = a <= 0.5 ? erfinvSmall(a) : __cucpu_math_erfcinv(1.0 - a);
  return __builtin_copysign(x, y);
}

CUCPU_MATH_ENTRY double __cucpu_math_normcdf(double x) {
  if (isNaN(x))
    return x;
  if (isInf(x))
    return x > 0 ? 1.0 : 0.0;
  // erfc(t) / 2 with t = -x / sqrt(2) as a pair: erfc(t.hi + t.lo) =
  // erfc(t.hi) (1 - t.lo 2 / (sqrt(pi) erfcx(t.hi))).
  static constexpr DD kInvSqrt2 = {0x1.6a09e667f3bcdp-1,
                                   -0x1.bdd3413b26456p-55};
  DD t = mul(kInvSqrt2, -x);
  double c = __cucpu_math_erfc(t.hi);
  if (c == 0 || !isFinite(t.hi))
    return 0.5 * c;
  double scaled = __cucpu_math_erfcx(t.hi);
  return 0.5 * c * (1.0 - t.lo * round(kTwoOverSqrtPi) / scaled);
}

CUCPU_MATH_ENTRY double __cucpu_math_normcdfinv(double p) {
  if (!(p >= 0 && p <= 1))
    return kNaN;
  // -sqrt(2) erfcinv(2p).
  double c = __cucpu_math_erfcinv(2.0 * p);
  if (isInf(c))
    return -c;
  return -round(mul(kSqrt2, c));
}

CUCPU_MATH_ENTRY double __cucpu_math_rcbrt(double x) {
  if (x == 0)
    return __builtin_copysign(kInf, x);
  return 1.0 / __cucpu_math_cbrt(x);
}

//===----------------------------------------------------------------------===//
// sinpi, cospi and Bessel functions (CUDA's, and C's j0 ... yn)
//===----------------------------------------------------------------------===//

namespace {

/// cos(pi x) for finite x: x mod 2 exactly, as sinPi does.
double cosPi(double x) {
  double r = x - 2.0 * __builtin_rint(x * 0.5);
  int q = int(__builtin_rint(r * 2)); // -2 .. 2
  double f = r - q * 0.5;             // |f| <= 1/4, exact.
  DD angle = mul(kPi, f);
  double c;
  switch (q) {
  case 0:
    c = cosKernel(angle);
    break;
  case 1: // cos(pi/2 + a) = -sin a
    c = -sinKernel(angle);
    break;
  case -1:
    c = sinKernel(angle);
    break;
  default:
    c = -cosKernel(angle);
    break;
  }
  return c + 0.0; // +0, not -0, at odd multiples of 1/2.
}

constexpr DD kTwoOverPiDD = {0x1.45f306dc9c883p-1, -0x1.6b01ec5417056p-55};
constexpr DD kEulerGamma = {0x1.2788cfc6fb619p-1, -0x1.6cb90701fbfabp-58};
constexpr DD kQuarterPi = {0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55};

/// sqrt(v) as a pair: the root of v.hi, corrected by one Newton step.
DD squareRoot(DD v) {
  double root = __builtin_sqrt(v.hi);
  return fastTwoSum(root,
                    (__builtin_fma(-root, root, v.hi) + v.lo) / (2 * root));
}

/// 1/k as a pair.
DD reciprocal(double k) {
  double hi = 1.0 / k;
  return {hi, __builtin_fma(-hi, k, 1.0) / k};
}

/// Where the power series of J0, J1, Y0 and Y1 give way to Hankel's
/// expansion: its smallest term, about e^(-2x), is below 2^-70 from here.
constexpr double kHankelFrom = 25;

/// The power series of order n (0 or 1) at x = 2 sqrt(q):
///   sum = sum_k (-q)^k / (k! (k+n)!)                (J_n = (x/2)^n sum)
///   harmonic = sum_k (-q)^k / (k! (k+n)!) (H_k + H_(k+n)).
/// Below kHankelFrom the largest term is under 2^30, so double-double sums
/// keep over 70 bits where the terms cancel.
void besselSeries(int n, DD q, DD &sum, DD &harmonic) {
  DD term = {1.0, 0.0};
  DD h = {double(n), 0.0}; // H_0 + H_n
  sum = term;
  harmonic = mul(term, h.hi);
  for (int k = 1; k < 200; ++k) {
    term = mul(mul(term, neg(q)), reciprocal(double(k) * (k + n)));
    h = add(add(h, reciprocal(k)), reciprocal(k + n));
    sum = add(sum, term);
    harmonic = add(harmonic, mul(term, h));
    if (double(k) * (k + n) > q.hi &&
        __builtin_fabs(term.hi) * (1 + h.hi) < 0x1p-130)
      break;
  }
}

/// ln(x/2) + Euler's gamma, as a pair.
DD logHalfPlusGamma(double x) {
  return add(add(logDD(x), neg(kLn2)), kEulerGamma);
}

/// J_n(x) or Y_n(x) (n = 0 or 1) for x >= kHankelFrom, by Hankel's
/// asymptotic expansion: sqrt(2/(pi x)) (P cos w - Q sin w) for J,
/// (P sin w + Q cos w) for Y, w = x - (2n+1) pi/4.
double besselHankel(int n, double x, bool second) {
  // P = sum (-1)^k a_2k / x^2k, Q = sum (-1)^k a_(2k+1) / x^(2k+1), with
  // a_k / x^k = a_(k-1) / x^(k-1) (4n^2 - (2k-1)^2) / (8 k x).
  double mu = 4.0 * n * n;
  double term = 1, p = 1, q = 0;
  for (int k = 1; k < 100; ++k) {
    double next = term * (mu - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * k * x);
    if (__builtin_fabs(next) >= __builtin_fabs(term)) // Past the smallest.
      break;
    term = next;
    double signed_ = (k / 2) % 2 ? -term : term;
    if (k % 2)
      q += signed_;
    else
      p += signed_;
    if (__builtin_fabs(term) < 0x1p-60)
      break;
  }
  // w = x - pi/4 - n pi/2, reduced: x = m pi/2 + r, then r - pi/4 brought
  // back into [-pi/4, pi/4].
  DD r;
  int m = reduceHalfPi(x, r) - n;
  r = add(r, neg(kQuarterPi));
  if (r.hi < -kQuarterPi.hi) {
    r = add(r, kHalfPi);
    m -= 1;
  }
  double s = sinKernel(r), c = cosKernel(r), sw, cw;
  switch (m & 3) {
  case 0:
    sw = s, cw = c;
    break;
  case 1:
    sw = c, cw = -s;
    break;
  case 2:
    sw = -s, cw = -c;
    break;
  default:
    sw = -c, cw = s;
    break;
  }
  // sqrt(2 / (pi x)) as a pair, so that only the combination rounds.
  DD amplitude = squareRoot(div(kTwoOverPiDD, {x, 0.0}));
  double wave =
      second ? __builtin_fma(p, sw, q * cw) : __builtin_fma(p, cw, -(q * sw));
  return round(mul(amplitude, wave));
}

/// J0 or J1 of x >= 0 finite.
double besselJ(int n, double x) {
  if (x >= kHankelFrom)
    return besselHankel(n, x, false);
  DD q = mul(twoProd(x, x), 0.25);
  DD sum, harmonic;
  besselSeries(n, q, sum, harmonic);
  return n ? round(mul(sum, 0.5 * x)) : round(sum);
}

/// Y0 or Y1 of x > 0 finite:
///   Y0 = (2/pi) (L S - H/2),  Y1 = -2/(pi x) + (x/pi) (L S - H/2),
/// with L = ln(x/2) + gamma and S, H the series of order 0 or 1.
double besselY(int n, double x) {
  if (x >= kHankelFrom)
    return besselHankel(n, x, true);
  DD q = mul(twoProd(x, x), 0.25);
  DD sum, harmonic;
  besselSeries(n, q, sum, harmonic);
  DD core = add(mul(logHalfPlusGamma(x), sum), mul(harmonic, -0.5));
  if (n == 0)
    return round(mul(core, kTwoOverPiDD));
  if (x < 0x1p-1020) // -2/(pi x) overflows.
    return -kInf;
  DD pole = neg(div(kTwoOverPiDD, {x, 0.0}));
  return round(add(pole, mul(mul(core, kTwoOverPiDD), 0.5 * x)));
}

/// J_n(x) for n >= 2 and x > 0 finite. Above n the forward recurrence
/// J_(k+1) = (2k/x) J_k - J_(k-1) is stable; below it Miller's backward
/// recurrence from n + 60 (where J_(n+60) / J_n < 2^-60), normalized by
/// 1 = J_0 + 2 (J_2 + J_4 + ...), with rescaling against overflow.
double besselJn(int64_t n, double x) {
  if (x >= n) {
    double previous = besselJ(0, x), current = besselJ(1, x);
    for (int64_t k = 1; k < n; ++k) {
      double next = (2.0 * k / x) * current - previous;
      previous = current;
      current = next;
    }
    return current;
  }
  // Small x: the series (x/2)^n/n! (1 - q/(n+1) + ...), whose terms fall
  // by q/(k(n+k)) < 1/8: no cancellation, and no overflow in the
  // recurrence's 2k/x.
  if (x < 1) {
    double q = 0.25 * x * x, term = 1, sum = 1;
    for (int k = 1; k < 30 && term > 0x1p-60 * sum; ++k) {
      term *= q / (double(k) * (double(n) + k));
      sum += (k & 1) ? -term : term;
    }
    double factor = sum;
    for (int64_t i = 1; i <= n && factor != 0; ++i)
      factor *= 0.5 * x / double(i);
    return factor;
  }
  // J_n(x) < (e x / (2n))^n: zero when that underflows.
  if (double(n) * logDD(2.718281828459045 * x / (2.0 * double(n))).hi < -760)
    return 0;
  int64_t top = n + 60 + (n & 1); // Even.
  double above = 0, current = 0x1p-600, evenSum = 0, wanted = 0;
  for (int64_t k = top; k > 0; --k) {
    // current = J_k (scaled), above = J_(k+1); step to J_(k-1).
    if (k % 2 == 0)
      evenSum += current;
    if (k == n)
      wanted = current;
    double below = (2.0 * k / x) * current - above;
    above = current;
    current = below;
    if (__builtin_fabs(current) > 0x1p600) {
      current *= 0x1p-600;
      above *= 0x1p-600;
      evenSum *= 0x1p-600;
      wanted *= 0x1p-600;
    }
  }
  // current = J_0 (scaled); evenSum holds J_2 + J_4 + ... (scaled).
  return wanted / (current + 2 * evenSum);
}

/// Y_n(x) for n >= 2 and x > 0 finite: the forward recurrence, stable for
/// Y at every x.
double besselYn(int64_t n, double x) {
  double previous = besselY(0, x), current = besselY(1, x);
  for (int64_t k = 1; k < n && !isInf(current); ++k) {
    double next = (2.0 * k / x) * current - previous;
    previous = current;
    current = next;
  }
  return current;
}

/// I0 or I1 of x >= 0 finite: the series (all terms positive) up to 30,
/// else e^x / sqrt(2 pi x) times Hankel's expansion sum_k (-1)^k a_k / x^k.
double besselI(int n, double x) {
  if (x < 30) {
    DD q = mul(twoProd(x, x), 0.25);
    DD term = {1.0, 0.0}, sum = term;
    for (int k = 1; k < 200; ++k) {
      term = mul(mul(term, q), reciprocal(double(k) * (k + n)));
      sum = add(sum, term);
      if (term.hi < 0x1p-60 * sum.hi)
        break;
    }
    return n ? round(mul(sum, 0.5 * x)) : round(sum);
  }
  if (x > 720) // I0 and I1 overflow from 713.98.
    return kInf;
  double mu = 4.0 * n * n;
  double term = 1, tail = 0;
  for (int k = 1; k < 100; ++k) {
    double next = -term * (mu - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * k * x);
    if (__builtin_fabs(next) >= __builtin_fabs(term))
      break;
    term = next;
    tail += term;
    if (__builtin_fabs(term) < 0x1p-60)
      break;
  }
  // e^x = m 2^k keeps I0 finite a little past where e^x overflows.
  Scaled e = expParts(x, 0.0);
  DD scaled = div(add(e.m, mul(e.m, tail)), squareRoot(mul(kPi, 2 * x)));
  return scaleByPow2(round(scaled), e.k);
}

} // namespace

CUCPU_MATH_ENTRY double __cucpu_math_sinpi(double x) {
  if (!isFinite(x))
    return x - x;
  double s = sinPi(x);
  return s == 0 ? __builtin_copysign(0.0, x) : s; // sinpi(-n) = -0
}

CUCPU_MATH_ENTRY double __cucpu_math_cospi(double x) {
  if (!isFinite(x))
    return x - x;
  return cosPi(x);
}

CUCPU_MATH_ENTRY void __cucpu_math_sincospi(double x, double *s, double *c) {
  *s = __cucpu_math_sinpi(x);
  *c = __cucpu_math_cospi(x);
}

CUCPU_MATH_ENTRY double __cucpu_math_j0(double x) {
  if (isNaN(x))
    return x;
  x = __builtin_fabs(x);
  return isInf(x) ? 0.0 : besselJ(0, x);
}

CUCPU_MATH_ENTRY double __cucpu_math_j1(double x) {
  if (isNaN(x))
    return x;
  if (isInf(x) || x == 0)
    return isInf(x) ? __builtin_copysign(0.0, x) : x;
  double j = besselJ(1, __builtin_fabs(x));
  return x < 0 ? -j : j;
}

CUCPU_MATH_ENTRY double __cucpu_math_jn(int n, double x) {
  if (isNaN(x))
    return x;
  // J_-n = (-1)^n J_n and J_n(-x) = (-1)^n J_n(x).
  int64_t order = n < 0 ? -int64_t(n) : n;
  bool negate = (order & 1) && (n < 0) != (x < 0);
  x = __builtin_fabs(x);
  double j;
  if (order == 0)
    j = __cucpu_math_j0(x);
  else if (order == 1)
    j = __cucpu_math_j1(x);
  else
    j = x == 0 || isInf(x) ? 0.0 : besselJn(order, x);
  return negate ? -j : j;
}

CUCPU_MATH_ENTRY double __cucpu_math_y0(double x) {
  if (isNaN(x) || x < 0)
    return kNaN;
  if (x == 0)
    return -kInf;
  return isInf(x) ? 0.0 : besselY(0, x);
}

CUCPU_MATH_ENTRY double __cucpu_math_y1(double x) {
  if (isNaN(x) || x < 0)
    return kNaN;
  if (x == 0)
    return -kInf;
  return isInf(x) ? 0.0 : besselY(1, x);
}

CUCPU_MATH_ENTRY double __cucpu_math_yn(int n, double x) {
  if (isNaN(x) || x < 0)
    return kNaN;
  int64_t order = n < 0 ? -int64_t(n) : n;
  bool negate = n < 0 && (order & 1); // Y_-n = (-1)^n Y_n.
  double y;
  if (x == 0)
    y = -kInf;
  else if (isInf(x))
    y = 0.0;
  else
    y = order < 2 ? besselY(int(order), x) : besselYn(order, x);
  return negate ? -y : y;
}

CUCPU_MATH_ENTRY double __cucpu_math_cyl_bessel_i0(double x) {
  if (isNaN(x))
    return x;
  x = __builtin_fabs(x);
  return isInf(x) ? kInf : besselI(0, x);
}

CUCPU_MATH_ENTRY double __cucpu_math_cyl_bessel_i1(double x) {
  if (isNaN(x) || isInf(x) || x == 0)
    return x;
  double i = besselI(1, __builtin_fabs(x));
  return x < 0 ? -i : i;
}

CUCPU_MATH_ENTRY double __cucpu_math_fdim(double x, double y) {
  if (isNaN(x) || isNaN(y))
    return x + y;
  return x > y ? x - y : 0.0;
}

CUCPU_MATH_ENTRY double __cucpu_math_ldexp(double x, int n) {
  return scaleByPow2(x, n);
}

CUCPU_MATH_ENTRY double __cucpu_math_scalbn(double x, int n) {
  return scaleByPow2(x, n);
}

CUCPU_MATH_ENTRY int __cucpu_math_ilogb(double x) {
  if (x == 0 || isNaN(x))
    return -2147483647 - 1;
  if (isInf(x))
    return 2147483647;
  return normalize(x);
}

CUCPU_MATH_ENTRY double __cucpu_math_logb(double x) {
  if (x == 0)
    return -kInf;
  if (!isFinite(x))
    return x * x;
  return double(__cucpu_math_ilogb(x));
}

/// nextafter for float (Bits = uint32_t) or double (uint64_t): the
/// neighbour of x toward y, one step of the bit pattern.
template <typename F, typename Bits> F stepToward(F x, F y) {
  if (x != x || y != y)
    return x + y;
  if (x == y)
    return y;
  if (x == 0) // The smallest subnormal, with y's sign.
    return y > 0 ? fromBits(Bits(1)) : -fromBits(Bits(1));
  Bits bits = bitsOf(x);
  bits += ((x < y) == (x > 0)) ? Bits(1) : Bits(-1);
  return fromBits(bits);
}

CUCPU_MATH_ENTRY double __cucpu_math_nextafter(double x, double y) {
  return stepToward<double, uint64_t>(x, y);
}

CUCPU_MATH_ENTRY double __cucpu_math_frexp(double x, int *exponent) {
  *exponent = 0;
  if (x == 0 || !isFinite(x))
    return x;
  *exponent = normalize(x) + 1;
  return fromBits((bitsOf(x) & ~(uint64_t(0x7ff) << 52)) |
                  (uint64_t(1022) << 52));
}

CUCPU_MATH_ENTRY double __cucpu_math_modf(double x, double *integral) {
  double t = __builtin_trunc(x);
  *integral = t;
  if (isInf(x))
    return __builtin_copysign(0.0, x);
  return __builtin_copysign(x - t, x);
}

//===----------------------------------------------------------------------===//
// Single precision: the double-precision function, rounded once.
//===----------------------------------------------------------------------===//

#define CUCPU_FLOAT_UNARY(name)                                                \
  CUCPU_MATH_ENTRY float __cucpu_math_##name##f(float x) {                      \
    return float(__cucpu_math_##name(double(x)));                               \
  }
#define CUCPU_FLOAT_BINARY(name)                                               \
  CUCPU_MATH_ENTRY float __cucpu_math_##name##f(float x, float y) {             \
    return float(__cucpu_math_##name(double(x), double(y)));                    \
  }

CUCPU_FLOAT_UNARY(tan)
CUCPU_FLOAT_UNARY(asin)
CUCPU_FLOAT_UNARY(acos)
CUCPU_FLOAT_UNARY(atan)
CUCPU_FLOAT_UNARY(sinh)
CUCPU_FLOAT_UNARY(cosh)
CUCPU_FLOAT_UNARY(tanh)
CUCPU_FLOAT_UNARY(asinh)
CUCPU_FLOAT_UNARY(acosh)
CUCPU_FLOAT_UNARY(atanh)
CUCPU_FLOAT_UNARY(exp2)
CUCPU_FLOAT_UNARY(cbrt)
CUCPU_FLOAT_UNARY(erf)
CUCPU_FLOAT_UNARY(erfc)
CUCPU_FLOAT_UNARY(lgamma)
CUCPU_FLOAT_UNARY(tgamma)
CUCPU_FLOAT_UNARY(erfcx)
CUCPU_FLOAT_UNARY(erfinv)
CUCPU_FLOAT_UNARY(erfcinv)
CUCPU_FLOAT_UNARY(normcdf)
CUCPU_FLOAT_UNARY(normcdfinv)
CUCPU_FLOAT_UNARY(rcbrt)
CUCPU_FLOAT_UNARY(sinpi)
CUCPU_FLOAT_UNARY(cospi)
CUCPU_FLOAT_UNARY(j0)
CUCPU_FLOAT_UNARY(j1)
CUCPU_FLOAT_UNARY(y0)
CUCPU_FLOAT_UNARY(y1)
CUCPU_FLOAT_UNARY(cyl_bessel_i0)
CUCPU_FLOAT_UNARY(cyl_bessel_i1)
CUCPU_FLOAT_BINARY(atan2)
CUCPU_FLOAT_BINARY(hypot)
CUCPU_FLOAT_BINARY(fmod)
CUCPU_FLOAT_BINARY(remainder)
CUCPU_FLOAT_BINARY(fdim)

#undef CUCPU_FLOAT_UNARY
#undef CUCPU_FLOAT_BINARY

CUCPU_MATH_ENTRY float __cucpu_math_ldexpf(float x, int n) {
  if (n > 400)
    n = 400;
  if (n < -400)
    n = -400;
  return float(scaleByPow2(double(x), n)); // Exact in double.
}

CUCPU_MATH_ENTRY float __cucpu_math_scalbnf(float x, int n) {
  return __cucpu_math_ldexpf(x, n);
}

CUCPU_MATH_ENTRY int __cucpu_math_ilogbf(float x) {
  return __cucpu_math_ilogb(double(x));
}

CUCPU_MATH_ENTRY float __cucpu_math_logbf(float x) {
  return float(__cucpu_math_logb(double(x)));
}

CUCPU_MATH_ENTRY float __cucpu_math_nextafterf(float x, float y) {
  return stepToward<float, uint32_t>(x, y);
}

CUCPU_MATH_ENTRY float __cucpu_math_frexpf(float x, int *exponent) {
  return float(__cucpu_math_frexp(double(x), exponent));
}

CUCPU_MATH_ENTRY float __cucpu_math_modff(float x, float *integral) {
  double whole;
  float fraction = float(__cucpu_math_modf(double(x), &whole));
  *integral = float(whole);
  return fraction;
}

CUCPU_MATH_ENTRY void __cucpu_math_sincospif(float x, float *s, float *c) {
  *s = __cucpu_math_sinpif(x);
  *c = __cucpu_math_cospif(x);
}

CUCPU_MATH_ENTRY float __cucpu_math_jnf(int n, float x) {
  return float(__cucpu_math_jn(n, double(x)));
}

CUCPU_MATH_ENTRY float __cucpu_math_ynf(int n, float x) {
  return float(__cucpu_math_yn(n, double(x)));
}
