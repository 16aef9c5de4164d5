// RUN: %cucpu -O2 -Rpass=cucpu %s -o %t 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t | FileCheck %s
// REMARK: remark: cucpu: thread loop of {{[0-9]+}} operations cut in {{[0-9]+}} to bound the compile time
// CHECK: PASS

// A kernel of a few thousand statements after an early return, with a
// branch on the thread index in the middle: BoundThreadLoopSize cuts its
// thread loop in pieces, and the values live at each cut (x, y, i and the
// branch's) must reach the next piece for every thread.

#include <cstdio>

#define STEP(k)                                                                \
  x = x * 3u + a[(i + (k)) & (n - 1)];                                               \
  y ^= x >> 3;
#define STEP10(k)                                                              \
  STEP(k) STEP(k + 1) STEP(k + 2) STEP(k + 3) STEP(k + 4) STEP(k + 5)          \
      STEP(k + 6) STEP(k + 7) STEP(k + 8) STEP(k + 9)
#define STEP100(k)                                                             \
  STEP10(k) STEP10(k + 10) STEP10(k + 20) STEP10(k + 30) STEP10(k + 40)        \
      STEP10(k + 50) STEP10(k + 60) STEP10(k + 70) STEP10(k + 80)              \
          STEP10(k + 90)
#define STEP1000(k)                                                            \
  STEP100(k) STEP100(k + 100) STEP100(k + 200) STEP100(k + 300)                \
      STEP100(k + 400) STEP100(k + 500) STEP100(k + 600) STEP100(k + 700)      \
          STEP100(k + 800) STEP100(k + 900)

#define BODY                                                                   \
  unsigned x = i, y = 7;                                                       \
  STEP1000(0)                                                                  \
  if (i % 3 == 1)                                                              \
    x += y;                                                                    \
  STEP1000(1000)                                                               \
  out[i] = x ^ y;

__global__ void longKernel(unsigned *out, const unsigned *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  BODY
}

static void reference(unsigned *out, const unsigned *a, int n, int i) {
  BODY
}

int main() {
  const int n = 1024;
  unsigned *a, *out;
  cudaMallocManaged(&a, n * sizeof(unsigned));
  cudaMallocManaged(&out, n * sizeof(unsigned));
  for (int i = 0; i < n; ++i)
    a[i] = i * 2654435761u;
  longKernel<<<(n + 127) / 128 + 1, 128>>>(out, a, n);
  cudaDeviceSynchronize();
  unsigned *expected = new unsigned[n];
  for (int i = 0; i < n; ++i)
    reference(expected, a, n, i);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != expected[i];
  printf("%s (%d wrong)\n", wrong ? "FAIL" : "PASS", wrong);
  return 0;
}
