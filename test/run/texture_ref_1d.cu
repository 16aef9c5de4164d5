// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// 1D texture references over linear memory (cudaBindTexture, tex1Dfetch):
// float, int and vector element types, cudaReadModeNormalizedFloat for 8-bit
// integers, a binding at a misaligned address (nonzero offset), rebinding,
// fetches from a __device__ function and out-of-range fetches (zero).

#include "Inputs/texture_reference.h"

#include <cstdio>
#include <cstring>

texture<float, 1, cudaReadModeElementType> texF;
texture<int> texI;
texture<uchar4, 1, cudaReadModeNormalizedFloat> texU4;
texture<signed char, cudaTextureType1D, cudaReadModeNormalizedFloat> texS8;
namespace lib {
texture<short2, 1> texS2;
}

__device__ float window(int i, int radius) {
  float s = 0.0f;
  for (int d = -radius; d <= radius; ++d)
    s += tex1Dfetch(texF, i + d);
  return s;
}

__global__ void fetchFloat(float *out, float *sums, int n, int shift) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = tex1Dfetch(texF, i + shift);
  sums[i] = window(i + shift, 2);
}

__global__ void fetchOthers(int *outI, float4 *outU4, float *outS8,
                            short2 *outS2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  outI[i] = tex1Dfetch(texI, i);
  outU4[i] = tex1Dfetch(texU4, i);
  outS8[i] = tex1Dfetch(texS8, i);
  outS2[i] = tex1Dfetch(lib::texS2, i);
}

static int fail(const char *what) {
  printf("FAIL: %s\n", what);
  return 1;
}

// The reference of a tex1Dfetch from texels [0, n): zero outside.
static float fetch(const float *t, int n, int i) {
  return i >= 0 && i < n ? t[i] : 0.0f;
}

