// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Integer types of every width in device code: int8..int64 signed and
// unsigned, C conversions (truncation, sign extension, modular wrap of
// unsigned arithmetic), char/short promotion to int, mixed signed/unsigned
// comparisons, shifts and division of negative values.

#include <cstdint>
#include <cstdio>

#define NOUT 40

__global__ void kernel(const int64_t *in, int64_t *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int64_t v = in[i];
  int64_t *o = out + (size_t)i * NOUT;
  int8_t s8 = (int8_t)v;
  uint8_t u8 = (uint8_t)v;
  int16_t s16 = (int16_t)v;
  uint16_t u16 = (uint16_t)v;
  int32_t s32 = (int32_t)v;
  uint32_t u32 = (uint32_t)v;
  uint64_t u64 = (uint64_t)v;
  o[0] = s8;
  o[1] = u8;
  o[2] = s16;
  o[3] = u16;
  o[4] = s32;
  o[5] = u32;
  o[6] = (int64_t)(u64 >> 3);
  o[7] = v >> 3;                         // arithmetic shift
  // promotion: char + char is int, no wrap
  o[8] = s8 + s8;
  o[9] = u8 * u8;
  // assignment back wraps
  int8_t w8 = (int8_t)(s8 + 100);
  uint8_t wu8 = (uint8_t)(u8 + 200);
  o[10] = w8;
  o[11] = wu8;
  int16_t w16 = (int16_t)(s16 * 3);
  o[12] = w16;
  // unsigned arithmetic wraps modulo 2^32 / 2^64
  o[13] = (uint32_t)(u32 * 2654435761u + 12345u);
  o[14] = (int64_t)(u64 * 6364136223846793005ull + 1442695040888963407ull);
  o[15] = (uint32_t)(0u - u32);
  // mixed signed/unsigned comparisons: int converted to unsigned
  o[16] = (s32 < 5u) ? 1 : 0;
  o[17] = (s32 < 5) ? 1 : 0;
  o[18] = ((int64_t)s32 < (int64_t)5u) ? 1 : 0;
  o[19] = (s16 < (unsigned short)5) ? 1 : 0;   // both promote to int
  o[20] = (s32 < (uint64_t)5) ? 1 : 0;
  o[21] = (u8 > s8) ? 1 : 0;
  // division and remainder of negatives truncate toward zero
  o[22] = s32 / 7;
  o[23] = s32 % 7;
  o[24] = v / -13;
  o[25] = v % -13;
  o[26] = u32 / 7u;
  o[27] = u64 % 1000003ull;
  // sign extension through chains
  o[28] = (int64_t)(int32_t)(int16_t)(uint16_t)v;
  o[29] = (int64_t)(uint32_t)(int8_t)v;
  o[30] = (int64_t)(uint64_t)(int32_t)v;
  // shifts on narrow types promote first
  o[31] = (uint8_t)(u8 << 4);
  o[32] = u8 << 4;
  o[33] = (int32_t)((uint32_t)s32 >> 7);
  o[34] = s32 >> 7;
  o[35] = (int64_t)(u32 << 13);
  // bool conversions
  bool b = (bool)(v & 0x100);
  o[36] = b + b;
  o[37] = (int64_t)(char)(v & 0x7f);
  // long long arithmetic with mixed widths
  o[38] = (int64_t)s8 * (int64_t)u32 - (int64_t)s16 * u16;
  o[39] = (long long)(unsigned long long)(long)s32;
}

