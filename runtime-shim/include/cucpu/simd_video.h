//===- cucpu/simd_video.h - CUDA's SIMD intrinsics in a word ----*- C++ -*-===//
//
// Part of cucpu. __vadd2, __vmaxs4, __vsadu2 and the rest: a 32-bit word
// holds two 16-bit lanes (the ...2 forms) or four 8-bit lanes (...4), and
// each function works lane by lane. Each is written once over a lane type
// here: the lanes are taken apart, combined in int arithmetic (wide enough
// that no intermediate overflows), and put back truncated to the lane, as
// the GPU's video instructions do. Included by cucpu_device_functions.h
// inside its CUCPU_DEVICE definitions.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_SIMD_VIDEO_H
#define CUCPU_SIMD_VIDEO_H

namespace cucpu_simd {

/// Lane `i` of `word` as an int: `Bits` wide, sign-extended if `Signed`.
template <int Bits, bool Signed>
static __host__ __device__ __inline__ int lane(unsigned word, int i) {
  unsigned mask = (1u << Bits) - 1;
  unsigned v = (word >> (i * Bits)) & mask;
  if (Signed && (v >> (Bits - 1)))
    return (int)v - (int)(1u << Bits);
  return (int)v;
}

/// The word whose lane `i` is `f(lane_i(a), lane_i(b))`, truncated.
template <int Bits, bool Signed, typename F>
static __host__ __device__ __inline__ unsigned map(unsigned a, unsigned b,
                                                   F f) {
  unsigned mask = (1u << Bits) - 1, out = 0;
  for (int i = 0; i < 32 / Bits; ++i) {
    int r = f(lane<Bits, Signed>(a, i), lane<Bits, Signed>(b, i));
    out |= ((unsigned)r & mask) << (i * Bits);
  }
  return out;
}

/// The sum over the lanes of `f(lane_i(a), lane_i(b))`.
template <int Bits, bool Signed, typename F>
static __device__ __inline__ unsigned sum(unsigned a, unsigned b, F f) {
  unsigned total = 0;
  for (int i = 0; i < 32 / Bits; ++i)
    total += (unsigned)f(lane<Bits, Signed>(a, i), lane<Bits, Signed>(b, i));
  return total;
}

/// `v` clamped to the range of a `Bits`-wide lane.
template <int Bits, bool Signed>
static __device__ __inline__ int saturate(int v) {
  int lo = Signed ? -(1 << (Bits - 1)) : 0;
  int hi = Signed ? (1 << (Bits - 1)) - 1 : (1 << Bits) - 1;
  return v < lo ? lo : v > hi ? hi : v;
}

static __host__ __device__ __inline__ int absolute(int v) {
  return v < 0 ? -v : v;
}

} // namespace cucpu_simd

// Each function in both widths: NAME##2 on 16-bit lanes, NAME##4 on 8-bit
// lanes. BODY combines the lane values x and y (as ints); W is the lane
// width for the saturating forms.
#define CUCPU_SIMD_MAP(name, isSigned, body)                                   \
  CUCPU_DEVICE unsigned name##2(unsigned a, unsigned b) {                     \
    constexpr int W = 16;                                                      \
    (void)W;                                                                   \
    return cucpu_simd::map<16, isSigned>(a, b,                                 \
                                         [](int x, int y) { return body; });   \
  }                                                                            \
  CUCPU_DEVICE unsigned name##4(unsigned a, unsigned b) {                     \
    constexpr int W = 8;                                                       \
    (void)W;                                                                   \
    return cucpu_simd::map<8, isSigned>(a, b,                                  \
                                        [](int x, int y) { return body; });    \
  }
#define CUCPU_SIMD_UNARY(name, isSigned, body)                                 \
  CUCPU_DEVICE unsigned name##2(unsigned a) {                                 \
    constexpr int W = 16;                                                      \
    (void)W;                                                                   \
    return cucpu_simd::map<16, isSigned>(a, 0u,                                \
                                         [](int x, int) { return body; });     \
  }                                                                            \
  CUCPU_DEVICE unsigned name##4(unsigned a) {                                 \
    constexpr int W = 8;                                                       \
    (void)W;                                                                   \
    return cucpu_simd::map<8, isSigned>(a, 0u,                                 \
                                        [](int x, int) { return body; });      \
  }
