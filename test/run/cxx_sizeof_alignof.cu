// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// sizeof, alignof and offsetof evaluated in device code equal the host's
// values: fundamental types, pointers, size_t, vector types, structs with
// padding, structs ordered to avoid padding, alignas structs, unions,
// arrays, empty structs, bit-fields, derived classes, and sizeof of
// expressions and local arrays. Also checks that the addresses of aligned
// locals and shared arrays really are aligned.

#include <cstddef>
#include <cstdint>
#include <cstdio>

struct Padded { char c; double d; short s; };
struct Ordered { double d; short s; char c; };
struct alignas(32) Aligned32 { int x; };
struct alignas(16) Vec4Like { float a, b, c, d; };
union U { char c[13]; int i; double d; };
struct Empty {};
struct Bits { unsigned a : 3; unsigned b : 7; int c : 12; unsigned long long d : 40; };
struct Base { int b; char tag; };
struct Derived { Base base; short extra; double w; };   // standard layout
struct WithEmpty { Empty e; int x; };
struct Nested { char c; Padded p[2]; Aligned32 a; };

#define TYPES(X) X(char) X(signed char) X(unsigned char) X(short) X(int) X(long) \
  X(long long) X(float) X(double) X(bool) X(wchar_t) X(char16_t) X(char32_t) \
  X(void *) X(int *) X(size_t) X(ptrdiff_t) X(uintptr_t) X(int8_t) X(int16_t) X(int64_t) \
  X(char1) X(char2) X(char3) X(char4) X(short2) X(short4) X(int2) X(int3) X(int4) \
  X(uint2) X(float1) X(float2) X(float3) X(float4) X(double2) X(double3) X(double4) \
  X(long2) X(longlong2) X(ulonglong4) X(uchar4) X(ushort3) X(dim3) \
  X(Padded) X(Ordered) X(Aligned32) X(Vec4Like) X(U) X(Empty) X(Bits) X(Base) X(Derived) \
  X(WithEmpty) X(Nested) X(Padded[3]) X(float4[5])

#define SIZE_AND_ALIGN(T) o[k++] = sizeof(T); o[k++] = alignof(T);

#define OFFSETS(X) X(Padded, d) X(Padded, s) X(Ordered, c) X(Base, tag) X(Derived, extra) \
  X(WithEmpty, x) X(Nested, p) X(Nested, a) X(float4, w) X(double3, z) X(dim3, z)
#define OFF(T, M) o[k++] = offsetof(T, M);

__global__ void kernel(unsigned long long *o, int *nOut) {
  if (blockIdx.x != 0 || threadIdx.x != 0)
    return;
  int k = 0;
  TYPES(SIZE_AND_ALIGN)
  OFFSETS(OFF)
  double arr[7];
  Padded pp[4] = {};
  o[k++] = sizeof arr + sizeof(arr[0]) * 100 + sizeof pp * 10000;
  o[k++] = sizeof(1 + 2LL) + 10 * sizeof('a') + 100 * sizeof(1.0f * 2) + 1000 * sizeof(1.0 * 2);
  o[k++] = sizeof(short{} + short{});   // promoted to int
  Aligned32 a32[3] = {};
  Vec4Like v16;
  __shared__ double2 sh[4];
  __shared__ Aligned32 sha[2];
  o[k++] = ((uintptr_t)&a32[1] % 32) + ((uintptr_t)&v16 % 16) + ((uintptr_t)&sh[1] % 16) +
           ((uintptr_t)&sha[1] % 32);
  a32[0].x = 1;
  v16.a = 2;
  sh[0].x = 3;
  sha[0].x = 4;
  o[k++] = a32[0].x + (int)v16.a + (int)sh[0].x + sha[0].x;
  *nOut = k;
}

int main() {
  unsigned long long ref[256];
  int k = 0;
  unsigned long long *o = ref;
  TYPES(SIZE_AND_ALIGN)
  OFFSETS(OFF)
  o[k++] = 7 * sizeof(double) + sizeof(double) * 100 + 4 * sizeof(Padded) * 10000;
  o[k++] = 8 + 10 * 1 + 100 * 4 + 1000 * 8;
  o[k++] = sizeof(int);
  o[k++] = 0;
  o[k++] = 10;
  unsigned long long *dout;
  int *dn;
  cudaMalloc(&dout, sizeof ref);
  cudaMalloc(&dn, sizeof(int));
  kernel<<<2, 32>>>(dout, dn);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  unsigned long long out[256];
  int n;
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(&n, dn, sizeof n, cudaMemcpyDeviceToHost);
  if (n != k) {
    printf("FAIL: device wrote %d values, host %d\n", n, k);
    return 1;
  }
  for (int i = 0; i < k; ++i)
    if (out[i] != ref[i]) {
      printf("FAIL: entry %d: device %llu host %llu\n", i, out[i], ref[i]);
      return 1;
    }
  printf("PASS\n");
  return 0;
}
