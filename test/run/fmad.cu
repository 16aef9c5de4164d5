// RUN: %cucpu -O2 %s -o %t && %t fused | FileCheck %s
// RUN: %cucpu -O2 --fmad=false %s -o %t-exact && %t-exact exact | FileCheck %s
// RUN: %cucpu -O2 -ffp-contract=off %s -o %t-off && %t-off exact | FileCheck %s
// RUN: %cucpu -O2 --use_fast_math %s -o %t-fast && %t-fast fused | FileCheck %s
// CHECK: PASS

// Multiply-add contraction: by default device code may compute `a * b + c`
// as one FMA, rounded once, as nvcc does (--fmad=true); --fmad=false keeps
// both roundings, and __fmul_rn/__fadd_rn are never fused (nor under
// --use_fast_math). The inputs make
// the two results differ: a * b = 1 + 2^-11 + 2^-24 rounds to 1 + 2^-11, so
// the unfused result is 0 and the fused one 2^-24 (times a power of two).

#include <cmath>
#include <cstdio>
#include <cstring>

__global__ void multiplyAdd(const float *a, const float *b, const float *c,
                            float *fused, float *rounded, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  fused[i] = a[i] * b[i] + c[i];
  rounded[i] = __fadd_rn(__fmul_rn(a[i], b[i]), c[i]);
}

// Contraction is allowed, not required: without an FMA instruction the CPU
// code multiplies and adds.
static bool cpuHasFma() {
#ifdef __CUDA_ARCH__
  return false; // not compiled for the device
#else
  __builtin_cpu_init();
  return __builtin_cpu_supports("fma");
#endif
}

int main(int argc, char **argv) {
  if (argc != 2 || (strcmp(argv[1], "fused") && strcmp(argv[1], "exact"))) {
    fprintf(stderr, "usage: %s fused|exact\n", argv[0]);
    return 2;
  }
  bool expectFused = !strcmp(argv[1], "fused") && cpuHasFma();

  const int n = 1000;
  float a[n], b[n], c[n], fused[n], rounded[n];
  for (int i = 0; i < n; ++i) {
    int scale = i % 9 - 4; // powers of two keep the roundings' pattern
    a[i] = ldexpf(1.0f + ldexpf(1.0f, -12), scale);
    b[i] = 1.0f + ldexpf(1.0f, -12);
    c[i] = -ldexpf(1.0f + ldexpf(1.0f, -11), scale);
  }
  float *dA, *dB, *dC, *dFused, *dRounded;
  cudaMalloc(&dA, sizeof a);
  cudaMalloc(&dB, sizeof b);
  cudaMalloc(&dC, sizeof c);
  cudaMalloc(&dFused, sizeof fused);
  cudaMalloc(&dRounded, sizeof rounded);
  cudaMemcpy(dA, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, b, sizeof b, cudaMemcpyHostToDevice);
  cudaMemcpy(dC, c, sizeof c, cudaMemcpyHostToDevice);
  multiplyAdd<<<(n + 127) / 128, 128>>>(dA, dB, dC, dFused, dRounded, n);
  cudaMemcpy(fused, dFused, sizeof fused, cudaMemcpyDeviceToHost);
  cudaMemcpy(rounded, dRounded, sizeof rounded, cudaMemcpyDeviceToHost);

  int bad = 0, differ = 0;
  for (int i = 0; i < n; ++i) {
    volatile float product = a[i] * b[i];
    float once = fmaf(a[i], b[i], c[i]);
    float twice = product + c[i];
    differ += once != twice;
    float want = expectFused ? once : twice;
    if (fused[i] != want || rounded[i] != twice) {
      if (++bad <= 5)
        printf("element %d: %a (want %a), rounded %a (want %a)\n", i,
               fused[i], want, rounded[i], twice);
    }
  }
  if (differ != n) {
    printf("FAIL: the inputs do not tell fused from unfused (%d of %d)\n",
           differ, n);
    return 1;
  }
  printf(bad ? "FAIL: %d elements\n" : "PASS\n", bad);
  return bad != 0;
}
