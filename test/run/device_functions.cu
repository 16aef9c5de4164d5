// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// A kernel calling several __device__ functions: one calling another, a static
// one, an inline one, one with a loop and an early return, one returning bool,
// and one taking a pointer. The reference is written out separately in plain
// C++ on the host.
#include <cstdio>
#include <vector>

static __device__ int clampInt(int v, int lo, int hi) {
  if (v < lo)
    return lo;
  if (v > hi)
    return hi;
  return v;
}

// Bounded Collatz: number of steps to reach 1, or -1 if more than limit.
__device__ int collatzSteps(long long v, int limit) {
  int steps = 0;
  while (v != 1) {
    if (steps >= limit)
      return -1;
    if (v % 2 == 0)
      v = v / 2;
    else
      v = 3 * v + 1;
    ++steps;
  }
  return steps;
}

__device__ unsigned gcdU(unsigned a, unsigned b) {
  while (b != 0) {
    unsigned t = a % b;
    a = b;
    b = t;
  }
  return a;
}

__device__ bool isPrime(int v) {
  if (v < 2)
    return false;
  for (int d = 2; d * d <= v; ++d)
    if (v % d == 0)
      return false;
  return true;
}

__device__ inline int square(int v) { return v * v; }

// Calls other device functions.
__device__ int combine(int v) {
  int c = collatzSteps(v, 150);
  unsigned g = gcdU((unsigned)v, 360u);
  int r = clampInt(c, 0, 100) * 1000 + (int)g;
  if (isPrime(v))
    r = -r;
  return r + square(v % 10);
}

__device__ void sumTo(const int *src, int count, int *dst) {
  int s = 0;
  for (int k = 0; k < count; ++k)
    s += src[k];
  *dst = s;
}

__global__ void apply(const int *in, int *out, int *pairSum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = combine(in[i]);
  int cnt = (i + 3 < n) ? 3 : n - i;
  sumTo(in + i, cnt, &pairSum[i]);
}

// ---------------- host reference ----------------
static int hClamp(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }
static int hCollatz(long long v, int limit) {
  int steps = 0;
  while (v != 1) {
    if (steps >= limit)
      return -1;
    v = (v % 2 == 0) ? v / 2 : 3 * v + 1;
    ++steps;
  }
  return steps;
}
static unsigned hGcd(unsigned a, unsigned b) {
  while (b) {
    unsigned t = a % b;
    a = b;
    b = t;
  }
  return a;
}
static bool hPrime(int v) {
  if (v < 2)
    return false;
  for (int d = 2; d * d <= v; ++d)
    if (v % d == 0)
      return false;
  return true;
}
static int hCombine(int v) {
  int r = hClamp(hCollatz(v, 150), 0, 100) * 1000 + (int)hGcd((unsigned)v, 360u);
  if (hPrime(v))
    r = -r;
  return r + (v % 10) * (v % 10);
}

static bool ok(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
    return false;
  }
  return true;
}

int main() {
  const int n = 3001;
  std::vector<int> in(n), out(n), ps(n);
  for (int i = 0; i < n; ++i)
    in[i] = 1 + (i * 37) % 2000;
  int *din, *dout, *dps;
  if (!ok(cudaMalloc(&din, n * sizeof(int)), "malloc") ||
      !ok(cudaMalloc(&dout, n * sizeof(int)), "malloc") ||
      !ok(cudaMalloc(&dps, n * sizeof(int)), "malloc"))
    return 1;
  cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  apply<<<(n + 63) / 64, 64>>>(din, dout, dps, n);
  if (!ok(cudaGetLastError(), "launch")) return 1;
  if (!ok(cudaDeviceSynchronize(), "sync")) return 1;
  cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(ps.data(), dps, n * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    int ref = hCombine(in[i]);
    if (out[i] != ref) {
      printf("FAIL: out[%d] (in %d) = %d, expected %d\n", i, in[i], out[i], ref);
      return 1;
    }
    int s = 0;
    for (int k = i; k < i + 3 && k < n; ++k)
      s += in[k];
    if (ps[i] != s) {
      printf("FAIL: pairSum[%d] = %d, expected %d\n", i, ps[i], s);
      return 1;
    }
  }
  cudaFree(din); cudaFree(dout); cudaFree(dps);
  printf("PASS\n");
  return 0;
}
