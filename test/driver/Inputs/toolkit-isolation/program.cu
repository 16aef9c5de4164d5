// A program written against NVIDIA's headers: it includes them by their
// public names and, like NVIDIA's widely copied helper_cuda.h, defines its
// error checks only when their include guards say the runtime's headers
// were seen.
#include <cuComplex.h>
#include <cooperative_groups.h>
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp16.hpp>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <device_launch_parameters.h>
#include <library_types.h>
#include <math_constants.h>
#include <nvToolsExt.h>
#include <nvtx3/nvtx3.hpp>
#include <vector_types.h>

#include <cstdio>

#ifdef __DRIVER_TYPES_H__
#define checkCudaErrors(call) check((call), #call, __LINE__)
static void check(cudaError_t result, const char *what, int line) {
  if (result != cudaSuccess) {
    printf("%s failed at line %d: %s\n", what, line, cudaGetErrorName(result));
    exit(1);
  }
}
#endif

#ifdef __CUDA_RUNTIME_H__
static int findCudaDevice() {
  int device = 0;
  checkCudaErrors(cudaSetDevice(device));
  return device;
}
#endif

namespace cg = cooperative_groups;

__global__ void scale(float *data, int n) {
  cg::thread_block block = cg::this_thread_block();
  int i = blockIdx.x * blockDim.x + block.thread_rank();
  if (i < n)
    data[i] = __half2float(__float2half(data[i])) * CUDART_PI_F;
}

int hostSide();

int main() {
  nvtx3::scoped_range range{"main"};
  nvtxRangePushA("setup");
  findCudaDevice();
  const int n = 64;
  float *data;
  checkCudaErrors(cudaMallocManaged(&data, n * sizeof(float)));
  for (int i = 0; i < n; ++i)
    data[i] = i * 0.5f;
  nvtxRangePop();
  checkCudaErrors(cudaProfilerStart());
  scale<<<2, 32>>>(data, n);
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaProfilerStop());
  cuDoubleComplex z = make_cuDoubleComplex(3, 4);
  printf("data[10]=%.4f |z|=%.1f type=%d host=%d\n", data[10], cuCabs(z),
         (int)CUDA_R_32F, hostSide());
  checkCudaErrors(cudaFree(data));
  return 0;
}