static void reference(int64_t v, int64_t *o) {
  int8_t s8 = (int8_t)v;
  uint8_t u8 = (uint8_t)v;
  int16_t s16 = (int16_t)v;
  uint16_t u16 = (uint16_t)v;
  int32_t s32 = (int32_t)v;
  uint32_t u32 = (uint32_t)v;
  uint64_t u64 = (uint64_t)v;
  // written independently: explicit modular arithmetic
  o[0] = ((v & 0xff) ^ 0x80) - 0x80;
  o[1] = v & 0xff;
  o[2] = ((v & 0xffff) ^ 0x8000) - 0x8000;
  o[3] = v & 0xffff;
  o[4] = ((v & 0xffffffffLL) ^ 0x80000000LL) - 0x80000000LL;
  o[5] = v & 0xffffffffLL;
  o[6] = (int64_t)(u64 / 8);
  o[7] = v >= 0 ? v / 8 : ~(~v / 8);
  o[8] = 2 * (int)o[0];
  o[9] = o[1] * o[1];
  o[10] = (((o[0] + 100) & 0xff) ^ 0x80) - 0x80;
  o[11] = (o[1] + 200) & 0xff;
  o[12] = (((o[2] * 3) & 0xffff) ^ 0x8000) - 0x8000;
  o[13] = (int64_t)(((uint64_t)u32 * 2654435761ull + 12345ull) & 0xffffffffull);
  o[14] = (int64_t)(u64 * 6364136223846793005ull + 1442695040888963407ull);
  o[15] = (int64_t)((0x100000000ull - u32) & 0xffffffffull);
  o[16] = (u32 < 5) ? 1 : 0;
  o[17] = (o[4] < 5) ? 1 : 0;
  o[18] = (o[4] < 5) ? 1 : 0;
  o[19] = (o[2] < 5) ? 1 : 0;
  o[20] = ((uint64_t)(int64_t)s32 < 5) ? 1 : 0;
  o[21] = (o[1] > o[0]) ? 1 : 0;
  o[22] = s32 / 7;
  o[23] = s32 - (s32 / 7) * 7;
  o[24] = v / -13;
  o[25] = v - (v / -13) * -13;
  o[26] = u32 / 7;
  o[27] = (int64_t)(u64 % 1000003ull);
  o[28] = o[2];
  o[29] = (int64_t)(uint32_t)(int32_t)o[0];
  o[30] = o[4];
  o[31] = (o[1] * 16) & 0xff;
  o[32] = o[1] * 16;
  o[33] = (int32_t)(uint32_t)(u32 / 128);
  o[34] = s32 >> 7;
  o[35] = (int64_t)((uint64_t)u32 * 8192 & 0xffffffffull);
  o[36] = (v & 0x100) ? 2 : 0;
  o[37] = v & 0x7f;
  o[38] = o[0] * o[5] - o[2] * o[3];
  o[39] = o[4];
  (void)s8; (void)u8; (void)s16; (void)u16;
}

int main() {
  const int n = 512;
  static int64_t in[n];
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < n; ++i) {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    int64_t v = (int64_t)x;
    switch (i % 8) {
    case 0: v = (int64_t)(int32_t)v; break;
    case 1: v = (int64_t)(int16_t)v; break;
    case 2: v = (int64_t)(int8_t)v; break;
    case 3: v = i - 256; break;
    case 4: v = -(int64_t)i * 1000003; break;
    default: break;
    }
    in[i] = v;
  }
  in[0] = 0; in[8] = -1; in[16] = INT64_MIN; in[24] = INT64_MAX;
  in[32] = 0x80; in[40] = 0x7f; in[48] = 0xffff; in[56] = 0x80000000LL;
  int64_t *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof(int64_t) * n * NOUT);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  kernel<<<(n + 127) / 128, 128>>>(din, dout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static int64_t out[n * NOUT], ref[NOUT];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    reference(in[i], ref);
    for (int k = 0; k < NOUT; ++k)
      if (out[i * NOUT + k] != ref[k]) {
        printf("FAIL: in=%lld field %d: got %lld expected %lld\n", (long long)in[i], k,
               (long long)out[i * NOUT + k], (long long)ref[k]);
        return 1;
      }
  }
  cudaFree(din);
  cudaFree(dout);
  printf("PASS\n");
  return 0;
}
