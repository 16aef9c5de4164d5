// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// CUDA's bfloat16 API from cuda_bf16.h: every function and operator runs in
// a kernel and in host code (they are __host__ __device__) on the same
// inputs, special values among them, and the bits must agree. Known results
// check the semantics (rounding modes, saturation, NaN rules), and the
// arithmetic is checked against double's, rounded to bfloat16 here.
// Atomic additions, shuffles and the cache-hinted loads and stores are
// device-only.

#include <cmath>
#include <cstdio>
#include <cuda_bf16.h>

typedef unsigned long long u64;

// The bits of each kind of result, NaNs made one value (their payloads are
// not the API's business).
__host__ __device__ u64 bitsOf(__nv_bfloat16 h) {
  unsigned short u = __bfloat16_as_ushort(h);
  return (u & 0x7fffu) > 0x7f80u ? 0x7fc0u : u;
}
__host__ __device__ u64 bitsOf(__nv_bfloat162 h) {
  return bitsOf(h.x) | bitsOf(h.y) << 16;
}
__host__ __device__ u64 bitsOf(float f) {
  return f != f ? 0x7fc00000u : __builtin_bit_cast(unsigned, f);
}
__host__ __device__ u64 bitsOf(float2 f) {
  return bitsOf(f.x) | bitsOf(f.y) << 32;
}
__host__ __device__ u64 bitsOf(bool b) { return b ? 1 : 0; }
__host__ __device__ u64 bitsOf(signed char v) { return (u64)v; }
__host__ __device__ u64 bitsOf(unsigned char v) { return (u64)v; }
__host__ __device__ u64 bitsOf(short v) { return (u64)v; }
__host__ __device__ u64 bitsOf(unsigned short v) { return (u64)v; }
__host__ __device__ u64 bitsOf(int v) { return (u64)v; }
__host__ __device__ u64 bitsOf(unsigned v) { return (u64)v; }
__host__ __device__ u64 bitsOf(long long v) { return (u64)v; }
__host__ __device__ u64 bitsOf(u64 v) { return v; }

struct Inputs {
  __nv_bfloat16 a, b, c;
  float f, g;
  double d;
  long long l;
};

// Results per input and part: every function of the API runs in one of
// the parts, which are kernels of their own (one kernel with them all takes
// minutes to compile).
const int kPart = 128, kParts = 6, kResults = kParts * kPart;

#define PUT(x) out[k++] = bitsOf(x)
// The inputs under short names.
#define SETUP(in)                                                              \
  __nv_bfloat16 a = in.a, b = in.b, c = in.c;                                  \
  __nv_bfloat162 p = __halves2bfloat162(a, b), q = __halves2bfloat162(b, c),   \
                 r = __halves2bfloat162(c, a);                                 \
  float f = in.f, g = in.g;                                                    \
  int i = (int)in.l;                                                           \
  unsigned u = (unsigned)in.l;                                                 \
  short s = (short)in.l;                                                       \
  unsigned short us = (unsigned short)in.l;                                    \
  long long l = in.l;                                                          \
  u64 ul = (u64)in.l;                                                          \
  (void)a, (void)b, (void)c, (void)p, (void)q, (void)r, (void)f, (void)g,      \
      (void)i, (void)u, (void)s, (void)us, (void)l, (void)ul;

__host__ __device__ int part0(const Inputs &in, u64 *out) {
  int k = 0;
  SETUP(in)
  // Conversions and data movement.
  PUT(__float2bfloat16(f));
  PUT(__float2bfloat16_rn(f));
  PUT(__float2bfloat16_rz(f));
  PUT(__float2bfloat16_rd(f));
  PUT(__float2bfloat16_ru(f));
  PUT(__double2bfloat16(in.d));
  PUT(__bfloat162float(a));
  PUT(__float2bfloat162_rn(f));
  PUT(__floats2bfloat162_rn(f, g));
  PUT(__float22bfloat162_rn(make_float2(f, g)));
  PUT(__bfloat1622float2(p));
  PUT(__low2float(p));
  PUT(__high2float(p));
  PUT(__bfloat162bfloat162(a));
  PUT(__halves2bfloat162(a, b));
  PUT(make_bfloat162(b, a));
  PUT(__low2bfloat16(p));
  PUT(__high2bfloat16(p));
  PUT(__low2bfloat162(p));
  PUT(__high2bfloat162(p));
  PUT(__lows2bfloat162(p, q));
  PUT(__highs2bfloat162(p, q));
  PUT(__lowhigh2highlow(p));
  return k;
}

