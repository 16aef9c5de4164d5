// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Unions in device code: float<->uint32 and double<->uint64 type punning
// (building floats from exponent/mantissa bits, fast bit tricks), a union of
// an int with its bytes, a tagged union inside a struct (switch on the tag),
// anonymous unions as struct members, and unions passed and returned by
// value.

#include <cstdint>
#include <cstdio>
#include <cstring>

union FBits {
  float f;
  uint32_t u;
  int32_t i;
};
union DBits {
  double d;
  uint64_t u;
  uint32_t half[2];
};
union Bytes4 {
  uint32_t word;
  uint8_t b[4];
};

struct Value {
  enum Kind : int { Int, Float, Pair } kind;
  union {
    int i;
    float f;
    short pair[2];
  };
};

struct Packet {
  int id;
  union Payload {
    double d;
    long long ll;
    char text[8];
  } payload;
};

__device__ FBits negateBits(FBits x) {
  x.u ^= 0x80000000u;
  return x;
}

__device__ float evalValue(Value v) {
  switch (v.kind) {
  case Value::Int: return (float)v.i;
  case Value::Float: return v.f * 2.0f;
  case Value::Pair: return (float)(v.pair[0] - v.pair[1]);
  }
  return -1.0f;
}

__global__ void kernel(const float *in, const double *din, const Value *vals, Packet *pk,
                       uint32_t *uo, float *fo, uint64_t *lo, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  FBits a;
  a.f = in[i];
  uo[i * 6 + 0] = a.u;
  uo[i * 6 + 1] = (a.u >> 23) & 0xff;                 // biased exponent
  FBits neg = negateBits(a);
  fo[i * 4 + 0] = neg.f;
  FBits abs = a;
  abs.u &= 0x7fffffffu;
  fo[i * 4 + 1] = abs.f;
  FBits built;
  built.u = ((uint32_t)(127 + (i % 20) - 10) << 23) | (uint32_t)(i * 2731 & 0x7fffff);
  fo[i * 4 + 2] = built.f;
  FBits inc = a;
  inc.i += 1;                                          // next float up (for positives)
  fo[i * 4 + 3] = inc.f;
  Bytes4 w;
  w.word = a.u;
  uo[i * 6 + 2] = w.b[0] ^ w.b[1] ^ w.b[2] ^ w.b[3];
  w.b[i % 4] = 0xAB;
  uo[i * 6 + 3] = w.word;
  DBits d;
  d.d = din[i];
  lo[i * 3 + 0] = d.u;
  lo[i * 3 + 1] = d.half[1] >> 20;                     // sign + exponent
  d.half[0] = 0;
  lo[i * 3 + 2] = (uint64_t)(d.d * 1e3 < 0 ? -d.d * 1e3 : d.d * 1e3);
  FBits ev;
  ev.f = evalValue(vals[i]);
  uo[i * 6 + 4] = ev.u;
  Packet p = pk[i];
  if (p.id % 2 == 0)
    p.payload.ll += i;
  else
    p.payload.text[i % 8] = 'Z';
  pk[i].id = p.id;
  pk[i].payload.ll = p.payload.ll;   // the 8 bytes of the union
  uo[i * 6 + 5] = (uint32_t)sizeof(Value) * 100 + (uint32_t)sizeof(Packet::Payload);
}

