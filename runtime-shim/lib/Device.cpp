//===- Device.cpp - Device management -------------------------------------===//
//
// Part of cucpu. The single device is the CPU: its properties describe the
// machine and the limits the runtime enforces. Streams and events are in
// Stream.cpp.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "Stream.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

using namespace cucpu;

namespace {

/// Value of the first "key : value" line of /proc/cpuinfo with this key.
std::string cpuInfoField(const char *key) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  size_t keyLen = std::strlen(key);
  while (std::getline(in, line)) {
    if (line.compare(0, keyLen, key) != 0)
      continue;
    size_t colon = line.find(':');
    if (colon == std::string::npos)
      continue;
    std::string v = line.substr(colon + 1);
    size_t b = v.find_first_not_of(" \t");
    return b == std::string::npos ? std::string() : v.substr(b);
  }
  return std::string();
}

size_t physicalMemory() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0)
    return size_t(1) << 32;
  return static_cast<size_t>(pages) * static_cast<size_t>(pageSize);
}

size_t availableMemory() {
  long pages = sysconf(_SC_AVPHYS_PAGES);
  long pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0)
    return physicalMemory() / 2;
  return static_cast<size_t>(pages) * static_cast<size_t>(pageSize);
}

/// Clock rate in kHz.
int clockRateKHz() {
  std::string mhz = cpuInfoField("cpu MHz");
  double v = mhz.empty() ? 0.0 : std::atof(mhz.c_str());
  return v > 0 ? static_cast<int>(v * 1000.0) : 1000000;
}

void fillProperties(cudaDeviceProp *p) {
  std::memset(p, 0, sizeof(*p));
  std::string name = cpuInfoField("model name");
  if (name.empty())
    name = "cucpu CPU device";
  std::snprintf(p->name, sizeof(p->name), "%s", name.c_str());
  std::memcpy(p->uuid.bytes, "cucpu-cpu-device", 16);
  p->totalGlobalMem = physicalMemory();
  p->sharedMemPerBlock = kDefaultSharedBytes;
  p->regsPerBlock = 65536;
  p->warpSize = 32;
  p->memPitch = 2147483647;
  p->maxThreadsPerBlock = kMaxThreadsPerBlock;
  p->maxThreadsDim[0] = kMaxBlockDimXY;
  p->maxThreadsDim[1] = kMaxBlockDimXY;
  p->maxThreadsDim[2] = kMaxBlockDimZ;
  p->maxGridSize[0] = static_cast<int>(kMaxGridDimX);
  p->maxGridSize[1] = kMaxGridDimYZ;
  p->maxGridSize[2] = kMaxGridDimYZ;
  p->clockRate = clockRateKHz();
  p->totalConstMem = 65536;
  p->major = 8;
  p->minor = 0;
  p->textureAlignment = 512;
  p->texturePitchAlignment = 32;
  p->deviceOverlap = 1;
  p->multiProcessorCount = Context::get().workerCount();
  p->kernelExecTimeoutEnabled = 0;
  p->integrated = 1;
  p->canMapHostMemory = 1;
  p->computeMode = cudaComputeModeDefault;
  p->maxTexture1D = 131072;
  p->maxTexture2D[0] = p->maxTexture2D[1] = 65536;
  p->maxTexture3D[0] = p->maxTexture3D[1] = p->maxTexture3D[2] = 16384;
  p->surfaceAlignment = 512;
  p->concurrentKernels = 1;
  p->asyncEngineCount = 1;
  p->unifiedAddressing = 1;
  p->memoryClockRate = p->clockRate;
  p->memoryBusWidth = 64;
  p->l2CacheSize = 4 << 20;
  p->maxThreadsPerMultiProcessor = 2048;
  p->streamPrioritiesSupported = 1;
  p->globalL1CacheSupported = 1;
  p->localL1CacheSupported = 1;
  p->sharedMemPerMultiprocessor = 228 * 1024;
  p->regsPerMultiprocessor = 65536;
  p->managedMemory = 1;
  p->hostNativeAtomicSupported = 1;
  p->singleToDoublePrecisionPerfRatio = 2;
  p->pageableMemoryAccess = 1;
  p->concurrentManagedAccess = 1;
  p->canUseHostPointerForRegisteredMem = 1;
  p->cooperativeLaunch = 1;
  p->sharedMemPerBlockOptin = kMaxOptinSharedBytes;
  p->pageableMemoryAccessUsesHostPageTables = 1;
  p->directManagedMemAccessFromHost = 1;
  p->maxBlocksPerMultiProcessor = 32;
  p->reservedSharedMemPerBlock = 0;
  p->hostRegisterSupported = 1;
  p->memoryPoolsSupported = 1;
}

cudaError_t checkDevice(int device) {
  return device == 0 ? cudaSuccess : cudaErrorInvalidDevice;
}

} // namespace

