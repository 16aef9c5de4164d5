// <cuda.h> brings <stdint.h>, as NVIDIA's does (its cuuint64_t is stdint's):
// programs use uint64_t after including only <cuda.h> (HeCBench merkle).
// RUN: %cucpu -O1 %s -o %t && %t | FileCheck %s
// CHECK: 18446744069414584321 PASS
#include <cuda.h>

inline constexpr uint64_t kPrime =
    ((((uint64_t)1 << 63) - ((uint64_t)1 << 31)) << 1) + 1;

__global__ void square(uint64_t *v) {
  v[threadIdx.x] = (uint32_t)v[threadIdx.x] * (uint64_t)2;
}

int main() {
  uint64_t *d, h[2] = {3, 4};
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  square<<<1, 2>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cuuint64_t p = kPrime;
  printf("%llu %s\n", (unsigned long long)p,
         h[0] == 6 && h[1] == 8 ? "PASS" : "FAIL");
}
