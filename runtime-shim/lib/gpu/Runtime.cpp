//===- Runtime.cpp - Registration, module loading, launches, errors -------===//

#include "Runtime.h"

#include "cucpu/abi.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace cucpu::gpu;

namespace {

thread_local cudaError_t lastError = cudaSuccess;

/// The first error that left the context unusable (a device-side assert, an
/// illegal address, ...: CUDA's sticky errors). As CUDA's runtime does,
/// cudaGetLastError and cudaPeekAtLastError then return it, on every thread,
/// without clearing it, until cudaDeviceReset.
std::atomic<int> stickyError{cudaSuccess};

/// At exit, work still queued finishes (kernels' printf output included),
/// as with the CPU runtime, instead of being dropped with the process.
void finishPendingWork() {
  cudaError_t err;
  if (const DriverAPI *api = driver(&err))
    api->cuCtxSynchronize();
}
/// The Runtime generation whose context this thread made current.
thread_local unsigned currentGeneration = 0;

/// Whether every NVIDIA GPU since compute capability 2.0 takes this launch
/// shape: no empty dimension, blocks of at most 1024 threads and
/// (1024, 1024, 64), grids of at most (2^31 - 1, 65535, 65535).
bool validLaunchShape(dim3 grid, dim3 block) {
  if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
    return false;
  if (grid.x > 0x7fffffffu || grid.y > 65535 || grid.z > 65535)
    return false;
  if (block.x > 1024 || block.y > 1024 || block.z > 64)
    return false;
  return uint64_t(block.x) * block.y * block.z <= 1024;
}

} // namespace

cudaError_t cucpu::setError(cudaError_t err) {
  if (err != cudaSuccess)
    lastError = err;
  if (isStickyError(err)) {
    int none = cudaSuccess;
    stickyError.compare_exchange_strong(none, err);
  }
  return err;
}

namespace cucpu::gpu {

Runtime &Runtime::get() {
  static Runtime *runtime = new Runtime();
  return *runtime;
}

cudaError_t Runtime::loadModules(const DriverAPI &api) {
  for (size_t i = modules.size(); i < ptxImages.size(); ++i) {
    char log[8192] = {0};
    int options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSizeBytes};
    void *values[] = {log, reinterpret_cast<void *>(sizeof log)};
    CUmodule module = nullptr;
    if (CUresult err = api.cuModuleLoadDataEx(&module, ptxImages[i], 2,
                                              options, values)) {
      std::fprintf(stderr,
                   "cucpu: the CUDA driver cannot load the program's PTX "
                   "(error %d)%s%s\n",
                   err, log[0] ? ": " : "", log);
      return toRuntimeError(err);
    }
    modules.push_back(module);
  }
  return cudaSuccess;
}

