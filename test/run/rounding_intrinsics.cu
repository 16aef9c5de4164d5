// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --use_fast_math %s -o %tf && %tf | FileCheck %s

// CUDA's arithmetic and conversions with a rounding mode in their name
// (_rn, _rz, _rd, _ru). Each function runs on 4,096 operands (zeros,
// infinities, NaNs, the largest and smallest numbers, halves, integers
// beyond 2^24 and 2^53, and pseudo-random bit patterns) and its results are
// folded into a hash (every NaN hashed alike: their bits differ between
// CPUs and GPUs). The expected hashes were recorded on an NVIDIA H100 from
// this file compiled by nvcc 13.0. --use_fast_math must not change them.

#include <cstdio>

#define MODES(X, f) X(f##_rn) X(f##_rz) X(f##_rd) X(f##_ru)
#define FLOAT2(X) MODES(X, __fadd) MODES(X, __fsub) MODES(X, __fmul) MODES(X, __fdiv)
#define FLOAT1(X) MODES(X, __frcp) MODES(X, __fsqrt)
#define DOUBLE2(X) MODES(X, __dadd) MODES(X, __dsub) MODES(X, __dmul) MODES(X, __ddiv)
#define DOUBLE1(X) MODES(X, __drcp) MODES(X, __dsqrt)
#define FROMFLOAT(X)                                                           \
  MODES(X, __float2int) MODES(X, __float2uint) MODES(X, __float2ll)            \
  MODES(X, __float2ull)
#define FROMDOUBLE(X)                                                          \
  MODES(X, __double2int) MODES(X, __double2uint) MODES(X, __double2ll)         \
  MODES(X, __double2ull) MODES(X, __double2float) X(__double2hiint)            \
  X(__double2loint)
#define FROMINT(I, U, L, UL)                                                   \
  MODES(I, __int2float) MODES(U, __uint2float) MODES(L, __ll2float)            \
  MODES(UL, __ull2float) MODES(L, __ll2double) MODES(UL, __ull2double)         \
  I(__int2double_rn) U(__uint2double_rn)

#define COUNT_ONE(f) +1
enum {
  kFunctions = 0 FLOAT2(COUNT_ONE) FLOAT1(COUNT_ONE) DOUBLE2(COUNT_ONE)
      DOUBLE1(COUNT_ONE) FROMFLOAT(COUNT_ONE) FROMDOUBLE(COUNT_ONE)
          FROMINT(COUNT_ONE, COUNT_ONE, COUNT_ONE, COUNT_ONE) + 1,
  kOperands = 4096
};

__device__ unsigned long long bits64(unsigned i, unsigned salt) {
  const unsigned long long edges[] = {
      0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull,
      0xfff0000000000000ull, 0x7ff8000000000000ull, 0x7fefffffffffffffull,
      0x0000000000000001ull, 0x3ff0000000000000ull, 0x3fe0000000000000ull,
      0x4004000000000000ull, 0xc004000000000000ull, 0x4340000000000001ull,
      0x41f0000000000000ull, 0xc3e0000000000000ull, 0x43f0000000000000ull,
      0x3ff8000000000000ull};
  if (i < 16)
    return edges[(i + salt) % 16];
  unsigned long long x = (i + 1) * 0x9e3779b97f4a7c15ull + salt * 0xbf58476d1ce4e5b9ull;
  x ^= x >> 31;
  x *= 0x94d049bb133111ebull;
  x ^= x >> 29;
  // Keep most exponents moderate, so that sums and products round.
  if (i % 4 != 0)
    x = (x & 0x800fffffffffffffull) | ((0x3c0ull + (x >> 52) % 128) << 52);
  return x;
}

__device__ float floatOf(unsigned i, unsigned salt) {
  const unsigned edges[] = {0x00000000u, 0x80000000u, 0x7f800000u,
                            0xff800000u, 0x7fc00000u, 0x7f7fffffu,
                            0x00000001u, 0x3f800000u, 0x3f000000u,
                            0x40200000u, 0xc0200000u, 0x4b800001u,
                            0x4f800000u, 0xdf000000u, 0x5f800000u,
                            0x3fc00000u};
  if (i < 16)
    return __uint_as_float(edges[(i + salt) % 16]);
  unsigned long long x = bits64(i, salt);
  unsigned b = (unsigned)(x >> 32);
  if (i % 4 != 0)
    b = (b & 0x807fffffu) | ((0x60u + (b >> 23) % 64) << 23);
  return __uint_as_float(b);
}

