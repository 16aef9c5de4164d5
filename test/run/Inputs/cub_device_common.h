//===- cub_device_common.h - Shared by the CUB device-wide run tests ------===//
//
// Input written by a kernel on a created stream, a CHECK that counts
// failures, and the two-call temporary-storage idiom of CUB's device-wide
// algorithms.
//
//===----------------------------------------------------------------------===//

#include <cub/cub.cuh>
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

static int failures = 0;
#define CHECK(c, what) do { if (!(c)) { printf("FAIL %s\n", what); ++failures; } } while (0)

struct IsMultipleOf3 {
  __host__ __device__ bool operator()(int x) const { return x % 3 == 0; }
};

__global__ void fill(int *p, int n, int salt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = (int)((i * 2654435761u + salt) % 100003);
}

// The two-call idiom: ask for the temporary storage, allocate it, run.
template <class F> void run(F f, cudaStream_t s) {
  void *temp = nullptr;
  size_t bytes = 0;
  f(temp, bytes);
  cudaMallocAsync(&temp, bytes, s);
  f(temp, bytes);
  cudaFreeAsync(temp, s);
}

// n values in [0, 100003), written by `fill` on stream s, and the same
// values on the host.
struct Input {
  static const int n = 300000;
  cudaStream_t s;
  int *in, *out, *vals, *valsOut, *count;
  std::vector<int> h, o;
  Input() : h(n), o(n) {
    cudaStreamCreate(&s);
    cudaMalloc(&in, n * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    cudaMalloc(&vals, n * sizeof(int));
    cudaMalloc(&valsOut, n * sizeof(int));
    cudaMalloc(&count, sizeof(int));
    fill<<<(n + 255) / 256, 256, 0, s>>>(in, n, 17);
    for (int i = 0; i < n; ++i)
      h[i] = (int)((i * 2654435761u + 17) % 100003);
  }
  ~Input() { cudaStreamDestroy(s); }
};