const DriverAPI *Runtime::ready(cudaError_t *err) {
  const DriverAPI *api = driver(err);
  if (!api) {
    setError(*err);
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(mutex);
  if (!context) {
    CUdevice device;
    CUresult result = api->cuDeviceGet(&device, 0);
    if (result == kCudaSuccess)
      result = api->cuDevicePrimaryCtxRetain(&context, device);
    if (result != kCudaSuccess) {
      *err = setError(toRuntimeError(result));
      return nullptr;
    }
    static std::once_flag atExit;
    std::call_once(atExit, [] { std::atexit(finishPendingWork); });
  }
  if (currentGeneration != generation) {
    if (CUresult result = api->cuCtxSetCurrent(context)) {
      *err = setError(toRuntimeError(result));
      return nullptr;
    }
    currentGeneration = generation;
  }
  if ((*err = loadModules(*api)) != cudaSuccess) {
    setError(*err);
    return nullptr;
  }
  return api;
}

cudaError_t Runtime::function(const void *stub, CUfunction *out) {
  std::lock_guard<std::mutex> lock(mutex);
  auto name = stubNames.find(stub);
  if (name == stubNames.end())
    return cudaErrorInvalidDeviceFunction;
  auto known = functions.find(name->second);
  if (known != functions.end()) {
    *out = known->second;
    return cudaSuccess;
  }
  const DriverAPI *api = driver(nullptr);
  for (CUmodule module : modules)
    if (api->cuModuleGetFunction(out, module, name->second.c_str()) ==
        kCudaSuccess) {
      functions[name->second] = *out;
      return cudaSuccess;
    }
  return cudaErrorInvalidDeviceFunction;
}

void Runtime::addVariable(const void *shadow, const char *deviceName) {
  std::lock_guard<std::mutex> lock(mutex);
  shadowNames[shadow] = deviceName;
}

cudaError_t Runtime::variable(const void *symbol, CUdeviceptr *address,
                              size_t *size) {
  std::lock_guard<std::mutex> lock(mutex);
  auto name = shadowNames.find(symbol);
  if (!symbol || name == shadowNames.end())
    return cudaErrorInvalidSymbol;
  const DriverAPI *api = driver(nullptr);
  for (CUmodule module : modules)
    if (api->cuModuleGetGlobal(address, size, module, name->second.c_str()) ==
        kCudaSuccess)
      return cudaSuccess;
  return cudaErrorInvalidSymbol;
}

void Runtime::forgetContext() {
  std::lock_guard<std::mutex> lock(mutex);
  modules.clear();
  functions.clear();
  liveStreams.clear();
  liveEvents.clear();
  context = nullptr;
  ++generation;
}

void Runtime::addStream(cudaStream_t stream) {
  std::lock_guard<std::mutex> lock(mutex);
  liveStreams.insert(stream);
}

void Runtime::addEvent(cudaEvent_t event) {
  std::lock_guard<std::mutex> lock(mutex);
  liveEvents.insert(event);
}

bool Runtime::removeStream(cudaStream_t stream) {
  std::lock_guard<std::mutex> lock(mutex);
  return liveStreams.erase(stream) != 0;
}

bool Runtime::removeEvent(cudaEvent_t event) {
  std::lock_guard<std::mutex> lock(mutex);
  return liveEvents.erase(event) != 0;
}

cudaError_t Runtime::checkStream(cudaStream_t stream) {
  if (!stream || stream == cudaStreamLegacy || stream == cudaStreamPerThread)
    return cudaSuccess;
  std::lock_guard<std::mutex> lock(mutex);
  return liveStreams.count(stream) ? cudaSuccess
                                   : cudaErrorInvalidResourceHandle;
}

cudaError_t Runtime::checkEvent(cudaEvent_t event) {
  std::lock_guard<std::mutex> lock(mutex);
  return liveEvents.count(event) ? cudaSuccess : cudaErrorInvalidResourceHandle;
}

} // namespace cucpu::gpu

extern "C" {

//===----------------------------------------------------------------------===//
// Registration: the device object's PTX, the host object's stubs and shadows.
//===----------------------------------------------------------------------===//

void __cucpu_register_ptx(const char *ptx) {
  if (!ptx)
    return;
  Runtime &rt = Runtime::get();
  std::lock_guard<std::mutex> lock(rt.mutex);
  rt.ptxImages.push_back(ptx);
}

void **__cudaRegisterFatBinary(void *fatCubin) {
  // The handle is only passed back to the other hooks.
  static void *handle = nullptr;
  return &handle;
}

void __cudaRegisterFatBinaryEnd(void **) {}
void __cudaUnregisterFatBinary(void **) {}
char __cudaInitModule(void **) { return 1; }

int __cudaRegisterFunction(void **, const char *hostFun, char *,
                           const char *deviceName, int, uint3 *, uint3 *,
                           dim3 *, dim3 *, int *) {
  if (!hostFun || !deviceName)
    return 0;
  Runtime &rt = Runtime::get();
  std::lock_guard<std::mutex> lock(rt.mutex);
  rt.stubNames[hostFun] = deviceName;
  return 0;
}

void __cudaRegisterVar(void **, char *hostVar, char *, const char *deviceName,
                       int, size_t, int, int) {
  if (!hostVar || !deviceName)
    return;
  Runtime::get().addVariable(hostVar, deviceName);
}

//===----------------------------------------------------------------------===//
// Launches and kernel attributes.
//===----------------------------------------------------------------------===//

cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem,
                             cudaStream_t stream) {
  CUCPU_GPU_READY(api);
  CUfunction fn;
  if (cudaError_t err = Runtime::get().function(func, &fn))
    return setError(err);
  // CUDA's runtime rejects a launch shape no NVIDIA GPU takes before the
  // driver sees it (the driver would answer CUDA_ERROR_INVALID_VALUE).
  if (!validLaunchShape(gridDim, blockDim))
    return setError(cudaErrorInvalidConfiguration);
  CUCPU_GPU_CHECK_STREAM(stream);
  // The driver copies the arguments before it returns.
  return check(api->cuLaunchKernel(fn, gridDim.x, gridDim.y, gridDim.z,
                                   blockDim.x, blockDim.y, blockDim.z,
                                   static_cast<unsigned>(sharedMem), stream,
                                   args, nullptr));
}

