// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// y = a*x + y in float (saxpy) and in double (daxpy).
#include <cmath>
#include <cstdio>
#include <vector>

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void daxpy(int n, double a, const double *x, double *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

static bool ok(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
    return false;
  }
  return true;
}

template <typename T> static bool close(T got, T ref, double tol) {
  double d = std::fabs((double)got - (double)ref);
  double m = std::fabs((double)ref);
  return d <= tol * (m > 1.0 ? m : 1.0);
}

int main() {
  const int n = 5003;
  const float fa = 2.5f;
  const double da = -1.75;
  std::vector<float> fx(n), fy(n), fref(n);
  std::vector<double> dx(n), dy(n), dref(n);
  for (int i = 0; i < n; ++i) {
    fx[i] = std::sin((float)i) * 10.0f;
    fy[i] = (float)(i % 13) - 6.0f + 0.1f * (float)i;
    dx[i] = std::cos((double)i) * 100.0 + 1e-3 * i;
    dy[i] = (double)(i % 29) * 0.3 - 2.0;
    fref[i] = fa * fx[i] + fy[i];
    dref[i] = da * dx[i] + dy[i];
  }
  float *dfx, *dfy;
  double *ddx, *ddy;
  if (!ok(cudaMalloc(&dfx, n * sizeof(float)), "malloc") ||
      !ok(cudaMalloc(&dfy, n * sizeof(float)), "malloc") ||
      !ok(cudaMalloc(&ddx, n * sizeof(double)), "malloc") ||
      !ok(cudaMalloc(&ddy, n * sizeof(double)), "malloc"))
    return 1;
  cudaMemcpy(dfx, fx.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dfy, fy.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(ddx, dx.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(ddy, dy.data(), n * sizeof(double), cudaMemcpyHostToDevice);

  saxpy<<<(n + 127) / 128, 128>>>(n, fa, dfx, dfy);
  if (!ok(cudaGetLastError(), "launch saxpy")) return 1;
  daxpy<<<(n + 95) / 96, 96>>>(n, da, ddx, ddy);
  if (!ok(cudaGetLastError(), "launch daxpy")) return 1;
  if (!ok(cudaDeviceSynchronize(), "sync")) return 1;

  cudaMemcpy(fy.data(), dfy, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(dy.data(), ddy, n * sizeof(double), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    if (!close(fy[i], fref[i], 1e-5)) {
      printf("FAIL: saxpy y[%d] = %.9g, expected %.9g\n", i, fy[i], fref[i]);
      return 1;
    }
    if (!close(dy[i], dref[i], 1e-12)) {
      printf("FAIL: daxpy y[%d] = %.17g, expected %.17g\n", i, dy[i], dref[i]);
      return 1;
    }
  }
  cudaFree(dfx); cudaFree(dfy); cudaFree(ddx); cudaFree(ddy);
  printf("PASS\n");
  return 0;
}
