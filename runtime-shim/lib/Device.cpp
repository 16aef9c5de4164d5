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

/// Clock rate in kHz: the highest frequency the kernel reports, else the
/// current one of /proc/cpuinfo.
int clockRateKHz() {
  std::ifstream maxFreq(
      "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
  long khz = 0;
  if (maxFreq >> khz && khz > 0 && khz < 1000000000)
    return static_cast<int>(khz);
  std::string mhz = cpuInfoField("cpu MHz");
  double v = mhz.empty() ? 0.0 : std::atof(mhz.c_str());
  return v > 0 ? static_cast<int>(v * 1000.0) : 1000000;
}

/// Size in bytes of the unified or data cache of this level of cpu0, or 0.
int cacheBytes(int level) {
  for (int index = 0; index < 8; ++index) {
    std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" +
                      std::to_string(index) + "/";
    std::ifstream levelFile(dir + "level"), typeFile(dir + "type"),
        sizeFile(dir + "size");
    int l = 0;
    std::string type, size;
    if (!(levelFile >> l) || !(typeFile >> type) || !(sizeFile >> size))
      continue;
    if (l != level || type == "Instruction")
      continue;
    long v = std::atol(size.c_str());
    char unit = size.empty() ? 0 : size.back();
    if (unit == 'K')
      v <<= 10;
    else if (unit == 'M')
      v <<= 20;
    return v > 0 && v < (1L << 31) ? static_cast<int>(v) : 0;
  }
  return 0;
}

void fillProperties(cudaDeviceProp *p) {
  std::memset(p, 0, sizeof(*p));
  std::string name = cpuInfoField("model name");
  if (name.empty())
    name = "cucpu CPU device";
  std::snprintf(p->name, sizeof(p->name), "%s", name.c_str());
  std::memcpy(p->uuid.bytes, "cucpu-cpu-device", 16);
  // The memory and the processors are the machine's.
  p->totalGlobalMem = totalMemoryBytes();
  p->multiProcessorCount = Context::get().workerCount();
  p->clockRate = clockRateKHz();
  p->memoryClockRate = p->clockRate;
  p->memoryBusWidth = 64;
  int l2 = cacheBytes(2);
  p->l2CacheSize = l2 ? l2 : 4 << 20;
  // The CUDA limits the runtime enforces, those of compute capability 8.0.
  p->sharedMemPerBlock = kDefaultSharedBytes;
  p->sharedMemPerBlockOptin = kMaxOptinSharedBytes;
  p->sharedMemPerMultiprocessor = 228 * 1024;
  p->reservedSharedMemPerBlock = 0;
  p->regsPerBlock = 65536;
  p->regsPerMultiprocessor = 65536;
  p->warpSize = 32;
  p->memPitch = kMaxPitch;
  p->maxThreadsPerBlock = kMaxThreadsPerBlock;
  p->maxThreadsDim[0] = kMaxBlockDimXY;
  p->maxThreadsDim[1] = kMaxBlockDimXY;
  p->maxThreadsDim[2] = kMaxBlockDimZ;
  p->maxGridSize[0] = static_cast<int>(kMaxGridDimX);
  p->maxGridSize[1] = kMaxGridDimYZ;
  p->maxGridSize[2] = kMaxGridDimYZ;
  p->maxThreadsPerMultiProcessor = 2048;
  p->maxBlocksPerMultiProcessor = 32;
  p->totalConstMem = 65536;
  p->major = 8;
  p->minor = 0;
  // Texture and surface limits of compute capability 8.0, for programs that
  // print or check them.
  // The alignment texture bindings use (Texture.cpp): that of allocations.
  p->textureAlignment = kAllocAlignment;
  p->texturePitchAlignment = 32;
  p->surfaceAlignment = 512;
  p->maxTexture1D = 131072;
  p->maxTexture1DMipmap = 32768;
  p->maxTexture1DLinear = 268435456;
  p->maxTexture2D[0] = 131072;
  p->maxTexture2D[1] = 65536;
  p->maxTexture2DMipmap[0] = p->maxTexture2DMipmap[1] = 32768;
  p->maxTexture2DLinear[0] = 131072;
  p->maxTexture2DLinear[1] = 65000;
  p->maxTexture2DLinear[2] = 2097120;
  p->maxTexture2DGather[0] = p->maxTexture2DGather[1] = 32768;
  p->maxTexture3D[0] = p->maxTexture3D[1] = p->maxTexture3D[2] = 16384;
  p->maxTexture3DAlt[0] = p->maxTexture3DAlt[1] = 8192;
  p->maxTexture3DAlt[2] = 32768;
  p->maxTextureCubemap = 32768;
  p->maxTexture1DLayered[0] = 32768;
  p->maxTexture1DLayered[1] = 2048;
  p->maxTexture2DLayered[0] = p->maxTexture2DLayered[1] = 32768;
  p->maxTexture2DLayered[2] = 2048;
  p->maxTextureCubemapLayered[0] = 32768;
  p->maxTextureCubemapLayered[1] = 2046;
  p->maxSurface1D = 32768;
  p->maxSurface2D[0] = 131072;
  p->maxSurface2D[1] = 65536;
  p->maxSurface3D[0] = p->maxSurface3D[1] = p->maxSurface3D[2] = 16384;
  p->maxSurface1DLayered[0] = 32768;
  p->maxSurface1DLayered[1] = 2048;
  p->maxSurface2DLayered[0] = p->maxSurface2DLayered[1] = 32768;
  p->maxSurface2DLayered[2] = 2048;
  p->maxSurfaceCubemap = 32768;
  p->maxSurfaceCubemapLayered[0] = 32768;
  p->maxSurfaceCubemapLayered[1] = 2046;
  // What the device can do. Memory is the host's, so it is integrated and
  // maps host memory; pageable memory the runtime does not know is treated
  // as a discrete GPU treats it (not device-accessible).
  p->deviceOverlap = 1;
  p->kernelExecTimeoutEnabled = 0;
  p->integrated = 1;
  p->canMapHostMemory = 1;
  p->computeMode = cudaComputeModeDefault;
  p->concurrentKernels = 1;
  p->asyncEngineCount = 1;
  p->unifiedAddressing = 1;
  p->streamPrioritiesSupported = 1;
  p->globalL1CacheSupported = 1;
  p->localL1CacheSupported = 1;
  p->managedMemory = 1;
  p->hostNativeAtomicSupported = 1;
  p->singleToDoublePrecisionPerfRatio = 2;
  p->pageableMemoryAccess = 0;
  p->concurrentManagedAccess = 1;
  p->canUseHostPointerForRegisteredMem = 1;
  p->cooperativeLaunch = 1;
  p->pageableMemoryAccessUsesHostPageTables = 0;
  p->directManagedMemAccessFromHost = 1;
  p->hostRegisterSupported = 1;
  p->hostRegisterReadOnlySupported = 1;
  p->memoryPoolsSupported = 1;
}

cudaError_t checkDevice(int device) {
  return device == 0 ? cudaSuccess : cudaErrorInvalidDevice;
}

} // namespace

