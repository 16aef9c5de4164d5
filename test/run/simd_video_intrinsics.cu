// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s

// CUDA's SIMD intrinsics on two 16-bit or four 8-bit lanes of a word, and
// CUDA 12's DPX functions. Each function runs on 4,096 word pairs or
// triples (edge words such as 0x80007fff, and pseudo-random ones) and its
// results are folded into a hash. The expected hashes were recorded on an
// NVIDIA H100 from this file compiled by nvcc 13.0: the GPU's own results,
// lane wrapping, saturation and rounding included. (HeCBench's relu and
// intrinsics-simd stopped at these names.)

#include <cstdio>

#define FUNCTIONS2(X)                                                          \
  X(__vadd2) X(__vsub2) X(__vaddss2) X(__vsubss2) X(__vaddus2) X(__vsubus2)    \
  X(__vavgs2) X(__vavgu2) X(__vhaddu2) X(__vabsdiffs2) X(__vabsdiffu2)         \
  X(__vsads2) X(__vsadu2) X(__vmaxs2) X(__vmaxu2) X(__vmins2) X(__vminu2)      \
  X(__vcmpeq2) X(__vcmpne2) X(__vcmpges2) X(__vcmpgeu2) X(__vcmpgts2)          \
  X(__vcmpgtu2) X(__vcmples2) X(__vcmpleu2) X(__vcmplts2) X(__vcmpltu2)        \
  X(__vseteq2) X(__vsetne2) X(__vsetges2) X(__vsetgeu2) X(__vsetgts2)          \
  X(__vsetgtu2) X(__vsetles2) X(__vsetleu2) X(__vsetlts2) X(__vsetltu2)
#define FUNCTIONS4(X)                                                          \
  X(__vadd4) X(__vsub4) X(__vaddss4) X(__vsubss4) X(__vaddus4) X(__vsubus4)    \
  X(__vavgs4) X(__vavgu4) X(__vhaddu4) X(__vabsdiffs4) X(__vabsdiffu4)         \
  X(__vsads4) X(__vsadu4) X(__vmaxs4) X(__vmaxu4) X(__vmins4) X(__vminu4)      \
  X(__vcmpeq4) X(__vcmpne4) X(__vcmpges4) X(__vcmpgeu4) X(__vcmpgts4)          \
  X(__vcmpgtu4) X(__vcmples4) X(__vcmpleu4) X(__vcmplts4) X(__vcmpltu4)        \
  X(__vseteq4) X(__vsetne4) X(__vsetges4) X(__vsetgeu4) X(__vsetgts4)          \
  X(__vsetgtu4) X(__vsetles4) X(__vsetleu4) X(__vsetlts4) X(__vsetltu4)
#define UNARY(X)                                                               \
  X(__vabs2) X(__vabsss2) X(__vneg2) X(__vnegss2) X(__vabs4) X(__vabsss4)      \
  X(__vneg4) X(__vnegss4)

#define COUNT_ONE(f) +1
enum {
  kBinary = 0 FUNCTIONS2(COUNT_ONE) FUNCTIONS4(COUNT_ONE),
  kUnary = 0 UNARY(COUNT_ONE),
  kPairs = 4096
};

__host__ __device__ unsigned word(unsigned i, unsigned salt) {
  const unsigned edges[] = {0u,          0xffffffffu, 0x80008000u, 0x7fff7fffu,
                            0x80807f7fu, 0x7f80ff01u, 0x00018000u, 0xfffe0002u};
  if (i < 8)
    return edges[(i + salt) % 8];
  unsigned x = i * 2654435761u + salt * 40503u;
  x ^= x >> 13;
  x *= 0x5bd1e995u;
  return x ^ (x >> 15);
}

// One thread per function: its results over all pairs, hashed (FNV-1a).
__global__ void hashAll(unsigned *hashes) {
  int f = blockIdx.x * blockDim.x + threadIdx.x;
  if (f >= kBinary + kUnary)
    return;
  unsigned h = 2166136261u;
  for (unsigned i = 0; i < kPairs; ++i) {
    unsigned a = word(i, 3), b = word(i / 64 + (i % 64) * 64, 5), r = 0;
    int k = 0;
#define APPLY_BINARY(fn)                                                       \
  if (f == k++)                                                                \
    r = fn(a, b);
#define APPLY_UNARY(fn)                                                        \
  if (f == k++)                                                                \
    r = fn(a);
    FUNCTIONS2(APPLY_BINARY)
    FUNCTIONS4(APPLY_BINARY)
    UNARY(APPLY_UNARY)
    h = (h ^ r) * 16777619u;
  }
  hashes[f] = h;
}