#define CUCPU_SIMD_SUM(name, isSigned, body)                                   \
  CUCPU_DEVICE unsigned name##2(unsigned a, unsigned b) {                     \
    return cucpu_simd::sum<16, isSigned>(a, b,                                 \
                                         [](int x, int y) { return body; });   \
  }                                                                            \
  CUCPU_DEVICE unsigned name##4(unsigned a, unsigned b) {                     \
    return cucpu_simd::sum<8, isSigned>(a, b,                                  \
                                        [](int x, int y) { return body; });    \
  }

#define CUCPU_SAT_S(v) (cucpu_simd::saturate<W, true>(v))
#define CUCPU_SAT_U(v) (cucpu_simd::saturate<W, false>(v))

// Arithmetic: wrapping, and saturating to the signed (ss) or unsigned (us)
// lane range.
CUCPU_SIMD_MAP(__vadd, false, x + y)
CUCPU_SIMD_MAP(__vsub, false, x - y)
CUCPU_SIMD_MAP(__vaddss, true, CUCPU_SAT_S(x + y))
CUCPU_SIMD_MAP(__vsubss, true, CUCPU_SAT_S(x - y))
CUCPU_SIMD_MAP(__vaddus, false, CUCPU_SAT_U(x + y))
CUCPU_SIMD_MAP(__vsubus, false, CUCPU_SAT_U(x - y))
CUCPU_SIMD_UNARY(__vneg, true, -x)
CUCPU_SIMD_UNARY(__vnegss, true, CUCPU_SAT_S(-x))
CUCPU_SIMD_UNARY(__vabs, true, cucpu_simd::absolute(x))
CUCPU_SIMD_UNARY(__vabsss, true, CUCPU_SAT_S(cucpu_simd::absolute(x)))

// Averages of the exact sum: rounded half up for unsigned lanes, half away
// from zero for signed ones (as measured on a GPU), and, for __vhaddu,
// truncated.
CUCPU_SIMD_MAP(__vavgs, true, (x + y + (x + y >= 0 ? 1 : 0)) >> 1)
CUCPU_SIMD_MAP(__vavgu, false, (x + y + 1) >> 1)
CUCPU_SIMD_MAP(__vhaddu, false, (x + y) >> 1)

// Absolute differences, their sums over the lanes, minimum and maximum.
CUCPU_SIMD_MAP(__vabsdiffs, true, cucpu_simd::absolute(x - y))
CUCPU_SIMD_MAP(__vabsdiffu, false, cucpu_simd::absolute(x - y))
CUCPU_SIMD_SUM(__vsads, true, cucpu_simd::absolute(x - y))
CUCPU_SIMD_SUM(__vsadu, false, cucpu_simd::absolute(x - y))
CUCPU_SIMD_MAP(__vmaxs, true, x > y ? x : y)
CUCPU_SIMD_MAP(__vmaxu, false, x > y ? x : y)
CUCPU_SIMD_MAP(__vmins, true, x < y ? x : y)
CUCPU_SIMD_MAP(__vminu, false, x < y ? x : y)

