// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// CUDA's half-precision API from cuda_fp16.h: every function and operator
// runs in a kernel and in host code (they are __host__ __device__) on the same
// inputs, special values among them, and the bits must agree. Known results
// check the semantics (rounding modes, saturation, NaN rules), and the
// arithmetic is checked against _Float16's, which rounds each operation once.
// Atomic additions, shuffles and the cache-hinted loads and stores are
// device-only.

#include <cstdio>
#include <cuda_fp16.h>

typedef unsigned long long u64;

// The bits of each kind of result, NaNs made one value (their payloads are
// not the API's business).
__host__ __device__ u64 bitsOf(__half h) {
  unsigned short u = __half_as_ushort(h);
  return (u & 0x7fffu) > 0x7c00u ? 0x7e00u : u;
}
__host__ __device__ u64 bitsOf(__half2 h) {
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
  __half a, b, c;
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
  __half a = in.a, b = in.b, c = in.c;                                         \
  __half2 p = __halves2half2(a, b), q = __halves2half2(b, c),                  \
          r = __halves2half2(c, a);                                            \
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
  PUT(__float2half(f));
  PUT(__float2half_rn(f));
  PUT(__float2half_rz(f));
  PUT(__float2half_rd(f));
  PUT(__float2half_ru(f));
  PUT(__double2half(in.d));
  PUT(__half2float(a));
  PUT(__float2half2_rn(f));
  PUT(__floats2half2_rn(f, g));
  PUT(__float22half2_rn(make_float2(f, g)));
  PUT(__half22float2(p));
  PUT(__low2float(p));
  PUT(__high2float(p));
  PUT(__half2half2(a));
  PUT(__halves2half2(a, b));
  PUT(make_half2(b, a));
  PUT(__low2half(p));
  PUT(__high2half(p));
  PUT(__low2half2(p));
  PUT(__high2half2(p));
  PUT(__lows2half2(p, q));
  PUT(__highs2half2(p, q));
  PUT(__lowhigh2highlow(p));
  return k;
}

