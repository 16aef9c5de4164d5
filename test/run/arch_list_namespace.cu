// RUN: %cucpu -O2 -arch=sm_60 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O2 -gencode arch=compute_70,code=sm_70 -gencode arch=compute_80,code=sm_80 %s -o %t2 && %t2 | FileCheck %s
// RUN: %cucpu -O2 %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// Libraries name their namespaces after __CUDA_ARCH_LIST__ (CUB's
// CUB_101702_600_NS), so a kernel's name depends on it: the host side,
// which launches the kernel by name, must see the same list as the device
// side. With -arch=sm_60 the host side once kept clang's default (520),
// every launch of such a kernel failed with cudaErrorInvalidDeviceFunction,
// and CUB's DeviceReduce left its output unwritten.
#include <cstdio>

#define CUCPU_TEST_CAT(a, b) a##b
#define CUCPU_TEST_NS(list) CUCPU_TEST_CAT(arch_, list)

namespace CUCPU_TEST_NS(__CUDA_ARCH_LIST__) {
__global__ void answer(int *out) { *out = 42; }
} // namespace

int main() {
  int *out;
  cudaMallocManaged(&out, sizeof(int));
  *out = 0;
  CUCPU_TEST_NS(__CUDA_ARCH_LIST__)::answer<<<1, 1>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess)
    err = cudaGetLastError();
  if (err != cudaSuccess || *out != 42) {
    printf("FAIL: %s, %d\n", cudaGetErrorString(err), *out);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
