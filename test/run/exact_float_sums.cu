// RUN: %cucpu -O2 -Rpass=cucpu %s -o %t 2> %t.remarks && %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %cucpu -O2 -fno-cucpu-exact-float-sums %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-exact-float-sums -Rpass=cucpu %s -o %t1 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// CHECK: PASS
// REMARK: exact_float_sums.cu:[[@LINE+17]]:{{[0-9]+}}: remark: cucpu: in-order float sum versioned
// OFF-NOT: float sum versioned

// Each thread sums the whole array in order, as the paper's normalize does.
// Where no addition can round (quarters, small integers, their negatives)
// cucpu adds in any order; where some would (0.1f, a large first element
// that absorbs the ones after it, an overflow to infinity, a NaN) the
// in-order loop must run. Every result is compared bit for bit with the
// host's in-order sum (NaNs only as NaNs).

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

__global__ void sumAll(const float *a, int n, float *out) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += a[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

static float hostSum(const std::vector<float> &a) {
  float s = 0.0f;
  for (float x : a)
    s += x;
  return s;
}

static bool check(const char *name, const std::vector<float> &a) {
  int n = (int)a.size();
  const int blocks = 3, threads = 32;
  float *da, *dout;
  cudaMalloc(&da, (n ? n : 1) * sizeof(float));
  cudaMalloc(&dout, blocks * threads * sizeof(float));
  cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  sumAll<<<blocks, threads>>>(da, n, dout);
  std::vector<float> out(blocks * threads);
  cudaMemcpy(out.data(), dout, out.size() * sizeof(float),
             cudaMemcpyDeviceToHost);
  cudaFree(da);
  cudaFree(dout);
  float want = hostSum(a);
  // A NaN's sign and payload are the processor's (x86 makes inf - inf a
  // negative NaN, an NVIDIA GPU a positive one): any NaN matches a NaN.
  for (float got : out)
    if (!(std::isnan(got) && std::isnan(want)) &&
        std::memcmp(&got, &want, sizeof got) != 0) {
      printf("FAIL %s: got %a, want %a\n", name, got, want);
      return false;
    }
  return true;
}

int main() {
  bool ok = true;
  std::vector<float> a;
  // Quarters: every partial sum exact, added in any order.
  for (int i = 0; i < 100000; ++i)
    a.push_back(0.25f * (float)(1 + (i * 7) % 4));
  ok &= check("quarters", a);
  // Integers of both signs, cancelling to a small total.
  a.clear();
  for (int i = 0; i < 50001; ++i)
    a.push_back((float)((i % 2 ? -1 : 1) * (i % 1000)));
  ok &= check("integers", a);
  // 0.1f is not a multiple of a grid the sum allows: rounds in order.
  a.assign(30000, 0.1f);
  ok &= check("tenths", a);
  // 2^24 first: each 1.0 after it rounds away in order.
  a.assign(5000, 1.0f);
  a[0] = 16777216.0f;
  ok &= check("absorbed", a);
  // Exactly at the limit: 2^24 - 1 ones and halves sum without rounding
  // until the last half, which rounds.
  a.assign(1 << 12, 4096.0f);
  a.push_back(0.5f);
  ok &= check("limit", a);
  // Overflow to infinity, infinities of both signs, a NaN.
  a.assign(10, 3.0e38f);
  ok &= check("overflow", a);
  a = {1.0f, INFINITY, 2.0f, -INFINITY};
  ok &= check("infinities", a);
  a = {1.0f, NAN, 2.0f};
  ok &= check("nan", a);
  // Signed zeros and an empty array.
  a = {-0.0f, -0.0f};
  ok &= check("negative zeros", a);
  a.clear();
  ok &= check("empty", a);
  // Subnormals: multiples of the smallest float.
  a.assign(1000, 1.0e-45f);
  ok &= check("subnormals", a);
  if (ok)
    printf("PASS\n");
  return ok ? 0 : 1;
}