cudaError_t cudaFuncSetAttribute(const void *func, cudaFuncAttribute attr,
                                 int value) {
  CUCPU_GPU_READY(api);
  CUfunction fn;
  if (cudaError_t err = Runtime::get().function(func, &fn))
    return setError(err);
  // cudaFuncAttribute and CUfunction_attribute share their numbers.
  return check(api->cuFuncSetAttribute(fn, static_cast<int>(attr), value));
}

cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, const void *func) {
  if (!attr)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUfunction fn;
  if (cudaError_t err = Runtime::get().function(func, &fn))
    return setError(err);
  std::memset(attr, 0, sizeof *attr);
  int v = 0;
  auto get = [&](int which) {
    v = 0;
    api->cuFuncGetAttribute(&v, which, fn);
    return v;
  };
  attr->sharedSizeBytes = get(kFuncSharedSizeBytes);
  attr->constSizeBytes = get(kFuncConstSizeBytes);
  attr->localSizeBytes = get(kFuncLocalSizeBytes);
  attr->maxThreadsPerBlock = get(kFuncMaxThreadsPerBlock);
  attr->numRegs = get(kFuncNumRegs);
  attr->ptxVersion = get(kFuncPtxVersion);
  attr->binaryVersion = get(kFuncBinaryVersion);
  attr->maxDynamicSharedSizeBytes = get(kFuncMaxDynamicSharedSizeBytes);
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize,
    unsigned int flags) {
  if (!numBlocks)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUfunction fn;
  if (cudaError_t err = Runtime::get().function(func, &fn))
    return setError(err);
  return check(api->cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, fn, blockSize, dynamicSMemSize, flags));
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, func, blockSize, dynamicSMemSize, 0);
}

//===----------------------------------------------------------------------===//
// Errors.
//===----------------------------------------------------------------------===//

cudaError_t cudaGetLastError(void) {
  if (int sticky = stickyError.load())
    return static_cast<cudaError_t>(sticky);
  cudaError_t err = lastError;
  lastError = cudaSuccess;
  return err;
}

cudaError_t cudaPeekAtLastError(void) {
  if (int sticky = stickyError.load())
    return static_cast<cudaError_t>(sticky);
  return lastError;
}

//===----------------------------------------------------------------------===//
// Devices.
//===----------------------------------------------------------------------===//

cudaError_t cudaGetDeviceCount(int *count) {
  if (!count)
    return setError(cudaErrorInvalidValue);
  *count = 0;
  cudaError_t err;
  const DriverAPI *api = driver(&err);
  if (!api)
    return setError(err);
  return check(api->cuDeviceGetCount(count));
}

cudaError_t cudaSetDevice(int device) {
  CUCPU_GPU_READY(api);
  // One device is used: the first.
  return device == 0 ? cudaSuccess : setError(cudaErrorInvalidDevice);
}