__host__ __device__ int part1(const Inputs &in, u64 *out) {
  int k = 0;
  SETUP(in)
  // Conversions to and from integers, and the bits.
#define TO_INT(name)                                                           \
  PUT(__half2##name##_rn(a));                                                  \
  PUT(__half2##name##_rz(a));                                                  \
  PUT(__half2##name##_rd(a));                                                  \
  PUT(__half2##name##_ru(a));
  TO_INT(int)
  TO_INT(uint)
  TO_INT(short)
  TO_INT(ushort)
  TO_INT(ll)
  TO_INT(ull)
  PUT(__half2char_rz(a));
  PUT(__half2uchar_rz(a));
#define FROM_INT(name, v)                                                      \
  PUT(__##name##2half_rn(v));                                                  \
  PUT(__##name##2half_rz(v));                                                  \
  PUT(__##name##2half_rd(v));                                                  \
  PUT(__##name##2half_ru(v));
  FROM_INT(int, i)
  FROM_INT(uint, u)
  FROM_INT(short, s)
  FROM_INT(ushort, us)
  FROM_INT(ll, l)
  FROM_INT(ull, ul)
  PUT(__half_as_short(a));
  PUT(__half_as_ushort(a));
  PUT(__short_as_half(s));
  PUT(__ushort_as_half(us));
  PUT(__half(i));
  PUT(__half(l));
  PUT(__half(in.d));
  PUT(__half(__half_raw(a)));
  PUT(__half2(__half2_raw(p)));
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
  __half t = a;
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
  __half2 t2 = p;
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

// Device-only functions: each thread adds 1 to two halves (one at a 4-byte
// boundary, one not) and (1, 0.5) to a pair; a warp shuffles and loads with
// cache hints.
__global__ void deviceOnly(__half *counters, __half2 *pair, const __half *in,
                           __half *out, __half2 *out2) {
  atomicAdd(&counters[1], __float2half(1.0f));
  atomicAdd(&counters[2], __float2half(1.0f));
  __half old = atomicAdd(&counters[4], __float2half(0.0f));
  atomicAdd(pair, __floats2half2_rn(1.0f, 0.5f));
  int lane = threadIdx.x % 32;
  if (blockIdx.x == 0 && threadIdx.x < 32) {
    __half v = __ldg(&in[lane]);
    __half2 v2 = __halves2half2(__ldcg(&in[lane]), __ldca(&in[31 - lane]));
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

static __half halfBits(unsigned short u) { return __ushort_as_half(u); }
static __half fromFloat16(_Float16 v) {
  __half h;
  h.__x = v;
  return h;
}

static int failures = 0;
static void expect(bool ok, const char *what) {
  if (!ok && failures++ < 20)
    printf("FAIL: %s\n", what);
}
#define EXPECT_BITS(x, bits) expect(__half_as_ushort(x) == (bits), #x)
#define EXPECT(x) expect(x, #x)

// Known results.
static void checkSemantics() {
  __half nan = halfBits(0x7e00), inf = halfBits(0x7c00);
  __half one = __float2half(1.0f), two = __float2half(2.0f);
  __half negZero = halfBits(0x8000), zero = halfBits(0);
  // Rounding modes: 0.1 lies between 0x2e66 and 0x2e67, nearer the first.
  EXPECT_BITS(__float2half_rn(0.1f), 0x2e66);
  EXPECT_BITS(__float2half_rz(0.1f), 0x2e66);
  EXPECT_BITS(__float2half_rd(0.1f), 0x2e66);
  EXPECT_BITS(__float2half_ru(0.1f), 0x2e67);
  EXPECT_BITS(__float2half_rd(-0.1f), 0xae67);
  EXPECT_BITS(__float2half_ru(-0.1f), 0xae66);
  EXPECT_BITS(__float2half_rn(65520.0f), 0x7c00);
  EXPECT_BITS(__float2half_rz(65520.0f), 0x7bff);
  EXPECT_BITS(__float2half_rd(1e-10f), 0x0000);
  EXPECT_BITS(__float2half_ru(1e-10f), 0x0001);
  EXPECT_BITS(__float2half_rd(-1e-10f), 0x8001);
  EXPECT_BITS(__float2half_ru(-1e-10f), 0x8000);
  // 2049 is a tie between 2048 and 2050; 2051 one between 2050 and 2052.
  EXPECT_BITS(__int2half_rn(2049), 0x6800);
  EXPECT_BITS(__int2half_rn(2051), 0x6802);
  EXPECT_BITS(__int2half_ru(2049), 0x6801);
  EXPECT_BITS(__int2half_rd(-2049), 0xe801);
  EXPECT_BITS(__int2half_rz(-2049), 0xe800);
  EXPECT_BITS(__ll2half_rz(1ll << 40), 0x7bff);
  EXPECT_BITS(__ll2half_rn(1ll << 40), 0x7c00);
  EXPECT_BITS(__ull2half_ru(~0ull), 0x7c00);
  EXPECT_BITS(__ll2half_rd(-(1ll << 62) - 1), 0xfc00);
  EXPECT_BITS(__ll2half_ru((1ll << 11) + 1), 0x6801);
  EXPECT_BITS(__ll2half_rz((1ll << 62) + 1), 0x7bff);
  // A double just above a tie between halves rounds up.
  EXPECT_BITS(__double2half(1.0 + 0x1p-11 + 0x1p-40), 0x3c01);
  EXPECT_BITS(__double2half(1.0 + 0x1p-11), 0x3c00);
  // To integers, saturating.
  __half h25 = __float2half(2.5f), hm25 = __float2half(-2.5f);
  EXPECT(__half2int_rn(h25) == 2 && __half2int_rn(hm25) == -2);
  EXPECT(__half2int_rz(h25) == 2 && __half2int_rz(hm25) == -2);
  EXPECT(__half2int_rd(h25) == 2 && __half2int_rd(hm25) == -3);
  EXPECT(__half2int_ru(h25) == 3 && __half2int_ru(hm25) == -2);
  EXPECT(__half2uint_rn(hm25) == 0u && __half2ushort_rz(inf) == 65535);
  EXPECT(__half2short_rn(__float2half(60000.0f)) == 32767);
  EXPECT(__half2short_rn(__hneg(inf)) == -32768);
  EXPECT(__half2int_rn(inf) == 2147483647 && __half2int_rn(nan) == 0);
  EXPECT(__half2ll_rn(nan) == (long long)0x8000000000000000ull);
  EXPECT(__half2ull_rn(nan) == 0x8000000000000000ull);
  EXPECT(__half2char_rz(__float2half(-300.0f)) == -128);
  EXPECT(__half2uchar_rz(__float2half(300.0f)) == 255);
  // Saturation, relu, NaN rules.
  EXPECT_BITS(__hadd_sat(one, two), 0x3c00);
  EXPECT_BITS(__hsub_sat(one, two), 0x0000);
  EXPECT_BITS(__hmul_sat(nan, two), 0x0000);
  EXPECT_BITS(__hfma_sat(one, two, one), 0x3c00);
  EXPECT_BITS(__hfma_relu(one, __hneg(two), one), 0x0000);
  EXPECT_BITS(__hfma_relu(inf, zero, one), 0x7fff);
  EXPECT_BITS(__hmax(nan, one), 0x3c00);
  EXPECT_BITS(__hmin(one, nan), 0x3c00);
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
  __half2 p = __halves2half2(one, nan), q = __halves2half2(one, one);
  EXPECT(__half22float2(__heq2(p, q)).x == 1.0f &&
         __half22float2(__heq2(p, q)).y == 0.0f);
  EXPECT(__heq2_mask(p, q) == 0x0000ffffu && __hequ2_mask(p, q) == ~0u);
  EXPECT(!__hbeq2(p, q) && __hbequ2(p, q) && __hbeq2(q, q));
  EXPECT(__half22float2(__hisnan2(p)).y == 1.0f);
  // One rounding in fma: 1.5 * (1 + 2^-10) is the tie between 1.5 + 2^-10
  // and 1.5 + 2^-9; a tiny addend decides it.
  __half x = __float2half(1.0f + 0x1p-10f), y = __float2half(1.5f);
  __half tiny = halfBits(0x0001);
  EXPECT_BITS(__hfma(x, y, tiny), 0x3e02);
  EXPECT_BITS(__hfma(x, y, __hneg(tiny)), 0x3e01);
  // Complex multiply-add: (1 + 2i)(3 + 4i) + (1 + i) = -4 + 11i.
  __half2 cm = __hcmadd(__floats2half2_rn(1, 2), __floats2half2_rn(3, 4),
                        __floats2half2_rn(1, 1));
  EXPECT(__low2float(cm) == -4.0f && __high2float(cm) == 11.0f);
  // Math.
  EXPECT(__half2float(hsqrt(__float2half(2.25f))) == 1.5f);
  EXPECT(__half2float(hrcp(__float2half(4.0f))) == 0.25f);
  EXPECT(__half2float(hexp10(__float2half(2.0f))) == 100.0f);
  EXPECT(__half2float(hlog2(__float2half(8.0f))) == 3.0f);
  EXPECT(__half2float(hrint(h25)) == 2.0f && __half2float(hceil(h25)) == 3.0f);
  EXPECT(__half2float(hfloor(hm25)) == -3.0f);
  EXPECT(__half2float(htrunc(hm25)) == -2.0f);
  // Increment and decrement.
  __half t = one;
  EXPECT(__half2float(t++) == 1.0f && __half2float(t) == 2.0f);
  EXPECT(__half2float(--t) == 1.0f);
  __half2 t2 = q;
  t2 += q;
  EXPECT(t2 == __float2half2_rn(2.0f) && !(t2 != __float2half2_rn(2.0f)));
  EXPECT(sizeof(__half) == 2 && sizeof(__half2) == 4 && alignof(__half2) == 4);
}

int main() {
  checkSemantics();

  // Inputs: special values and random bits.
  const unsigned short specials[] = {
      0x0000, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x4100, 0xc100, 0x7bff,
      0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x8001, 0x03ff, 0x0400,
      0x3bff, 0x3c01, 0x5640, 0x6400, 0xe400, 0x4248, 0x2e66, 0x7a00};
  const int nSpecial = sizeof specials / sizeof specials[0];
  const int n = 1000;
  static Inputs in[n];
  for (int i = 0; i < n; ++i) {
    unsigned short bits[3];
    for (int j = 0; j < 3; ++j) {
      unsigned r = nextRandom();
      // Half of the values special; of the rest most of moderate size.
      bits[j] = (r >> 8) % 2   ? specials[(r >> 16) % nSpecial]
                : (r >> 9) % 4 ? (unsigned short)(0x2000 + (r >> 16) % 0x2800 +
                                                  ((r >> 12) % 2) * 0x8000)
                               : (unsigned short)(r >> 16);
    }
    in[i].a = halfBits(bits[0]);
    in[i].b = halfBits(bits[1]);
    in[i].c = halfBits(bits[2]);
    unsigned fr = nextRandom(), gr = nextRandom();
    // Floats near halves, to decide the rounding modes, and any floats.
    in[i].f = i % 3 ? __builtin_bit_cast(float, 0x38000000u + fr % 0x0f000000u +
                                                    (fr >> 31) * 0x80000000u)
                    : __builtin_bit_cast(float, fr);
    in[i].g = __builtin_bit_cast(float, gr);
    u64 lr = (u64)nextRandom() << 32 | nextRandom();
    in[i].d = (double)in[i].f * (1.0 + (double)(lr % 1000) * 0x1p-30);
    in[i].l = (long long)(lr >> (lr % 64));
  }

  // Arithmetic as _Float16 does it, one rounding each.
  for (int i = 0; i < n; ++i) {
    _Float16 a = in[i].a.__x, b = in[i].b.__x;
    _Float16 sum = a + b, difference = a - b, product = a * b, quotient = a / b;
    _Float16 root = (_Float16)__builtin_sqrtf((float)a);
    expect(bitsOf(__hadd(in[i].a, in[i].b)) == bitsOf(fromFloat16(sum)),
           "hadd");
    expect(bitsOf(__hsub(in[i].a, in[i].b)) == bitsOf(fromFloat16(difference)),
           "hsub");
    expect(bitsOf(__hmul(in[i].a, in[i].b)) == bitsOf(fromFloat16(product)),
           "hmul");
    expect(bitsOf(__hdiv(in[i].a, in[i].b)) == bitsOf(fromFloat16(quotient)),
           "hdiv");
    expect(bitsOf(hsqrt(in[i].a)) == bitsOf(fromFloat16(root)), "hsqrt");
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
                 i, __half_as_ushort(in[i].a), __half_as_ushort(in[i].b),
                 __half_as_ushort(in[i].c), part, k - part * kPart,
                 host[i * kResults + k], device[i * kResults + k]);
  }

  // Device-only functions.
  const int blocks = 8, threads = 256;
  __half *counters, *dHalves, *dOutHalves;
  __half2 *pair, *dOutPairs;
  cudaMalloc(&counters, 8 * sizeof(__half));
  cudaMalloc(&pair, sizeof(__half2));
  cudaMalloc(&dHalves, 32 * sizeof(__half));
  cudaMalloc(&dOutHalves, 192 * sizeof(__half));
  cudaMalloc(&dOutPairs, 96 * sizeof(__half2));
  __half zeros[8], halves[32];
  for (int i = 0; i < 8; ++i)
    zeros[i] = __float2half(0.0f);
  zeros[4] = __float2half(0.5f);
  __half2 zeroPair = __float2half2_rn(0.0f);
  for (int i = 0; i < 32; ++i)
    halves[i] = __float2half(0.25f * i - 3.0f);
  cudaMemcpy(counters, zeros, sizeof zeros, cudaMemcpyHostToDevice);
  cudaMemcpy(pair, &zeroPair, sizeof zeroPair, cudaMemcpyHostToDevice);
  cudaMemcpy(dHalves, halves, sizeof halves, cudaMemcpyHostToDevice);
  deviceOnly<<<blocks, threads>>>(counters, pair, dHalves, dOutHalves,
                                  dOutPairs);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  __half counted[8], outHalves[192];
  __half2 summed, outPairs[96];
  cudaMemcpy(counted, counters, sizeof counted, cudaMemcpyDeviceToHost);
  cudaMemcpy(&summed, pair, sizeof summed, cudaMemcpyDeviceToHost);
  cudaMemcpy(outHalves, dOutHalves, sizeof outHalves, cudaMemcpyDeviceToHost);
  cudaMemcpy(outPairs, dOutPairs, sizeof outPairs, cudaMemcpyDeviceToHost);
  EXPECT(__half2float(counted[1]) == blocks * threads);
  EXPECT(__half2float(counted[2]) == blocks * threads);
  EXPECT(__half2float(counted[0]) == 0.0f && __half2float(counted[3]) == 0.0f);
  EXPECT(__half2float(counted[4]) == 0.5f);
  EXPECT(__low2float(summed) == blocks * threads &&
         __high2float(summed) == blocks * threads / 2);
  for (int lane = 0; lane < 32; ++lane) {
    __half v = halves[lane];
    __half2 v2 = __halves2half2(v, halves[31 - lane]);
    __half2 x5 = __halves2half2(halves[lane ^ 5], halves[31 - (lane ^ 5)]);
    int down1 = lane % 16 + 1 < 16 ? lane + 1 : lane;
    __half2 d1 = __halves2half2(halves[down1], halves[31 - down1]);
    EXPECT(outHalves[lane] == halves[lane ^ 1]);
    EXPECT(outHalves[32 + lane] == halves[0]);
    EXPECT(outHalves[64 + lane] == halves[lane + 2 < 32 ? lane + 2 : lane]);
    EXPECT(outHalves[96 + lane] == halves[lane >= 3 ? lane - 3 : lane]);
    EXPECT(outPairs[lane] == x5);
    EXPECT(outHalves[128 + lane] == v + __float2half(0.5f));
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
