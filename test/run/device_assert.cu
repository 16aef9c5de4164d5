// RUN: %cucpu -O2 %s -o %t
// RUN: %t | FileCheck %s --check-prefix=PASSING
// RUN: not --crash %t fail 2>&1 | FileCheck %s --check-prefix=FAILING

// assert() in device code: nothing happens while it holds; when it fails the
// program prints the file, line, function, block and thread, as CUDA does,
// and stops.

#include <cassert>
#include <cstdio>
#include <cstring>

__global__ void checkPositive(const int *values, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  assert(values[i] > 0);
  out[i] = values[i] * 2;
}

int main(int argc, char **argv) {
  const int n = 100;
  int h[n];
  for (int i = 0; i < n; ++i)
    h[i] = i + 1;
  if (argc > 1 && strcmp(argv[1], "fail") == 0)
    h[77] = -5;
  int *d, *o;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&o, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  checkPositive<<<4, 32>>>(d, o, n);
  cudaDeviceSynchronize();
  int r[n];
  cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (r[i] != 2 * h[i]) {
      printf("FAIL: %d\n", i);
      return 1;
    }
  printf("PASS\n");
  return 0;
}

// PASSING: PASS
// FAILING: device_assert.cu:17: void checkPositive(const int *, int *, int): block: [2,0,0], thread: [13,0,0] Assertion `values[i] > 0` failed.
// FAILING-NOT: PASS