// Comparisons: __vcmp* gives an all-ones lane where true, __vset* a 1.
#define CUCPU_SIMD_COMPARE(suffix, isSigned, op)                               \
  CUCPU_SIMD_MAP(__vcmp##suffix, isSigned, (x op y) ? -1 : 0)                  \
  CUCPU_SIMD_MAP(__vset##suffix, isSigned, (x op y) ? 1 : 0)
CUCPU_SIMD_COMPARE(eq, false, ==)
CUCPU_SIMD_COMPARE(ne, false, !=)
CUCPU_SIMD_COMPARE(ges, true, >=)
CUCPU_SIMD_COMPARE(geu, false, >=)
CUCPU_SIMD_COMPARE(gts, true, >)
CUCPU_SIMD_COMPARE(gtu, false, >)
CUCPU_SIMD_COMPARE(les, true, <=)
CUCPU_SIMD_COMPARE(leu, false, <=)
CUCPU_SIMD_COMPARE(lts, true, <)
CUCPU_SIMD_COMPARE(ltu, false, <)

// CUDA 12's DPX functions, for host and device code: maximum and minimum
// of two or three values, after an addition, or clamped at zero (_relu),
// on a 32-bit value or on two 16-bit lanes; __vibmax and __vibmin also say
// which operand won (a >= b, a <= b).
namespace cucpu_simd {
struct Max {
  template <typename T> static __host__ __device__ __inline__ T of(T x, T y) {
    return x > y ? x : y;
  }
  template <typename T>
  static __host__ __device__ __inline__ bool wins(T a, T b) {
    return a >= b;
  }
};
struct Min {
  template <typename T> static __host__ __device__ __inline__ T of(T x, T y) {
    return x < y ? x : y;
  }
  template <typename T>
  static __host__ __device__ __inline__ bool wins(T a, T b) {
    return a <= b;
  }
};
static __host__ __device__ __inline__ int relu(int v) { return v > 0 ? v : 0; }

/// `f` on the 16-bit lanes of three words.
template <bool Signed, typename F>
static __host__ __device__ __inline__ unsigned map3(unsigned a, unsigned b,
                                                    unsigned c, F f) {
  unsigned out = 0;
  for (int i = 0; i < 2; ++i) {
    int r = f(lane<16, Signed>(a, i), lane<16, Signed>(b, i),
              lane<16, Signed>(c, i));
    out |= ((unsigned)r & 0xffffu) << (16 * i);
  }
  return out;
}

/// The winner of each 16-bit lane, and for each lane whether `a` won.
template <bool Signed, typename Op>
static __host__ __device__ __inline__ unsigned pick16(unsigned a, unsigned b,
                                                      bool *hi, bool *lo) {
  int ah = lane<16, Signed>(a, 1), bh = lane<16, Signed>(b, 1);
  int al = lane<16, Signed>(a, 0), bl = lane<16, Signed>(b, 0);
  *hi = Op::wins(ah, bh);
  *lo = Op::wins(al, bl);
  return ((unsigned)(*hi ? ah : bh) & 0xffffu) << 16 |
         ((unsigned)(*lo ? al : bl) & 0xffffu);
}
} // namespace cucpu_simd

// All of one operation's DPX functions; sums wrap in their type.
#define CUCPU_DPX_FAMILY(op, Op)                                               \
  CUCPU_DPX int __vi##op##3_s32(int a, int b, int c) {                         \
    return Op::of(Op::of(a, b), c);                                            \
  }                                                                            \
  CUCPU_DPX int __vi##op##3_s32_relu(int a, int b, int c) {                    \
    return cucpu_simd::relu(Op::of(Op::of(a, b), c));                          \
  }                                                                            \
  CUCPU_DPX unsigned __vi##op##3_u32(unsigned a, unsigned b, unsigned c) {     \
    return Op::of(Op::of(a, b), c);                                            \
  }                                                                            \
  CUCPU_DPX unsigned __vi##op##3_s16x2(unsigned a, unsigned b, unsigned c) {   \
    return cucpu_simd::map3<true>(                                             \
        a, b, c, [](int x, int y, int z) { return Op::of(Op::of(x, y), z); }); \
  }                                                                            \
  CUCPU_DPX unsigned __vi##op##3_s16x2_relu(unsigned a, unsigned b,            \
                                            unsigned c) {                      \
    return cucpu_simd::map3<true>(a, b, c, [](int x, int y, int z) {           \
      return cucpu_simd::relu(Op::of(Op::of(x, y), z));                        \
    });                                                                        \
  }                                                                            \
  CUCPU_DPX unsigned __vi##op##3_u16x2(unsigned a, unsigned b, unsigned c) {   \
    return cucpu_simd::map3<false>(                                            \
        a, b, c, [](int x, int y, int z) { return Op::of(Op::of(x, y), z); }); \
  }                                                                            \
  CUCPU_DPX int __vi##op##_s32_relu(int a, int b) {                            \
    return cucpu_simd::relu(Op::of(a, b));                                     \
  }                                                                            \
  CUCPU_DPX unsigned __vi##op##_s16x2_relu(unsigned a, unsigned b) {           \
    return cucpu_simd::map<16, true>(                                          \
        a, b, [](int x, int y) { return cucpu_simd::relu(Op::of(x, y)); });    \
  }                                                                            \
  CUCPU_DPX int __viadd##op##_s32(int a, int b, int c) {                       \
    return Op::of((int)((unsigned)a + (unsigned)b), c);                        \
  }                                                                            \
  CUCPU_DPX int __viadd##op##_s32_relu(int a, int b, int c) {                  \
    return cucpu_simd::relu(Op::of((int)((unsigned)a + (unsigned)b), c));      \
  }                                                                            \
  CUCPU_DPX unsigned __viadd##op##_u32(unsigned a, unsigned b, unsigned c) {   \
    return Op::of(a + b, c);                                                   \
  }                                                                            \
  CUCPU_DPX unsigned __viadd##op##_s16x2(unsigned a, unsigned b,               \
                                         unsigned c) {                         \
    return cucpu_simd::map3<true>(a, b, c, [](int x, int y, int z) {           \
      return Op::of((int)(short)(x + y), z);                                   \
    });                                                                        \
  }                                                                            \
  CUCPU_DPX unsigned __viadd##op##_s16x2_relu(unsigned a, unsigned b,          \
                                              unsigned c) {                    \
    return cucpu_simd::map3<true>(a, b, c, [](int x, int y, int z) {           \
      return cucpu_simd::relu(Op::of((int)(short)(x + y), z));                 \
    });                                                                        \
  }                                                                            \
  CUCPU_DPX unsigned __viadd##op##_u16x2(unsigned a, unsigned b,               \
                                         unsigned c) {                         \
    return cucpu_simd::map3<false>(a, b, c, [](int x, int y, int z) {          \
      return Op::of((x + y) & 0xffff, z);                                      \
    });                                                                        \
  }                                                                            \
  CUCPU_DPX int __vib##op##_s32(int a, int b, bool *pred) {                    \
    *pred = Op::wins(a, b);                                                    \
    return *pred ? a : b;                                                      \
  }                                                                            \
  CUCPU_DPX unsigned __vib##op##_u32(unsigned a, unsigned b, bool *pred) {     \
    *pred = Op::wins(a, b);                                                    \
    return *pred ? a : b;                                                      \
  }                                                                            \
  CUCPU_DPX unsigned __vib##op##_s16x2(unsigned a, unsigned b, bool *predHi,   \
                                       bool *predLo) {                         \
    return cucpu_simd::pick16<true, Op>(a, b, predHi, predLo);                 \
  }                                                                            \
  CUCPU_DPX unsigned __vib##op##_u16x2(unsigned a, unsigned b, bool *predHi,   \
                                       bool *predLo) {                         \
    return cucpu_simd::pick16<false, Op>(a, b, predHi, predLo);                \
  }
#define CUCPU_DPX static __host__ __device__ __inline__
CUCPU_DPX_FAMILY(max, cucpu_simd::Max)
CUCPU_DPX_FAMILY(min, cucpu_simd::Min)
#undef CUCPU_DPX_FAMILY
#undef CUCPU_DPX

#undef CUCPU_SIMD_COMPARE
#undef CUCPU_SAT_S
#undef CUCPU_SAT_U
#undef CUCPU_SIMD_MAP
#undef CUCPU_SIMD_UNARY
#undef CUCPU_SIMD_SUM

#endif // CUCPU_SIMD_VIDEO_H
