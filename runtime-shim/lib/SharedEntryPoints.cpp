//===- SharedEntryPoints.cpp - Entry points of both runtime backends ------===//

#include "SharedEntryPoints.h"

#include <cstdio>
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

bool cucpu::isStickyError(cudaError_t err) {
  switch (err) {
  case cudaErrorIllegalAddress:
  case cudaErrorLaunchTimeout:
  case cudaErrorAssert:
  case cudaErrorHardwareStackError:
  case cudaErrorIllegalInstruction:
  case cudaErrorMisalignedAddress:
  case cudaErrorInvalidAddressSpace:
  case cudaErrorInvalidPc:
  case cudaErrorLaunchFailure:
    return true;
  default:
    return false;
  }
}

cudaError_t cucpu::locate3D(const cudaPitchedPtr &p, const cudaPos &pos,
                            const cudaExtent &extent, char **start,
                            size_t *slice) {
  if (p.pitch > kMaxPitch || extent.width > p.pitch ||
      pos.x > p.pitch - extent.width)
    return cudaErrorInvalidPitchValue;
  // Rows of one slice must not run into the next one.
  if ((extent.depth > 1 || pos.z > 0) &&
      (extent.height > p.ysize || pos.y > p.ysize - extent.height))
    return cudaErrorInvalidValue;
  *slice = p.pitch * p.ysize;
  *start = static_cast<char *>(p.ptr) + pos.z * *slice + pos.y * p.pitch +
           pos.x;
  return cudaSuccess;
}

bool cucpu::parsePCIBusId(const char *id, unsigned *domain, unsigned *bus,
                          unsigned *device, unsigned *function) {
  *domain = 0;
  if (std::sscanf(id, "%x:%x:%x.%x", domain, bus, device, function) == 4)
    return true;
  *domain = 0;
  return std::sscanf(id, "%x:%x.%x", bus, device, function) == 3;
}

extern "C" {

/// One device: the first is every program's choice.
cudaError_t cudaChooseDevice(int *device, const cudaDeviceProp *prop) {
  if (!device || !prop)
    return cucpu::setError(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}

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
