// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// __byte_perm and the funnel shifts against byte-by-byte references, and the
// cycle counters (clock64, clock) and __nanosleep in device code.

#include <cstdio>
#include <cstring>

__global__ void bytes(const unsigned *x, const unsigned *y, const unsigned *s,
                      unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned *o = out + 5 * i;
  o[0] = __byte_perm(x[i], y[i], s[i]);
  o[1] = __funnelshift_l(x[i], y[i], s[i]);
  o[2] = __funnelshift_lc(x[i], y[i], s[i] % 40);
  o[3] = __funnelshift_r(x[i], y[i], s[i]);
  o[4] = __funnelshift_rc(x[i], y[i], s[i] % 40);
}

__global__ void timing(long long *elapsed, unsigned *work) {
  long long start = clock64();
  clock_t startShort = clock();
  unsigned v = threadIdx.x;
  for (int k = 0; k < 1000; ++k)
    v = v * 1664525u + 1013904223u;
  work[threadIdx.x] = v;
  __nanosleep(100);
  long long stop = clock64();
  elapsed[2 * threadIdx.x] = stop - start;
  elapsed[2 * threadIdx.x + 1] = (long long)(clock() - startShort);
}

// The reference works on arrays of bytes and of bits.
static unsigned referencePerm(unsigned x, unsigned y, unsigned s) {
  unsigned char in[8], out[4];
  memcpy(in, &x, 4);
  memcpy(in + 4, &y, 4);
  for (int n = 0; n < 4; ++n)
    out[n] = in[(s >> (4 * n)) & 7];
  unsigned r;
  memcpy(&r, out, 4);
  return r;
}

static unsigned referenceFunnel(unsigned lo, unsigned hi, unsigned shift,
                                bool left) {
  int bits[64];
  for (int b = 0; b < 32; ++b) {
    bits[b] = (lo >> b) & 1;
    bits[32 + b] = (hi >> b) & 1;
  }
  unsigned r = 0;
  for (int b = 0; b < 32; ++b) {
    // Left: the high half of the shifted 64 bits; right: the low half.
    int from = left ? 32 + b - (int)shift : b + (int)shift;
    int bit = from >= 0 && from < 64 ? bits[from] : 0;
    r |= (unsigned)bit << b;
  }
  return r;
}

int main() {
  const int n = 1000;
  static unsigned x[n], y[n], s[n], out[5 * n];
  unsigned state = 12345;
  auto next = [&]() { return state = state * 1103515245u + 12345u; };
  for (int i = 0; i < n; ++i) {
    x[i] = next();
    y[i] = next();
    s[i] = next();
  }
  unsigned *dx, *dy, *ds, *dout;
  cudaMalloc(&dx, sizeof x);
  cudaMalloc(&dy, sizeof y);
  cudaMalloc(&ds, sizeof s);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y, sizeof y, cudaMemcpyHostToDevice);
  cudaMemcpy(ds, s, sizeof s, cudaMemcpyHostToDevice);
  bytes<<<(n + 127) / 128, 128>>>(dx, dy, ds, dout, n);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    unsigned clamped = s[i] % 40 < 32 ? s[i] % 40 : 32;
    unsigned want[5] = {referencePerm(x[i], y[i], s[i]),
                        referenceFunnel(x[i], y[i], s[i] & 31, true),
                        referenceFunnel(x[i], y[i], clamped, true),
                        referenceFunnel(x[i], y[i], s[i] & 31, false),
                        referenceFunnel(x[i], y[i], clamped, false)};
    for (int k = 0; k < 5; ++k)
      if (out[5 * i + k] != want[k]) {
        printf("FAIL: bytes[%d][%d] = %#x, expected %#x\n", i, k,
               out[5 * i + k], want[k]);
        return 1;
      }
  }

  const int threads = 64;
  long long *delapsed;
  unsigned *dwork;
  cudaMalloc(&delapsed, 2 * threads * sizeof(long long));
  cudaMalloc(&dwork, threads * sizeof(unsigned));
  timing<<<1, threads>>>(delapsed, dwork);
  long long elapsed[2 * threads];
  cudaMemcpy(elapsed, delapsed, sizeof elapsed, cudaMemcpyDeviceToHost);
  // Counters only move forward (clock's 32 bits may wrap, so only clock64's
  // difference is checked).
  for (int t = 0; t < threads; ++t)
    if (elapsed[2 * t] <= 0) {
      printf("FAIL: thread %d: clock64 advanced by %lld\n", t, elapsed[2 * t]);
      return 1;
    }
  printf("PASS\n");
  return 0;
}
