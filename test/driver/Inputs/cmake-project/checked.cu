// Scales an array on the device and compares with the host's result.
#include "sample.h"
#include <cstdio>

__global__ void scale(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] *= SAMPLE_SCALE;
}

int main() {
  const int n = 1000;
  int h[n], r[n];
  for (int i = 0; i < n; ++i)
    h[i] = i - 500;
  int *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  scale<<<(n + 127) / 128, 128>>>(d, n);
  cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && r[i] == h[i] * SAMPLE_SCALE;
  printf("%s %s\n", greeting(), ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