int main() {
  const int n = 1000;
  const int extra = 40; // fetches past the end
  static float hF[n];
  for (int i = 0; i < n; ++i)
    hF[i] = 0.25f * i - 17.0f;
  float *dF, *dOut, *dSums;
  cudaMalloc(&dF, n * sizeof(float));
  cudaMalloc(&dOut, (n + extra) * sizeof(float));
  cudaMalloc(&dSums, (n + extra) * sizeof(float));
  cudaMemcpy(dF, hF, sizeof hF, cudaMemcpyHostToDevice);

  // An aligned binding needs no offset.
  if (cudaBindTexture(NULL, texF, dF, n * sizeof(float)) != cudaSuccess)
    return fail("cudaBindTexture(texF)");
  static float out[n + extra], sums[n + extra];
  fetchFloat<<<(n + extra + 127) / 128, 128>>>(dOut, dSums, n + extra, 0);
  cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(sums, dSums, sizeof sums, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n + extra; ++i) {
    float s = 0.0f;
    for (int d = -2; d <= 2; ++d)
      s += fetch(hF, n, i + d);
    if (out[i] != fetch(hF, n, i) || sums[i] != s) {
      printf("FAIL: aligned fetch %d: %f %f\n", i, out[i], sums[i]);
      return 1;
    }
  }

  // Bound at dF + 3, the texture starts at the aligned address below it:
  // the kernel adds offset / sizeof(float) to its indices.
  size_t offset = 12345;
  const int start = 3, count = 500;
  if (cudaBindTexture(&offset, texF, dF + start, count * sizeof(float)) !=
      cudaSuccess)
    return fail("cudaBindTexture with offset");
  if (offset != start * sizeof(float))
    return fail("binding offset");
  size_t queried = 0;
  if (cudaGetTextureAlignmentOffset(&queried, texF) != cudaSuccess ||
      queried != offset)
    return fail("cudaGetTextureAlignmentOffset");
  int shift = (int)(offset / sizeof(float));
  fetchFloat<<<(count + extra + 127) / 128, 128>>>(dOut, dSums, count + extra,
                                                   shift);
  cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(sums, dSums, sizeof sums, cudaMemcpyDeviceToHost);
  // Texels [0, shift + count) of the texture are hF[0 .. start + count).
  for (int i = 0; i < count + extra; ++i) {
    float s = 0.0f;
    for (int d = -2; d <= 2; ++d)
      s += fetch(hF, start + count, i + shift + d);
    if (out[i] != fetch(hF, start + count, i + shift) || sums[i] != s) {
      printf("FAIL: offset fetch %d: %f (expected %f)\n", i, out[i],
             fetch(hF, start + count, i + shift));
      return 1;
    }
  }
  // Without somewhere to return the offset, a misaligned binding fails.
  if (cudaBindTexture(NULL, texF, dF + 1, sizeof(float)) !=
      cudaErrorInvalidValue)
    return fail("misaligned binding without offset accepted");
  cudaGetLastError();

  // Other element types; texU4 and texS8 read normalized floats.
  static int hI[n];
  static uchar4 hU4[n];
  static signed char hS8[n];
  static short2 hS2[n];
  for (int i = 0; i < n; ++i) {
    hI[i] = i * 7919 - 3000000;
    hU4[i] = make_uchar4(i % 256, (i * 3) % 256, 255 - i % 256, (i * 11) % 256);
    hS8[i] = (signed char)(i % 256 - 128);
    hS2[i] = make_short2((short)(i * 31 - 15000), (short)(-i));
  }
  int *dI;
  uchar4 *dU4;
  signed char *dS8;
  short2 *dS2;
  cudaMalloc(&dI, sizeof hI);
  cudaMalloc(&dU4, sizeof hU4);
  cudaMalloc(&dS8, sizeof hS8);
  cudaMalloc(&dS2, sizeof hS2);
  cudaMemcpy(dI, hI, sizeof hI, cudaMemcpyHostToDevice);
  cudaMemcpy(dU4, hU4, sizeof hU4, cudaMemcpyHostToDevice);
  cudaMemcpy(dS8, hS8, sizeof hS8, cudaMemcpyHostToDevice);
  cudaMemcpy(dS2, hS2, sizeof hS2, cudaMemcpyHostToDevice);
  // The C entry point with an explicit channel format.
  cudaChannelFormatDesc descI =
      cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindSigned);
  if (cudaBindTexture(0, &texI, dI, &descI, sizeof hI) != cudaSuccess ||
      cudaBindTexture(0, texU4, dU4, sizeof hU4) != cudaSuccess ||
      cudaBindTexture(0, texS8, dS8, cudaCreateChannelDesc<signed char>(),
                      sizeof hS8) != cudaSuccess ||
      cudaBindTexture(0, lib::texS2, dS2) != cudaSuccess)
    return fail("binding the other textures");

  int *dOutI;
  float4 *dOutU4;
  float *dOutS8;
  short2 *dOutS2;
  cudaMalloc(&dOutI, (n + extra) * sizeof(int));
  cudaMalloc(&dOutU4, (n + extra) * sizeof(float4));
  cudaMalloc(&dOutS8, (n + extra) * sizeof(float));
  cudaMalloc(&dOutS2, (n + extra) * sizeof(short2));
  fetchOthers<<<(n + extra + 255) / 256, 256>>>(dOutI, dOutU4, dOutS8, dOutS2,
                                                n + extra);
  static int outI[n + extra];
  static float4 outU4[n + extra];
  static float outS8[n + extra];
  static short2 outS2[n + extra];
  cudaMemcpy(outI, dOutI, sizeof outI, cudaMemcpyDeviceToHost);
  cudaMemcpy(outU4, dOutU4, sizeof outU4, cudaMemcpyDeviceToHost);
  cudaMemcpy(outS8, dOutS8, sizeof outS8, cudaMemcpyDeviceToHost);
  cudaMemcpy(outS2, dOutS2, sizeof outS2, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n + extra; ++i) {
    bool in = i < n;
    int wantI = in ? hI[i] : 0;
    float4 wantU4 =
        in ? make_float4(ref::unorm8(hU4[i].x), ref::unorm8(hU4[i].y),
                         ref::unorm8(hU4[i].z), ref::unorm8(hU4[i].w))
           : make_float4(0, 0, 0, 0);
    float wantS8 = in ? ref::snorm8(hS8[i]) : 0.0f;
    short2 wantS2 = in ? hS2[i] : make_short2(0, 0);
    if (outI[i] != wantI || outU4[i].x != wantU4.x || outU4[i].y != wantU4.y ||
        outU4[i].z != wantU4.z || outU4[i].w != wantU4.w ||
        outS8[i] != wantS8 || outS2[i].x != wantS2.x ||
        outS2[i].y != wantS2.y) {
      printf("FAIL: element types at %d: %d %f %f (%d %d)\n", i, outI[i],
             outU4[i].x, outS8[i], outS2[i].x, outS2[i].y);
      return 1;
    }
  }
  if (outS8[0] != -1.0f || outU4[255].x != 1.0f)
    return fail("normalized extremes");

  // Rebinding texF to other memory takes effect for the next launch.
  if (cudaBindTexture(0, texF, dOut, n * sizeof(float)) != cudaSuccess)
    return fail("rebinding");
  static float before[n];
  std::memcpy(before, out, sizeof before);
  float *dAgain, *dAgainSums;
  cudaMalloc(&dAgain, n * sizeof(float));
  cudaMalloc(&dAgainSums, n * sizeof(float));
  fetchFloat<<<(n + 127) / 128, 128>>>(dAgain, dAgainSums, n, 0);
  static float again[n];
  cudaMemcpy(again, dAgain, sizeof again, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (again[i] != before[i])
      return fail("fetch after rebinding");

  if (cudaUnbindTexture(texF) != cudaSuccess ||
      cudaUnbindTexture(&texI) != cudaSuccess)
    return fail("cudaUnbindTexture");
  if (cudaGetLastError() != cudaSuccess)
    return fail("sticky error");
  printf("PASS\n");
  return 0;
}
