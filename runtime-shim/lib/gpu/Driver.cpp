//===- Driver.cpp - Opening libcuda.so.1 ----------------------------------===//

#include "Driver.h"

#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

namespace cucpu::gpu {

namespace {

struct LoadedDriver {
  DriverAPI api{};
  cudaError_t status = cudaSuccess;
  std::string reason;
};

/// Looks up `name` in `handle`; false (and the reason) if it is missing.
template <typename Fn>
bool bind(void *handle, Fn &slot, const char *name, std::string &reason) {
  slot = reinterpret_cast<Fn>(dlsym(handle, name));
  if (slot)
    return true;
  reason = std::string("the CUDA driver has no '") + name + "'";
  return false;
}

/// Looks up an entry point the runtime can do without; null if missing.
template <typename Fn>
void bindOptional(void *handle, Fn &slot, const char *name) {
  slot = reinterpret_cast<Fn>(dlsym(handle, name));
}

LoadedDriver load() {
  LoadedDriver d;
  const char *library = std::getenv("CUCPU_CUDA_DRIVER");
  if (!library || !*library)
    library = "libcuda.so.1";
  void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    d.status = cudaErrorInsufficientDriver;
    const char *why = dlerror();
    d.reason = std::string("cannot load the CUDA driver (") + library +
               "): " + (why ? why : "unknown error");
    return d;
  }
  DriverAPI &a = d.api;
  std::string &r = d.reason;
  // The _v2 entry points are the ones with 64-bit sizes and pointers.
  bool ok = bind(handle, a.cuInit, "cuInit", r) &&
            bind(handle, a.cuDriverGetVersion, "cuDriverGetVersion", r) &&
            bind(handle, a.cuDeviceGetCount, "cuDeviceGetCount", r) &&
            bind(handle, a.cuDeviceGet, "cuDeviceGet", r) &&
            bind(handle, a.cuDeviceGetName, "cuDeviceGetName", r) &&
            bind(handle, a.cuDeviceTotalMem, "cuDeviceTotalMem_v2", r) &&
            bind(handle, a.cuDeviceGetAttribute, "cuDeviceGetAttribute", r) &&
            bind(handle, a.cuDevicePrimaryCtxRetain,
                 "cuDevicePrimaryCtxRetain", r) &&
            bind(handle, a.cuDevicePrimaryCtxReset,
                 "cuDevicePrimaryCtxReset_v2", r) &&
            bind(handle, a.cuCtxSetCurrent, "cuCtxSetCurrent", r) &&
            bind(handle, a.cuCtxSynchronize, "cuCtxSynchronize", r) &&
            bind(handle, a.cuCtxSetLimit, "cuCtxSetLimit", r) &&
            bind(handle, a.cuCtxGetLimit, "cuCtxGetLimit", r) &&
            bind(handle, a.cuCtxGetStreamPriorityRange,
                 "cuCtxGetStreamPriorityRange", r) &&
            bind(handle, a.cuModuleLoadDataEx, "cuModuleLoadDataEx", r) &&
            bind(handle, a.cuModuleGetFunction, "cuModuleGetFunction", r) &&
            bind(handle, a.cuModuleGetGlobal, "cuModuleGetGlobal_v2", r) &&
            bind(handle, a.cuFuncSetAttribute, "cuFuncSetAttribute", r) &&
            bind(handle, a.cuFuncGetAttribute, "cuFuncGetAttribute", r) &&
            bind(handle, a.cuLaunchKernel, "cuLaunchKernel", r) &&
            bind(handle, a.cuLaunchHostFunc, "cuLaunchHostFunc", r) &&
            bind(handle, a.cuMemAlloc, "cuMemAlloc_v2", r) &&
            bind(handle, a.cuMemAllocPitch, "cuMemAllocPitch_v2", r) &&
            bind(handle, a.cuMemAllocManaged, "cuMemAllocManaged", r) &&
            bind(handle, a.cuMemFree, "cuMemFree_v2", r) &&
            bind(handle, a.cuMemAllocHost, "cuMemAllocHost_v2", r) &&
            bind(handle, a.cuMemHostAlloc, "cuMemHostAlloc", r) &&
            bind(handle, a.cuMemFreeHost, "cuMemFreeHost", r) &&
            bind(handle, a.cuMemHostRegister, "cuMemHostRegister_v2", r) &&
            bind(handle, a.cuMemHostUnregister, "cuMemHostUnregister", r) &&
            bind(handle, a.cuMemHostGetDevicePointer,
                 "cuMemHostGetDevicePointer_v2", r) &&
            bind(handle, a.cuMemHostGetFlags, "cuMemHostGetFlags", r) &&
            bind(handle, a.cuMemGetInfo, "cuMemGetInfo_v2", r) &&
            bind(handle, a.cuMemGetAddressRange, "cuMemGetAddressRange_v2",
                 r) &&
            bind(handle, a.cuMemcpy, "cuMemcpy", r) &&
            bind(handle, a.cuMemcpyAsync, "cuMemcpyAsync", r) &&
            bind(handle, a.cuMemsetD8, "cuMemsetD8_v2", r) &&
            bind(handle, a.cuMemsetD8Async, "cuMemsetD8Async", r) &&
            bind(handle, a.cuStreamCreate, "cuStreamCreate", r) &&
            bind(handle, a.cuStreamCreateWithPriority,
                 "cuStreamCreateWithPriority", r) &&
            bind(handle, a.cuStreamDestroy, "cuStreamDestroy_v2", r) &&
            bind(handle, a.cuStreamSynchronize, "cuStreamSynchronize", r) &&
            bind(handle, a.cuStreamQuery, "cuStreamQuery", r) &&
            bind(handle, a.cuStreamWaitEvent, "cuStreamWaitEvent", r) &&
            bind(handle, a.cuStreamGetFlags, "cuStreamGetFlags", r) &&
            bind(handle, a.cuStreamGetPriority, "cuStreamGetPriority", r) &&
            bind(handle, a.cuStreamAddCallback, "cuStreamAddCallback", r) &&
            bind(handle, a.cuMemAllocAsync, "cuMemAllocAsync", r) &&
            bind(handle, a.cuMemFreeAsync, "cuMemFreeAsync", r) &&
            bind(handle, a.cuEventCreate, "cuEventCreate", r) &&
            bind(handle, a.cuEventRecord, "cuEventRecord", r) &&
            bind(handle, a.cuEventSynchronize, "cuEventSynchronize", r) &&
            bind(handle, a.cuEventQuery, "cuEventQuery", r) &&
            bind(handle, a.cuEventElapsedTime, "cuEventElapsedTime", r) &&
            bind(handle, a.cuEventDestroy, "cuEventDestroy_v2", r) &&
            bind(handle, a.cuPointerGetAttribute, "cuPointerGetAttribute", r) &&
            bind(handle, a.cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags,
                 "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", r) &&
            bind(handle, a.cuOccupancyAvailableDynamicSMemPerBlock,
                 "cuOccupancyAvailableDynamicSMemPerBlock", r);
  if (!ok) {
    d.status = cudaErrorInsufficientDriver;
    return d;
  }
  bindOptional(handle, a.cuStreamBeginCapture, "cuStreamBeginCapture_v2");
  bindOptional(handle, a.cuStreamEndCapture, "cuStreamEndCapture");
  bindOptional(handle, a.cuStreamIsCapturing, "cuStreamIsCapturing");
  bindOptional(handle, a.cuGraphInstantiateWithFlags,
               "cuGraphInstantiateWithFlags");
  bindOptional(handle, a.cuGraphLaunch, "cuGraphLaunch");
  bindOptional(handle, a.cuGraphExecDestroy, "cuGraphExecDestroy");
  bindOptional(handle, a.cuGraphDestroy, "cuGraphDestroy");
  // Kernels are loaded with their module, before any work is queued, unless
  // the user chose otherwise: loading one lazily at its first launch may
  // synchronize the context (CUDA's lazy-loading notes), which would make a
  // launch wait for other threads' streams. On the H100, a thread's launch
  // on its per-thread stream waited for another thread's held-back stream
  // (run test per_thread_default_stream); this is the suspected cause, not
  // yet verified there.
  setenv("CUDA_MODULE_LOADING", "EAGER", /*overwrite=*/0);
  if (CUresult err = a.cuInit(0)) {
    d.status = toRuntimeError(err);
    d.reason = "the CUDA driver failed to initialize (error " +
               std::to_string(err) + ")";
    return d;
  }
  int count = 0;
  if (a.cuDeviceGetCount(&count) != kCudaSuccess || count == 0) {
    d.status = cudaErrorNoDevice;
    d.reason = "the CUDA driver finds no GPU";
  }
  return d;
}

LoadedDriver &loaded() {
  static LoadedDriver d = load();
  return d;
}

} // namespace

const DriverAPI *driver(cudaError_t *status) {
  static std::once_flag reported;
  LoadedDriver &d = loaded();
  if (status)
    *status = d.status;
  if (d.status == cudaSuccess)
    return &d.api;
  std::call_once(reported, [&] {
    std::fprintf(stderr,
                 "cucpu: this program was compiled for an NVIDIA GPU "
                 "(--cuda-gpu-arch), but %s\n",
                 d.reason.c_str());
  });
  return nullptr;
}

const std::string &driverFailureReason() { return loaded().reason; }

cudaError_t toRuntimeError(CUresult result) {
  switch (result) {
  case 0:
    return cudaSuccess;
#define CUCPU_ERROR(Name, Value, Text)                                         \
  case Value:                                                                  \
    return cudaError##Name;
#include "cucpu/error_codes.def"
#undef CUCPU_ERROR
  default:
    return cudaErrorUnknown;
  }
}

} // namespace cucpu::gpu
