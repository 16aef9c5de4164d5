//===- Driver.h - The CUDA driver API, opened at run time -------*- C++ -*-===//
//
// Part of cucpu's GPU runtime (libcucpu_rt_gpu). The driver library
// (libcuda.so.1) is opened with dlopen when the program first needs the
// device, so neither building cucpu nor linking a program needs a CUDA
// installation. The types and entry points are declared here from the
// driver API's documented signatures.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_RT_GPU_DRIVER_H
#define CUCPU_RT_GPU_DRIVER_H

#include "cuda_runtime_api.h"

#include <cstddef>
#include <string>

namespace cucpu::gpu {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
using CUcontext = CUctx_st *;
using CUmodule = CUmod_st *;
using CUfunction = CUfunc_st *;
// Streams and events are the runtime's handle types themselves.
using CUstream = CUstream_st *;
using CUevent = CUevent_st *;
using CUhostFn = void (*)(void *);
using CUstreamCallback = void (*)(CUstream_st *, CUresult, void *);

constexpr CUresult kCudaSuccess = 0;
/// CU_JIT_ERROR_LOG_BUFFER and its size, for cuModuleLoadDataEx.
constexpr int kJitErrorLogBuffer = 5;
constexpr int kJitErrorLogBufferSizeBytes = 6;
/// CU_FUNC_ATTRIBUTE_* values used by the runtime.
constexpr int kFuncMaxThreadsPerBlock = 0;
constexpr int kFuncSharedSizeBytes = 1;
constexpr int kFuncConstSizeBytes = 2;
constexpr int kFuncLocalSizeBytes = 3;
constexpr int kFuncNumRegs = 4;
constexpr int kFuncPtxVersion = 5;
constexpr int kFuncBinaryVersion = 6;
constexpr int kFuncMaxDynamicSharedSizeBytes = 8;
/// CU_POINTER_ATTRIBUTE_* and CUmemorytype values.
constexpr int kPointerMemoryType = 2;
constexpr int kPointerIsManaged = 8;
constexpr unsigned kMemoryTypeHost = 1;
constexpr unsigned kMemoryTypeDevice = 2;
/// CU_MEM_ATTACH_GLOBAL.
constexpr unsigned kMemAttachGlobal = 1;

/// The driver entry points the runtime calls.
struct DriverAPI {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceTotalMem)(size_t *, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxReset)(CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuCtxSetLimit)(int, size_t);
  CUresult (*cuCtxGetLimit)(size_t *, int);
  CUresult (*cuCtxGetStreamPriorityRange)(int *, int *);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuModuleGetGlobal)(CUdeviceptr *, size_t *, CUmodule,
                                const char *);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, unsigned, CUstream,
                             void **, void **);
  CUresult (*cuLaunchHostFunc)(CUstream, CUhostFn, void *);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemAllocPitch)(CUdeviceptr *, size_t *, size_t, size_t,
                              unsigned);
  CUresult (*cuMemAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemAllocHost)(void **, size_t);
  CUresult (*cuMemHostAlloc)(void **, size_t, unsigned);
  CUresult (*cuMemFreeHost)(void *);
  CUresult (*cuMemHostRegister)(void *, size_t, unsigned);
  CUresult (*cuMemHostUnregister)(void *);
  CUresult (*cuMemHostGetDevicePointer)(CUdeviceptr *, void *, unsigned);
  CUresult (*cuMemHostGetFlags)(unsigned *, void *);
  CUresult (*cuMemGetInfo)(size_t *, size_t *);
  CUresult (*cuMemGetAddressRange)(CUdeviceptr *, size_t *, CUdeviceptr);
  CUresult (*cuMemcpy)(CUdeviceptr, CUdeviceptr, size_t);
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, size_t);
  CUresult (*cuMemsetD8Async)(CUdeviceptr, unsigned char, size_t, CUstream);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamCreateWithPriority)(CUstream *, unsigned, int);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamQuery)(CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuStreamGetFlags)(CUstream, unsigned *);
  CUresult (*cuStreamGetPriority)(CUstream, int *);
  CUresult (*cuStreamAddCallback)(CUstream, CUstreamCallback, void *, unsigned);
  CUresult (*cuMemAllocAsync)(CUdeviceptr *, size_t, CUstream);
  CUresult (*cuMemFreeAsync)(CUdeviceptr, CUstream);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventQuery)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuPointerGetAttribute)(void *, int, CUdeviceptr);
  CUresult (*cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags)(
      int *, CUfunction, int, size_t, unsigned);
  CUresult (*cuOccupancyAvailableDynamicSMemPerBlock)(size_t *, CUfunction,
                                                      int, int);
  // Stream capture and graphs. Optional: a driver without them still loads,
  // and the runtime's graph functions then return cudaErrorNotSupported.
  CUresult (*cuStreamBeginCapture)(CUstream, int);
  CUresult (*cuStreamEndCapture)(CUstream, CUgraph_st **);
  CUresult (*cuStreamIsCapturing)(CUstream, int *);
  CUresult (*cuGraphInstantiateWithFlags)(CUgraphExec_st **, CUgraph_st *,
                                          unsigned long long);
  CUresult (*cuGraphLaunch)(CUgraphExec_st *, CUstream);
  CUresult (*cuGraphExecDestroy)(CUgraphExec_st *);
  CUresult (*cuGraphDestroy)(CUgraph_st *);
};

/// The driver, opened and initialized on first use, or null; *status then
/// says why (cudaErrorInsufficientDriver: no usable libcuda.so.1;
/// cudaErrorNoDevice: the driver sees no GPU). The library opened is
/// $CUCPU_CUDA_DRIVER if set, else libcuda.so.1. On failure the reason is
/// printed to stderr once.
const DriverAPI *driver(cudaError_t *status);

/// The runtime error for a driver result (the two share their numbers for
/// the errors both have).
cudaError_t toRuntimeError(CUresult result);

/// Why the driver could not be used, for messages ("" if it could).
const std::string &driverFailureReason();

} // namespace cucpu::gpu

#endif // CUCPU_RT_GPU_DRIVER_H
