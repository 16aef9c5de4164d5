// RUN: %cucpu --cuda-gpu-arch=sm_80 %s -o %t
// RUN: env CUCPU_CUDA_DRIVER=%t.missing-libcuda.so %t 2>&1 | FileCheck %s

// A program built for the GPU links without a CUDA installation (the driver
// is opened at run time). Where the driver cannot be loaded it says so once,
// and every call that needs the device reports cudaErrorInsufficientDriver,
// as CUDA's runtime does, so that the program's own error handling runs.

#include <cstdio>

__global__ void scale(float *x, float f) { x[threadIdx.x] *= f; }

int main() {
  int count = -1;
  cudaError_t err = cudaGetDeviceCount(&count);
  // CHECK: cucpu: this program was compiled for an NVIDIA GPU (--cuda-gpu-arch), but cannot load the CUDA driver
  // CHECK: device count: 0 (cudaErrorInsufficientDriver)
  printf("device count: %d (%s)\n", count, cudaGetErrorName(err));
  float *x = nullptr;
  err = cudaMalloc(&x, 64 * sizeof(float));
  // CHECK-NEXT: cudaMalloc: cudaErrorInsufficientDriver, null
  printf("cudaMalloc: %s, %s\n", cudaGetErrorName(err), x ? "set" : "null");
  scale<<<1, 64>>>(x, 2.0f);
  // CHECK-NEXT: launch: cudaErrorInsufficientDriver
  printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
  // CHECK-NEXT: last error cleared: cudaSuccess
  printf("last error cleared: %s\n", cudaGetErrorName(cudaGetLastError()));
  // CHECK-NOT: cucpu: this program was compiled
  return 0;
}
