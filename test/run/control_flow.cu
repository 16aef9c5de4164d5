// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Control flow in device code: for / while / do-while with break and
// continue, nested loops, early return from the kernel, the ternary operator,
// and short-circuit && / || guarding out-of-bounds accesses.
#include <cstdio>
#include <vector>

// The same body is compiled for the device and for the host reference: the
// kernel and the host loop call it with the same arguments.
#define BODY(i, n, a, b, out)                                                  \
  do {                                                                         \
    int acc = 0;                                                               \
    /* for with continue and break */                                          \
    for (int k = 0; k < 40; ++k) {                                             \
      if (k % 3 == 0)                                                          \
        continue;                                                              \
      if (k * a[i] > 500 || k > 30)                                            \
        break;                                                                 \
      acc += k;                                                                \
    }                                                                          \
    /* while with break and continue */                                        \
    int w = a[i];                                                              \
    int iter = 0;                                                              \
    while (true) {                                                             \
      ++iter;                                                                  \
      if (iter > 50)                                                           \
        break;                                                                 \
      if (w & 1) {                                                             \
        w = w * 3 + 1;                                                         \
        continue;                                                              \
      }                                                                        \
      w >>= 1;                                                                 \
      if (w <= 1)                                                              \
        break;                                                                 \
    }                                                                          \
    acc += iter * 7;                                                           \
    /* do-while runs at least once even when the condition is false */         \
    int d = 0;                                                                 \
    do {                                                                       \
      d += 2;                                                                  \
      if (d == 10)                                                             \
        continue;                                                              \
      acc ^= d;                                                                \
    } while (d < b[i]);                                                        \
    /* nested loops with break out of the inner one only */                    \
    for (int r = 0; r < 5; ++r) {                                              \
      for (int c = 0; c < 5; ++c) {                                            \
        if (c > r)                                                             \
          break;                                                               \
        if ((r + c + i) % 4 == 0)                                              \
          continue;                                                            \
        acc += r * c;                                                          \
      }                                                                        \
    }                                                                          \
    /* short-circuit guards: never read a[-1] or a[n] */                      \
    int left = (i > 0 && a[i - 1] > a[i]) ? 1 : 0;                             \
    int right = (i + 1 >= n || a[i + 1] < 0) ? 2 : 0;                          \
    int both = (i > 0 && i + 1 < n && a[i - 1] < a[i] && a[i] < a[i + 1]);     \
    bool notNeg = !(a[i] < 0);                                                 \
    acc += left + right + both * 4 + (notNeg ? 8 : -8);                        \
    /* nested ternary */                                                       \
    acc += a[i] > 50 ? 1000 : a[i] > 0 ? 100 : a[i] == 0 ? 10 : -1;           \
    out[i] = acc;                                                              \
  } while (0)

__global__ void kernel(const int *a, const int *b, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  // Early return for some elements leaves their output untouched.
  if (b[i] < 0)
    return;
  BODY(i, n, a, b, out);
}

// Loop whose trip count depends on the thread, with an early return from the
// middle of the loop.
__global__ void findFirst(const int *a, int n, int target, int *pos) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= 32)
    return;
  pos[t] = -1;
  for (int j = t; j < n; j += 32) {
    if (a[j] == target) {
      pos[t] = j;
      return;
    }
  }
  pos[t] = -2; // only reached when nothing was found
}

static bool ok(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
    return false;
  }
  return true;
}

int main() {
  const int n = 2011;
  std::vector<int> a(n), b(n), out(n), ref(n);
  for (int i = 0; i < n; ++i) {
    a[i] = (i * 31) % 121 - 20;
    b[i] = (i * 13) % 23 - 3; // some negative: early return
  }
  for (int i = 0; i < n; ++i) {
    ref[i] = -12345;
    if (b[i] < 0)
      continue;
    int *o = ref.data();
    const int *pa = a.data(), *pb = b.data();
    BODY(i, n, pa, pb, o);
  }
  int *da, *db, *dout, *dpos;
  if (!ok(cudaMalloc(&da, n * sizeof(int)), "malloc") ||
      !ok(cudaMalloc(&db, n * sizeof(int)), "malloc") ||
      !ok(cudaMalloc(&dout, n * sizeof(int)), "malloc") ||
      !ok(cudaMalloc(&dpos, 64 * sizeof(int)), "malloc"))
    return 1;
  cudaMemcpy(da, a.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  std::vector<int> init(n, -12345);
  cudaMemcpy(dout, init.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  kernel<<<(n + 99) / 100, 100>>>(da, db, dout, n);
  if (!ok(cudaGetLastError(), "launch kernel")) return 1;
  const int target = 57;
  findFirst<<<2, 20>>>(da, n, target, dpos);
  if (!ok(cudaGetLastError(), "launch findFirst")) return 1;
  if (!ok(cudaDeviceSynchronize(), "sync")) return 1;
  cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (out[i] != ref[i]) {
      printf("FAIL: out[%d] = %d, expected %d\n", i, out[i], ref[i]);
      return 1;
    }
  std::vector<int> pos(32);
  cudaMemcpy(pos.data(), dpos, 32 * sizeof(int), cudaMemcpyDeviceToHost);
  for (int t = 0; t < 32; ++t) {
    int r = -2;
    for (int j = t; j < n; j += 32)
      if (a[j] == target) {
        r = j;
        break;
      }
    if (pos[t] != r) {
      printf("FAIL: pos[%d] = %d, expected %d\n", t, pos[t], r);
      return 1;
    }
  }
  cudaFree(da); cudaFree(db); cudaFree(dout); cudaFree(dpos);
  printf("PASS\n");
  return 0;
}