extern "C" {

//===----------------------------------------------------------------------===//
// Device management.
//===----------------------------------------------------------------------===//

cudaError_t cudaGetDeviceCount(int *count) {
  if (!count)
    return setError(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int device) {
  if (cudaError_t err = checkDevice(device))
    return setError(err);
  Context::get();
  return cudaSuccess;
}

cudaError_t cudaGetDevice(int *device) {
  if (!device)
    return setError(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}

cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  if (flags & ~unsigned(cudaDeviceMask))
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.deviceFlags = flags;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned int *flags) {
  if (!flags)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  *flags = ctx.deviceFlags;
  return cudaSuccess;
}

cudaError_t cudaChooseDevice(int *device, const cudaDeviceProp *prop) {
  if (!device || !prop)
    return setError(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device) {
  if (!prop)
    return setError(cudaErrorInvalidValue);
  if (cudaError_t err = checkDevice(device))
    return setError(err);
  fillProperties(prop);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr,
                                   int device) {
  if (!value)
    return setError(cudaErrorInvalidValue);
  if (cudaError_t err = checkDevice(device))
    return setError(err);
  cudaDeviceProp p;
  fillProperties(&p);
  int v;
  switch (attr) {
  case cudaDevAttrMaxThreadsPerBlock:
    v = p.maxThreadsPerBlock;
    break;
  case cudaDevAttrMaxBlockDimX:
    v = p.maxThreadsDim[0];
    break;
  case cudaDevAttrMaxBlockDimY:
    v = p.maxThreadsDim[1];
    break;
  case cudaDevAttrMaxBlockDimZ:
    v = p.maxThreadsDim[2];
    break;
  case cudaDevAttrMaxGridDimX:
    v = p.maxGridSize[0];
    break;
  case cudaDevAttrMaxGridDimY:
    v = p.maxGridSize[1];
    break;
  case cudaDevAttrMaxGridDimZ:
    v = p.maxGridSize[2];
    break;
  case cudaDevAttrMaxSharedMemoryPerBlock:
    v = static_cast<int>(p.sharedMemPerBlock);
    break;
  case cudaDevAttrTotalConstantMemory:
    v = static_cast<int>(p.totalConstMem);
    break;
  case cudaDevAttrWarpSize:
    v = p.warpSize;
    break;
  case cudaDevAttrMaxPitch:
    v = static_cast<int>(p.memPitch);
    break;
  case cudaDevAttrMaxRegistersPerBlock:
    v = p.regsPerBlock;
    break;
  case cudaDevAttrClockRate:
    v = p.clockRate;
    break;
  case cudaDevAttrTextureAlignment:
    v = static_cast<int>(p.textureAlignment);
    break;
  case cudaDevAttrGpuOverlap:
    v = p.deviceOverlap;
    break;
  case cudaDevAttrMultiProcessorCount:
    v = p.multiProcessorCount;
    break;
  case cudaDevAttrKernelExecTimeout:
    v = p.kernelExecTimeoutEnabled;
    break;
  case cudaDevAttrIntegrated:
    v = p.integrated;
    break;
  case cudaDevAttrCanMapHostMemory:
    v = p.canMapHostMemory;
    break;
  case cudaDevAttrComputeMode:
    v = p.computeMode;
    break;
  case cudaDevAttrConcurrentKernels:
    v = p.concurrentKernels;
    break;
  case cudaDevAttrEccEnabled:
    v = p.ECCEnabled;
    break;
  case cudaDevAttrPciBusId:
  case cudaDevAttrPciDeviceId:
  case cudaDevAttrPciDomainId:
  case cudaDevAttrTccDriver:
    v = 0;
    break;
  case cudaDevAttrMemoryClockRate:
    v = p.memoryClockRate;
    break;
  case cudaDevAttrGlobalMemoryBusWidth:
    v = p.memoryBusWidth;
    break;
  case cudaDevAttrL2CacheSize:
    v = p.l2CacheSize;
    break;
  case cudaDevAttrMaxThreadsPerMultiProcessor:
    v = p.maxThreadsPerMultiProcessor;
    break;
  case cudaDevAttrAsyncEngineCount:
    v = p.asyncEngineCount;
    break;
  case cudaDevAttrUnifiedAddressing:
    v = p.unifiedAddressing;
    break;
  case cudaDevAttrComputeCapabilityMajor:
    v = p.major;
    break;
  case cudaDevAttrComputeCapabilityMinor:
    v = p.minor;
    break;
  case cudaDevAttrStreamPrioritiesSupported:
    v = p.streamPrioritiesSupported;
    break;
  case cudaDevAttrGlobalL1CacheSupported:
    v = p.globalL1CacheSupported;
    break;
  case cudaDevAttrLocalL1CacheSupported:
    v = p.localL1CacheSupported;
    break;
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
    v = static_cast<int>(p.sharedMemPerMultiprocessor);
    break;
  case cudaDevAttrMaxRegistersPerMultiprocessor:
    v = p.regsPerMultiprocessor;
    break;
  case cudaDevAttrManagedMemory:
    v = p.managedMemory;
    break;
  case cudaDevAttrIsMultiGpuBoard:
    v = p.isMultiGpuBoard;
    break;
  case cudaDevAttrHostNativeAtomicSupported:
    v = p.hostNativeAtomicSupported;
    break;
  case cudaDevAttrSingleToDoublePrecisionPerfRatio:
    v = p.singleToDoublePrecisionPerfRatio;
    break;
  case cudaDevAttrPageableMemoryAccess:
    v = p.pageableMemoryAccess;
    break;
  case cudaDevAttrConcurrentManagedAccess:
    v = p.concurrentManagedAccess;
    break;
  case cudaDevAttrCooperativeLaunch:
    v = p.cooperativeLaunch;
    break;
  case cudaDevAttrMaxSharedMemoryPerBlockOptin:
    v = static_cast<int>(p.sharedMemPerBlockOptin);
    break;
  case cudaDevAttrMaxBlocksPerMultiprocessor:
    v = p.maxBlocksPerMultiProcessor;
    break;
  case cudaDevAttrHostRegisterSupported:
    v = p.hostRegisterSupported;
    break;
  case cudaDevAttrMemoryPoolsSupported:
    v = p.memoryPoolsSupported;
    break;
  default:
    if (attr < cudaDevAttrMaxThreadsPerBlock || attr > 200)
      return setError(cudaErrorInvalidValue);
    v = 0;
    break;
  }
  *value = v;
  return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void) {
  return setError(synchronizeDevice());
}

cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }

cudaError_t cudaDeviceReset(void) {
  // Waits for all work first: nothing may use the memory freed below.
  resetStreamsAndEvents();
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  for (auto &a : ctx.allocations)
    std::free(reinterpret_cast<void *>(a.first));
  ctx.allocations.clear();
  ctx.registeredHost.clear();
  ctx.funcInfo.clear();
  ctx.deviceCacheConfig = cudaFuncCachePreferNone;
  ctx.sharedMemConfig = cudaSharedMemBankSizeFourByte;
  ctx.deviceFlags = 0;
  cudaGetLastError();
  return cudaSuccess;
}

cudaError_t cudaThreadExit(void) { return cudaDeviceReset(); }

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config) {
  if (config < cudaFuncCachePreferNone || config > cudaFuncCachePreferEqual)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.deviceCacheConfig = config;
  return cudaSuccess;
}

cudaError_t cudaThreadSetCacheConfig(cudaFuncCache config) {
  return cudaDeviceSetCacheConfig(config);
}

cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache *config) {
  if (!config)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  *config = ctx.deviceCacheConfig;
  return cudaSuccess;
}

cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config) {
  if (config < cudaSharedMemBankSizeDefault ||
      config > cudaSharedMemBankSizeEightByte)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.sharedMemConfig = config == cudaSharedMemBankSizeDefault
                            ? cudaSharedMemBankSizeFourByte
                            : config;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig *config) {
  if (!config)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  *config = ctx.sharedMemConfig;
  return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value) {
  if (limit < cudaLimitStackSize || limit > cudaLimitPersistingL2CacheSize)
    return setError(cudaErrorUnsupportedLimit);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.limits[limit] = value;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(size_t *value, cudaLimit limit) {
  if (!value)
    return setError(cudaErrorInvalidValue);
  if (limit < cudaLimitStackSize || limit > cudaLimitPersistingL2CacheSize)
    return setError(cudaErrorUnsupportedLimit);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  *value = ctx.limits[limit];
  return cudaSuccess;
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority,
                                             int *greatestPriority) {
  if (leastPriority)
    *leastPriority = 0;
  if (greatestPriority)
    *greatestPriority = -5;
  return cudaSuccess;
}

cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device,
                                    int peerDevice) {
  if (!canAccessPeer)
    return setError(cudaErrorInvalidValue);
  if (checkDevice(device) || checkDevice(peerDevice))
    return setError(cudaErrorInvalidDevice);
  *canAccessPeer = 0;
  return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int) {
  if (checkDevice(peerDevice))
    return setError(cudaErrorInvalidDevice);
  return setError(cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceDisablePeerAccess(int peerDevice) {
  if (checkDevice(peerDevice))
    return setError(cudaErrorInvalidDevice);
  return setError(cudaErrorPeerAccessNotEnabled);
}

cudaError_t cudaMemGetInfo(size_t *free, size_t *total) {
  if (!free || !total)
    return setError(cudaErrorInvalidValue);
  *total = physicalMemory();
  *free = availableMemory();
  return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *driverVersion) {
  if (!driverVersion)
    return setError(cudaErrorInvalidValue);
  *driverVersion = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *runtimeVersion) {
  if (!runtimeVersion)
    return setError(cudaErrorInvalidValue);
  *runtimeVersion = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
cudaError_t cudaProfilerStop(void) { return cudaSuccess; }

} // extern "C"
