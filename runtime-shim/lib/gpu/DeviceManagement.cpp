//===- DeviceManagement.cpp - Limits, peers and host memory on the GPU ----===//
//
// Part of libcucpu_rt_gpu: the runtime API calls that configure the device
// or register memory rather than run work. One device is used (the first),
// so peer access has no other device to reach and peer copies are copies.
// Cache and shared-memory bank preferences are hints a GPU may ignore; they
// are recorded and reported back.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include <cstdio>
#include <mutex>

using namespace cucpu::gpu;

namespace {

/// What the hint calls recorded; guarded by `mutex`.
struct Preferences {
  std::mutex mutex;
  cudaFuncCache cacheConfig = cudaFuncCachePreferNone;
  cudaSharedMemConfig sharedMemConfig = cudaSharedMemBankSizeFourByte;
  unsigned deviceFlags = 0;
};

Preferences &preferences() {
  static Preferences *p = new Preferences;
  return *p;
}

/// Sets or reads one recorded preference.
template <typename T> void record(T Preferences::*field, T value) {
  std::lock_guard<std::mutex> lock(preferences().mutex);
  preferences().*field = value;
}
template <typename T> T recorded(T Preferences::*field) {
  std::lock_guard<std::mutex> lock(preferences().mutex);
  return preferences().*field;
}

bool validCacheConfig(cudaFuncCache config) {
  return config >= cudaFuncCachePreferNone &&
         config <= cudaFuncCachePreferEqual;
}

bool validBankConfig(cudaSharedMemConfig config) {
  return config >= cudaSharedMemBankSizeDefault &&
         config <= cudaSharedMemBankSizeEightByte;
}

/// cudaFuncSet*Config: a known kernel, a valid preference (a hint the GPU
/// may ignore; nothing to record per kernel).
cudaError_t checkKernelHint(const void *func, bool valid) {
  if (!valid)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUfunction fn;
  if (cudaError_t err = Runtime::get().function(func, &fn))
    return setError(err);
  return cudaSuccess;
}

/// CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, _PCI_DEVICE_ID and _PCI_DOMAIN_ID.
constexpr int kPciBusId = 33, kPciDeviceId = 34, kPciDomainId = 50;

} // namespace

/// Records the flags cudaGetDeviceFlags reports (Runtime.cpp's
/// cudaSetDeviceFlags).
void cucpu::gpu::recordDeviceFlags(unsigned flags) {
  record(&Preferences::deviceFlags, flags);
}

extern "C" {

cudaError_t cudaGetDeviceFlags(unsigned int *flags) {
  if (!flags)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  *flags = recorded(&Preferences::deviceFlags);
  return cudaSuccess;
}

cudaError_t cudaSetValidDevices(int *deviceArr, int len) {
  if (len < 0 || (len > 0 && !deviceArr))
    return setError(cudaErrorInvalidValue);
  for (int i = 0; i < len; ++i)
    if (deviceArr[i] != 0)
      return setError(cudaErrorInvalidDevice);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device) {
  if (!pciBusId || len <= 0)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  if (device != 0)
    return setError(cudaErrorInvalidDevice);
  int domain = 0, bus = 0, dev = 0;
  if (cudaError_t err =
          check(api->cuDeviceGetAttribute(&domain, kPciDomainId, 0)))
    return err;
  if (cudaError_t err = check(api->cuDeviceGetAttribute(&bus, kPciBusId, 0)))
    return err;
  if (cudaError_t err = check(api->cuDeviceGetAttribute(&dev, kPciDeviceId, 0)))
    return err;
  std::snprintf(pciBusId, static_cast<size_t>(len), "%04x:%02x:%02x.0", domain,
                bus, dev);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId) {
  if (!device || !pciBusId)
    return setError(cudaErrorInvalidValue);
  unsigned domain = 0, bus = 0, dev = 0, fn = 0;
  if (!cucpu::parsePCIBusId(pciBusId, &domain, &bus, &dev, &fn))
    return setError(cudaErrorInvalidValue);
  char ours[32];
  if (cudaError_t err = cudaDeviceGetPCIBusId(ours, sizeof ours, 0))
    return err;
  unsigned d0 = 0, b0 = 0, v0 = 0, f0 = 0;
  cucpu::parsePCIBusId(ours, &d0, &b0, &v0, &f0);
  if (domain != d0 || bus != b0 || dev != v0 || fn != f0)
    return setError(cudaErrorInvalidDevice);
  *device = 0;
  return cudaSuccess;
}

//===----------------------------------------------------------------------===//
// Limits and preferences
//===----------------------------------------------------------------------===//

cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value) {
  CUCPU_GPU_READY(api);
  // cudaLimit and CUlimit share their numbers.
  return check(api->cuCtxSetLimit(static_cast<int>(limit), value));
}

cudaError_t cudaDeviceGetLimit(size_t *value, cudaLimit limit) {
  if (!value)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  return check(api->cuCtxGetLimit(value, static_cast<int>(limit)));
}

cudaError_t cudaThreadSetLimit(cudaLimit limit, size_t value) {
  return cudaDeviceSetLimit(limit, value);
}

cudaError_t cudaThreadGetLimit(size_t *value, cudaLimit limit) {
  return cudaDeviceGetLimit(value, limit);
}

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache cacheConfig) {
  if (!validCacheConfig(cacheConfig))
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  record(&Preferences::cacheConfig, cacheConfig);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache *pCacheConfig) {
  if (!pCacheConfig)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  *pCacheConfig = recorded(&Preferences::cacheConfig);
  return cudaSuccess;
}

