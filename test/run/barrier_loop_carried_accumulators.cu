// A loop that keeps accumulators in registers (a running mean over paths)
// around a device function that stores to __shared__ memory and loads it
// back at other addresses with no barrier. The lock-step pass gives that
// exchange a barrier after Mem2Reg made the accumulators SSA values of the
// loop; the barrier lowering carries them in per-thread slots. It used to
// stop with "a loop with __syncthreads that carries values" (HeCBench
// loopback, fpdc, langford, mcpr, tpacf).
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cmath>
#include <cstdio>
#define NT 64
#define MAXT 16
__device__ float sim(unsigned T, float s0, unsigned &z, float *path) {
  float s = s0;
  int base = threadIdx.x;
  for (unsigned t = 0; t < T; t++) {
    path[base] = s;
    base += NT;
    z = z * 1664525u + 1013904223u;
    s *= 1.0f + (z >> 8) * 1e-9f;
  }
  float sum = 0;
  for (unsigned t = 0; t < T; t++) {
    base -= NT;
    sum += fmaxf(path[base] - s, 0.f);
  }
  return sum;
}
__global__ void k(unsigned T, const unsigned *seeds, float *mean_out) {
  __shared__ float path[NT * MAXT];
  unsigned a = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned z = seeds[a];
  float mean = 0;
  for (unsigned i = 1; i <= 8; i++) {
    float r = sim(T, 1.0f, z, path);
    mean += (r - mean) / i;
  }
  mean_out[a] = mean;
}
int main() {
  const int B = 3, N = NT, T = 12;
  unsigned seeds[B * N];
  for (int i = 0; i < B * N; i++)
    seeds[i] = i * 7919u + 1;
  unsigned *ds;
  float *dm;
  cudaMalloc(&ds, sizeof seeds);
  cudaMalloc(&dm, B * N * sizeof(float));
  cudaMemcpy(ds, seeds, sizeof seeds, cudaMemcpyHostToDevice);
  k<<<B, N>>>(T, ds, dm);
  float m[B * N];
  cudaMemcpy(m, dm, sizeof m, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int a = 0; a < B * N; a++) {
    unsigned z = seeds[a];
    float mean = 0;
    for (unsigned i = 1; i <= 8; i++) {
      float path[MAXT];
      float s = 1.0f;
      for (int t = 0; t < T; t++) {
        path[t] = s;
        z = z * 1664525u + 1013904223u;
        s *= 1.0f + (z >> 8) * 1e-9f;
      }
      float sum = 0;
      for (int t = T - 1; t >= 0; t--)
        sum += fmaxf(path[t] - s, 0.f);
      mean += (sum - mean) / i;
    }
    if (fabsf(mean - m[a]) > 1e-4f * fmaxf(1.f, fabsf(mean))) {
      if (bad++ < 3)
        printf("%d: %g vs %g\n", a, m[a], mean);
    }
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
}
