//===- MemoryPools.cpp - The stream-ordered allocator's pools -------------===//
//
// Part of cucpu.
//
// Memory pools on the CPU: each pool is its attributes and the count of the
// bytes its allocations hold. Allocation and release are the runtime's
// (cudaMallocAsync and cudaMallocFromPoolAsync allocate at once, cudaFreeAsync
// frees when its stream gets there), so a release threshold or a trim has
// nothing to keep or give back; they are recorded and reported as CUDA does.
//
//===----------------------------------------------------------------------===//

#include "MemoryPools.h"
#include "Context.h"

#include <algorithm>
#include <cstdint>
#include <mutex>

struct CUmemPoolHandle_st {
  cudaMemPoolProps props{};
  uint64_t releaseThreshold = 0;
  int reuseFollowEventDependencies = 1;
  int reuseAllowOpportunistic = 1;
  int reuseAllowInternalDependencies = 1;
  uint64_t used = 0;
  uint64_t usedHigh = 0;
  uint64_t reservedHigh = 0;
  bool destroyed = false;
};

using namespace cucpu;

namespace {

std::mutex poolMutex;

cudaMemPool_t defaultPool() {
  static CUmemPoolHandle_st pool = [] {
    CUmemPoolHandle_st p;
    p.props.allocType = cudaMemAllocationTypePinned;
    p.props.location = {cudaMemLocationTypeDevice, 0};
    return p;
  }();
  return &pool;
}

/// The device's current pool (cudaDeviceSetMemPool); guarded by poolMutex.
cudaMemPool_t current = nullptr;

bool validDevice(int device) {
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess && device >= 0 &&
         device < count;
}

/// Stores pool in *memPool for a query about device, after checking both.
cudaError_t answerPool(cudaMemPool_t *memPool, int device, cudaMemPool_t pool) {
  if (!memPool)
    return setError(cudaErrorInvalidValue);
  if (!validDevice(device))
    return setError(cudaErrorInvalidDevice);
  *memPool = pool;
  return cudaSuccess;
}

} // namespace

cudaMemPool_t cucpu::currentMemPool() {
  std::lock_guard<std::mutex> lock(poolMutex);
  return current ? current : defaultPool();
}

bool cucpu::isLiveMemPool(cudaMemPool_t pool) {
  std::lock_guard<std::mutex> lock(poolMutex);
  return pool && !pool->destroyed;
}

void cucpu::notePoolAllocation(cudaMemPool_t pool, size_t bytes) {
  std::lock_guard<std::mutex> lock(poolMutex);
  pool->used += bytes;
  pool->usedHigh = std::max(pool->usedHigh, pool->used);
  pool->reservedHigh = std::max(pool->reservedHigh, pool->used);
}

void cucpu::notePoolRelease(cudaMemPool_t pool, size_t bytes) {
  std::lock_guard<std::mutex> lock(poolMutex);
  pool->used -= std::min<uint64_t>(pool->used, bytes);
}

