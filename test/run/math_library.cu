// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Math functions without an MLIR operation (they call the C library), and
// __ldg, against the host's results.

#include <cmath>
#include <cstdio>

__global__ void mathLib(const float *in, float *out, double *dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = __ldg(&in[i]);
  out[4 * i] = lgammaf(x);
  out[4 * i + 1] = tgammaf(x);
  out[4 * i + 2] = hypotf(x, 2.0f) + remainderf(x, 0.7f) + fdimf(x, 1.0f);
  int e;
  float m = frexpf(x, &e);
  out[4 * i + 3] = ldexpf(m, e + 1) + ilogbf(x) + logbf(x);
  double dx = x;
  double ip;
  dout[2 * i] = lgamma(dx) + hypot(dx, 3.0) + nextafter(dx, 10.0);
  dout[2 * i + 1] = modf(dx * 3.3, &ip) + ip + scalbn(dx, 3);
}

static bool close(double a, double b, double tol) {
  return std::fabs(a - b) <= tol * (1.0 + std::fabs(b));
}

int main() {
  const int n = 300;
  float in[n];
  for (int i = 0; i < n; ++i)
    in[i] = 0.05f + 0.03f * i;
  float *din, *dout;
  double *ddout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, 4 * n * sizeof(float));
  cudaMalloc(&ddout, 2 * n * sizeof(double));
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  mathLib<<<(n + 63) / 64, 64>>>(din, dout, ddout, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static float out[4 * n];
  static double dout2[2 * n];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(dout2, ddout, sizeof dout2, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    float x = in[i];
    int e;
    float m = std::frexp(x, &e);
    float expect[4] = {std::lgamma(x), std::tgamma(x),
                       std::hypot(x, 2.0f) + std::remainder(x, 0.7f) +
                           std::fdim(x, 1.0f),
                       std::ldexp(m, e + 1) + std::ilogb(x) + std::logb(x)};
    for (int k = 0; k < 4; ++k)
      if (!close(out[4 * i + k], expect[k], 1e-5)) {
        printf("FAIL: float %d.%d: %.9g vs %.9g\n", i, k, out[4 * i + k],
               expect[k]);
        return 1;
      }
    double dx = x, ip;
    double d0 = std::lgamma(dx) + std::hypot(dx, 3.0) + std::nextafter(dx, 10.0);
    double d1 = std::modf(dx * 3.3, &ip) + ip + std::scalbn(dx, 3);
    if (!close(dout2[2 * i], d0, 1e-12) || !close(dout2[2 * i + 1], d1, 1e-12)) {
      printf("FAIL: double %d\n", i);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
