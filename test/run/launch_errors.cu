// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s

// A program that makes bad launches and bad calls on purpose, checks the
// error codes CUDA gives them (reported by the launch through
// cudaGetLastError / cudaPeekAtLastError, cleared once read, never sticky),
// and goes on: a good launch afterwards computes the right result.

#include <cstdio>

__global__ void fill(int *out, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = value + i;
}

__global__ void reverseShared(const int *in, int *out, int n) {
  extern __shared__ int buffer[];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  buffer[t] = i < n ? in[i] : -1;
  __syncthreads();
  int j = blockIdx.x * blockDim.x + (blockDim.x - 1 - t);
  if (j < n)
    out[j] = buffer[t];
}

static int failures = 0;

static void expect(const char *what, cudaError_t got, cudaError_t want) {
  printf("%s: %s\n", what, cudaGetErrorName(got));
  if (got != want) {
    printf("FAIL: %s: expected %s\n", what, cudaGetErrorName(want));
    ++failures;
  }
}

int main() {
  const int n = 1000;
  int *d, *e;
  cudaMalloc(&d, n * sizeof(int));
  cudaMalloc(&e, n * sizeof(int));
  cudaMemset(d, 0, n * sizeof(int));

  // CHECK: 1025 threads: cudaErrorInvalidConfiguration
  fill<<<1, 1025>>>(d, n, 1);
  expect("1025 threads", cudaGetLastError(), cudaErrorInvalidConfiguration);
  // CHECK-NEXT: cleared: cudaSuccess
  expect("cleared", cudaGetLastError(), cudaSuccess);
  // CHECK-NEXT: 32x33 threads: cudaErrorInvalidConfiguration
  fill<<<1, dim3(32, 33)>>>(d, n, 1);
  expect("32x33 threads", cudaPeekAtLastError(), cudaErrorInvalidConfiguration);
  // CHECK-NEXT: peeked again: cudaErrorInvalidConfiguration
  expect("peeked again", cudaGetLastError(), cudaErrorInvalidConfiguration);
  // CHECK-NEXT: block z 65: cudaErrorInvalidConfiguration
  fill<<<1, dim3(1, 1, 65)>>>(d, n, 1);
  expect("block z 65", cudaGetLastError(), cudaErrorInvalidConfiguration);
  // CHECK-NEXT: grid y 65536: cudaErrorInvalidConfiguration
  fill<<<dim3(1, 65536), 32>>>(d, n, 1);
  expect("grid y 65536", cudaGetLastError(), cudaErrorInvalidConfiguration);
  // CHECK-NEXT: empty grid: cudaErrorInvalidConfiguration
  fill<<<0, 32>>>(d, n, 1);
  expect("empty grid", cudaGetLastError(), cudaErrorInvalidConfiguration);
  // CHECK-NEXT: 64 KiB shared: cudaErrorInvalidValue
  reverseShared<<<4, 256, 64 * 1024>>>(d, e, n);
  expect("64 KiB shared", cudaGetLastError(), cudaErrorInvalidValue);
  // CHECK-NEXT: bad stream: cudaErrorInvalidResourceHandle
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaStreamDestroy(s);
  fill<<<1, 32, 0, s>>>(d, n, 1);
  expect("bad stream", cudaGetLastError(), cudaErrorInvalidResourceHandle);
  // CHECK-NEXT: not a kernel: cudaErrorInvalidDeviceFunction
  void *args[] = {&d};
  expect("not a kernel",
         cudaLaunchKernel((const void *)&expect, dim3(1), dim3(1), args, 0, 0),
         cudaErrorInvalidDeviceFunction);
  cudaGetLastError();
  // None of these is sticky: the device is fine.
  // CHECK-NEXT: synchronize: cudaSuccess
  expect("synchronize", cudaDeviceSynchronize(), cudaSuccess);

  // Other calls with bad arguments.
  int host[4];
  // CHECK-NEXT: bad direction: cudaErrorInvalidMemcpyDirection
  expect("bad direction",
         cudaMemcpy(host, d, sizeof host, (cudaMemcpyKind)42),
         cudaErrorInvalidMemcpyDirection);
  // CHECK-NEXT: past the end: cudaErrorInvalidValue
  expect("past the end",
         cudaMemcpy(host, d + n - 2, sizeof host, cudaMemcpyDeviceToHost),
         cudaErrorInvalidValue);
  // CHECK-NEXT: double free: cudaErrorInvalidValue
  int *tmp;
  cudaMalloc(&tmp, 16);
  cudaFree(tmp);
  expect("double free", cudaFree(tmp), cudaErrorInvalidValue);
  // CHECK-NEXT: device 7: cudaErrorInvalidDevice
  expect("device 7", cudaSetDevice(7), cudaErrorInvalidDevice);
  // CHECK-NEXT: last of them: cudaErrorInvalidDevice
  expect("last of them", cudaGetLastError(), cudaErrorInvalidDevice);

  // A kernel may opt in to more shared memory, then the launch works.
  // CHECK-NEXT: opt in: cudaSuccess
  expect("opt in",
         cudaFuncSetAttribute(reverseShared,
                              cudaFuncAttributeMaxDynamicSharedMemorySize,
                              64 * 1024),
         cudaSuccess);
  fill<<<(n + 255) / 256, 256>>>(d, n, 5);
  reverseShared<<<(n + 255) / 256, 256, 64 * 1024>>>(d, e, n);
  // CHECK-NEXT: good launches: cudaSuccess
  expect("good launches", cudaGetLastError(), cudaSuccess);
  int out[n];
  cudaMemcpy(out, e, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    int block = i / 256, t = i % 256;
    int source = block * 256 + (255 - t);
    int expected = source < n ? 5 + source : -1;
    if (out[i] != expected) {
      printf("FAIL: out[%d] = %d, expected %d\n", i, out[i], expected);
      return 1;
    }
  }
  cudaFree(d);
  cudaFree(e);
  if (failures)
    return 1;
  printf("PASS\n");
  return 0;
}
// CHECK-NOT: FAIL
// CHECK: PASS
