// Rounding to integer types in device code (lroundf, lrintf, llround,
// llrint and the rest: the C library's are host functions), and CUDA's
// rsqrtf, rsqrt and norm3df called from host code, as nvcc accepts them
// (HeCBench resize, bm3d, softmax-fused).
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cmath>
#include <cstdio>

__global__ void roundAll(const float *x, const double *y, long long *out) {
  int i = threadIdx.x;
  out[8 * i + 0] = lroundf(x[i]);
  out[8 * i + 1] = lrintf(x[i]);
  out[8 * i + 2] = llroundf(x[i]);
  out[8 * i + 3] = llrintf(x[i]);
  out[8 * i + 4] = lround(y[i]);
  out[8 * i + 5] = lrint(y[i]);
  out[8 * i + 6] = llround(y[i]);
  out[8 * i + 7] = llrint(y[i]);
}

int main() {
  const int n = 8;
  float x[n] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, 3.49f, -7.51f, 1e9f};
  double y[n] = {0.5, 1.5, 2.5, -0.5, -2.5, 4.5000001, -3.75, 5e12};
  float *dx;
  double *dy;
  long long *dout, out[8 * n];
  cudaMalloc(&dx, sizeof x);
  cudaMalloc(&dy, sizeof y);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y, sizeof y, cudaMemcpyHostToDevice);
  roundAll<<<1, n>>>(dx, dy, dout);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    long long want[8] = {std::lround(x[i]), std::lrint(x[i]),
                         std::llround(x[i]), std::llrint(x[i]),
                         std::lround(y[i]), std::lrint(y[i]),
                         std::llround(y[i]), std::llrint(y[i])};
    for (int j = 0; j < 8; ++j)
      if (out[8 * i + j] != want[j] && bad++ < 5)
        printf("out[%d][%d] = %lld, want %lld\n", i, j, out[8 * i + j],
               want[j]);
  }
  // Host code.
  float r = rsqrtf(16.0f);
  double rd = rsqrt(0.25);
  float norm = norm3df(2.0f, 3.0f, 6.0f);
  if (r != 0.25f || rd != 2.0 || norm != 7.0f) {
    printf("host: rsqrtf %g rsqrt %g norm3df %g\n", r, rd, norm);
    ++bad;
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
}