extern "C" {

//===----------------------------------------------------------------------===//
// Device management.
//
// After a sticky error (a failed device assert) the calls that need the
// device return it; the pure queries of the device's identity and limits
// (count, current device, properties, attributes, versions) keep answering,
// as CUDA's do.
//===----------------------------------------------------------------------===//

cudaError_t cudaGetDeviceCount(int *count) {
  if (!count)
    return setError(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int device) {
  CUCPU_RETURN_IF_STICKY();
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

cudaError_t cudaSetValidDevices(int *deviceArr, int len) {
  CUCPU_RETURN_IF_STICKY();
  if (len < 0 || (len > 0 && !deviceArr))
    return setError(cudaErrorInvalidValue);
  for (int i = 0; i < len; ++i)
    if (cudaError_t err = checkDevice(deviceArr[i]))
      return setError(err);
  return cudaSuccess;
}

cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  CUCPU_RETURN_IF_STICKY();
  if (flags & ~unsigned(cudaDeviceMask))
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.deviceFlags = flags;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned int *flags) {
  CUCPU_RETURN_IF_STICKY();
  if (!flags)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  *flags = ctx.deviceFlags;
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
  if (!value || attr < cudaDevAttrMaxThreadsPerBlock || attr >= cudaDevAttrMax)
    return setError(cudaErrorInvalidValue);
  if (cudaError_t err = checkDevice(device))
    return setError(err);
  cudaDeviceProp p;
  fillProperties(&p);
  int v = 0;
  switch (attr) {
#define CUCPU_ATTR(Name, Value)                                                \
  case cudaDevAttr##Name:                                                      \
    v = static_cast<int>(Value);                                               \
    break;
    CUCPU_ATTR(MaxThreadsPerBlock, p.maxThreadsPerBlock)
    CUCPU_ATTR(MaxBlockDimX, p.maxThreadsDim[0])
    CUCPU_ATTR(MaxBlockDimY, p.maxThreadsDim[1])
    CUCPU_ATTR(MaxBlockDimZ, p.maxThreadsDim[2])
    CUCPU_ATTR(MaxGridDimX, p.maxGridSize[0])
    CUCPU_ATTR(MaxGridDimY, p.maxGridSize[1])
    CUCPU_ATTR(MaxGridDimZ, p.maxGridSize[2])
    CUCPU_ATTR(MaxSharedMemoryPerBlock, p.sharedMemPerBlock)
    CUCPU_ATTR(TotalConstantMemory, p.totalConstMem)
    CUCPU_ATTR(WarpSize, p.warpSize)
    CUCPU_ATTR(MaxPitch, p.memPitch)
    CUCPU_ATTR(MaxRegistersPerBlock, p.regsPerBlock)
    CUCPU_ATTR(ClockRate, p.clockRate)
    CUCPU_ATTR(TextureAlignment, p.textureAlignment)
    CUCPU_ATTR(GpuOverlap, p.deviceOverlap)
    CUCPU_ATTR(MultiProcessorCount, p.multiProcessorCount)
    CUCPU_ATTR(KernelExecTimeout, p.kernelExecTimeoutEnabled)
    CUCPU_ATTR(Integrated, p.integrated)
    CUCPU_ATTR(CanMapHostMemory, p.canMapHostMemory)
    CUCPU_ATTR(ComputeMode, p.computeMode)
    CUCPU_ATTR(MaxTexture1DWidth, p.maxTexture1D)
    CUCPU_ATTR(MaxTexture2DWidth, p.maxTexture2D[0])
    CUCPU_ATTR(MaxTexture2DHeight, p.maxTexture2D[1])
    CUCPU_ATTR(MaxTexture3DWidth, p.maxTexture3D[0])
    CUCPU_ATTR(MaxTexture3DHeight, p.maxTexture3D[1])
    CUCPU_ATTR(MaxTexture3DDepth, p.maxTexture3D[2])
    CUCPU_ATTR(MaxTexture2DLayeredWidth, p.maxTexture2DLayered[0])
    CUCPU_ATTR(MaxTexture2DLayeredHeight, p.maxTexture2DLayered[1])
    CUCPU_ATTR(MaxTexture2DLayeredLayers, p.maxTexture2DLayered[2])
    CUCPU_ATTR(SurfaceAlignment, p.surfaceAlignment)
    CUCPU_ATTR(ConcurrentKernels, p.concurrentKernels)
    CUCPU_ATTR(EccEnabled, p.ECCEnabled)
    CUCPU_ATTR(PciBusId, p.pciBusID)
    CUCPU_ATTR(PciDeviceId, p.pciDeviceID)
    CUCPU_ATTR(TccDriver, p.tccDriver)
    CUCPU_ATTR(MemoryClockRate, p.memoryClockRate)
    CUCPU_ATTR(GlobalMemoryBusWidth, p.memoryBusWidth)
    CUCPU_ATTR(L2CacheSize, p.l2CacheSize)
    CUCPU_ATTR(MaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor)
    CUCPU_ATTR(AsyncEngineCount, p.asyncEngineCount)
    CUCPU_ATTR(UnifiedAddressing, p.unifiedAddressing)
    CUCPU_ATTR(MaxTexture1DLayeredWidth, p.maxTexture1DLayered[0])
    CUCPU_ATTR(MaxTexture1DLayeredLayers, p.maxTexture1DLayered[1])
    CUCPU_ATTR(MaxTexture2DGatherWidth, p.maxTexture2DGather[0])
    CUCPU_ATTR(MaxTexture2DGatherHeight, p.maxTexture2DGather[1])
    CUCPU_ATTR(MaxTexture3DWidthAlt, p.maxTexture3DAlt[0])
    CUCPU_ATTR(MaxTexture3DHeightAlt, p.maxTexture3DAlt[1])
    CUCPU_ATTR(MaxTexture3DDepthAlt, p.maxTexture3DAlt[2])
    CUCPU_ATTR(PciDomainId, p.pciDomainID)
    CUCPU_ATTR(TexturePitchAlignment, p.texturePitchAlignment)
    CUCPU_ATTR(MaxTextureCubemapWidth, p.maxTextureCubemap)
    CUCPU_ATTR(MaxTextureCubemapLayeredWidth, p.maxTextureCubemapLayered[0])
    CUCPU_ATTR(MaxTextureCubemapLayeredLayers, p.maxTextureCubemapLayered[1])
    CUCPU_ATTR(MaxSurface1DWidth, p.maxSurface1D)
    CUCPU_ATTR(MaxSurface2DWidth, p.maxSurface2D[0])
    CUCPU_ATTR(MaxSurface2DHeight, p.maxSurface2D[1])
    CUCPU_ATTR(MaxSurface3DWidth, p.maxSurface3D[0])
    CUCPU_ATTR(MaxSurface3DHeight, p.maxSurface3D[1])
    CUCPU_ATTR(MaxSurface3DDepth, p.maxSurface3D[2])
    CUCPU_ATTR(MaxSurface1DLayeredWidth, p.maxSurface1DLayered[0])
    CUCPU_ATTR(MaxSurface1DLayeredLayers, p.maxSurface1DLayered[1])
    CUCPU_ATTR(MaxSurface2DLayeredWidth, p.maxSurface2DLayered[0])
    CUCPU_ATTR(MaxSurface2DLayeredHeight, p.maxSurface2DLayered[1])
    CUCPU_ATTR(MaxSurface2DLayeredLayers, p.maxSurface2DLayered[2])
    CUCPU_ATTR(MaxSurfaceCubemapWidth, p.maxSurfaceCubemap)
    CUCPU_ATTR(MaxSurfaceCubemapLayeredWidth, p.maxSurfaceCubemapLayered[0])
    CUCPU_ATTR(MaxSurfaceCubemapLayeredLayers, p.maxSurfaceCubemapLayered[1])
    CUCPU_ATTR(MaxTexture1DLinearWidth, p.maxTexture1DLinear)
    CUCPU_ATTR(MaxTexture2DLinearWidth, p.maxTexture2DLinear[0])
    CUCPU_ATTR(MaxTexture2DLinearHeight, p.maxTexture2DLinear[1])
    CUCPU_ATTR(MaxTexture2DLinearPitch, p.maxTexture2DLinear[2])
    CUCPU_ATTR(MaxTexture2DMipmappedWidth, p.maxTexture2DMipmap[0])
    CUCPU_ATTR(MaxTexture2DMipmappedHeight, p.maxTexture2DMipmap[1])
    CUCPU_ATTR(ComputeCapabilityMajor, p.major)
    CUCPU_ATTR(ComputeCapabilityMinor, p.minor)
    CUCPU_ATTR(MaxTexture1DMipmappedWidth, p.maxTexture1DMipmap)
    CUCPU_ATTR(StreamPrioritiesSupported, p.streamPrioritiesSupported)
    CUCPU_ATTR(GlobalL1CacheSupported, p.globalL1CacheSupported)
    CUCPU_ATTR(LocalL1CacheSupported, p.localL1CacheSupported)
    CUCPU_ATTR(MaxSharedMemoryPerMultiprocessor, p.sharedMemPerMultiprocessor)
    CUCPU_ATTR(MaxRegistersPerMultiprocessor, p.regsPerMultiprocessor)
    CUCPU_ATTR(ManagedMemory, p.managedMemory)
    CUCPU_ATTR(IsMultiGpuBoard, p.isMultiGpuBoard)
    CUCPU_ATTR(MultiGpuBoardGroupID, p.multiGpuBoardGroupID)
    CUCPU_ATTR(HostNativeAtomicSupported, p.hostNativeAtomicSupported)
    CUCPU_ATTR(SingleToDoublePrecisionPerfRatio,
               p.singleToDoublePrecisionPerfRatio)
    CUCPU_ATTR(PageableMemoryAccess, p.pageableMemoryAccess)
    CUCPU_ATTR(ConcurrentManagedAccess, p.concurrentManagedAccess)
    CUCPU_ATTR(ComputePreemptionSupported, p.computePreemptionSupported)
    CUCPU_ATTR(CanUseHostPointerForRegisteredMem,
               p.canUseHostPointerForRegisteredMem)
    CUCPU_ATTR(CooperativeLaunch, p.cooperativeLaunch)
    CUCPU_ATTR(CooperativeMultiDeviceLaunch, p.cooperativeMultiDeviceLaunch)
    CUCPU_ATTR(MaxSharedMemoryPerBlockOptin, p.sharedMemPerBlockOptin)
    CUCPU_ATTR(HostRegisterSupported, p.hostRegisterSupported)
    CUCPU_ATTR(PageableMemoryAccessUsesHostPageTables,
               p.pageableMemoryAccessUsesHostPageTables)
    CUCPU_ATTR(DirectManagedMemAccessFromHost, p.directManagedMemAccessFromHost)
    CUCPU_ATTR(MaxBlocksPerMultiprocessor, p.maxBlocksPerMultiProcessor)
    CUCPU_ATTR(MaxPersistingL2CacheSize, p.persistingL2CacheMaxSize)
    CUCPU_ATTR(MaxAccessPolicyWindowSize, p.accessPolicyMaxWindowSize)
    CUCPU_ATTR(ReservedSharedMemoryPerBlock, p.reservedSharedMemPerBlock)
    CUCPU_ATTR(SparseCudaArraySupported, p.sparseCudaArraySupported)
    CUCPU_ATTR(HostRegisterReadOnlySupported, p.hostRegisterReadOnlySupported)
    CUCPU_ATTR(TimelineSemaphoreInteropSupported,
               p.timelineSemaphoreInteropSupported)
    CUCPU_ATTR(MemoryPoolsSupported, p.memoryPoolsSupported)
    CUCPU_ATTR(GPUDirectRDMASupported, p.gpuDirectRDMASupported)
    CUCPU_ATTR(GPUDirectRDMAFlushWritesOptions,
               p.gpuDirectRDMAFlushWritesOptions)
    CUCPU_ATTR(GPUDirectRDMAWritesOrdering, p.gpuDirectRDMAWritesOrdering)
    CUCPU_ATTR(MemoryPoolSupportedHandleTypes, p.memoryPoolSupportedHandleTypes)
    CUCPU_ATTR(ClusterLaunch, p.clusterLaunch)
    CUCPU_ATTR(DeferredMappingCudaArraySupported,
               p.deferredMappingCudaArraySupported)
    CUCPU_ATTR(IpcEventSupport, p.ipcEventSupported)
    CUCPU_ATTR(MemSyncDomainCount, 1)
#undef CUCPU_ATTR
  default:
    // Interop, NUMA and reserved attributes: nothing of the kind here.
    v = 0;
    break;
  }
  *value = v;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device) {
  CUCPU_RETURN_IF_STICKY();
  if (!pciBusId || len <= 0)
    return setError(cudaErrorInvalidValue);
  if (cudaError_t err = checkDevice(device))
    return setError(err);
  // The CPU has no PCI address; this is the one its properties report.
  std::snprintf(pciBusId, static_cast<size_t>(len), "0000:00:00.0");
  return cudaSuccess;
}

cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId) {
  CUCPU_RETURN_IF_STICKY();
  if (!device || !pciBusId)
    return setError(cudaErrorInvalidValue);
  unsigned domain = 0, bus = 0, dev = 0, fn = 0;
  if (!parsePCIBusId(pciBusId, &domain, &bus, &dev, &fn))
    return setError(cudaErrorInvalidValue);
  if (domain != 0 || bus != 0 || dev != 0 || fn != 0)
    return setError(cudaErrorInvalidDevice);
  *device = 0;
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
  CUCPU_RETURN_IF_STICKY();
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
  CUCPU_RETURN_IF_STICKY();
  if (!config)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  *config = ctx.deviceCacheConfig;
  return cudaSuccess;
}

cudaError_t cudaThreadGetCacheConfig(cudaFuncCache *config) {
  return cudaDeviceGetCacheConfig(config);
}

cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config) {
  CUCPU_RETURN_IF_STICKY();
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
  CUCPU_RETURN_IF_STICKY();
  if (!config)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  *config = ctx.sharedMemConfig;
  return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value) {
  CUCPU_RETURN_IF_STICKY();
  if (limit < cudaLimitStackSize || limit > cudaLimitPersistingL2CacheSize)
    return setError(cudaErrorUnsupportedLimit);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.limits[limit] = value;
  return cudaSuccess;
}

