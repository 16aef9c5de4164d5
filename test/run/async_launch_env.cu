// RUN: %cucpu -O2 %s -o %t
// RUN: env CUCPU_ASYNC_LAUNCH=1 timeout 120 %t | FileCheck %s
// CHECK: released: 42
// CHECK: PASS

// Work on the legacy default stream with nothing ahead of it runs on the
// launching thread. A program whose kernel waits for the host after the
// launch needs the launch to return first: CUCPU_ASYNC_LAUNCH=1 keeps
// every operation on the stream's worker. Here the kernel spins until the
// host writes a flag after the launch; with the kernel run by the
// launching thread it would never return (timeout makes that a failure).
#include <cstdio>

__global__ void waitForHost(volatile int *flag, int *out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    while (*flag == 0) {
    }
    *out = *flag * 2;
  }
}

int main() {
  int *flag, *out;
  cudaMallocManaged(&flag, sizeof(int));
  cudaMallocManaged(&out, sizeof(int));
  *flag = 0;
  *out = 0;
  waitForHost<<<1, 32>>>(flag, out);
  *(volatile int *)flag = 21;
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("released: %d\n", *out);
  bool ok = err == cudaSuccess && *out == 42;
  std::printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
