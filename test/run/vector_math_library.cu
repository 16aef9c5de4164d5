// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O2 -fveclib=none %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Single-precision math over a block's threads, which the vectorizer turns
// into calls of the vector math library (libmvec on x86-64 Linux): the
// results must agree with the C library's to a few ulp (CUDA's own functions
// are within 1-4 ulp), for block sizes that leave a partial vector, and
// special values (0, negative, large, NaN) must stay what C++ gives.
#include <cmath>
#include <cstdio>
#include <vector>

__global__ void mathKernel(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    out[8 * i + 0] = expf(v);
    out[8 * i + 1] = logf(fabsf(v) + 0.5f);
    out[8 * i + 2] = sinf(v);
    out[8 * i + 3] = cosf(v);
    out[8 * i + 4] = powf(fabsf(v) + 0.25f, 1.5f);
    out[8 * i + 5] = exp2f(v * 0.5f);
    out[8 * i + 6] = log10f(fabsf(v) + 1.0f);
    out[8 * i + 7] = tanhf(v);
  }
}

static float reference(float v, int k) {
  switch (k) {
  case 0: return std::exp(v);
  case 1: return std::log(std::fabs(v) + 0.5f);
  case 2: return std::sin(v);
  case 3: return std::cos(v);
  case 4: return std::pow(std::fabs(v) + 0.25f, 1.5f);
  case 5: return std::exp2(v * 0.5f);
  case 6: return std::log10(std::fabs(v) + 1.0f);
  default: return std::tanh(v);
  }
}

// Whether `got` is within `ulps` units in the last place of `want` (or both
// are NaN, or both are the same infinity).
static bool close(float got, float want, float ulps) {
  if (std::isnan(want))
    return std::isnan(got);
  if (std::isinf(want))
    return got == want;
  float ulp = std::nextafter(std::fabs(want), INFINITY) - std::fabs(want);
  return std::fabs(got - want) <= ulps * ulp + 1e-30f;
}

int main() {
  const int n = 1000; // 3 blocks of 384 threads: the last block is partial
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i)
    x[i] = -20.0f + 40.0f * i / (n - 1) + 0.001f * (i % 7);
  x[0] = 0.0f;
  x[1] = -0.0f;
  x[2] = 88.5f; // expf overflows to infinity
  x[3] = NAN;
  x[4] = 1.0e4f; // sin/cos of a large argument

  float *dx, *dout;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dout, 8 * n * sizeof(float));
  cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  mathKernel<<<(n + 383) / 384, 384>>>(dx, dout, n);
  std::vector<float> out(8 * n);
  cudaMemcpy(out.data(), dout, 8 * n * sizeof(float), cudaMemcpyDeviceToHost);

  int bad = 0;
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 8; ++k) {
      float want = reference(x[i], k);
      if (!close(out[8 * i + k], want, 4.0f) && bad++ < 10)
        printf("mismatch: f%d(%a) = %a, want %a\n", k, x[i], out[8 * i + k],
               want);
    }
  cudaFree(dx);
  cudaFree(dout);
  printf(bad ? "FAIL (%d)\n" : "PASS\n", bad);
  return bad != 0;
}