cudaError_t cudaThreadSetLimit(cudaLimit limit, size_t value) {
  return cudaDeviceSetLimit(limit, value);
}

cudaError_t cudaDeviceGetLimit(size_t *value, cudaLimit limit) {
  CUCPU_RETURN_IF_STICKY();
  if (!value)
    return setError(cudaErrorInvalidValue);
  if (limit < cudaLimitStackSize || limit > cudaLimitPersistingL2CacheSize)
    return setError(cudaErrorUnsupportedLimit);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  *value = ctx.limits[limit];
  return cudaSuccess;
}

cudaError_t cudaThreadGetLimit(size_t *value, cudaLimit limit) {
  return cudaDeviceGetLimit(value, limit);
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority,
                                             int *greatestPriority) {
  CUCPU_RETURN_IF_STICKY();
  if (leastPriority)
    *leastPriority = 0;
  if (greatestPriority)
    *greatestPriority = -5;
  return cudaSuccess;
}

cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device,
                                    int peerDevice) {
  CUCPU_RETURN_IF_STICKY();
  if (!canAccessPeer)
    return setError(cudaErrorInvalidValue);
  if (checkDevice(device) || checkDevice(peerDevice))
    return setError(cudaErrorInvalidDevice);
  *canAccessPeer = 0;
  return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int) {
  CUCPU_RETURN_IF_STICKY();
  if (checkDevice(peerDevice))
    return setError(cudaErrorInvalidDevice);
  return setError(cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceDisablePeerAccess(int peerDevice) {
  CUCPU_RETURN_IF_STICKY();
  if (checkDevice(peerDevice))
    return setError(cudaErrorInvalidDevice);
  return setError(cudaErrorPeerAccessNotEnabled);
}

cudaError_t cudaMemGetInfo(size_t *free, size_t *total) {
  CUCPU_RETURN_IF_STICKY();
  if (!free || !total)
    return setError(cudaErrorInvalidValue);
  *total = totalMemoryBytes();
  *free = freeMemoryBytes();
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

cudaError_t cudaProfilerStart(void) {
  CUCPU_RETURN_IF_STICKY();
  return cudaSuccess;
}

cudaError_t cudaProfilerStop(void) {
  CUCPU_RETURN_IF_STICKY();
  return cudaSuccess;
}

} // extern "C"
