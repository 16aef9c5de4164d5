// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Integer and fast-math intrinsics against plain C++ references.

#include <cmath>
#include <cstdio>
#include <cstring>

__global__ void intOps(const unsigned *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned x = in[i];
  int s = (int)x;
  unsigned long long wide = ((unsigned long long)x << 32) | (x ^ 0x5a5a5a5au);
  int *o = out + 16 * i;
  o[0] = __popc(x);
  o[1] = __popcll(wide);
  o[2] = __clz(s);
  o[3] = __clzll((long long)wide);
  o[4] = __ffs(s);
  o[5] = (int)__brev(x);
  o[6] = __mul24(s, 1234567);
  o[7] = (int)__umul24(x, 7654321u);
  o[8] = __mulhi(s, -98765432);
  o[9] = (int)__umulhi(x, 0xdeadbeefu);
  o[10] = (int)__sad(s, 12345, 7u);
  o[11] = min(s, 1000) + max(s, -1000);
  o[12] = (int)(umin(x, 77u) + umax(x, 99u));
  o[13] = abs(s) ^ (int)llabs((long long)s * 3);
  o[14] = __float_as_int(__int_as_float(s));
  o[15] = __float2int_rn((float)(s % 1000) + 0.5f);
}

__global__ void floatOps(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  float *o = out + 8 * i;
  o[0] = __expf(x);
  o[1] = __logf(x + 2.0f);
  o[2] = __powf(x + 2.0f, 1.5f);
  o[3] = __sinf(x) + __cosf(x);
  o[4] = __fdividef(x, 3.0f);
  o[5] = __saturatef(x);
  o[6] = __fmaf_rn(x, 2.0f, 1.0f);
  float s, c;
  sincosf(x, &s, &c);
  o[7] = s * c + rsqrtf(x + 2.0f);
}

static int popcount32(unsigned x) { int c = 0; for (; x; x &= x - 1) ++c; return c; }
static int popcount64(unsigned long long x) { int c = 0; for (; x; x &= x - 1) ++c; return c; }
static int clz32(unsigned x) { int c = 0; for (int b = 31; b >= 0 && !(x >> b & 1); --b) ++c; return c; }
static int clz64(unsigned long long x) { int c = 0; for (int b = 63; b >= 0 && !(x >> b & 1); --b) ++c; return c; }
static int ffs32(unsigned x) { if (!x) return 0; int b = 1; while (!(x & 1)) { x >>= 1; ++b; } return b; }
static unsigned brev32(unsigned x) { unsigned r = 0; for (int b = 0; b < 32; ++b) r |= (x >> b & 1u) << (31 - b); return r; }
static int sext24(int x) { unsigned u = (unsigned)x & 0xffffffu; return (u & 0x800000u) ? (int)(u | 0xff000000u) : (int)u; }

int main() {
  const int n = 300;
  unsigned in[n];
  for (int i = 0; i < n; ++i)
    in[i] = i * 2654435761u ^ (i << 7);
  in[0] = 0;
  in[1] = 0x80000000u;
  in[2] = 0xffffffffu;
  unsigned *din;
  int *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, 16 * n * sizeof(int));
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  intOps<<<(n + 31) / 32, 32>>>(din, dout, n);
  static int out[16 * n];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    unsigned x = in[i];
    int s = (int)x;
    unsigned long long wide = ((unsigned long long)x << 32) | (x ^ 0x5a5a5a5au);
    int expect[16] = {
        popcount32(x), popcount64(wide), clz32(x), clz64(wide), ffs32(x),
        (int)brev32(x), sext24(s) * sext24(1234567),
        (int)((x & 0xffffffu) * (7654321u & 0xffffffu)),
        (int)(((long long)s * -98765432ll) >> 32),
        (int)(((unsigned long long)x * 0xdeadbeefull) >> 32),
        (int)((unsigned)(s > 12345 ? s - 12345 : 12345 - s) + 7u),
        (s < 1000 ? s : 1000) + (s > -1000 ? s : -1000),
        (int)((x < 77u ? x : 77u) + (x > 99u ? x : 99u)),
        (s < 0 ? -s : s) ^ (int)((long long)s * 3 < 0 ? -(long long)s * 3 : (long long)s * 3),
        s, (int)std::rint((float)(s % 1000) + 0.5f)};
    for (int k = 0; k < 16; ++k)
      if (out[16 * i + k] != expect[k]) {
        printf("FAIL: intOps[%d][%d] = %d, expected %d (x = %u)\n", i, k,
               out[16 * i + k], expect[k], x);
        return 1;
      }
  }

  float fin[n];
  for (int i = 0; i < n; ++i)
    fin[i] = -1.5f + 0.01f * i;
  float *dfin, *dfout;
  cudaMalloc(&dfin, sizeof fin);
  cudaMalloc(&dfout, 8 * n * sizeof(float));
  cudaMemcpy(dfin, fin, sizeof fin, cudaMemcpyHostToDevice);
  floatOps<<<(n + 63) / 64, 64>>>(dfin, dfout, n);
  static float fout[8 * n];
  cudaMemcpy(fout, dfout, sizeof fout, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    float x = fin[i];
    float expect[8] = {std::exp(x), std::log(x + 2.0f), std::pow(x + 2.0f, 1.5f),
                       std::sin(x) + std::cos(x), x / 3.0f,
                       x < 0 ? 0.0f : (x > 1 ? 1.0f : x), std::fma(x, 2.0f, 1.0f),
                       std::sin(x) * std::cos(x) + 1.0f / std::sqrt(x + 2.0f)};
    for (int k = 0; k < 8; ++k) {
      float got = fout[8 * i + k];
      if (std::fabs(got - expect[k]) > 1e-5f * (1.0f + std::fabs(expect[k]))) {
        printf("FAIL: floatOps[%d][%d] = %.9g, expected %.9g\n", i, k, got,
               expect[k]);
        return 1;
      }
    }
  }
  printf("PASS\n");
  return 0;
}