extern "C" {

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device) {
  CUCPU_RETURN_IF_STICKY();
  return answerPool(memPool, device, defaultPool());
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device) {
  CUCPU_RETURN_IF_STICKY();
  return answerPool(memPool, device, currentMemPool());
}

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool) {
  CUCPU_RETURN_IF_STICKY();
  if (!validDevice(device))
    return setError(cudaErrorInvalidDevice);
  if (!isLiveMemPool(memPool))
    return setError(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(poolMutex);
  current = memPool;
  return cudaSuccess;
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool,
                              const cudaMemPoolProps *poolProps) {
  CUCPU_RETURN_IF_STICKY();
  if (!memPool || !poolProps ||
      poolProps->allocType != cudaMemAllocationTypePinned)
    return setError(cudaErrorInvalidValue);
  if (poolProps->location.type != cudaMemLocationTypeDevice ||
      !validDevice(poolProps->location.id))
    return setError(cudaErrorInvalidValue);
  auto *pool = new CUmemPoolHandle_st;
  pool->props = *poolProps;
  *memPool = pool;
  return cudaSuccess;
}

cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool) {
  CUCPU_RETURN_IF_STICKY();
  if (!isLiveMemPool(memPool) || memPool == defaultPool())
    return setError(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(poolMutex);
  // Its allocations stay valid until freed, as in CUDA; they still name the
  // pool for their accounting, so the handle itself is kept.
  memPool->destroyed = true;
  if (current == memPool)
    current = nullptr;
  return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool,
                                    cudaMemPoolAttr attr, void *value) {
  CUCPU_RETURN_IF_STICKY();
  if (!isLiveMemPool(memPool) || !value)
    return setError(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(poolMutex);
  switch (attr) {
  case cudaMemPoolReuseFollowEventDependencies:
    memPool->reuseFollowEventDependencies = *static_cast<int *>(value);
    return cudaSuccess;
  case cudaMemPoolReuseAllowOpportunistic:
    memPool->reuseAllowOpportunistic = *static_cast<int *>(value);
    return cudaSuccess;
  case cudaMemPoolReuseAllowInternalDependencies:
    memPool->reuseAllowInternalDependencies = *static_cast<int *>(value);
    return cudaSuccess;
  case cudaMemPoolAttrReleaseThreshold:
    memPool->releaseThreshold = *static_cast<uint64_t *>(value);
    return cudaSuccess;
  // The high-water marks may only be reset, to zero.
  case cudaMemPoolAttrReservedMemHigh:
  case cudaMemPoolAttrUsedMemHigh:
    if (*static_cast<uint64_t *>(value) != 0)
      return setError(cudaErrorInvalidValue);
    (attr == cudaMemPoolAttrUsedMemHigh ? memPool->usedHigh
                                        : memPool->reservedHigh) = 0;
    return cudaSuccess;
  default:
    return setError(cudaErrorInvalidValue);
  }
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool,
                                    cudaMemPoolAttr attr, void *value) {
  CUCPU_RETURN_IF_STICKY();
  if (!isLiveMemPool(memPool) || !value)
    return setError(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(poolMutex);
  switch (attr) {
  case cudaMemPoolReuseFollowEventDependencies:
    *static_cast<int *>(value) = memPool->reuseFollowEventDependencies;
    return cudaSuccess;
  case cudaMemPoolReuseAllowOpportunistic:
    *static_cast<int *>(value) = memPool->reuseAllowOpportunistic;
    return cudaSuccess;
  case cudaMemPoolReuseAllowInternalDependencies:
    *static_cast<int *>(value) = memPool->reuseAllowInternalDependencies;
    return cudaSuccess;
  case cudaMemPoolAttrReleaseThreshold:
    *static_cast<uint64_t *>(value) = memPool->releaseThreshold;
    return cudaSuccess;
  case cudaMemPoolAttrReservedMemCurrent:
  case cudaMemPoolAttrUsedMemCurrent:
    *static_cast<uint64_t *>(value) = memPool->used;
    return cudaSuccess;
  case cudaMemPoolAttrReservedMemHigh:
    *static_cast<uint64_t *>(value) = memPool->reservedHigh;
    return cudaSuccess;
  case cudaMemPoolAttrUsedMemHigh:
    *static_cast<uint64_t *>(value) = memPool->usedHigh;
    return cudaSuccess;
  default:
    return setError(cudaErrorInvalidValue);
  }
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t) {
  CUCPU_RETURN_IF_STICKY();
  // Freed memory is not kept: nothing to give back.
  return isLiveMemPool(memPool) ? cudaSuccess
                                : setError(cudaErrorInvalidValue);
}

cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool,
                                 const cudaMemAccessDesc *descList,
                                 size_t count) {
  CUCPU_RETURN_IF_STICKY();
  if (!isLiveMemPool(memPool) || (count && !descList))
    return setError(cudaErrorInvalidValue);
  for (size_t i = 0; i < count; ++i)
    if (descList[i].location.type != cudaMemLocationTypeDevice ||
        !validDevice(descList[i].location.id))
      return setError(cudaErrorInvalidDevice);
  return cudaSuccess;
}

} // extern "C"
