// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Bit-fields in device code: unsigned, signed, bool and enum fields, fields
// that straddle bytes, a 40-bit field, unnamed and zero-width ones; read,
// assigned, compound-assigned, incremented, initialized by constructors and
// braces, and exchanged with host code, which lays the struct out the same
// way. The same __host__ __device__ code computes the reference.

#include <cstdio>
#include <cstring>

enum Colour : unsigned char { Red, Green, Blue, Grey };

struct Packed {
  unsigned small : 3;
  unsigned straddle : 13; // bits 3..15
  int negative : 7;       // a signed field: values from -64 to 63
  bool flag : 1;
  unsigned : 0; // the next field starts a new unit
  unsigned long long wide : 40;
  Colour colour : 2;
  int : 3; // unnamed padding bits
  unsigned tail : 11;
};

struct WithConstructor {
  unsigned a : 5;
  int b : 9;
  unsigned c : 18;
  __host__ __device__ WithConstructor(unsigned x, int y)
      : a(x), b(y), c(x * 1000u) {}
};

__host__ __device__ long long work(Packed &p, int i) {
  p.small += 5; // wraps modulo 8
  p.straddle = p.straddle * 3 + i;
  p.negative -= i % 50; // wraps within 7 signed bits
  p.flag = !p.flag;
  p.wide += 0x123456789ull * (unsigned)i;
  p.colour = (Colour)((p.colour + 1) % 4);
  ++p.tail;
  int old = p.negative++;
  Packed q = {(unsigned)i, 8191u, -64, true, 1ull << 39, Blue, 2047u};
  WithConstructor w((unsigned)i, -(i % 256));
  long long sum = p.small + p.straddle * 10ll + p.negative * 100ll +
                  p.flag * 1000ll + (long long)(p.wide % 1000003) +
                  p.colour * 7ll + p.tail * 11ll + old;
  sum += q.small + q.straddle + q.negative + q.flag +
         (long long)(q.wide >> 30) + q.colour + q.tail;
  sum += w.a * 3ll + w.b * 5ll + w.c * 7ll;
  return sum;
}

// Device variables with bit-fields, initialized at compile time.
__device__ Packed initialized[2] = {
    {5, 4321, -13, true, 0xabcdef0123ull, Grey, 77},
    {0, 1, 63, false, 1, Green, 2047}};
static const Packed hostInitialized[2] = {
    {5, 4321, -13, true, 0xabcdef0123ull, Grey, 77},
    {0, 1, 63, false, 1, Green, 2047}};

__global__ void readInitialized(long long *out) {
  const Packed &p = initialized[threadIdx.x];
  out[threadIdx.x] = p.small + p.straddle * 10ll + p.negative * 100ll +
                     p.flag * 1000ll + (long long)(p.wide % 1000003) +
                     p.colour * 7ll + p.tail * 11ll;
}

__global__ void kernel(Packed *items, long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = work(items[i], i);
}

int main() {
  const int n = 300;
  static Packed items[n], reference[n];
  for (int i = 0; i < n; ++i) {
    Packed p;
    memset(&p, 0, sizeof p);
    p.small = i % 8;
    p.straddle = (unsigned)(i * 37) % 8192;
    p.negative = i % 128 - 64;
    p.flag = i % 3 == 0;
    p.wide = 0xfedcba9876ull - (unsigned long long)i * 977;
    p.colour = (Colour)(i % 4);
    p.tail = (unsigned)(i * 7) % 2048;
    items[i] = reference[i] = p;
  }
  Packed *ditems;
  long long *dout;
  cudaMalloc(&ditems, sizeof items);
  cudaMalloc(&dout, n * sizeof(long long));
  cudaMemcpy(ditems, items, sizeof items, cudaMemcpyHostToDevice);
  kernel<<<(n + 63) / 64, 64>>>(ditems, dout, n);
  static long long out[n];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(items, ditems, sizeof items, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    long long want = work(reference[i], i);
    if (out[i] != want) {
      printf("FAIL: out[%d] = %lld, expected %lld\n", i, out[i], want);
      return 1;
    }
    // The device's writes, seen by the host: every byte as the host's own.
    if (memcmp(&items[i], &reference[i], sizeof(Packed)) != 0) {
      printf("FAIL: item %d differs after the kernel\n", i);
      return 1;
    }
  }
  // The initialized device variables: their bytes as the host's, and their
  // fields as the device reads them.
  Packed copies[2];
  cudaMemcpyFromSymbol(copies, initialized, sizeof copies);
  long long sums[2], *dsums;
  cudaMalloc(&dsums, sizeof sums);
  readInitialized<<<1, 2>>>(dsums);
  cudaMemcpy(sums, dsums, sizeof sums, cudaMemcpyDeviceToHost);
  for (int k = 0; k < 2; ++k) {
    const Packed &p = hostInitialized[k];
    long long want = p.small + p.straddle * 10ll + p.negative * 100ll +
                     p.flag * 1000ll + (long long)(p.wide % 1000003) +
                     p.colour * 7ll + p.tail * 11ll;
    if (memcmp(&copies[k], &p, sizeof p) != 0 || sums[k] != want) {
      printf("FAIL: initialized[%d]: sum %lld, expected %lld\n", k, sums[k],
             want);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
