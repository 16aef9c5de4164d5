#include <cstdio>
#include <cuda_runtime.h>

int deviceCount();

__device__ int seenArch() {
#ifdef __CUDA_ARCH__
  return __CUDA_ARCH__;
#else
  return 0;
#endif
}
__global__ void readArch(int *arch) { *arch = seenArch(); }

__global__ void doubleAll(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= 2;
}

int main() {
  const int n = 100;
  float *data;
  cudaMallocManaged(&data, n * sizeof(float));
  for (int i = 0; i < n; ++i)
    data[i] = i;
  doubleAll<<<(n + 31) / 32, 32>>>(data, n);
  cudaDeviceSynchronize();
  int *arch;
  cudaMallocManaged(&arch, sizeof(int));
  readArch<<<1, 1>>>(arch);
  cudaDeviceSynchronize();
  bool ok = deviceCount() == 1;
  for (int i = 0; i < n; ++i)
    ok = ok && data[i] == 2.0f * i;
  // The lowest architecture of the project's list.
  printf("__CUDA_ARCH__ %d %s\n", *arch, ok ? "PASS" : "FAIL");
  cudaFree(data);
  return ok ? 0 : 1;
}
