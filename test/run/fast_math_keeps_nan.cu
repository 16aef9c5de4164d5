// RUN: %cucpu -O3 --use_fast_math %s -o %t && timeout 120 %t | FileCheck %s
// RUN: %cucpu -O2 %s -o %t2 && timeout 120 %t2 | FileCheck %s
// CHECK: PASS

// Under nvcc's --use_fast_math a NaN is still a NaN: math is approximate,
// not undefined. A fixed-point iteration that stops when its change gets
// small (as a cooling-rate solver does) must still stop after its 20
// iterations when the change is NaN (the power of a negative temperature),
// and give NaN there and the converged value elsewhere. With LLVM's "no
// NaNs" flag the comparison was poison and the loop never ended.

#include <cmath>
#include <cstdio>

__device__ double solve(double density, double temperature) {
  double rate = pow(temperature, -0.6353);
  double electrons = density, previous, change = 1.0;
  for (int i = 0; i < 20; i++) {
    previous = electrons;
    electrons = density * rate / (rate + 1.0 / electrons);
    change = fabs(previous - electrons);
    if (change < 1e-6)
      break;
  }
  return electrons;
}

__global__ void solveAll(const double *temperature, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = solve(0.0899, temperature[i]);
}

int main() {
  const int n = 100;
  double *temperature, *out;
  cudaMallocManaged(&temperature, n * sizeof(double));
  cudaMallocManaged(&out, n * sizeof(double));
  for (int i = 0; i < n; i++)
    temperature[i] = -275.0 + i * 550.0 / n;
  solveAll<<<1, 128>>>(temperature, out, n);
  cudaDeviceSynchronize();
  int failures = 0;
  for (int i = 0; i < n; i++) {
    // Negative temperatures give NaN; zero gives an infinite rate.
    bool nan = std::isnan(out[i]);
    bool wantNaN = temperature[i] < 0 || temperature[i] == 0;
    if (nan != wantNaN && failures++ < 5)
      printf("temperature %g: %g\n", temperature[i], out[i]);
  }
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
