//===- SharedEntryPoints.cpp - Entry points of both runtime backends ------===//

#include "SharedEntryPoints.h"

#include <vector>

namespace {

struct CallConfiguration {
  dim3 grid;
  dim3 block;
  size_t sharedMem;
  cudaStream_t stream;
};

/// Per host thread: <<<>>> pushes, the kernel's host stub pops.
thread_local std::vector<CallConfiguration> callConfigurations;

} // namespace

extern "C" {

unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                     size_t sharedMem, CUstream_st *stream) {
  callConfigurations.push_back({gridDim, blockDim, sharedMem, stream});
  return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim,
                                       size_t *sharedMem, void *stream) {
  if (callConfigurations.empty())
    return cucpu::setError(cudaErrorMissingConfiguration);
  CallConfiguration c = callConfigurations.back();
  callConfigurations.pop_back();
  if (gridDim)
    *gridDim = c.grid;
  if (blockDim)
    *blockDim = c.block;
  if (sharedMem)
    *sharedMem = c.sharedMem;
  if (stream)
    *static_cast<cudaStream_t *>(stream) = c.stream;
  return cudaSuccess;
}

const char *cudaGetErrorString(cudaError_t error) {
  switch (error) {
  case cudaSuccess:
    return "no error";
#define CUCPU_ERROR(Name, Value, Text)                                         \
  case cudaError##Name:                                                        \
    return Text;
#include "cucpu/error_codes.def"
#undef CUCPU_ERROR
  default:
    return "unrecognized error code";
  }
}

const char *cudaGetErrorName(cudaError_t error) {
  switch (error) {
  case cudaSuccess:
    return "cudaSuccess";
#define CUCPU_ERROR(Name, Value, Text)                                         \
  case cudaError##Name:                                                        \
    return "cudaError" #Name;
#include "cucpu/error_codes.def"
#undef CUCPU_ERROR
  default:
    return "unrecognized error code";
  }
}

} // extern "C"
