// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Integer semantics in device code: signed/unsigned division and remainder
// with negative operands, arithmetic vs logical shifts, unsigned wrap-around,
// char/short truncation, int<->float conversions, signed/unsigned comparison
// (C's usual arithmetic conversions), and mixed long long arithmetic.
// Each thread computes NR results for one input pair; the host computes the
// same with the same expressions.
#include <cstdio>
#include <vector>

#define NR 32

// Shared expression list: evaluated on the device and on the host.
#define COMPUTE(x, y, r)                                                       \
  do {                                                                         \
    int sx = (x), sy = (y);                                                    \
    unsigned ux = (unsigned)sx, uy = (unsigned)sy;                             \
    int k = 0;                                                                 \
    int dy = sy == 0 ? 7 : sy; /* avoid division by zero */                   \
    unsigned udy = uy == 0u ? 7u : uy;                                         \
    if (sx == (int)0x80000000 && dy == -1) dy = 3; /* avoid INT_MIN / -1 */   \
    r[k++] = sx / dy;                                                          \
    r[k++] = sx % dy;                                                          \
    r[k++] = (int)(ux / udy);                                                  \
    r[k++] = (int)(ux % udy);                                                  \
    r[k++] = sx >> (sy & 31);               /* arithmetic shift */             \
    r[k++] = (int)(ux >> (uy & 31));        /* logical shift */                \
    r[k++] = (int)(ux << (uy % 29));                                           \
    r[k++] = (int)(ux + 0xFFFFFFF0u);       /* wraps */                        \
    r[k++] = (int)(ux - uy);                                                   \
    r[k++] = (int)(ux * 2654435761u);                                          \
    r[k++] = (int)(0u - ux);                                                   \
    r[k++] = (signed char)sx;               /* truncation to char */           \
    r[k++] = (unsigned char)sx;                                                \
    r[k++] = (short)sx;                                                        \
    r[k++] = (unsigned short)(ux * 3u);                                         \
    { char c = (char)sx; c += 100; r[k++] = (int)(signed char)c; }            \
    { short s = (short)sy; s *= 3; r[k++] = s; }                               \
    { float f = (float)sx; r[k++] = (int)(f * 0.5f); }                         \
    { float f = (float)sy / 7.0f; r[k++] = (int)f; /* truncates toward 0 */ } \
    { float f = (float)(ux & 0xFFFFFFu); r[k++] = (int)f; /* exact */ }        \
    { double d = (double)ux; r[k++] = (int)(d / 1024.0); }                     \
    r[k++] = (sx < uy);      /* sx converts to unsigned */                     \
    r[k++] = (ux < uy);                                                        \
    r[k++] = (sx < 0u) ? 1 : 0;        /* always false: 0u converts sx */      \
    r[k++] = ((unsigned)sx > 5u) + ((long long)sx > 5LL) * 2;                  \
    { long long lx = sx, ly = sy;                                              \
      long long p = lx * ly + 0x100000000LL;                                   \
      r[k++] = (int)(p >> 16);                                                 \
      r[k++] = (int)(p % 1000003LL);                                           \
      unsigned long long up = (unsigned long long)lx * 3u;                     \
      r[k++] = (int)(up >> 33);                                                \
      long long q = (lx * 1048576LL) / (ly == 0 ? 1 : ly);                    \
      r[k++] = (int)q ^ (int)(q >> 32);                                        \
    }                                                                          \
    { long l = sx; l -= 5000000000L; r[k++] = (int)(l / 3); }                  \
    r[k++] = ~sx & (sy | 0x0F0F) ^ (int)(ux << 1);                             \
    { unsigned char uc = (unsigned char)ux; uc += 200; short ss = (short)(0u - ux);\
      r[k++] = uc + ss; }                                                      \
  } while (0)

__global__ void intOps(const int *xs, const int *ys, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int *r = out + i * NR;
  COMPUTE(xs[i], ys[i], r);
}

static bool ok(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
    return false;
  }
  return true;
}

int main() {
  std::vector<int> xs, ys;
  const int special[] = {0, 1, -1, 2, -2, 7, -7, 31, -31, 32, 100, -100,
                         127, 128, -128, -129, 255, 256, 32767, 32768, -32768,
                         -32769, 65535, 65536, 0x7FFFFFFF, (int)0x80000000,
                         (int)0x80000001, 123456789, -123456789, (int)0xDEADBEEF};
  const int ns = sizeof(special) / sizeof(special[0]);
  for (int a = 0; a < ns; ++a)
    for (int b = 0; b < ns; ++b) {
      xs.push_back(special[a]);
      ys.push_back(special[b]);
    }
  unsigned s = 12345u;
  while (xs.size() < 1500) {
    s = s * 1664525u + 1013904223u;
    xs.push_back((int)s);
    s = s * 1664525u + 1013904223u;
    ys.push_back((int)(s >> (s & 15)) - (int)(s & 0xFFFF));
  }
  int n = (int)xs.size();
  std::vector<int> ref(n * NR), out(n * NR, 0x5a5a5a5a);
  for (int i = 0; i < n; ++i) {
    int *r = ref.data() + i * NR;
    COMPUTE(xs[i], ys[i], r);
  }
  int *dx, *dy, *dout;
  if (!ok(cudaMalloc(&dx, n * sizeof(int)), "malloc") ||
      !ok(cudaMalloc(&dy, n * sizeof(int)), "malloc") ||
      !ok(cudaMalloc(&dout, n * NR * sizeof(int)), "malloc"))
    return 1;
  cudaMemcpy(dx, xs.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, ys.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dout, out.data(), n * NR * sizeof(int), cudaMemcpyHostToDevice);
  intOps<<<(n + 127) / 128, 128>>>(dx, dy, dout, n);
  if (!ok(cudaGetLastError(), "launch")) return 1;
  if (!ok(cudaDeviceSynchronize(), "sync")) return 1;
  cudaMemcpy(out.data(), dout, n * NR * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < NR; ++k)
      if (out[i * NR + k] != ref[i * NR + k]) {
        printf("FAIL: x=%d y=%d result %d: got %d (0x%x), expected %d (0x%x)\n",
               xs[i], ys[i], k, out[i * NR + k], out[i * NR + k],
               ref[i * NR + k], ref[i * NR + k]);
        return 1;
      }
  cudaFree(dx); cudaFree(dy); cudaFree(dout);
  printf("PASS\n");
  return 0;
}