cudaError_t cudaGetDevice(int *device) {
  if (!device)
    return setError(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}

cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  CUCPU_GPU_READY(api);
  recordDeviceFlags(flags);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr,
                                   int device) {
  if (!value)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  if (device != 0)
    return setError(cudaErrorInvalidDevice);
  // cudaDeviceAttr and CUdevice_attribute share their numbers.
  return check(api->cuDeviceGetAttribute(value, static_cast<int>(attr), 0));
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device) {
  if (!prop)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  if (device != 0)
    return setError(cudaErrorInvalidDevice);
  std::memset(prop, 0, sizeof *prop);
  api->cuDeviceGetName(prop->name, sizeof prop->name, 0);
  api->cuDeviceTotalMem(&prop->totalGlobalMem, 0);
  auto attr = [&](cudaDeviceAttr which) {
    int v = 0;
    api->cuDeviceGetAttribute(&v, static_cast<int>(which), 0);
    return v;
  };
  prop->sharedMemPerBlock = attr(cudaDevAttrMaxSharedMemoryPerBlock);
  prop->regsPerBlock = attr(cudaDevAttrMaxRegistersPerBlock);
  prop->warpSize = attr(cudaDevAttrWarpSize);
  prop->memPitch = attr(cudaDevAttrMaxPitch);
  prop->maxThreadsPerBlock = attr(cudaDevAttrMaxThreadsPerBlock);
  prop->maxThreadsDim[0] = attr(cudaDevAttrMaxBlockDimX);
  prop->maxThreadsDim[1] = attr(cudaDevAttrMaxBlockDimY);
  prop->maxThreadsDim[2] = attr(cudaDevAttrMaxBlockDimZ);
  prop->maxGridSize[0] = attr(cudaDevAttrMaxGridDimX);
  prop->maxGridSize[1] = attr(cudaDevAttrMaxGridDimY);
  prop->maxGridSize[2] = attr(cudaDevAttrMaxGridDimZ);
  prop->clockRate = attr(cudaDevAttrClockRate);
  prop->totalConstMem = attr(cudaDevAttrTotalConstantMemory);
  prop->major = attr(cudaDevAttrComputeCapabilityMajor);
  prop->minor = attr(cudaDevAttrComputeCapabilityMinor);
  prop->textureAlignment = attr(cudaDevAttrTextureAlignment);
  prop->multiProcessorCount = attr(cudaDevAttrMultiProcessorCount);
  prop->kernelExecTimeoutEnabled = attr(cudaDevAttrKernelExecTimeout);
  prop->integrated = attr(cudaDevAttrIntegrated);
  prop->canMapHostMemory = attr(cudaDevAttrCanMapHostMemory);
  prop->computeMode = attr(cudaDevAttrComputeMode);
  prop->concurrentKernels = attr(cudaDevAttrConcurrentKernels);
  prop->ECCEnabled = attr(cudaDevAttrEccEnabled);
  prop->pciBusID = attr(cudaDevAttrPciBusId);
  prop->pciDeviceID = attr(cudaDevAttrPciDeviceId);
  prop->pciDomainID = attr(cudaDevAttrPciDomainId);
  prop->asyncEngineCount = attr(cudaDevAttrAsyncEngineCount);
  prop->unifiedAddressing = attr(cudaDevAttrUnifiedAddressing);
  prop->memoryClockRate = attr(cudaDevAttrMemoryClockRate);
  prop->memoryBusWidth = attr(cudaDevAttrGlobalMemoryBusWidth);
  prop->l2CacheSize = attr(cudaDevAttrL2CacheSize);
  prop->maxThreadsPerMultiProcessor =
      attr(cudaDevAttrMaxThreadsPerMultiProcessor);
  prop->sharedMemPerMultiprocessor =
      attr(cudaDevAttrMaxSharedMemoryPerMultiprocessor);
  prop->regsPerMultiprocessor = attr(cudaDevAttrMaxRegistersPerMultiprocessor);
  prop->managedMemory = attr(cudaDevAttrManagedMemory);
  prop->concurrentManagedAccess = attr(cudaDevAttrConcurrentManagedAccess);
  prop->sharedMemPerBlockOptin = attr(cudaDevAttrMaxSharedMemoryPerBlockOptin);
  prop->deviceOverlap = prop->asyncEngineCount > 0;
  return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void) {
  CUCPU_GPU_READY(api);
  return check(api->cuCtxSynchronize());
}

cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }

cudaError_t cudaDeviceReset(void) {
  CUCPU_GPU_READY(api);
  api->cuCtxSynchronize();
  Runtime::get().forgetContext();
  if (cudaError_t err = check(api->cuDevicePrimaryCtxReset(0)))
    return err;
  // A fresh context: the errors of the old one are gone.
  stickyError.store(cudaSuccess);
  lastError = cudaSuccess;
  return cudaSuccess;
}

cudaError_t cudaThreadExit(void) { return cudaDeviceReset(); }

cudaError_t cudaDriverGetVersion(int *driverVersion) {
  if (!driverVersion)
    return setError(cudaErrorInvalidValue);
  *driverVersion = 0;
  cudaError_t err;
  const DriverAPI *api = driver(&err);
  // No driver is version 0, and not an error (as CUDA reports it).
  if (!api)
    return cudaSuccess;
  return check(api->cuDriverGetVersion(driverVersion));
}

cudaError_t cudaRuntimeGetVersion(int *runtimeVersion) {
  if (!runtimeVersion)
    return setError(cudaErrorInvalidValue);
  *runtimeVersion = CUDART_VERSION;
  return cudaSuccess;
}

} // extern "C"
