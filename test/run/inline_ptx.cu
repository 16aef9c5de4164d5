// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: PASS

// Inline PTX in device code, instruction by instruction, each result
// checked against the same computation in plain C++ on the host: the
// special registers, integer arithmetic with carries and wide products,
// bit-field and byte operations, comparisons and guards, conversions,
// floating point, loads and stores, shuffles with their in-range
// predicate, votes and matches; register declarations, scopes, comments,
// named, read-write and immediate operands.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cmath>

constexpr int kThreads = 64;
constexpr int kOut = 48; // results per thread

__device__ __host__ uint32_t input(int t, int k) {
  uint32_t x = (uint32_t)(t * 2654435761u + k * 40503u + 7u);
  return x ^ (x >> 13);
}

__global__ void ptx(uint32_t *out, const uint32_t *table) {
  int t = threadIdx.x;
  uint32_t *r = out + t * kOut;
  uint32_t a = input(t, 1), b = input(t, 2), c = input(t, 3);
  uint32_t v;
  asm("mov.u32 %0, %%laneid;" : "=r"(v));
  r[0] = v;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(v));
  r[1] = v;
  asm("mov.u32 %0, %%lanemask_ge;" : "=r"(v));
  r[2] = v;
  asm("mov.u32 %0, %%tid.x;" : "=r"(v));
  r[3] = v;
  asm("mov.u32 %0, %%ntid.x;" : "=r"(v));
  r[4] = v;
  // A 64-bit add done in two halves through the carry flag.
  uint32_t lo, hi;
  asm("{\n\t"
      "add.cc.u32 %0, %2, %4;\n\t"
      "addc.u32 %1, %3, %5;\n\t"
      "}"
      : "=r"(lo), "=r"(hi)
      : "r"(a), "r"(b), "r"(c), "r"(a ^ b));
  r[5] = lo;
  r[6] = hi;
  asm("sub.cc.u32 %0, %2, %3; subc.u32 %1, %3, %2;" : "=r"(lo), "=r"(hi) : "r"(a), "r"(b));
  r[7] = lo;
  r[8] = hi;
  uint64_t wide;
  asm("mul.wide.u32 %0, %1, %2;" : "=l"(wide) : "r"(a), "r"(b));
  r[9] = (uint32_t)wide;
  r[10] = (uint32_t)(wide >> 32);
  int32_t sw;
  asm("mul.hi.s32 %0, %1, %2;" : "=r"(sw) : "r"((int)a), "r"((int)b));
  r[11] = sw;
  asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(v) : "r"(a), "r"(b), "r"(c));
  r[12] = v;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(v) : "r"(a), "r"(t % 40), "r"(t % 13));
  r[13] = v;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(v) : "r"(a), "r"(t % 37), "r"(t % 19));
  r[14] = v;
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(v) : "r"(a), "r"(b), "r"(t % 33), "r"(t % 11));
  r[15] = v;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(v) : "r"(a), "r"(b), "r"(c & 0xffff));
  r[16] = v;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(v) : "r"(a), "r"(b), "r"(c));
  r[17] = v;
  asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(v) : "r"(a), "r"(b), "r"(c), "n"(0xe8));
  r[18] = v;
  asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(v) : "r"(a), "r"(b), "r"(t));
  r[19] = v;
  asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(v) : "r"(a), "r"(b), "r"(t));
  r[20] = v;
  asm("brev.b32 %0, %1;" : "=r"(v) : "r"(a));
  r[21] = v;
  asm("popc.b32 %0, %1;" : "=r"(v) : "r"(a));
  r[22] = v;
  asm("clz.b32 %0, %1;" : "=r"(v) : "r"(a >> (t % 32)));
  r[23] = v;
  asm("min.s32 %0, %1, %2;" : "=r"(v) : "r"(a), "r"(b));
  r[24] = v;
  asm("max.u32 %0, %1, %2;" : "=r"(v) : "r"(a), "r"(b));
  r[25] = v;
  // setp, selp and guards, with declared predicates and a register array.
  asm("{\n"
      "  .reg .pred p, q;\n"
      "  .reg .u32 t<2>;\n"
      "  setp.lt.u32 p|q, %1, %2;\n"
      "  selp.u32 t0, %1, %2, p;   // the smaller\n"
      "  mov.u32 t1, 0;\n"
      "  @q add.u32 t1, t1, 1;\n"
      "  @!p add.u32 t1, t1, 2;\n"
      "  mad.lo.u32 %0, t1, 1000, t0;\n"
      "}"
      : "=r"(v)
      : "r"(a % 1000), "r"(b % 1000));
  r[26] = v;
  asm("shl.b32 %0, %1, %2;" : "=r"(v) : "r"(a), "r"(t));
  r[27] = v;
  asm("shr.s32 %0, %1, %2;" : "=r"(v) : "r"(a), "r"(t));
  r[28] = v;
  // A read-write operand and a named one.
  v = a;
  asm("xor.b32 %0, %0, %[key];" : "+r"(v) : [key] "r"(b));
  r[29] = v;
  // Conversions and floating point.
  float f = (float)(int)(a % 2001 - 1000) / 8.f;
  int ci;
  asm("cvt.rni.s32.f32 %0, %1;" : "=r"(ci) : "f"(f));
  r[30] = ci;
  asm("cvt.rzi.s32.f32 %0, %1;" : "=r"(ci) : "f"(f));
  r[31] = ci;
  asm("cvt.rmi.s32.f32 %0, %1;" : "=r"(ci) : "f"(f));
  r[32] = ci;
  float g;
  asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(g) : "f"(f), "f"(f), "f"(0.25f));
  memcpy(&r[33], &g, 4);
  double d;
  asm("cvt.f64.f32 %0, %1;" : "=d"(d) : "f"(f));
  asm("mul.f64 %0, %0, 0d4000000000000000;" : "+d"(d)); // * 2.0
  r[34] = (uint32_t)(int)d;
  asm("cvt.s32.s8 %0, %1;" : "=r"(ci) : "r"(a));
  r[35] = ci;
  // Loads and stores: scalar, vector, with an offset.
  uint32_t x0, x1, x2, x3;
  asm("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];"
      : "=r"(x0), "=r"(x1), "=r"(x2), "=r"(x3)
      : "l"(table + 4 * t));
  r[36] = x0 + 3 * x1 + 5 * x2 + 7 * x3;
  asm("ld.global.u32 %0, [%1+8];" : "=r"(v) : "l"(table + t));
  r[37] = v;
  asm volatile("st.global.u32 [%0], %1;" ::"l"(r + 38), "r"(a + 1) : "memory");
  // Shuffles, with PTX's in-range predicate.
  uint32_t sv, inRange;
  asm("{\n .reg .pred p;\n shfl.sync.down.b32 %0|p, %2, 3, 0x1f, 0xffffffff;\n selp.u32 %1, 1, 0, p;\n}"
      : "=r"(sv), "=r"(inRange)
      : "r"(a));
  r[39] = sv;
  r[40] = inRange;
  asm("shfl.sync.up.b32 %0, %1, 5, 0x0, 0xffffffff;" : "=r"(sv) : "r"(a));
  r[41] = sv;
  asm("shfl.sync.bfly.b32 %0, %1, 9, 0x1f, 0xffffffff;" : "=r"(sv) : "r"(a));
  r[42] = sv;
  // idx within segments of 8 lanes: c = (32 - 8) << 8 | 0x1f.
  asm("shfl.sync.idx.b32 %0, %1, %2, 0x181f, 0xffffffff;" : "=r"(sv) : "r"(a), "r"(b % 8));
  r[43] = sv;
  // Votes and matches.
  asm("{\n .reg .pred p;\n setp.ne.u32 p, %1, 0;\n vote.sync.ballot.b32 %0, p, 0xffffffff;\n}"
      : "=r"(v)
      : "r"(a & 1));
  r[44] = v;
  asm("{\n .reg .pred p, q;\n setp.gt.u32 p, %1, 100;\n vote.sync.all.pred q, p, 0xffffffff;\n selp.u32 %0, 1, 0, q;\n}"
      : "=r"(v)
      : "r"(t));
  r[45] = v;
  asm("match.any.sync.b32 %0, %1, 0xffffffff;" : "=r"(v) : "r"(a % 3));
  r[46] = v;
  asm("vshr.u32.u32.u32.clamp.add %0, %1, %2, %3;" : "=r"(v) : "r"(a), "r"(t), "r"(b));
  r[47] = v;
}

