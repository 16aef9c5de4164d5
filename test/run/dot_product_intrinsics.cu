// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: PASS

// __dp4a and __dp2a_lo/__dp2a_hi, signed and unsigned, on words and on
// vector types, against byte-by-byte sums on the host.
#include <cstdio>
#include <cstdint>

__global__ void dot(const unsigned *a, const unsigned *b, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned x = a[i], y = b[i];
  int *r = out + 10 * i;
  r[0] = __dp4a((int)x, (int)y, -5);
  r[1] = (int)__dp4a(x, y, 7u);
  r[2] = __dp2a_lo((int)x, (int)y, 3);
  r[3] = __dp2a_hi((int)x, (int)y, -3);
  r[4] = (int)__dp2a_lo(x, y, 11u);
  r[5] = (int)__dp2a_hi(x, y, 13u);
  char4 cx = make_char4(x, x >> 8, x >> 16, x >> 24);
  char4 cy = make_char4(y, y >> 8, y >> 16, y >> 24);
  r[6] = __dp4a(cx, cy, 1);
  uchar4 ux = make_uchar4(x, x >> 8, x >> 16, x >> 24);
  uchar4 uy = make_uchar4(y, y >> 8, y >> 16, y >> 24);
  r[7] = (int)__dp4a(ux, uy, 2u);
  short2 sx = make_short2(x, x >> 16);
  r[8] = __dp2a_lo(sx, cy, 0) + __dp2a_hi(sx, cy, 0);
  ushort2 usx = make_ushort2(x, x >> 16);
  r[9] = (int)(__dp2a_lo(usx, uy, 0u) + __dp2a_hi(usx, uy, 0u));
}

int main() {
  const int n = 1000;
  unsigned *a, *b;
  int *out;
  cudaMallocManaged(&a, n * sizeof(unsigned));
  cudaMallocManaged(&b, n * sizeof(unsigned));
  cudaMallocManaged(&out, 10 * n * sizeof(int));
  for (int i = 0; i < n; ++i) {
    a[i] = i * 2654435761u;
    b[i] = (i + 17) * 40503u * 2246822519u;
  }
  a[0] = 0x80808080u, b[0] = 0x80808080u; // the extremes
  a[1] = 0xffffffffu, b[1] = 0x7f7f7f7fu;
  dot<<<(n + 127) / 128, 128>>>(a, b, out, n);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    int8_t sa[4], sb[4];
    uint8_t ua[4], ub[4];
    for (int k = 0; k < 4; ++k) {
      ua[k] = (uint8_t)(a[i] >> (8 * k));
      ub[k] = (uint8_t)(b[i] >> (8 * k));
      sa[k] = (int8_t)ua[k];
      sb[k] = (int8_t)ub[k];
    }
    int16_t ha[2] = {(int16_t)a[i], (int16_t)(a[i] >> 16)};
    uint16_t uha[2] = {(uint16_t)a[i], (uint16_t)(a[i] >> 16)};
    int e[10];
    int s4 = 0;
    unsigned u4 = 0;
    for (int k = 0; k < 4; ++k) {
      s4 += sa[k] * sb[k];
      u4 += (unsigned)ua[k] * ub[k];
    }
    e[0] = s4 - 5;
    e[1] = (int)(u4 + 7u);
    int lo = ha[0] * sb[0] + ha[1] * sb[1], hi = ha[0] * sb[2] + ha[1] * sb[3];
    unsigned ulo = uha[0] * ub[0] + uha[1] * ub[1];
    unsigned uhi = uha[0] * ub[2] + uha[1] * ub[3];
    e[2] = lo + 3;
    e[3] = hi - 3;
    e[4] = (int)(ulo + 11u);
    e[5] = (int)(uhi + 13u);
    e[6] = s4 + 1;
    e[7] = (int)(u4 + 2u);
    e[8] = lo + hi;
    e[9] = (int)(ulo + uhi);
    for (int k = 0; k < 10; ++k)
      if (out[10 * i + k] != e[k] && bad++ < 10)
        printf("FAIL %d.%d: %d, expected %d\n", i, k, out[10 * i + k], e[k]);
  }
  printf(bad ? "FAILED\n" : "PASS\n");
  return bad != 0;
}