__device__ unsigned long long hashOf(float r) {
  return r != r ? 0x7fc00000u : __float_as_uint(r);
}
__device__ unsigned long long hashOf(double r) {
  return r != r ? 0x7ff8000000000000ull : (unsigned long long)__double_as_longlong(r);
}
__device__ unsigned long long hashOf(long long r) { return r; }
__device__ unsigned long long hashOf(unsigned long long r) { return r; }
__device__ unsigned long long hashOf(int r) { return (unsigned)r; }
__device__ unsigned long long hashOf(unsigned r) { return r; }

__global__ void hashAll(unsigned long long *hashes) {
  int f = blockIdx.x * blockDim.x + threadIdx.x;
  if (f >= kFunctions)
    return;
  unsigned long long h = 14695981039346656037ull;
  for (unsigned i = 0; i < kOperands; ++i) {
    float fa = floatOf(i, 1), fb = floatOf(i / 64 + (i % 64) * 64, 7);
    double da = __longlong_as_double(bits64(i, 2)),
           db = __longlong_as_double(bits64(i / 64 + (i % 64) * 64, 9));
    unsigned long long raw = bits64(i, 3);
    long long ll = (long long)raw >> (i % 40);
    unsigned long long ull = raw >> (i % 40);
    int si = (int)(raw >> 32) >> (i % 20);
    unsigned ui = (unsigned)raw >> (i % 20);
    unsigned long long r = 0;
    int k = 0;
#define F2(fn) if (f == k++) r = hashOf(fn(fa, fb));
#define F1(fn) if (f == k++) r = hashOf(fn(fa));
#define D2(fn) if (f == k++) r = hashOf(fn(da, db));
#define D1(fn) if (f == k++) r = hashOf(fn(da));
    FLOAT2(F2) FLOAT1(F1) DOUBLE2(D2) DOUBLE1(D1) FROMFLOAT(F1) FROMDOUBLE(D1)
#define FROM_INT(fn) if (f == k++) r = hashOf(fn(si));
#define FROM_UINT(fn) if (f == k++) r = hashOf(fn(ui));
#define FROM_LL(fn) if (f == k++) r = hashOf(fn(ll));
#define FROM_ULL(fn) if (f == k++) r = hashOf(fn(ull));
    FROMINT(FROM_INT, FROM_UINT, FROM_LL, FROM_ULL)
    if (f == k++)
      r = hashOf(__hiloint2double(si, (int)ui));
    h = (h ^ r) * 1099511628211ull;
  }
  hashes[f] = h;
}

int main() {
  unsigned long long *hashes;
  cudaMallocManaged(&hashes, kFunctions * sizeof(unsigned long long));
  hashAll<<<(kFunctions + 63) / 64, 64>>>(hashes);
  cudaDeviceSynchronize();
#define NAME(fn) #fn,
  const char *names[] = {FLOAT2(NAME) FLOAT1(NAME) DOUBLE2(NAME) DOUBLE1(NAME)
                             FROMFLOAT(NAME) FROMDOUBLE(NAME)
                                 FROMINT(NAME, NAME, NAME, NAME) "__hiloint2double"};
  for (int f = 0; f < kFunctions; ++f)
    printf("%s %016llx\n", names[f], hashes[f]);
  cudaFree(hashes);
  return 0;
}

