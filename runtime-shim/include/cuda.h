//===- cuda.h - Minimal CUDA driver API header for cucpu --------*- C++ -*-===//
//
// Part of cucpu. The CUDA driver API as programs and helper headers use it
// beside the runtime API: initialization, devices and their attributes,
// contexts (one per device, always current), memory, streams, events and
// error names. Each call is the runtime API's counterpart (lib/DriverAPI.cpp).
// Modules and their functions (cuModuleLoad, cuLaunchKernel) are not
// provided.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_CUDA_H
#define CUCPU_CUDA_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __cuda_cuda_h__

#define CUDA_VERSION 12080

#include <stddef.h>
// As NVIDIA's: its cuuint32_t and cuuint64_t are stdint's, and programs use
// uint64_t after including only <cuda.h>.
#include <stdint.h>

typedef uint32_t cuuint32_t;
typedef uint64_t cuuint64_t;

typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_NOT_SUPPORTED = 801,
  CUDA_ERROR_UNKNOWN = 999
} CUresult;

typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;

// The attributes' numbers are those of the runtime's cudaDeviceAttr.
typedef enum CUdevice_attribute_enum {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y = 3,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z = 4,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY = 9,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MAX_PITCH = 11,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK = 12,
  CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
  CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT = 14,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT = 17,
  CU_DEVICE_ATTRIBUTE_INTEGRATED = 18,
  CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 19,
  CU_DEVICE_ATTRIBUTE_COMPUTE_MODE = 20,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS = 31,
  CU_DEVICE_ATTRIBUTE_ECC_ENABLED = 32,
  CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33,
  CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34,
  CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36,
  CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
  CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38,
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39,
  CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT = 40,
  CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING = 41,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
  CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89,
  CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97
} CUdevice_attribute;

#define CU_CTX_SCHED_AUTO 0x00
#define CU_STREAM_DEFAULT 0x0
#define CU_STREAM_NON_BLOCKING 0x1
#define CU_EVENT_DEFAULT 0x0
#define CU_EVENT_BLOCKING_SYNC 0x1
#define CU_EVENT_DISABLE_TIMING 0x2

#ifdef __cplusplus
extern "C" {
#endif
CUresult cuInit(unsigned int flags);
CUresult cuDriverGetVersion(int *version);
CUresult cuGetErrorName(CUresult error, const char **name);
CUresult cuGetErrorString(CUresult error, const char **description);
CUresult cuDeviceGetCount(int *count);
CUresult cuDeviceGet(CUdevice *device, int ordinal);
CUresult cuDeviceGetName(char *name, int length, CUdevice device);
CUresult cuDeviceTotalMem(size_t *bytes, CUdevice device);
CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                              CUdevice device);
CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice device);
CUresult cuCtxCreate(CUcontext *context, unsigned int flags, CUdevice device);
CUresult cuCtxDestroy(CUcontext context);
CUresult cuCtxGetCurrent(CUcontext *context);
CUresult cuCtxSetCurrent(CUcontext context);
CUresult cuCtxGetDevice(CUdevice *device);
CUresult cuCtxSynchronize(void);
CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device);
CUresult cuDevicePrimaryCtxRelease(CUdevice device);
CUresult cuMemAlloc(CUdeviceptr *pointer, size_t bytes);
CUresult cuMemAllocManaged(CUdeviceptr *pointer, size_t bytes,
                           unsigned int flags);
CUresult cuMemAllocHost(void **pointer, size_t bytes);
CUresult cuMemFree(CUdeviceptr pointer);
CUresult cuMemFreeHost(void *pointer);
CUresult cuMemGetInfo(size_t *free, size_t *total);
CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t bytes);
CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes);
CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes);
CUresult cuMemcpyDtoD(CUdeviceptr dst, CUdeviceptr src, size_t bytes);
CUresult cuMemcpyHtoDAsync(CUdeviceptr dst, const void *src, size_t bytes,
                           CUstream stream);
CUresult cuMemcpyDtoHAsync(void *dst, CUdeviceptr src, size_t bytes,
                           CUstream stream);
CUresult cuMemsetD8(CUdeviceptr dst, unsigned char value, size_t count);
CUresult cuMemsetD32(CUdeviceptr dst, unsigned int value, size_t count);
CUresult cuStreamCreate(CUstream *stream, unsigned int flags);
CUresult cuStreamDestroy(CUstream stream);
CUresult cuStreamSynchronize(CUstream stream);
CUresult cuStreamQuery(CUstream stream);
CUresult cuEventCreate(CUevent *event, unsigned int flags);
CUresult cuEventDestroy(CUevent event);
CUresult cuEventRecord(CUevent event, CUstream stream);
CUresult cuEventSynchronize(CUevent event);
CUresult cuEventQuery(CUevent event);
CUresult cuEventElapsedTime(float *milliseconds, CUevent start, CUevent end);
#ifdef __cplusplus
} // extern "C"
#endif

// NVIDIA's header maps these names to versioned entry points; programs that
// name the versions directly get the same functions.
#define cuDeviceTotalMem_v2 cuDeviceTotalMem
#define cuCtxCreate_v2 cuCtxCreate
#define cuCtxDestroy_v2 cuCtxDestroy
#define cuMemAlloc_v2 cuMemAlloc
#define cuMemFree_v2 cuMemFree
#define cuMemGetInfo_v2 cuMemGetInfo
#define cuMemAllocHost_v2 cuMemAllocHost
#define cuMemcpyHtoD_v2 cuMemcpyHtoD
#define cuMemcpyDtoH_v2 cuMemcpyDtoH
#define cuMemcpyDtoD_v2 cuMemcpyDtoD
#define cuMemsetD8_v2 cuMemsetD8
#define cuMemsetD32_v2 cuMemsetD32
#define cuStreamDestroy_v2 cuStreamDestroy
#define cuEventDestroy_v2 cuEventDestroy

#endif // CUCPU_CUDA_H