// The host's model of each instruction.
static uint32_t bfeU(uint32_t a, uint32_t pos, uint32_t len) {
  pos &= 0xff, len &= 0xff;
  if (len == 0 || pos >= 32)
    return 0;
  uint32_t end = pos + len > 32 ? 32 : pos + len;
  uint32_t bits = end - pos;
  uint32_t mask = bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
  return (a >> pos) & mask;
}
static uint32_t bfeS(uint32_t a, uint32_t pos, uint32_t len) {
  pos &= 0xff, len &= 0xff;
  if (len == 0)
    return 0;
  if (pos >= 32)
    return (int32_t)a < 0 ? 0xffffffffu : 0;
  uint32_t end = pos + len > 32 ? 32 : pos + len;
  uint32_t field = bfeU(a, pos, end - pos);
  uint32_t sign = (a >> (end - 1)) & 1;
  uint32_t bits = end - pos;
  if (sign && bits < 32)
    field |= ~((1u << bits) - 1);
  return field;
}
static uint32_t bfi(uint32_t f, uint32_t base, uint32_t pos, uint32_t len) {
  pos &= 0xff, len &= 0xff;
  if (pos > 32) pos = 32;
  if (len > 32) len = 32;
  uint64_t low = len >= 32 ? 0xffffffffull : ((1ull << len) - 1);
  uint64_t mask = (low << pos) & 0xffffffffull;
  return (uint32_t)((base & ~mask) | (((uint64_t)f << pos) & mask));
}
static uint32_t prmt(uint32_t a, uint32_t b, uint32_t c) {
  uint64_t bytes = a | ((uint64_t)b << 32);
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i) {
    uint32_t sel = (c >> (4 * i)) & 0xf;
    uint32_t byte = (bytes >> (8 * (sel & 7))) & 0xff;
    if (sel & 8)
      byte = (byte & 0x80) ? 0xff : 0;
    r |= byte << (8 * i);
  }
  return r;
}
static uint32_t lop3(uint32_t a, uint32_t b, uint32_t c, int lut) {
  uint32_t r = 0;
  for (int bit = 0; bit < 32; ++bit) {
    int idx = (((a >> bit) & 1) << 2) | (((b >> bit) & 1) << 1) | ((c >> bit) & 1);
    r |= (uint32_t)((lut >> idx) & 1) << bit;
  }
  return r;
}
static uint32_t brev(uint32_t a) {
  uint32_t r = 0;
  for (int i = 0; i < 32; ++i)
    r |= ((a >> i) & 1) << (31 - i);
  return r;
}

