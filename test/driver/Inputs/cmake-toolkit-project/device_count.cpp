// Plain C++ that calls the runtime API: compiled by the C++ compiler with
// CUDA::cudart's include directory, which is cucpu's.
#include <cuda_runtime.h>

int deviceCount() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess)
    return -1;
  return count;
}