static uint32_t fb(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float bf(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint64_t db(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static double bd(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

int main() {
  const int n = 256;
  static float in[n];
  static double din[n];
  static Value vals[n];
  static Packet pk[n], pkOrig[n];
  for (int i = 0; i < n; ++i) {
    in[i] = (i % 3 == 0 ? -1.0f : 1.0f) * (0.37f * i + 0.001f) * (float)(1 << (i % 10));
    din[i] = (i % 2 ? -1.0 : 1.0) * (1.0 / 3.0 + i * 12.345);
    vals[i].kind = (Value::Kind)(i % 3);
    if (i % 3 == 0) vals[i].i = i * -7;
    else if (i % 3 == 1) vals[i].f = 0.5f * i;
    else { vals[i].pair[0] = (short)(i * 3); vals[i].pair[1] = (short)(100 - i); }
    memset(&pk[i], 0, sizeof(Packet));
    pk[i].id = i;
    if (i % 2 == 0) pk[i].payload.ll = 1000000000000LL * i;
    else memcpy(pk[i].payload.text, "abcdefgh", 8);
    pkOrig[i] = pk[i];
  }
  float *dIn, *dFo;
  double *dDin;
  Value *dVals;
  Packet *dPk;
  uint32_t *dUo;
  uint64_t *dLo;
  cudaMalloc(&dIn, sizeof in); cudaMalloc(&dDin, sizeof din); cudaMalloc(&dVals, sizeof vals);
  cudaMalloc(&dPk, sizeof pk); cudaMalloc(&dUo, n * 6 * 4); cudaMalloc(&dFo, n * 4 * 4);
  cudaMalloc(&dLo, n * 3 * 8);
  cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice);
  cudaMemcpy(dDin, din, sizeof din, cudaMemcpyHostToDevice);
  cudaMemcpy(dVals, vals, sizeof vals, cudaMemcpyHostToDevice);
  cudaMemcpy(dPk, pk, sizeof pk, cudaMemcpyHostToDevice);
  kernel<<<(n + 127) / 128, 128>>>(dIn, dDin, dVals, dPk, dUo, dFo, dLo, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static uint32_t uo[n * 6];
  static float fo[n * 4];
  static uint64_t lo[n * 3];
  cudaMemcpy(uo, dUo, sizeof uo, cudaMemcpyDeviceToHost);
  cudaMemcpy(fo, dFo, sizeof fo, cudaMemcpyDeviceToHost);
  cudaMemcpy(lo, dLo, sizeof lo, cudaMemcpyDeviceToHost);
  cudaMemcpy(pk, dPk, sizeof pk, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    uint32_t u = fb(in[i]);
    uint32_t w = u;
    uint8_t *wb = (uint8_t *)&w;
    uint32_t x = wb[0] ^ wb[1] ^ wb[2] ^ wb[3];
    w = (w & ~(0xffu << (8 * (i % 4)))) | (0xABu << (8 * (i % 4)));
    float ev = (i % 3 == 0) ? (float)(i * -7) : (i % 3 == 1 ? 0.5f * i * 2.0f : (float)(i * 3 - (100 - i)));
    uint32_t uref[6] = {u, (u >> 23) & 0xff, x, w, fb(ev), (uint32_t)sizeof(Value) * 100 + 8};
    uint32_t fref[4] = {u ^ 0x80000000u, u & 0x7fffffffu,
                        ((uint32_t)(127 + (i % 20) - 10) << 23) | (uint32_t)(i * 2731 & 0x7fffff),
                        u + 1};
    for (int k = 0; k < 6; ++k)
      if (uo[i * 6 + k] != uref[k]) {
        printf("FAIL: i=%d u field %d: got 0x%08x expected 0x%08x\n", i, k, uo[i * 6 + k], uref[k]);
        return 1;
      }
    for (int k = 0; k < 4; ++k)
      if (fb(fo[i * 4 + k]) != fref[k]) {
        printf("FAIL: i=%d f field %d: got %g expected %g\n", i, k, fo[i * 4 + k], bf(fref[k]));
        return 1;
      }
    uint64_t du = db(din[i]);
    double trunc = bd(du & 0xffffffff00000000ull) * 1e3;
    uint64_t lref[3] = {du, (du >> 32) >> 20, (uint64_t)(trunc < 0 ? -trunc : trunc)};
    for (int k = 0; k < 3; ++k)
      if (lo[i * 3 + k] != lref[k]) {
        printf("FAIL: i=%d l field %d: got %llu expected %llu\n", i, k, (unsigned long long)lo[i * 3 + k],
               (unsigned long long)lref[k]);
        return 1;
      }
    Packet e = pkOrig[i];
    if (i % 2 == 0) e.payload.ll += i; else e.payload.text[i % 8] = 'Z';
    if (pk[i].id != e.id || memcmp(&pk[i].payload, &e.payload, 8) != 0) {
      printf("FAIL: packet %d\n", i);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
