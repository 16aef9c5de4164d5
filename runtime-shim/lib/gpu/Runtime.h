//===- Runtime.h - State of the GPU runtime ---------------------*- C++ -*-===//
//
// Part of libcucpu_rt_gpu, the CUDA runtime API on a real NVIDIA GPU. The
// device objects of a `--cuda-gpu-arch` build register their PTX; the host
// objects register kernel stubs and variable shadows by device name, as for
// the CPU runtime. The PTX is loaded into the device's primary context when
// the program first needs the device.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_RT_GPU_RUNTIME_H
#define CUCPU_RT_GPU_RUNTIME_H

#include "Driver.h"
#include "../SharedEntryPoints.h"

#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace cucpu::gpu {

class Runtime {
public:
  static Runtime &get();

  std::mutex mutex;
  std::vector<const char *> ptxImages;
  std::unordered_map<const void *, std::string> stubNames;
  std::unordered_map<const void *, std::string> shadowNames;

  /// Makes the primary context current on this thread and the registered
  /// PTX loaded; returns the driver, or null with *err set (and recorded
  /// as the thread's last error).
  const DriverAPI *ready(cudaError_t *err);

  /// The kernel for a host stub (after ready()). Takes the mutex.
  cudaError_t function(const void *stub, CUfunction *out);
  /// Records the device name of a variable's host shadow (a __device__
  /// variable or a texture<> reference). Takes the mutex.
  void addVariable(const void *shadow, const char *deviceName);
  /// The device address and size of the variable with host shadow `symbol`
  /// (after ready()). Takes the mutex.
  cudaError_t variable(const void *symbol, CUdeviceptr *address,
                       size_t *size);

  /// The device's primary context is dropped (cudaDeviceReset): modules
  /// load again at the next use, and its streams and events are gone.
  void forgetContext();

  /// Streams and events the program created and has not destroyed. The
  /// driver's handles point to its own objects, which a call with a
  /// destroyed one would read after they are freed (a crash, where CUDA's
  /// runtime answers cudaErrorInvalidResourceHandle): each call checks its
  /// handles here first. Each takes the mutex.
  void addStream(cudaStream_t stream);
  void addEvent(cudaEvent_t event);
  /// Forgets a stream or event; false if it was not live.
  bool removeStream(cudaStream_t stream);
  bool removeEvent(cudaEvent_t event);
  /// cudaSuccess for a live stream or one of the special streams (0,
  /// cudaStreamLegacy, cudaStreamPerThread), else
  /// cudaErrorInvalidResourceHandle.
  cudaError_t checkStream(cudaStream_t stream);
  /// cudaSuccess for a live event, else cudaErrorInvalidResourceHandle.
  cudaError_t checkEvent(cudaEvent_t event);

private:
  Runtime() = default;
  cudaError_t loadModules(const DriverAPI &api);

  CUcontext context = nullptr;
  /// Bumped by forgetContext; threads compare it with the generation they
  /// made current.
  unsigned generation = 1;
  std::vector<CUmodule> modules;
  std::unordered_map<std::string, CUfunction> functions;
  std::unordered_set<cudaStream_t> liveStreams;
  std::unordered_set<cudaEvent_t> liveEvents;
};

/// Whether this thread's synchronous copies and sets run on its per-thread
/// default stream (inside a _ptds entry point) instead of the legacy one,
/// which would also wait for every other thread's per-thread stream.
extern thread_local bool perThreadSynchronousCalls;

/// Copies `depth` blocks of `height` rows of `width` bytes, rows `dpitch` /
/// `spitch` and blocks `dslice` / `sslice` bytes apart, one cuMemcpy(Async)
/// per row as cudaMemcpy(Async) does (Memory.cpp). Records and returns the
/// error.
cudaError_t copyRows(char *dst, size_t dpitch, size_t dslice, const char *src,
                     size_t spitch, size_t sslice, size_t width, size_t height,
                     size_t depth, cudaMemcpyKind kind, cudaStream_t stream,
                     bool async);

/// The bytes from `p` to the end of the device allocation holding it, or
/// SIZE_MAX for memory the driver does not know (host memory).
size_t bytesToAllocationEnd(const DriverAPI *api, const void *p);

/// Records the flags of cudaSetDeviceFlags for cudaGetDeviceFlags
/// (DeviceManagement.cpp).
void recordDeviceFlags(unsigned flags);

/// The backend's last-error state (SharedEntryPoints.h).
using cucpu::setError;

/// setError(toRuntimeError(result)).
inline cudaError_t check(CUresult result) {
  return setError(toRuntimeError(result));
}

/// The first statement of an API entry point that needs the device.
#define CUCPU_GPU_READY(api)                                                   \
  cudaError_t readyErr_;                                                       \
  const ::cucpu::gpu::DriverAPI *api =                                         \
      ::cucpu::gpu::Runtime::get().ready(&readyErr_);                          \
  if (!api)                                                                    \
    return readyErr_;

/// The first statement after CUCPU_GPU_READY in an entry point that takes
/// a stream.
#define CUCPU_GPU_CHECK_STREAM(stream)                                         \
  if (cudaError_t streamErr_ =                                                 \
          ::cucpu::gpu::Runtime::get().checkStream(stream))                    \
    return ::cucpu::setError(streamErr_);

/// The same for an entry point that takes an event.
#define CUCPU_GPU_CHECK_EVENT(event)                                           \
  if (cudaError_t eventErr_ = ::cucpu::gpu::Runtime::get().checkEvent(event))  \
    return ::cucpu::setError(eventErr_);

inline CUdeviceptr devicePtr(const void *p) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(p));
}

} // namespace cucpu::gpu

#endif // CUCPU_RT_GPU_RUNTIME_H
