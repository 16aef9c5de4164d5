// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Namespaces and linkage in device code: nested namespaces (both spellings),
// functions with the same name in different namespaces, an anonymous
// namespace, static and inline __device__ functions, __forceinline__ and
// __noinline__, namespace aliases, using-declarations and using-directives,
// static member functions, device variables inside namespaces, and a
// kernel declared inside a namespace.

#include <cstdio>

namespace geo {
__device__ int id(int x) { return x + 1; }
namespace detail {
__device__ int id(int x) { return x + 2; }
}
__device__ int combined(int x) { return id(x) * 10 + detail::id(x); }
__device__ int table[4] = {3, 1, 4, 1};
} // namespace geo

namespace algo::inner {
__device__ __forceinline__ int twice(int x) { return 2 * x; }
__device__ __noinline__ int thrice(int x) { return 3 * x; }
} // namespace algo::inner

namespace {
__device__ int hidden(int x) { return x * x - 1; }
__device__ int anonCounter = 17;
} // namespace

static __device__ int staticHelper(int x) { return x ^ 0x55; }
static inline __device__ int staticInline(int x) { return x - 7; }
inline __device__ int plainInline(int x) { return x % 11; }
__device__ inline int id(int x) { return x; }     // global-namespace id

struct Util {
  static __device__ int cube(int x) { return x * x * x; }
  static constexpr int kOffset = 40;
};

namespace ai = algo::inner;

namespace kernels {
__global__ void run(int *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int *o = out + t * 8;
  o[0] = geo::combined(t) + ::id(t) * 1000;
  o[1] = ai::twice(t) + algo::inner::thrice(t);
  {
    using geo::detail::id;  // block-scope using-declaration hides ::id
    o[2] = id(t * 2);
  }
  o[3] = hidden(t) + anonCounter;
  o[4] = staticHelper(t) + staticInline(t) + plainInline(t);
  using geo::table;
  o[5] = table[t % 4] * 100 + Util::cube(t % 13) + Util::kOffset;
  o[6] = geo::detail::id(geo::id(::id(t)));
  using namespace geo;     // using-directive makes detail:: visible
  o[7] = [](int v) { return geo::id(v); }(t) + detail::id(0) * 1000;
}
} // namespace kernels

int main() {
  const int n = 256;
  int *dout;
  cudaMalloc(&dout, n * 8 * sizeof(int));
  kernels::run<<<n / 64, 64>>>(dout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static int out[n * 8];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  const int table[4] = {3, 1, 4, 1};
  for (int t = 0; t < n; ++t) {
    int ref[8];
    ref[0] = (t + 1) * 10 + (t + 2) + t * 1000;
    ref[1] = 5 * t;
    ref[2] = 2 * t + 2;
    ref[3] = t * t - 1 + 17;
    ref[4] = (t ^ 0x55) + (t - 7) + t % 11;
    ref[5] = table[t % 4] * 100 + (t % 13) * (t % 13) * (t % 13) + 40;
    ref[6] = t + 3;
    ref[7] = t + 1 + 2000;
    for (int k = 0; k < 8; ++k)
      if (out[t * 8 + k] != ref[k]) {
        printf("FAIL: t=%d field %d: got %d expected %d\n", t, k, out[t * 8 + k], ref[k]);
        return 1;
      }
  }
  printf("PASS\n");
  return 0;
}
