// RUN: %S/Inputs/every-switch.sh %cucpu %s %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 29 configurations

// Divisions and remainders by divisors that are zero (or -1 with the
// smallest int) for some threads, each under the guard that keeps those
// threads from running it: an if, ?:, &&, a loop that does not run, a
// guard on the block, and through a device function. Computed for every
// thread (MLIR takes arith.remsi for pure, so an if of it became a select),
// x % 0 traps with SIGFPE on x86. Checked against the same code on the host
// at every level and with each optimization off.

#include <climits>
#include <cstdio>

__host__ __device__ int remainderOr(int x, int d, int fallback) {
  return d != 0 ? x % d : fallback;
}

__host__ __device__ void compute(int t, int b, int n, int *out) {
  int d = t % 7 - 3;      // 0 for some threads, -1 for others
  unsigned u = t & 3;     // 0 for every fourth thread
  int big = t % 5 == 0 ? INT_MIN : t * 11;
  int r = -1;
  if (d != 0)
    r = (t * 13) % d;
  out[0] = r;
  out[1] = u != 0 ? (unsigned)(t * 29) / u : 7u;
  out[2] = (d != 0 && (t * 5) % d == 1) ? 1 : 0;
  out[3] = remainderOr(t + 100, d, -2);
  int s = 0;
  for (int k = 0; k < (int)u; ++k) // No iteration where u is 0.
    s += (t + k) / (int)u;
  out[4] = s;
  out[5] = 0;
  if (d != 0)
    if (d != -1)
      out[5] = big / d;
  out[6] = (d != -1 && d != 0) ? big % d : 5;
  out[7] = b % 2 == 1 && n % (b + 1) != 0 ? n / (b + 1) : -3;
}

__global__ void kernel(int *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    compute(t, blockIdx.x, n, out + t * 8);
}

int main() {
  const int n = 3 * 64 + 17;
  int *out;
  cudaMallocManaged(&out, n * 8 * sizeof(int));
  kernel<<<(n + 63) / 64, 64>>>(out, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: the kernel failed\n");
    return 1;
  }
  int bad = 0;
  for (int t = 0; t < n; ++t) {
    int want[8];
    compute(t, t / 64, n, want);
    for (int j = 0; j < 8; ++j)
      if (out[t * 8 + j] != want[j] && bad++ < 5)
        printf("thread %d output %d: %d, want %d\n", t, j, out[t * 8 + j],
               want[j]);
  }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
