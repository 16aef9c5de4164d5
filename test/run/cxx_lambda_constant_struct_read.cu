// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Two C++ forms of a top-k kernel: a device lambda that reads a constexpr
// local of the enclosing function without capturing it (it need not: the
// read is a constant), and a vector of four floats (clang's
// ext_vector_type, as the kernel's fp32x4) read from an array into a
// union's member (`wide.scalar = in[i];`), a copy of its bytes.
#include <cstdio>

struct Float4 {
  float x, y, z, w;
};
using Float4v = __attribute__((__ext_vector_type__(4))) float;

template <int Buckets>
__global__ void histogram(const Float4 *in, int *counts, int n) {
  constexpr int kBuckets = Buckets;
  auto bucketOf = [](float v) {
    int b = (int)v % kBuckets;
    return b < 0 ? b + kBuckets : b;
  };
  union {
    Float4v scalar;
    float lanes[4];
  } wide;
  const Float4v *vectors = reinterpret_cast<const Float4v *>(in);
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    wide.scalar = vectors[i];
    for (int j = 0; j < 4; ++j)
      atomicAdd(counts + bucketOf(wide.lanes[j]), 1);
  }
}

int main() {
  const int n = 1000, buckets = 7;
  Float4 *in;
  int *counts;
  cudaMallocManaged(&in, n * sizeof(Float4));
  cudaMallocManaged(&counts, buckets * sizeof(int));
  int expect[buckets] = {};
  for (int i = 0; i < n; ++i) {
    in[i] = {(float)i, (float)(3 * i), (float)(-i), (float)(i * i % 100)};
    float v[4] = {in[i].x, in[i].y, in[i].z, in[i].w};
    for (float f : v) {
      int b = (int)f % buckets;
      expect[b < 0 ? b + buckets : b]++;
    }
  }
  for (int b = 0; b < buckets; ++b)
    counts[b] = 0;
  histogram<buckets><<<1, 128>>>(in, counts, n);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int b = 0; b < buckets; ++b)
    if (counts[b] != expect[b]) {
      printf("FAIL bucket %d: %d, expected %d\n", b, counts[b], expect[b]);
      ++bad;
    }
  printf(bad ? "FAILED\n" : "PASS\n");
  return bad != 0;
}