int main() {
  uint32_t *out, *table;
  cudaMallocManaged(&out, kThreads * kOut * 4);
  cudaMallocManaged(&table, (4 * kThreads + 16) * 4);
  for (int i = 0; i < 4 * kThreads + 16; ++i)
    table[i] = i * 31 + 5;
  ptx<<<1, kThreads>>>(out, table);
  cudaDeviceSynchronize();
  int failures = 0;
  auto a = [](int t) { return input(t, 1); };
  auto b = [](int t) { return input(t, 2); };
  auto c = [](int t) { return input(t, 3); };
  for (int t = 0; t < kThreads; ++t) {
    uint32_t e[kOut];
    uint32_t A = a(t), B = b(t), C = c(t);
    int lane = t % 32, base = t - lane;
    e[0] = lane;
    e[1] = (1u << lane) - 1;
    e[2] = ~((1u << lane) - 1);
    e[3] = t;
    e[4] = kThreads;
    uint64_t sum = ((uint64_t)B << 32 | A) + ((uint64_t)(A ^ B) << 32 | C);
    e[5] = (uint32_t)sum;
    e[6] = (uint32_t)(sum >> 32);
    e[7] = A - B;
    e[8] = B - A - (A < B ? 1 : 0);
    uint64_t w = (uint64_t)A * B;
    e[9] = (uint32_t)w;
    e[10] = (uint32_t)(w >> 32);
    e[11] = (uint32_t)(((int64_t)(int32_t)A * (int32_t)B) >> 32);
    e[12] = A * B + C;
    e[13] = bfeU(A, t % 40, t % 13);
    e[14] = bfeS(A, t % 37, t % 19);
    e[15] = bfi(A, B, t % 33, t % 11);
    e[16] = prmt(A, B, C & 0xffff);
    e[17] = lop3(A, B, C, 0x96);
    e[18] = lop3(A, B, C, 0xe8);
    uint64_t both = (uint64_t)B << 32 | A;
    e[19] = (uint32_t)((both << (t & 31)) >> 32);
    e[20] = (uint32_t)(both >> (t > 32 ? 32 : t));
    e[21] = brev(A);
    e[22] = __builtin_popcount(A);
    uint32_t shifted = A >> (t % 32);
    e[23] = shifted ? __builtin_clz(shifted) : 32;
    e[24] = (uint32_t)((int32_t)A < (int32_t)B ? (int32_t)A : (int32_t)B);
    e[25] = A > B ? A : B;
    uint32_t x = A % 1000, y = B % 1000;
    uint32_t flags = (x < y ? 0 : 1) + (x < y ? 0 : 2);
    e[26] = flags * 1000 + (x < y ? x : y);
    e[27] = t >= 32 ? 0 : A << t;
    e[28] = (uint32_t)((int32_t)A >> (t > 31 ? 31 : t));
    e[29] = A ^ B;
    float f = (float)(int)(A % 2001 - 1000) / 8.f;
    e[30] = (uint32_t)(int)nearbyintf(f);
    e[31] = (uint32_t)(int)truncf(f);
    e[32] = (uint32_t)(int)floorf(f);
    float g = fmaf(f, f, 0.25f);
    memcpy(&e[33], &g, 4);
    e[34] = (uint32_t)(int)((double)f * 2.0);
    e[35] = (uint32_t)(int32_t)(int8_t)(A & 0xff);
    e[36] = table[4 * t] + 3 * table[4 * t + 1] + 5 * table[4 * t + 2] + 7 * table[4 * t + 3];
    e[37] = table[t + 2];
    e[38] = A + 1;
    int down = lane + 3;
    e[39] = down <= 31 ? a(base + down) : A;
    e[40] = down <= 31;
    e[41] = lane >= 5 ? a(t - 5) : A;
    e[42] = a(base + (lane ^ 9));
    e[43] = a(base + (lane & ~7) + (B % 8));
    uint32_t ballot = 0, matches = 0;
    for (int l = 0; l < 32; ++l) {
      ballot |= (a(base + l) & 1) << l;
      matches |= (uint32_t)(a(base + l) % 3 == A % 3) << l;
    }
    e[44] = ballot;
    e[45] = base + 0 > 100; // lanes 0..31 of a warp: all > 100 only if base > 100
    e[46] = matches;
    e[47] = (t >= 32 ? 0 : A >> t) + B;
    for (int k = 0; k < kOut; ++k)
      if (out[t * kOut + k] != e[k] && failures++ < 20)
        printf("FAIL thread %d result %d: %08x, expected %08x\n", t, k,
               out[t * kOut + k], e[k]);
  }
  printf(failures ? "FAILED\n" : "PASS\n");
  return failures != 0;
}