__host__ __device__ int part1(const Inputs &in, u64 *out) {
  int k = 0;
  SETUP(in)
  // Conversions to and from integers, and the bits.
#define TO_INT(name)                                                           \
  PUT(__bfloat162##name##_rn(a));                                              \
  PUT(__bfloat162##name##_rz(a));                                              \
  PUT(__bfloat162##name##_rd(a));                                              \
  PUT(__bfloat162##name##_ru(a));
  TO_INT(int)
  TO_INT(uint)
  TO_INT(short)
  TO_INT(ushort)
  TO_INT(ll)
  TO_INT(ull)
  PUT(__bfloat162char_rz(a));
  PUT(__bfloat162uchar_rz(a));
#define FROM_INT(name, v)                                                      \
  PUT(__##name##2bfloat16_rn(v));                                              \
  PUT(__##name##2bfloat16_rz(v));                                              \
  PUT(__##name##2bfloat16_rd(v));                                              \
  PUT(__##name##2bfloat16_ru(v));
  FROM_INT(int, i)
  FROM_INT(uint, u)
  FROM_INT(short, s)
  FROM_INT(ushort, us)
  FROM_INT(ll, l)
  FROM_INT(ull, ul)
  PUT(__bfloat16_as_short(a));
  PUT(__bfloat16_as_ushort(a));
  PUT(__short_as_bfloat16(s));
  PUT(__ushort_as_bfloat16(us));
  PUT(__nv_bfloat16(i));
  PUT(__nv_bfloat16(l));
  PUT(__nv_bfloat16(in.d));
  PUT(__nv_bfloat16(__nv_bfloat16_raw(a)));
  PUT(__nv_bfloat162(__nv_bfloat162_raw(p)));
  return k;
}

__host__ __device__ int part2(const Inputs &in, u64 *out) {
  int k = 0;
  SETUP(in)
  // Arithmetic.
#define ARITH(name)                                                            \
  PUT(name(a, b));                                                             \
  PUT(name##_rn(a, b));                                                        \
  PUT(name##_sat(a, b));                                                       \
  PUT(name##2(p, q));                                                          \
  PUT(name##2_rn(p, q));                                                       \
  PUT(name##2_sat(p, q));
  ARITH(__hadd)
  ARITH(__hsub)
  ARITH(__hmul)
  PUT(__hdiv(a, b));
  PUT(__h2div(p, q));
  PUT(__hneg(a));
  PUT(__habs(a));
  PUT(__hneg2(p));
  PUT(__habs2(p));
  PUT(__hfma(a, b, c));
  PUT(__hfma_sat(a, b, c));
  PUT(__hfma_relu(a, b, c));
  PUT(__hfma2(p, q, r));
  PUT(__hfma2_sat(p, q, r));
  PUT(__hfma2_relu(p, q, r));
  PUT(__hcmadd(p, q, r));
  PUT(__hmax(a, b));
  PUT(__hmin(a, b));
  PUT(__hmax_nan(a, b));
  PUT(__hmin_nan(a, b));
  PUT(__hmax2(p, q));
  PUT(__hmin2(p, q));
  PUT(__hmax2_nan(p, q));
  PUT(__hmin2_nan(p, q));
  return k;
}

__host__ __device__ int part3(const Inputs &in, u64 *out) {
  int k = 0;
  SETUP(in)
  // Comparisons.
#define COMPARE(name)                                                          \
  PUT(__h##name(a, b));                                                        \
  PUT(__h##name##2(p, q));                                                     \
  PUT(__h##name##2_mask(p, q));                                                \
  PUT(__hb##name##2(p, q));
  COMPARE(eq)
  COMPARE(ne)
  COMPARE(lt)
  COMPARE(le)
  COMPARE(gt)
  COMPARE(ge)
  COMPARE(equ)
  COMPARE(neu)
  COMPARE(ltu)
  COMPARE(leu)
  COMPARE(gtu)
  COMPARE(geu)
  PUT(__hisnan(a));
  PUT(__hisinf(a));
  PUT(__hisnan2(p));
  return k;
}

__host__ __device__ int part4(const Inputs &in, u64 *out) {
  int k = 0;
  SETUP(in)
  // Math functions.
#define MATH(name)                                                             \
  PUT(h##name(a));                                                             \
  PUT(h2##name(p));
  MATH(sqrt)
  MATH(rsqrt)
  MATH(rcp)
  MATH(exp)
  MATH(exp2)
  MATH(exp10)
  MATH(log)
  MATH(log2)
  MATH(log10)
  MATH(sin)
  MATH(cos)
  MATH(tanh)
  MATH(trunc)
  MATH(ceil)
  MATH(floor)
  MATH(rint)
  return k;
}

__host__ __device__ int part5(const Inputs &in, u64 *out) {
  int k = 0;
  SETUP(in)
  // Operators.
  PUT(a + b);
  PUT(a - b);
  PUT(a * b);
  PUT(a / b);
  PUT(+a);
  PUT(-a);
  PUT(a == b);
  PUT(a != b);
  PUT(a < b);
  PUT(a <= b);
  PUT(a > b);
  PUT(a >= b);
  __nv_bfloat16 t = a;
  PUT(t += b);
  PUT(t -= c);
  PUT(t *= b);
  PUT(t /= c);
  PUT(++t);
  PUT(t++);
  PUT(t);
  PUT(--t);
  PUT(t--);
  PUT(t);
  PUT(p + q);
  PUT(p - q);
  PUT(p * q);
  PUT(p / q);
  PUT(+p);
  PUT(-p);
  PUT(p == q);
  PUT(p != q);
  PUT(p < q);
  PUT(p <= q);
  PUT(p > q);
  PUT(p >= q);
  __nv_bfloat162 t2 = p;
  PUT(t2 += q);
  PUT(t2 -= r);
  PUT(t2 *= q);
  PUT(t2 /= r);
  PUT(++t2);
  PUT(t2++);
  PUT(t2);
  PUT(--t2);
  PUT(t2--);
  PUT(t2);
  return k;
}

#undef SETUP
#undef PUT

#define PART_KERNEL(n)                                                         \
  __global__ void part##n##Kernel(const Inputs *in, u64 *out, int count) {     \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                             \
    if (i < count)                                                             \
      part##n(in[i], out + (size_t)i * kResults + n * kPart);                  \
  }
PART_KERNEL(0)
PART_KERNEL(1)
PART_KERNEL(2)
PART_KERNEL(3)
PART_KERNEL(4)
PART_KERNEL(5)
#undef PART_KERNEL

// Device-only functions: each thread adds 1 to two values (one at a 4-byte
// boundary, one not) and (1, 0.5) to a pair; a warp shuffles and loads with
// cache hints.
__global__ void deviceOnly(__nv_bfloat16 *counters, __nv_bfloat162 *pair,
                           const __nv_bfloat16 *in, __nv_bfloat16 *out,
                           __nv_bfloat162 *out2) {
  atomicAdd(&counters[1], __float2bfloat16(1.0f));
  atomicAdd(&counters[2], __float2bfloat16(1.0f));
  __nv_bfloat16 old = atomicAdd(&counters[4], __float2bfloat16(0.0f));
  atomicAdd(pair, __floats2bfloat162_rn(1.0f, 0.5f));
  int lane = threadIdx.x % 32;
  if (blockIdx.x == 0 && threadIdx.x < 32) {
    __nv_bfloat16 v = __ldg(&in[lane]);
    __nv_bfloat162 v2 =
        __halves2bfloat162(__ldcg(&in[lane]), __ldca(&in[31 - lane]));
    out[lane] = __shfl_xor_sync(0xffffffffu, v, 1);
    out[32 + lane] = __shfl_sync(0xffffffffu, __ldcs(&in[lane]), 0);
    out[64 + lane] = __shfl_down_sync(0xffffffffu, __ldlu(&in[lane]), 2);
    out[96 + lane] = __shfl_up_sync(0xffffffffu, __ldcv(&in[lane]), 3);
    out2[lane] = __shfl_xor_sync(0xffffffffu, v2, 5);
    __stwb(&out[128 + lane], v + old);
    __stcg(&out[160 + lane], v);
    __stcs(&out2[32 + lane], v2);
    __stwt(&out2[64 + lane], __shfl_down_sync(0xffffffffu, v2, 1, 16));
  }
}

static unsigned seed = 12345;
static unsigned nextRandom() {
  seed = seed * 1664525u + 1013904223u;
  return seed;
}

static __nv_bfloat16 bfloat16Bits(unsigned short u) {
  return __ushort_as_bfloat16(u);
}
// d rounded to bfloat16 (to nearest, ties to even), without the header: 8
// significant bits, fewer below 2^-126, infinity above the largest.
static unsigned short bf16Reference(double d) {
  if (d != d)
    return 0x7fc0;
  if (std::isinf(d))
    return d > 0 ? 0x7f80 : 0xff80;
  int exponent;
  std::frexp(d, &exponent);
  int last = exponent - 8 < -133 ? -133 : exponent - 8;
  double r = std::ldexp(std::nearbyint(std::ldexp(d, -last)), last);
  if (std::fabs(r) > 0x1.fep127)
    r = d > 0 ? INFINITY : -INFINITY;
  return (unsigned short)(__builtin_bit_cast(unsigned, (float)r) >> 16);
}

static int failures = 0;
static void expect(bool ok, const char *what) {
  if (!ok && failures++ < 20)
    printf("FAIL: %s\n", what);
}
#define EXPECT_BITS(x, bits) expect(__bfloat16_as_ushort(x) == (bits), #x)
#define EXPECT(x) expect(x, #x)

// Known results.
static void checkSemantics() {
  __nv_bfloat16 nan = bfloat16Bits(0x7fc0), inf = bfloat16Bits(0x7f80);
  __nv_bfloat16 one = __float2bfloat16(1.0f), two = __float2bfloat16(2.0f);
  __nv_bfloat16 negZero = bfloat16Bits(0x8000), zero = bfloat16Bits(0);
  // Rounding modes: 0.1 (0x3dcccccd) lies between 0x3dcc and 0x3dcd, nearer
  // the second.
  EXPECT_BITS(__float2bfloat16(0.1f), 0x3dcd);
  EXPECT_BITS(__float2bfloat16_rn(0.1f), 0x3dcd);
  EXPECT_BITS(__float2bfloat16_rz(0.1f), 0x3dcc);
  EXPECT_BITS(__float2bfloat16_rd(0.1f), 0x3dcc);
  EXPECT_BITS(__float2bfloat16_ru(0.1f), 0x3dcd);
  EXPECT_BITS(__float2bfloat16_rd(-0.1f), 0xbdcd);
  EXPECT_BITS(__float2bfloat16_ru(-0.1f), 0xbdcc);
  EXPECT_BITS(__float2bfloat16_rn(3.4028235e38f), 0x7f80);
  EXPECT_BITS(__float2bfloat16_rz(3.4028235e38f), 0x7f7f);
  EXPECT_BITS(__float2bfloat16_rd(-3.4028235e38f), 0xff80);
  EXPECT_BITS(__float2bfloat16_rd(1e-45f), 0x0000);
  EXPECT_BITS(__float2bfloat16_ru(1e-45f), 0x0001);
  EXPECT_BITS(__float2bfloat16_rd(-1e-45f), 0x8001);
  EXPECT_BITS(__float2bfloat16_ru(-1e-45f), 0x8000);
  EXPECT((__bfloat16_as_ushort(__float2bfloat16_rn(__builtin_nanf(""))) &
          0x7fc0) == 0x7fc0);
  // 257 is a tie between 256 and 258; 259 one between 258 and 260.
  EXPECT_BITS(__int2bfloat16_rn(257), 0x4380);
  EXPECT_BITS(__int2bfloat16_rn(259), 0x4382);
  EXPECT_BITS(__int2bfloat16_ru(257), 0x4381);
  EXPECT_BITS(__int2bfloat16_rd(-257), 0xc381);
  EXPECT_BITS(__int2bfloat16_rz(-257), 0xc380);
  EXPECT_BITS(__uint2bfloat16_ru(4294967295u), 0x4f80);
  EXPECT_BITS(__uint2bfloat16_rz(4294967295u), 0x4f7f);
  EXPECT_BITS(__ll2bfloat16_ru((1ll << 40) + 1), 0x5381);
  EXPECT_BITS(__ll2bfloat16_rn((1ll << 40) + 1), 0x5380);
  // 2^62 + 2^54 is a tie; one more is no float, and rounds up.
  EXPECT_BITS(__ll2bfloat16_rn((1ll << 62) + (1ll << 54)), 0x5e80);
  EXPECT_BITS(__ll2bfloat16_rn((1ll << 62) + (1ll << 54) + 1), 0x5e81);
  EXPECT_BITS(__ll2bfloat16_rd(-(1ll << 62) - 1), 0xde81);
  EXPECT_BITS(__ull2bfloat16_rn(~0ull), 0x5f80);
  EXPECT_BITS(__ull2bfloat16_rz(~0ull), 0x5f7f);
  EXPECT_BITS(__short2bfloat16_rd(-32767), 0xc700);
  EXPECT_BITS(__ushort2bfloat16_ru(65535), 0x4780);
  // A double just above a tie between bfloat16s rounds up.
  EXPECT_BITS(__double2bfloat16(1.0 + 0x1p-8 + 0x1p-40), 0x3f81);
  EXPECT_BITS(__double2bfloat16(1.0 + 0x1p-8), 0x3f80);
  // To integers, saturating.
  __nv_bfloat16 h25 = __float2bfloat16(2.5f), hm25 = __float2bfloat16(-2.5f);
  EXPECT(__bfloat162int_rn(h25) == 2 && __bfloat162int_rn(hm25) == -2);
  EXPECT(__bfloat162int_rz(h25) == 2 && __bfloat162int_rz(hm25) == -2);
  EXPECT(__bfloat162int_rd(h25) == 2 && __bfloat162int_rd(hm25) == -3);
  EXPECT(__bfloat162int_ru(h25) == 3 && __bfloat162int_ru(hm25) == -2);
  EXPECT(__bfloat162uint_rn(hm25) == 0u &&
         __bfloat162ushort_rz(__float2bfloat16(1e6f)) == 65535);
  EXPECT(__bfloat162short_rn(__float2bfloat16(60000.0f)) == 32767);
  EXPECT(__bfloat162int_rn(__float2bfloat16(3e9f)) == 2147483647);
  EXPECT(__bfloat162uint_rn(__float2bfloat16(3e9f)) == 3003121664u);
  EXPECT(__bfloat162ll_rn(__float2bfloat16(-1e30f)) ==
         (long long)0x8000000000000000ull);
  EXPECT(__bfloat162ull_ru(__float2bfloat16(1e30f)) == ~0ull);
  EXPECT(__bfloat162int_rn(inf) == 2147483647 && __bfloat162int_rn(nan) == 0);
  EXPECT(__bfloat162ll_rn(nan) == (long long)0x8000000000000000ull);
  EXPECT(__bfloat162char_rz(__float2bfloat16(-300.0f)) == -128);
  EXPECT(__bfloat162uchar_rz(__float2bfloat16(300.0f)) == 255);
  // Saturation, relu, NaN rules.
  EXPECT_BITS(__hadd_sat(one, two), 0x3f80);
  EXPECT_BITS(__hsub_sat(one, two), 0x0000);
  EXPECT_BITS(__hmul_sat(nan, two), 0x0000);
  EXPECT_BITS(__hfma_sat(one, two, one), 0x3f80);
  EXPECT_BITS(__hfma_relu(one, __hneg(two), one), 0x0000);
  EXPECT_BITS(__hfma_relu(inf, zero, one), 0x7fff);
  EXPECT_BITS(__hmax(nan, one), 0x3f80);
  EXPECT_BITS(__hmin(one, nan), 0x3f80);
  EXPECT_BITS(__hmax(nan, nan), 0x7fff);
  EXPECT_BITS(__hmax_nan(nan, one), 0x7fff);
  EXPECT_BITS(__hmin_nan(one, nan), 0x7fff);
  EXPECT_BITS(__hmax(negZero, zero), 0x0000);
  EXPECT_BITS(__hmin(zero, negZero), 0x8000);
  EXPECT_BITS(__hneg(zero), 0x8000);
  EXPECT_BITS(__habs(negZero), 0x0000);
  EXPECT(!__heq(nan, nan) && __hequ(nan, one) && !__hne(nan, one));
  EXPECT(__hneu(nan, nan) && (nan != nan) && !(nan == nan));
  EXPECT(__hisinf(inf) == 1 && __hisinf(__hneg(inf)) == -1 &&
         __hisinf(one) == 0);
  EXPECT(__hisnan(nan) && !__hisnan(inf));
  // Pair comparisons: 1.0 or 0.0 per half, masks, both halves.
  __nv_bfloat162 p = __halves2bfloat162(one, nan),
                 q = __halves2bfloat162(one, one);
  EXPECT(__bfloat1622float2(__heq2(p, q)).x == 1.0f &&
         __bfloat1622float2(__heq2(p, q)).y == 0.0f);
  EXPECT(__heq2_mask(p, q) == 0x0000ffffu && __hequ2_mask(p, q) == ~0u);
  EXPECT(!__hbeq2(p, q) && __hbequ2(p, q) && __hbeq2(q, q));
  EXPECT(__bfloat1622float2(__hisnan2(p)).y == 1.0f);
  // One rounding in fma: 1.5 * (1 + 2^-7) is the tie between 1.5 + 2^-7 and
  // 1.5 + 2^-6; the smallest addend (2^-133, lost in a double sum) decides.
  __nv_bfloat16 x = __float2bfloat16(1.0f + 0x1p-7f);
  __nv_bfloat16 y = __float2bfloat16(1.5f);
  __nv_bfloat16 tiny = bfloat16Bits(0x0001);
  EXPECT_BITS(__hfma(x, y, tiny), 0x3fc2);
  EXPECT_BITS(__hfma(x, y, __hneg(tiny)), 0x3fc1);
  EXPECT_BITS(__hfma(x, y, zero), 0x3fc2);
  // Complex multiply-add: (1 + 2i)(3 + 4i) + (1 + i) = -4 + 11i.
  __nv_bfloat162 cm =
      __hcmadd(__floats2bfloat162_rn(1, 2), __floats2bfloat162_rn(3, 4),
               __floats2bfloat162_rn(1, 1));
  EXPECT(__low2float(cm) == -4.0f && __high2float(cm) == 11.0f);
  // Math.
  EXPECT(__bfloat162float(hsqrt(__float2bfloat16(2.25f))) == 1.5f);
  EXPECT(__bfloat162float(hrcp(__float2bfloat16(4.0f))) == 0.25f);
  EXPECT(__bfloat162float(hexp10(__float2bfloat16(2.0f))) == 100.0f);
  EXPECT(__bfloat162float(hlog2(__float2bfloat16(8.0f))) == 3.0f);
  EXPECT(__bfloat162float(hrint(h25)) == 2.0f &&
         __bfloat162float(hceil(h25)) == 3.0f);
  EXPECT(__bfloat162float(hfloor(hm25)) == -3.0f);
  EXPECT(__bfloat162float(htrunc(hm25)) == -2.0f);
  // Increment and decrement.
  __nv_bfloat16 t = one;
  EXPECT(__bfloat162float(t++) == 1.0f && __bfloat162float(t) == 2.0f);
  EXPECT(__bfloat162float(--t) == 1.0f);
  __nv_bfloat162 t2 = q;
  t2 += q;
  EXPECT(t2 == __float2bfloat162_rn(2.0f) &&
         !(t2 != __float2bfloat162_rn(2.0f)));
  EXPECT(sizeof(__nv_bfloat16) == 2 && sizeof(__nv_bfloat162) == 4 &&
         alignof(__nv_bfloat162) == 4);
}

int main() {
  checkSemantics();

  // Inputs: special values and random bits.
  const unsigned short specials[] = {
      0x0000, 0x8000, 0x3f80, 0xbf80, 0x3f00, 0x4020, 0xc020, 0x7f7f,
      0xff7f, 0x7f80, 0xff80, 0x7fc0, 0x0001, 0x8001, 0x007f, 0x0080,
      0x3f7f, 0x3f81, 0x4780, 0x4f00, 0xcf00, 0x5f00, 0x3dcd, 0x4b80};
  const int nSpecial = sizeof specials / sizeof specials[0];
  const int n = 1000;
  static Inputs in[n];
  for (int i = 0; i < n; ++i) {
    unsigned short bits[3];
    for (int j = 0; j < 3; ++j) {
      unsigned r = nextRandom();
      // Half of the values special; of the rest most of moderate size.
      bits[j] = (r >> 8) % 2   ? specials[(r >> 16) % nSpecial]
                : (r >> 9) % 4 ? (unsigned short)(0x3000 + (r >> 16) % 0x1800 +
                                                  ((r >> 12) % 2) * 0x8000)
                               : (unsigned short)(r >> 16);
    }
    in[i].a = bfloat16Bits(bits[0]);
    in[i].b = bfloat16Bits(bits[1]);
    in[i].c = bfloat16Bits(bits[2]);
    unsigned fr = nextRandom(), gr = nextRandom();
    // Floats of moderate size, to decide the rounding modes, and any floats.
    in[i].f = i % 3 ? __builtin_bit_cast(float, 0x38000000u + fr % 0x0f000000u +
                                                    (fr >> 31) * 0x80000000u)
                    : __builtin_bit_cast(float, fr);
    in[i].g = __builtin_bit_cast(float, gr);
    u64 lr = (u64)nextRandom() << 32 | nextRandom();
    in[i].d = (double)in[i].f * (1.0 + (double)(lr % 1000) * 0x1p-30);
    in[i].l = (long long)(lr >> (lr % 64));
  }

  // Arithmetic in double, exact or (for / and sqrt) with bits enough for
  // rounding it to bfloat16 to round as the exact result would.
  for (int i = 0; i < n; ++i) {
    double a = __bfloat162float(in[i].a), b = __bfloat162float(in[i].b);
    expect(bitsOf(__hadd(in[i].a, in[i].b)) ==
               bitsOf(bfloat16Bits(bf16Reference(a + b))),
           "hadd");
    expect(bitsOf(__hsub(in[i].a, in[i].b)) ==
               bitsOf(bfloat16Bits(bf16Reference(a - b))),
           "hsub");
    expect(bitsOf(__hmul(in[i].a, in[i].b)) ==
               bitsOf(bfloat16Bits(bf16Reference(a * b))),
           "hmul");
    expect(bitsOf(__hdiv(in[i].a, in[i].b)) ==
               bitsOf(bfloat16Bits(bf16Reference(a / b))),
           "hdiv");
    expect(bitsOf(hsqrt(in[i].a)) ==
               bitsOf(bfloat16Bits(bf16Reference(std::sqrt(a)))),
           "hsqrt");
    expect(bitsOf(__float2bfloat16(in[i].f)) ==
               bitsOf(bfloat16Bits(bf16Reference(in[i].f))),
           "float2bfloat16");
    expect(bitsOf(__double2bfloat16(in[i].d)) ==
               bitsOf(bfloat16Bits(bf16Reference(in[i].d))),
           "double2bfloat16");
  }

  Inputs *dIn;
  u64 *dOut;
  static u64 host[n * kResults], device[n * kResults];
  cudaMalloc(&dIn, sizeof in);
  cudaMalloc(&dOut, sizeof device);
  cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice);
  part0Kernel<<<(n + 127) / 128, 128>>>(dIn, dOut, n);
  part1Kernel<<<(n + 127) / 128, 128>>>(dIn, dOut, n);
  part2Kernel<<<(n + 127) / 128, 128>>>(dIn, dOut, n);
  part3Kernel<<<(n + 127) / 128, 128>>>(dIn, dOut, n);
  part4Kernel<<<(n + 127) / 128, 128>>>(dIn, dOut, n);
  part5Kernel<<<(n + 127) / 128, 128>>>(dIn, dOut, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  cudaMemcpy(device, dOut, sizeof device, cudaMemcpyDeviceToHost);
  int (*const parts[kParts])(const Inputs &, u64 *) = {part0, part1, part2,
                                                       part3, part4, part5};
  for (int part = 0; part < kParts; ++part) {
    int count = 0;
    for (int i = 0; i < n; ++i)
      count = parts[part](in[i], host + (size_t)i * kResults + part * kPart);
    if (count > kPart) {
      printf("FAIL: part %d has %d results\n", part, count);
      return 1;
    }
    for (int i = 0; i < n; ++i)
      for (int k = part * kPart; k < part * kPart + count; ++k)
        if (host[i * kResults + k] != device[i * kResults + k] &&
            failures++ < 20)
          printf("FAIL: input %d (%04x %04x %04x), result %d.%d: host %llx, "
                 "device %llx\n",
                 i, __bfloat16_as_ushort(in[i].a),
                 __bfloat16_as_ushort(in[i].b), __bfloat16_as_ushort(in[i].c),
                 part, k - part * kPart, host[i * kResults + k],
                 device[i * kResults + k]);
  }

  // Device-only functions.
  // 256 is the largest count bfloat16 holds that of each integer below.
  const int blocks = 2, threads = 128;
  __nv_bfloat16 *counters, *dHalves, *dOutHalves;
  __nv_bfloat162 *pair, *dOutPairs;
  cudaMalloc(&counters, 8 * sizeof(__nv_bfloat16));
  cudaMalloc(&pair, sizeof(__nv_bfloat162));
  cudaMalloc(&dHalves, 32 * sizeof(__nv_bfloat16));
  cudaMalloc(&dOutHalves, 192 * sizeof(__nv_bfloat16));
  cudaMalloc(&dOutPairs, 96 * sizeof(__nv_bfloat162));
  __nv_bfloat16 zeros[8], halves[32];
  for (int i = 0; i < 8; ++i)
    zeros[i] = __float2bfloat16(0.0f);
  zeros[4] = __float2bfloat16(0.5f);
  __nv_bfloat162 zeroPair = __float2bfloat162_rn(0.0f);
  for (int i = 0; i < 32; ++i)
    halves[i] = __float2bfloat16(0.25f * i - 3.0f);
  cudaMemcpy(counters, zeros, sizeof zeros, cudaMemcpyHostToDevice);
  cudaMemcpy(pair, &zeroPair, sizeof zeroPair, cudaMemcpyHostToDevice);
  cudaMemcpy(dHalves, halves, sizeof halves, cudaMemcpyHostToDevice);
  deviceOnly<<<blocks, threads>>>(counters, pair, dHalves, dOutHalves,
                                  dOutPairs);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  __nv_bfloat16 counted[8], outHalves[192];
  __nv_bfloat162 summed, outPairs[96];
  cudaMemcpy(counted, counters, sizeof counted, cudaMemcpyDeviceToHost);
  cudaMemcpy(&summed, pair, sizeof summed, cudaMemcpyDeviceToHost);
  cudaMemcpy(outHalves, dOutHalves, sizeof outHalves, cudaMemcpyDeviceToHost);
  cudaMemcpy(outPairs, dOutPairs, sizeof outPairs, cudaMemcpyDeviceToHost);
  EXPECT(__bfloat162float(counted[1]) == blocks * threads);
  EXPECT(__bfloat162float(counted[2]) == blocks * threads);
  EXPECT(__bfloat162float(counted[0]) == 0.0f &&
         __bfloat162float(counted[3]) == 0.0f);
  EXPECT(__bfloat162float(counted[4]) == 0.5f);
  EXPECT(__low2float(summed) == blocks * threads &&
         __high2float(summed) == blocks * threads / 2);
  for (int lane = 0; lane < 32; ++lane) {
    __nv_bfloat16 v = halves[lane];
    __nv_bfloat162 v2 = __halves2bfloat162(v, halves[31 - lane]);
    __nv_bfloat162 x5 =
        __halves2bfloat162(halves[lane ^ 5], halves[31 - (lane ^ 5)]);
    int down1 = lane % 16 + 1 < 16 ? lane + 1 : lane;
    __nv_bfloat162 d1 = __halves2bfloat162(halves[down1], halves[31 - down1]);
    EXPECT(outHalves[lane] == halves[lane ^ 1]);
    EXPECT(outHalves[32 + lane] == halves[0]);
    EXPECT(outHalves[64 + lane] == halves[lane + 2 < 32 ? lane + 2 : lane]);
    EXPECT(outHalves[96 + lane] == halves[lane >= 3 ? lane - 3 : lane]);
    EXPECT(outPairs[lane] == x5);
    EXPECT(outHalves[128 + lane] == v + __float2bfloat16(0.5f));
    EXPECT(outHalves[160 + lane] == v);
    EXPECT(outPairs[32 + lane] == v2);
    EXPECT(outPairs[64 + lane] == d1);
  }

  if (failures) {
    printf("FAIL: %d failures\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