cudaError_t cudaThreadSetCacheConfig(cudaFuncCache cacheConfig) {
  return cudaDeviceSetCacheConfig(cacheConfig);
}

cudaError_t cudaThreadGetCacheConfig(cudaFuncCache *pCacheConfig) {
  return cudaDeviceGetCacheConfig(pCacheConfig);
}

cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config) {
  if (!validBankConfig(config))
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  record(&Preferences::sharedMemConfig, config);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig *pConfig) {
  if (!pConfig)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  *pConfig = recorded(&Preferences::sharedMemConfig);
  return cudaSuccess;
}

cudaError_t cudaFuncSetCacheConfig(const void *func,
                                   cudaFuncCache cacheConfig) {
  return checkKernelHint(func, validCacheConfig(cacheConfig));
}

cudaError_t cudaFuncSetSharedMemConfig(const void *func,
                                       cudaSharedMemConfig config) {
  return checkKernelHint(func, validBankConfig(config));
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority,
                                             int *greatestPriority) {
  CUCPU_GPU_READY(api);
  int least = 0, greatest = 0;
  if (cudaError_t err =
          check(api->cuCtxGetStreamPriorityRange(&least, &greatest)))
    return err;
  if (leastPriority)
    *leastPriority = least;
  if (greatestPriority)
    *greatestPriority = greatest;
  return cudaSuccess;
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream,
                                         unsigned int flags, int priority) {
  if (!pStream)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  if (cudaError_t err =
          check(api->cuStreamCreateWithPriority(pStream, flags, priority)))
    return err;
  Runtime::get().addStream(*pStream);
  return cudaSuccess;
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize,
                                                      const void *func,
                                                      int numBlocks,
                                                      int blockSize) {
  if (!dynamicSmemSize)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUfunction fn;
  if (cudaError_t err = Runtime::get().function(func, &fn))
    return setError(err);
  return check(api->cuOccupancyAvailableDynamicSMemPerBlock(
      dynamicSmemSize, fn, numBlocks, blockSize));
}

cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
cudaError_t cudaProfilerStop(void) { return cudaSuccess; }

//===----------------------------------------------------------------------===//
// Peers: the one device has none
//===----------------------------------------------------------------------===//

cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device,
                                    int peerDevice) {
  if (!canAccessPeer)
    return setError(cudaErrorInvalidValue);
  if (device != 0 || peerDevice != 0)
    return setError(cudaErrorInvalidDevice);
  *canAccessPeer = 0;
  return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int, unsigned int) {
  return setError(cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceDisablePeerAccess(int peerDevice) {
  return setError(peerDevice == 0 ? cudaErrorPeerAccessNotEnabled
                                  : cudaErrorInvalidDevice);
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                           int srcDevice, size_t count) {
  if (dstDevice != 0 || srcDevice != 0)
    return setError(cudaErrorInvalidDevice);
  return cudaMemcpy(dst, src, count, cudaMemcpyDeviceToDevice);
}

cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src,
                                int srcDevice, size_t count,
                                cudaStream_t stream) {
  if (dstDevice != 0 || srcDevice != 0)
    return setError(cudaErrorInvalidDevice);
  return cudaMemcpyAsync(dst, src, count, cudaMemcpyDeviceToDevice, stream);
}

static cudaError_t peerTo3D(const cudaMemcpy3DPeerParms *p,
                            cudaMemcpy3DParms *out) {
  if (!p)
    return cudaErrorInvalidValue;
  if (p->srcDevice != 0 || p->dstDevice != 0)
    return cudaErrorInvalidDevice;
  *out = {};
  out->srcArray = p->srcArray;
  out->srcPos = p->srcPos;
  out->srcPtr = p->srcPtr;
  out->dstArray = p->dstArray;
  out->dstPos = p->dstPos;
  out->dstPtr = p->dstPtr;
  out->extent = p->extent;
  out->kind = cudaMemcpyDeviceToDevice;
  return cudaSuccess;
}

cudaError_t cudaMemcpy3DPeer(const cudaMemcpy3DPeerParms *p) {
  cudaMemcpy3DParms parms;
  if (cudaError_t err = peerTo3D(p, &parms))
    return setError(err);
  return cudaMemcpy3D(&parms);
}

cudaError_t cudaMemcpy3DPeerAsync(const cudaMemcpy3DPeerParms *p,
                                  cudaStream_t stream) {
  cudaMemcpy3DParms parms;
  if (cudaError_t err = peerTo3D(p, &parms))
    return setError(err);
  return cudaMemcpy3DAsync(&parms, stream);
}

//===----------------------------------------------------------------------===//
// Registered host memory
//===----------------------------------------------------------------------===//

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags) {
  if (!ptr || size == 0)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  // cudaHostRegister* flags are CU_MEMHOSTREGISTER_*.
  return check(api->cuMemHostRegister(ptr, size, flags));
}

cudaError_t cudaHostUnregister(void *ptr) {
  if (!ptr)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  return check(api->cuMemHostUnregister(ptr));
}

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost,
                                     unsigned int flags) {
  if (!pDevice || !pHost)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUdeviceptr device = 0;
  cudaError_t err =
      check(api->cuMemHostGetDevicePointer(&device, pHost, flags));
  *pDevice = reinterpret_cast<void *>(static_cast<uintptr_t>(device));
  return err;
}

cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost) {
  if (!pFlags || !pHost)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  return check(api->cuMemHostGetFlags(pFlags, pHost));
}

} // extern "C"