// CUDA 12's DPX functions (three operands, relu, add-then-max, and the
// forms that also say which operand won), in host and device code.
#define DPX3(X)                                                                \
  X(__vimax3_s32) X(__vimax3_s32_relu) X(__vimin3_s32) X(__vimin3_s32_relu)    \
  X(__vimax3_s16x2) X(__vimax3_s16x2_relu) X(__vimin3_s16x2)                   \
  X(__vimin3_s16x2_relu) X(__vimax3_u32) X(__vimin3_u32) X(__vimax3_u16x2)     \
  X(__vimin3_u16x2) X(__viaddmax_s32) X(__viaddmax_s32_relu)                   \
  X(__viaddmin_s32) X(__viaddmin_s32_relu) X(__viaddmax_s16x2)                 \
  X(__viaddmax_s16x2_relu) X(__viaddmin_s16x2) X(__viaddmin_s16x2_relu)        \
  X(__viaddmax_u32) X(__viaddmin_u32) X(__viaddmax_u16x2) X(__viaddmin_u16x2)
#define DPX2(X)                                                                \
  X(__vimax_s32_relu) X(__vimin_s32_relu) X(__vimax_s16x2_relu)                \
  X(__vimin_s16x2_relu)
#define DPXPRED(X) X(__vibmax_s32) X(__vibmin_s32) X(__vibmax_u32) X(__vibmin_u32)
#define DPXPRED2(X)                                                            \
  X(__vibmax_s16x2) X(__vibmin_s16x2) X(__vibmax_u16x2) X(__vibmin_u16x2)
enum {
  kDPX = 0 DPX3(COUNT_ONE) DPX2(COUNT_ONE) DPXPRED(COUNT_ONE)
      DPXPRED2(COUNT_ONE)
};

__host__ __device__ unsigned dpxHash(int f, unsigned a, unsigned b,
                                     unsigned c) {
  unsigned r = 0;
  bool p = false, q = false;
  int k = 0;
  (void)c;
#define APPLY3(fn)                                                             \
  if (f == k++)                                                                \
    r = (unsigned)fn(a, b, c);
#define APPLY2(fn)                                                             \
  if (f == k++)                                                                \
    r = (unsigned)fn(a, b);
#define APPLYPRED(fn)                                                          \
  if (f == k++)                                                                \
    r = (unsigned)fn(a, b, &p);
#define APPLYPRED2(fn)                                                         \
  if (f == k++)                                                                \
    r = (unsigned)fn(a, b, &p, &q);
  DPX3(APPLY3) DPX2(APPLY2) DPXPRED(APPLYPRED) DPXPRED2(APPLYPRED2)
  return r ^ (p ? 0x10000000u : 0) ^ (q ? 0x20000000u : 0);
}

__global__ void hashDPX(unsigned *hashes) {
  int f = blockIdx.x * blockDim.x + threadIdx.x;
  if (f >= kDPX)
    return;
  unsigned h = 2166136261u;
  for (unsigned i = 0; i < kPairs; ++i)
    h = (h ^ dpxHash(f, word(i, 3), word(i / 64 + (i % 64) * 64, 5),
                     word(i * 7 % kPairs, 1))) *
        16777619u;
  hashes[f] = h;
}

int main() {
  unsigned *hashes;
  cudaMallocManaged(&hashes, (kBinary + kUnary) * sizeof(unsigned));
  hashAll<<<(kBinary + kUnary + 31) / 32, 32>>>(hashes);
  cudaDeviceSynchronize();
  const char *names[] = {
#define NAME(fn) #fn,
      FUNCTIONS2(NAME) FUNCTIONS4(NAME) UNARY(NAME)};
  for (int f = 0; f < kBinary + kUnary; ++f)
    printf("%s %08x\n", names[f], hashes[f]);
  cudaFree(hashes);

  unsigned *dpx;
  cudaMallocManaged(&dpx, kDPX * sizeof(unsigned));
  hashDPX<<<1, kDPX>>>(dpx);
  cudaDeviceSynchronize();
  const char *dpxNames[] = {DPX3(NAME) DPX2(NAME) DPXPRED(NAME)
                                DPXPRED2(NAME)};
  // The host computes the same; its hashes must equal the device's.
  int hostMismatches = 0;
  for (int f = 0; f < kDPX; ++f) {
    printf("%s %08x\n", dpxNames[f], dpx[f]);
    unsigned h = 2166136261u;
    for (unsigned i = 0; i < kPairs; ++i)
      h = (h ^ dpxHash(f, word(i, 3), word(i / 64 + (i % 64) * 64, 5),
                       word(i * 7 % kPairs, 1))) *
          16777619u;
    hostMismatches += h != dpx[f];
  }
  printf("host DPX mismatches: %d\n", hostMismatches);
  cudaFree(dpx);
  return 0;
}

