// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// CUDA vector types in device code: char1..char4, uchar, short, int, uint,
// long long, float and double vectors; make_* constructors, member access
// and assignment, arrays of float4 loaded/stored as whole vectors, vectors
// inside structs, vectors as kernel parameters and return values, and their
// sizes and alignment (float4/int4/double2 are 16-byte aligned).

#include <cstdint>
#include <cstdio>

struct Particle {
  float3 pos;
  float3 vel;
  uchar4 color;
  int2 cell;
};

__device__ float4 lerp4(float4 a, float4 b, float t) {
  return make_float4(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t,
                     a.w + (b.w - a.w) * t);
}
__device__ double2 cmul(double2 a, double2 b) {
  return make_double2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

__global__ void kernel(const float4 *in, float4 *out, Particle *parts, int3 shift, double2 rot,
                       long long *io, double *dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float4 v = in[i];                       // whole-vector load
  float4 w = in[(i + 1) % n];
  out[i] = lerp4(v, w, 0.25f);            // whole-vector store
  Particle p = parts[i];
  p.pos.x += p.vel.x;
  p.pos.y += p.vel.y;
  p.pos.z += p.vel.z;
  p.color.w = (unsigned char)(p.color.x + p.color.y);
  p.cell = make_int2((int)p.pos.x + shift.x, (int)p.pos.y + shift.y);
  parts[i] = p;
  char1 c1 = make_char1((char)(i - 100));
  char2 c2 = make_char2((char)i, (char)-i);
  char3 c3 = make_char3(1, 2, (char)(i % 100));
  char4 c4 = make_char4(c1.x, c2.y, c3.z, (char)(c2.x ^ 0x5a));
  short2 s2 = make_short2((short)(i * 300), (short)-7);
  ushort4 us4 = make_ushort4(1, 2, 3, (unsigned short)(i * 1000));
  int4 i4 = make_int4(i, -i, i * i, shift.z);
  uint3 u3 = make_uint3(0xffffffffu, (unsigned)i, 7u);
  longlong2 ll2 = make_longlong2(1LL << 40, -(long long)i);
  ulonglong2 ull2 = make_ulonglong2(~0ull, (unsigned long long)i << 33);
  long long *o = io + i * 8;
  o[0] = c1.x + c2.x * 1000 + c2.y * 1000000LL;
  o[1] = c4.x + c4.y * 256 + c4.z * 65536 + (long long)c4.w * 16777216;
  o[2] = s2.x * 10 + s2.y + us4.w + us4.x + us4.y + us4.z;
  o[3] = i4.x + i4.y + i4.z + i4.w;
  o[4] = (long long)u3.x + u3.y + u3.z;
  o[5] = ll2.x + ll2.y;
  o[6] = (long long)(ull2.x + ull2.y);
  o[7] = sizeof(float4) + 100 * alignof(float4) + 10000 * alignof(int4) + 1000000 * alignof(double2) +
         100000000LL * sizeof(float3) + 10000000000LL * sizeof(char3);
  double2 d = make_double2(1.0 + i * 0.01, -0.5);
  for (int k = 0; k < 3; ++k)
    d = cmul(d, rot);
  double3 d3 = make_double3(d.x, d.y, 0.25);
  double4 d4 = make_double4(d3.x, d3.y, d3.z, d3.x * d3.y);
  dout[i * 2] = d4.x + d4.y + d4.z + d4.w;
  float2 f2 = make_float2(v.x, v.y);
  float3 f3 = make_float3(f2.x, f2.y, v.z);
  float1 f1 = make_float1(f3.x + f3.y + f3.z + v.w);
  dout[i * 2 + 1] = f1.x;
  // local array of vectors indexed dynamically
  uint2 pairs[4] = {};
  for (int k = 0; k < 4; ++k)
    pairs[k] = make_uint2((unsigned)(k + i), (unsigned)(k * i));
  uint2 sel = pairs[i % 4];
  o[4] += sel.x * 1000000000000LL + sel.y * 1000000LL;
}

int main() {
  const int n = 256;
  static float4 in[n], out[n];
  static Particle parts[n], orig[n];
  for (int i = 0; i < n; ++i) {
    in[i] = make_float4(0.5f * i, -0.25f * i, 1.0f + i, 8.0f - i);
    parts[i].pos = make_float3(i * 1.5f, i * -0.5f, 2.0f);
    parts[i].vel = make_float3(0.5f, 1.0f, -2.0f);
    parts[i].color = make_uchar4((unsigned char)i, 3, (unsigned char)(255 - i), 0);
    parts[i].cell = make_int2(0, 0);
    orig[i] = parts[i];
  }
  float4 *din, *dout;
  Particle *dparts;
  long long *dio;
  double *dd;
  cudaMalloc(&din, sizeof in); cudaMalloc(&dout, sizeof out); cudaMalloc(&dparts, sizeof parts);
  cudaMalloc(&dio, n * 8 * sizeof(long long)); cudaMalloc(&dd, n * 2 * sizeof(double));
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  cudaMemcpy(dparts, parts, sizeof parts, cudaMemcpyHostToDevice);
  int3 shift = make_int3(10, -20, 30);
  double2 rot = make_double2(0.8, 0.6);
  kernel<<<n / 64, 64>>>(din, dout, dparts, shift, rot, dio, dd, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static long long io[n * 8];
  static double dres[n * 2];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(parts, dparts, sizeof parts, cudaMemcpyDeviceToHost);
  cudaMemcpy(io, dio, sizeof io, cudaMemcpyDeviceToHost);
  cudaMemcpy(dres, dd, sizeof dres, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    const float4 &a = in[i], &b = in[(i + 1) % n];
    float e[4] = {a.x + (b.x - a.x) * 0.25f, a.y + (b.y - a.y) * 0.25f, a.z + (b.z - a.z) * 0.25f,
                  a.w + (b.w - a.w) * 0.25f};
    float g[4] = {out[i].x, out[i].y, out[i].z, out[i].w};
    for (int k = 0; k < 4; ++k)
      if (g[k] != e[k]) {
        printf("FAIL: lerp i=%d comp %d: got %g expected %g\n", i, k, g[k], e[k]);
        return 1;
      }
    Particle p = orig[i];
    float px = p.pos.x + 0.5f, py = p.pos.y + 1.0f, pz = p.pos.z - 2.0f;
    if (parts[i].pos.x != px || parts[i].pos.y != py || parts[i].pos.z != pz ||
        parts[i].color.w != (unsigned char)(i + 3) || parts[i].color.z != (unsigned char)(255 - i) ||
        parts[i].cell.x != (int)px + 10 || parts[i].cell.y != (int)py - 20) {
      printf("FAIL: particle %d\n", i);
      return 1;
    }
    signed char c1 = (signed char)(i - 100), c2x = (signed char)i, c2y = (signed char)-i;
    signed char c4w = (signed char)(c2x ^ 0x5a);
    long long ref[8];
    ref[0] = c1 + c2x * 1000 + c2y * 1000000LL;
    ref[1] = c1 + c2y * 256 + (i % 100) * 65536 + (long long)c4w * 16777216;
    ref[2] = (short)(i * 300) * 10 - 7 + (unsigned short)(i * 1000) + 6;
    ref[3] = (long long)i * i + 30;
    ref[4] = 0xffffffffLL + i + 7 + (long long)(i % 4 + i) * 1000000000000LL + (long long)((i % 4) * i) * 1000000LL;
    ref[5] = (1LL << 40) - i;
    ref[6] = (long long)(~0ull + ((unsigned long long)i << 33));
    ref[7] = 16 + 100 * 16 + 10000 * 16 + 1000000 * 16 + 100000000LL * 12 + 10000000000LL * 3;
    for (int k = 0; k < 8; ++k)
      if (io[i * 8 + k] != ref[k]) {
        printf("FAIL: i=%d int field %d: got %lld expected %lld\n", i, k, io[i * 8 + k], ref[k]);
        return 1;
      }
    double dx = 1.0 + i * 0.01, dy = -0.5;
    for (int k = 0; k < 3; ++k) {
      double nx = dx * 0.8 - dy * 0.6, ny = dx * 0.6 + dy * 0.8;
      dx = nx; dy = ny;
    }
    double r0 = dx + dy + 0.25 + dx * dy;
    double r1 = (double)(a.x + a.y + a.z + a.w);
    double e0 = dres[2 * i] - r0, e1 = dres[2 * i + 1] - r1;
    if ((e0 < 0 ? -e0 : e0) > 1e-12 * (1 + (r0 < 0 ? -r0 : r0)) || dres[2 * i + 1] != r1) {
      printf("FAIL: double results i=%d: got %.17g %.17g expected %.17g %.17g (%g)\n", i, dres[2 * i],
             dres[2 * i + 1], r0, r1, e1);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