// The lines nvcc's program printed on the GPU:
// CHECK: __fadd_rn 5f12267c42e4eca6
// CHECK-NEXT: __fadd_rz 8485e2ac43cd00cd
// CHECK-NEXT: __fadd_rd 948e2475164b3dd4
// CHECK-NEXT: __fadd_ru 169c5b748705a01c
// CHECK-NEXT: __fsub_rn 826692e201d03e31
// CHECK-NEXT: __fsub_rz d88e8fd25750e86a
// CHECK-NEXT: __fsub_rd fa8208a5723f53b0
// CHECK-NEXT: __fsub_ru 1c27345dac0c12a9
// CHECK-NEXT: __fmul_rn 78013d8024295c55
// CHECK-NEXT: __fmul_rz fbc17978d5c30c6f
// CHECK-NEXT: __fmul_rd 6293e08d1ce3e151
// CHECK-NEXT: __fmul_ru 418b20609ee7f5dc
// CHECK-NEXT: __fdiv_rn 0ea291a863a1a57a
// CHECK-NEXT: __fdiv_rz 8e3b3d4b42765db5
// CHECK-NEXT: __fdiv_rd aafe827494b86e43
// CHECK-NEXT: __fdiv_ru b35ca1999c869b0c
// CHECK-NEXT: __frcp_rn ab3d64ceac5be1f3
// CHECK-NEXT: __frcp_rz 5ab178353689a566
// CHECK-NEXT: __frcp_rd 75a2176db235b8bd
// CHECK-NEXT: __frcp_ru 2f37015e1582abeb
// CHECK-NEXT: __fsqrt_rn a8a5a5d52f3372b2
// CHECK-NEXT: __fsqrt_rz 2591818317272a5d
// CHECK-NEXT: __fsqrt_rd 2591818317272a5d
// CHECK-NEXT: __fsqrt_ru 2f64e7203db47efb
// CHECK-NEXT: __dadd_rn 9092b0d1bd2a6275
// CHECK-NEXT: __dadd_rz fb24d67cff9f5c42
// CHECK-NEXT: __dadd_rd 88a9186d96649e7f
// CHECK-NEXT: __dadd_ru f9917f7871359e4b
// CHECK-NEXT: __dsub_rn 7736e59888bc26e1
// CHECK-NEXT: __dsub_rz e97e6d6db65bf087
// CHECK-NEXT: __dsub_rd d55dbbb2dde7de4a
// CHECK-NEXT: __dsub_ru 8645b3805f1e2318
// CHECK-NEXT: __dmul_rn 6e34fb5e48c8bf7c
// CHECK-NEXT: __dmul_rz 091404c141e63c9b
// CHECK-NEXT: __dmul_rd 0f7f8ecc69852d6f
// CHECK-NEXT: __dmul_ru 8259b971231f2550
// CHECK-NEXT: __ddiv_rn 5c24f299b8723ce0
// CHECK-NEXT: __ddiv_rz 7d1e9c7f15754ed3
// CHECK-NEXT: __ddiv_rd 2b84f48f3f0c219a
// CHECK-NEXT: __ddiv_ru 81114ca58121a892
// CHECK-NEXT: __drcp_rn 79871ca5668225fd
// CHECK-NEXT: __drcp_rz 6e8ef21c85d15566
// CHECK-NEXT: __drcp_rd 3372191b1e88b805
// CHECK-NEXT: __drcp_ru ebef92300576f13f
// CHECK-NEXT: __dsqrt_rn c6e0f00a9f1dd0ec
// CHECK-NEXT: __dsqrt_rz 5d2b52153fcce301
// CHECK-NEXT: __dsqrt_rd 5d2b52153fcce301
// CHECK-NEXT: __dsqrt_ru 37d9e45d6041953a
// CHECK-NEXT: __float2int_rn fc81de0850e26e1a
// CHECK-NEXT: __float2int_rz 129da997edc6aab0
// CHECK-NEXT: __float2int_rd 464955ac8cdfb7f8
// CHECK-NEXT: __float2int_ru b22062d50f428574
// CHECK-NEXT: __float2uint_rn cdabbe99aa8c229b
// CHECK-NEXT: __float2uint_rz 290052206e2f8038
// CHECK-NEXT: __float2uint_rd 290052206e2f8038
// CHECK-NEXT: __float2uint_ru 17e71c0d9f781368
// CHECK-NEXT: __float2ll_rn 97a76bab07887b8a
// CHECK-NEXT: __float2ll_rz 0c875b3732c7f524
// CHECK-NEXT: __float2ll_rd 64b3b5b987e19184
// CHECK-NEXT: __float2ll_ru 4951bd79bc753280
// CHECK-NEXT: __float2ull_rn ebd05c26eb6664fa
// CHECK-NEXT: __float2ull_rz b27b3b695c0a74e1
// CHECK-NEXT: __float2ull_rd b27b3b695c0a74e1
// CHECK-NEXT: __float2ull_ru 11ba01396c3400bd
// CHECK-NEXT: __double2int_rn 990dbfbaf863fb87
// CHECK-NEXT: __double2int_rz 7397a8dd45f46c59
// CHECK-NEXT: __double2int_rd aedf3d52ae20bde1
// CHECK-NEXT: __double2int_ru 5dabcb5c98e512ff
// CHECK-NEXT: __double2uint_rn 4df2621ce1a4958b
// CHECK-NEXT: __double2uint_rz b477e82bb8d34f5a
// CHECK-NEXT: __double2uint_rd b477e82bb8d34f5a
// CHECK-NEXT: __double2uint_ru 5841b81b0518a54c
// CHECK-NEXT: __double2ll_rn e6f21e9b598bd92e
// CHECK-NEXT: __double2ll_rz 21cc4f6d2b5744e3
// CHECK-NEXT: __double2ll_rd 2608597dc1ad690a
// CHECK-NEXT: __double2ll_ru 868010c3932826a7
// CHECK-NEXT: __double2ull_rn c59d7037169f37cb
// CHECK-NEXT: __double2ull_rz 461115a63c9d38d0
// CHECK-NEXT: __double2ull_rd 461115a63c9d38d0
// CHECK-NEXT: __double2ull_ru 0739d792851270d4
// CHECK-NEXT: __double2float_rn f6279e492e2e820c
// CHECK-NEXT: __double2float_rz 7ae8995d6975f446
// CHECK-NEXT: __double2float_rd 4611e0f42e69d768
// CHECK-NEXT: __double2float_ru 285f6ae5da6e87cb
// CHECK-NEXT: __double2hiint 7c06c618960a646f
// CHECK-NEXT: __double2loint de1dc37023c6ab95
// CHECK-NEXT: __int2float_rn 7d700def69239777
// CHECK-NEXT: __int2float_rz 062c7ee58c0dfa2c
// CHECK-NEXT: __int2float_rd 43983179a07859c3
// CHECK-NEXT: __int2float_ru 0a230b7d57e85fa9
// CHECK-NEXT: __uint2float_rn d5d0674b3ad179bf
// CHECK-NEXT: __uint2float_rz 6db68da13d130789
// CHECK-NEXT: __uint2float_rd 6db68da13d130789
// CHECK-NEXT: __uint2float_ru 707571ded186ea2c
// CHECK-NEXT: __ll2float_rn da1358415cf863ec
// CHECK-NEXT: __ll2float_rz 82b284b97fb5b191
// CHECK-NEXT: __ll2float_rd 7a0da86344bbce14
// CHECK-NEXT: __ll2float_ru 72d6c454404ac601
// CHECK-NEXT: __ull2float_rn 3b616550a7e16567
// CHECK-NEXT: __ull2float_rz 93a8ea94bb13ad21
// CHECK-NEXT: __ull2float_rd 93a8ea94bb13ad21
// CHECK-NEXT: __ull2float_ru cbc813f831f77c49
// CHECK-NEXT: __ll2double_rn 7a983a8e10aa39d6
// CHECK-NEXT: __ll2double_rz 5bd42931d6863e8b
// CHECK-NEXT: __ll2double_rd c909f45d0328c4ab
// CHECK-NEXT: __ll2double_ru c1f68ac83a4f699f
// CHECK-NEXT: __ull2double_rn ecc7b360e10437c0
// CHECK-NEXT: __ull2double_rz e8d50083a681e723
// CHECK-NEXT: __ull2double_rd e8d50083a681e723
// CHECK-NEXT: __ull2double_ru 29d43dd4720e280b
// CHECK-NEXT: __int2double_rn c9f9e5c1417b6325
// CHECK-NEXT: __uint2double_rn c6578fe1e15b6325
// CHECK-NEXT: __hiloint2double 9390441b6a2cdf49
