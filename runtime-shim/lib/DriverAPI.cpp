//===- DriverAPI.cpp - The CUDA driver API over the runtime API -----------===//
//
// Part of libcucpu_rt. Programs and helper headers call the driver API beside
// the runtime API; each driver call here is its runtime counterpart, and the
// runtime's errors become the driver's. There is one device with one
// context, always current: a context handle is a token for it.
//
//===----------------------------------------------------------------------===//

#include "cuda.h"
#include "cuda_runtime_api.h"

#include <cstring>

namespace {

/// The driver's result for a runtime error (the common ones by name).
CUresult toResult(cudaError_t error) {
  switch (error) {
  case cudaSuccess:
    return CUDA_SUCCESS;
  case cudaErrorInvalidValue:
    return CUDA_ERROR_INVALID_VALUE;
  case cudaErrorMemoryAllocation:
    return CUDA_ERROR_OUT_OF_MEMORY;
  case cudaErrorInvalidDevice:
    return CUDA_ERROR_INVALID_DEVICE;
  case cudaErrorInvalidResourceHandle:
    return CUDA_ERROR_INVALID_HANDLE;
  case cudaErrorNotReady:
    return CUDA_ERROR_NOT_READY;
  case cudaErrorIllegalAddress:
    return CUDA_ERROR_ILLEGAL_ADDRESS;
  case cudaErrorLaunchFailure:
    return CUDA_ERROR_LAUNCH_FAILED;
  case cudaErrorNotSupported:
    return CUDA_ERROR_NOT_SUPPORTED;
  default:
    return CUDA_ERROR_UNKNOWN;
  }
}

/// The one context's handle: any non-null token.
CUcontext theContext() {
  static char token;
  return reinterpret_cast<CUcontext>(&token);
}

void *pointer(CUdeviceptr p) { return reinterpret_cast<void *>(p); }

} // namespace

extern "C" {

CUresult cuInit(unsigned int flags) {
  return flags == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuDriverGetVersion(int *version) {
  if (!version)
    return CUDA_ERROR_INVALID_VALUE;
  *version = CUDA_VERSION;
  return CUDA_SUCCESS;
}

CUresult cuGetErrorName(CUresult error, const char **name) {
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  switch (error) {
#define CUCPU_NAME(e)                                                          \
  case e:                                                                      \
    *name = #e;                                                                \
    return CUDA_SUCCESS;
    CUCPU_NAME(CUDA_SUCCESS)
    CUCPU_NAME(CUDA_ERROR_INVALID_VALUE)
    CUCPU_NAME(CUDA_ERROR_OUT_OF_MEMORY)
    CUCPU_NAME(CUDA_ERROR_NOT_INITIALIZED)
    CUCPU_NAME(CUDA_ERROR_DEINITIALIZED)
    CUCPU_NAME(CUDA_ERROR_NO_DEVICE)
    CUCPU_NAME(CUDA_ERROR_INVALID_DEVICE)
    CUCPU_NAME(CUDA_ERROR_INVALID_IMAGE)
    CUCPU_NAME(CUDA_ERROR_INVALID_CONTEXT)
    CUCPU_NAME(CUDA_ERROR_INVALID_HANDLE)
    CUCPU_NAME(CUDA_ERROR_NOT_FOUND)
    CUCPU_NAME(CUDA_ERROR_NOT_READY)
    CUCPU_NAME(CUDA_ERROR_ILLEGAL_ADDRESS)
    CUCPU_NAME(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES)
    CUCPU_NAME(CUDA_ERROR_LAUNCH_FAILED)
    CUCPU_NAME(CUDA_ERROR_NOT_SUPPORTED)
    CUCPU_NAME(CUDA_ERROR_UNKNOWN)
#undef CUCPU_NAME
  }
  *name = nullptr;
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGetErrorString(CUresult error, const char **description) {
  if (!description)
    return CUDA_ERROR_INVALID_VALUE;
  switch (error) {
  case CUDA_SUCCESS:
    *description = "no error";
    return CUDA_SUCCESS;
  case CUDA_ERROR_INVALID_VALUE:
    *description = "invalid argument";
    return CUDA_SUCCESS;
  case CUDA_ERROR_OUT_OF_MEMORY:
    *description = "out of memory";
    return CUDA_SUCCESS;
  case CUDA_ERROR_INVALID_DEVICE:
    *description = "invalid device ordinal";
    return CUDA_SUCCESS;
  case CUDA_ERROR_INVALID_HANDLE:
    *description = "invalid resource handle";
    return CUDA_SUCCESS;
  case CUDA_ERROR_NOT_READY:
    *description = "device not ready";
    return CUDA_SUCCESS;
  case CUDA_ERROR_NOT_SUPPORTED:
    *description = "operation not supported";
    return CUDA_SUCCESS;
  default:
    break;
  }
  const char *name = nullptr;
  if (cuGetErrorName(error, &name) != CUDA_SUCCESS) {
    *description = nullptr;
    return CUDA_ERROR_INVALID_VALUE;
  }
  *description = name;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count) {
  return toResult(cudaGetDeviceCount(count));
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  int count = 0;
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  cudaGetDeviceCount(&count);
  if (ordinal < 0 || ordinal >= count)
    return CUDA_ERROR_INVALID_DEVICE;
  *device = ordinal;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int length, CUdevice device) {
  if (!name || length <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  cudaDeviceProp prop;
  if (CUresult r = toResult(cudaGetDeviceProperties(&prop, device)))
    return r;
  std::strncpy(name, prop.name, length - 1);
  name[length - 1] = '\0';
  return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem(size_t *bytes, CUdevice device) {
  if (!bytes)
    return CUDA_ERROR_INVALID_VALUE;
  cudaDeviceProp prop;
  if (CUresult r = toResult(cudaGetDeviceProperties(&prop, device)))
    return r;
  *bytes = prop.totalGlobalMem;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                              CUdevice device) {
  return toResult(cudaDeviceGetAttribute(
      value, static_cast<cudaDeviceAttr>(attribute), device));
}

CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice device) {
  if (!major || !minor)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = cuDeviceGetAttribute(
          major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device))
    return r;
  return cuDeviceGetAttribute(minor,
                              CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                              device);
}

CUresult cuCtxCreate(CUcontext *context, unsigned int, CUdevice device) {
  if (!context)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = toResult(cudaSetDevice(device)))
    return r;
  *context = theContext();
  return CUDA_SUCCESS;
}

CUresult cuCtxDestroy(CUcontext context) {
  return context == theContext() ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

CUresult cuCtxGetCurrent(CUcontext *context) {
  if (!context)
    return CUDA_ERROR_INVALID_VALUE;
  *context = theContext();
  return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext context) {
  return !context || context == theContext() ? CUDA_SUCCESS
                                             : CUDA_ERROR_INVALID_CONTEXT;
}

CUresult cuCtxGetDevice(CUdevice *device) {
  return toResult(cudaGetDevice(device));
}

CUresult cuCtxSynchronize(void) { return toResult(cudaDeviceSynchronize()); }

CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  return cuCtxCreate(context, 0, device);
}

CUresult cuDevicePrimaryCtxRelease(CUdevice) { return CUDA_SUCCESS; }

CUresult cuMemAlloc(CUdeviceptr *p, size_t bytes) {
  if (!p)
    return CUDA_ERROR_INVALID_VALUE;
  void *memory = nullptr;
  CUresult r = toResult(cudaMalloc(&memory, bytes));
  *p = reinterpret_cast<CUdeviceptr>(memory);
  return r;
}

CUresult cuMemAllocManaged(CUdeviceptr *p, size_t bytes, unsigned int flags) {
  if (!p)
    return CUDA_ERROR_INVALID_VALUE;
  void *memory = nullptr;
  CUresult r = toResult(cudaMallocManaged(&memory, bytes, flags));
  *p = reinterpret_cast<CUdeviceptr>(memory);
  return r;
}

CUresult cuMemAllocHost(void **p, size_t bytes) {
  return toResult(cudaHostAlloc(p, bytes, 0));
}

CUresult cuMemFree(CUdeviceptr p) { return toResult(cudaFree(pointer(p))); }

CUresult cuMemFreeHost(void *p) { return toResult(cudaFreeHost(p)); }

CUresult cuMemGetInfo(size_t *free, size_t *total) {
  return toResult(cudaMemGetInfo(free, total));
}

CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  return toResult(
      cudaMemcpy(pointer(dst), pointer(src), bytes, cudaMemcpyDefault));
}

CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes) {
  return toResult(
      cudaMemcpy(pointer(dst), src, bytes, cudaMemcpyHostToDevice));
}

CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes) {
  return toResult(
      cudaMemcpy(dst, pointer(src), bytes, cudaMemcpyDeviceToHost));
}

CUresult cuMemcpyDtoD(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  return toResult(
      cudaMemcpy(pointer(dst), pointer(src), bytes, cudaMemcpyDeviceToDevice));
}

CUresult cuMemcpyHtoDAsync(CUdeviceptr dst, const void *src, size_t bytes,
                           CUstream stream) {
  return toResult(cudaMemcpyAsync(pointer(dst), src, bytes,
                                  cudaMemcpyHostToDevice, stream));
}

CUresult cuMemcpyDtoHAsync(void *dst, CUdeviceptr src, size_t bytes,
                           CUstream stream) {
  return toResult(cudaMemcpyAsync(dst, pointer(src), bytes,
                                  cudaMemcpyDeviceToHost, stream));
}

CUresult cuMemsetD8(CUdeviceptr dst, unsigned char value, size_t count) {
  return toResult(cudaMemset(pointer(dst), value, count));
}

CUresult cuMemsetD32(CUdeviceptr dst, unsigned int value, size_t count) {
  // Synchronous, as the driver's is: the device's work before it finishes.
  if (CUresult r = toResult(cudaDeviceSynchronize()))
    return r;
  auto *words = static_cast<unsigned int *>(pointer(dst));
  for (size_t i = 0; i < count; ++i)
    words[i] = value;
  return CUDA_SUCCESS;
}

CUresult cuStreamCreate(CUstream *stream, unsigned int flags) {
  return toResult(cudaStreamCreateWithFlags(stream, flags));
}

CUresult cuStreamDestroy(CUstream stream) {
  return toResult(cudaStreamDestroy(stream));
}

CUresult cuStreamSynchronize(CUstream stream) {
  return toResult(cudaStreamSynchronize(stream));
}

CUresult cuStreamQuery(CUstream stream) {
  return toResult(cudaStreamQuery(stream));
}

CUresult cuEventCreate(CUevent *event, unsigned int flags) {
  return toResult(cudaEventCreateWithFlags(event, flags));
}

CUresult cuEventDestroy(CUevent event) {
  return toResult(cudaEventDestroy(event));
}

CUresult cuEventRecord(CUevent event, CUstream stream) {
  return toResult(cudaEventRecord(event, stream));
}

CUresult cuEventSynchronize(CUevent event) {
  return toResult(cudaEventSynchronize(event));
}

CUresult cuEventQuery(CUevent event) {
  return toResult(cudaEventQuery(event));
}

CUresult cuEventElapsedTime(float *milliseconds, CUevent start, CUevent end) {
  return toResult(cudaEventElapsedTime(milliseconds, start, end));
}

} // extern "C"