// The lines nvcc's program printed on the H100 (host DPX results included):
// CHECK: __vadd2 be638a4e
// CHECK-NEXT: __vsub2 adda65ee
// CHECK-NEXT: __vaddss2 91791a4e
// CHECK-NEXT: __vsubss2 dad1e2c3
// CHECK-NEXT: __vaddus2 c68e9ac4
// CHECK-NEXT: __vsubus2 6ffd6c7d
// CHECK-NEXT: __vavgs2 c665c25c
// CHECK-NEXT: __vavgu2 919a2ad2
// CHECK-NEXT: __vhaddu2 6fbe23c1
// CHECK-NEXT: __vabsdiffs2 524cdfe6
// CHECK-NEXT: __vabsdiffu2 0792f00c
// CHECK-NEXT: __vsads2 44c8702b
// CHECK-NEXT: __vsadu2 8ac7f7f5
// CHECK-NEXT: __vmaxs2 533aea48
// CHECK-NEXT: __vmaxu2 faa70af1
// CHECK-NEXT: __vmins2 d5f56dff
// CHECK-NEXT: __vminu2 115c7c0e
// CHECK-NEXT: __vcmpeq2 76efddc5
// CHECK-NEXT: __vcmpne2 20b6cdc5
// CHECK-NEXT: __vcmpges2 09cdb92b
// CHECK-NEXT: __vcmpgeu2 dd2a5d63
// CHECK-NEXT: __vcmpgts2 09cdb92b
// CHECK-NEXT: __vcmpgtu2 dd2a5d63
// CHECK-NEXT: __vcmples2 1a412d2f
// CHECK-NEXT: __vcmpleu2 4574f99b
// CHECK-NEXT: __vcmplts2 1a412d2f
// CHECK-NEXT: __vcmpltu2 4574f99b
// CHECK-NEXT: __vseteq2 76efddc5
// CHECK-NEXT: __vsetne2 2c5eedc5
// CHECK-NEXT: __vsetges2 d55a025f
// CHECK-NEXT: __vsetgeu2 fb895e27
// CHECK-NEXT: __vsetgts2 d55a025f
// CHECK-NEXT: __vsetgtu2 fb895e27
// CHECK-NEXT: __vsetles2 9dd08e5b
// CHECK-NEXT: __vsetleu2 aee8c1ef
// CHECK-NEXT: __vsetlts2 9dd08e5b
// CHECK-NEXT: __vsetltu2 aee8c1ef
// CHECK-NEXT: __vadd4 a73a584e
// CHECK-NEXT: __vsub4 78df85ee
// CHECK-NEXT: __vaddss4 7c44a893
// CHECK-NEXT: __vsubss4 eb179009
// CHECK-NEXT: __vaddus4 e24d1500
// CHECK-NEXT: __vsubus4 e8ed266f
// CHECK-NEXT: __vavgs4 688f55b7
// CHECK-NEXT: __vavgu4 fbffbcd2
// CHECK-NEXT: __vhaddu4 dabdecc1
// CHECK-NEXT: __vabsdiffs4 6dac973a
// CHECK-NEXT: __vabsdiffu4 ae3a4c50
// CHECK-NEXT: __vsads4 953cf542
// CHECK-NEXT: __vsadu4 07dffe4e
// CHECK-NEXT: __vmaxs4 cb4b0e6e
// CHECK-NEXT: __vmaxu4 cdc7aaed
// CHECK-NEXT: __vmins4 c1064515
// CHECK-NEXT: __vminu4 79810afa
// CHECK-NEXT: __vcmpeq4 c57d4a31
// CHECK-NEXT: __vcmpne4 d5391c39
// CHECK-NEXT: __vcmpges4 f9639b38
// CHECK-NEXT: __vcmpgeu4 0e93e7e1
// CHECK-NEXT: __vcmpgts4 e5a8139c
// CHECK-NEXT: __vcmpgtu4 8f27b58d
// CHECK-NEXT: __vcmples4 281261b0
// CHECK-NEXT: __vcmpleu4 1941de35
// CHECK-NEXT: __vcmplts4 8551656c
// CHECK-NEXT: __vcmpltu4 aaad39c1
// CHECK-NEXT: __vseteq4 0d543359
// CHECK-NEXT: __vsetne4 d8338d51
// CHECK-NEXT: __vsetges4 ab19cbc2
// CHECK-NEXT: __vsetgeu4 7f9689a9
// CHECK-NEXT: __vsetgts4 2d18d426
// CHECK-NEXT: __vsetgtu4 bd71cbfd
// CHECK-NEXT: __vsetles4 fe372a3a
// CHECK-NEXT: __vsetleu4 06677555
// CHECK-NEXT: __vsetlts4 bf22bbf6
// CHECK-NEXT: __vsetltu4 62aff3c9
// CHECK-NEXT: __vabs2 f6dfcfe0
// CHECK-NEXT: __vabsss2 50691b14
// CHECK-NEXT: __vneg2 faff3eca
// CHECK-NEXT: __vnegss2 f7ca176e
// CHECK-NEXT: __vabs4 2f7ae638
// CHECK-NEXT: __vabsss4 9a6b6636
// CHECK-NEXT: __vneg4 563d68ca
// CHECK-NEXT: __vnegss4 5f6fd1fc
// CHECK-NEXT: __vimax3_s32 46ccd85f
// CHECK-NEXT: __vimax3_s32_relu d71d441f
// CHECK-NEXT: __vimin3_s32 16a8570f
// CHECK-NEXT: __vimin3_s32_relu 828eb070
// CHECK-NEXT: __vimax3_s16x2 619b635e
// CHECK-NEXT: __vimax3_s16x2_relu a076d3ff
// CHECK-NEXT: __vimin3_s16x2 d09ef619
// CHECK-NEXT: __vimin3_s16x2_relu 77fb8c8b
// CHECK-NEXT: __vimax3_u32 47175ce9
// CHECK-NEXT: __vimin3_u32 63392871
// CHECK-NEXT: __vimax3_u16x2 e692b7bb
// CHECK-NEXT: __vimin3_u16x2 d0f9de69
// CHECK-NEXT: __viaddmax_s32 fb960fe9
// CHECK-NEXT: __viaddmax_s32_relu b8141ab9
// CHECK-NEXT: __viaddmin_s32 210d1722
// CHECK-NEXT: __viaddmin_s32_relu 90310944
// CHECK-NEXT: __viaddmax_s16x2 4953b580
// CHECK-NEXT: __viaddmax_s16x2_relu ea0462a1
// CHECK-NEXT: __viaddmin_s16x2 395ed2eb
// CHECK-NEXT: __viaddmin_s16x2_relu e88cdef0
// CHECK-NEXT: __viaddmax_u32 3f2feeaf
// CHECK-NEXT: __viaddmin_u32 7e685b58
// CHECK-NEXT: __viaddmax_u16x2 091d02c9
// CHECK-NEXT: __viaddmin_u16x2 80a52eca
// CHECK-NEXT: __vimax_s32_relu e7ee64c4
// CHECK-NEXT: __vimin_s32_relu c34faf95
// CHECK-NEXT: __vimax_s16x2_relu 64c3e8bf
// CHECK-NEXT: __vimin_s16x2_relu d396eb4a
// CHECK-NEXT: __vibmax_s32 145ea935
// CHECK-NEXT: __vibmin_s32 58d92466
// CHECK-NEXT: __vibmax_u32 55e6361d
// CHECK-NEXT: __vibmin_u32 208ae92e
// CHECK-NEXT: __vibmax_s16x2 933aea48
// CHECK-NEXT: __vibmin_s16x2 75f56dff
// CHECK-NEXT: __vibmax_u16x2 faa70af1
// CHECK-NEXT: __vibmin_u16x2 715c7c0e
// CHECK-NEXT: host DPX mismatches: 0
