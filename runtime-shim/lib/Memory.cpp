//===- Memory.cpp - Allocation, copies and fills --------------------------===//
//
// Part of cucpu. Device memory is host memory: allocations are 256-byte
// aligned heap blocks tracked in the context so that pointers can be
// validated; copies are memmove. The asynchronous copies and fills run on
// their stream's worker (Stream.h); the synchronous ones wait for the work
// before them and run on the calling thread.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "Stream.h"

#include <cstdlib>
#include <cstring>

using namespace cucpu;

namespace {

cudaError_t allocate(void **ptr, size_t size, AllocKind kind) {
  if (!ptr)
    return setError(cudaErrorInvalidValue);
  if (size == 0) {
    *ptr = nullptr;
    return cudaSuccess;
  }
  size_t rounded = (size + kAllocAlignment - 1) & ~(kAllocAlignment - 1);
  if (rounded < size)
    return setError(cudaErrorMemoryAllocation);
  void *p = std::aligned_alloc(kAllocAlignment, rounded);
  if (!p)
    return setError(cudaErrorMemoryAllocation);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.allocations[reinterpret_cast<uintptr_t>(p)] = Allocation{size, kind};
  *ptr = p;
  return cudaSuccess;
}

/// Frees p if it starts an allocation of one of the accepted kinds.
cudaError_t release(void *p, bool deviceSide) {
  if (!p)
    return cudaSuccess;
  Context &ctx = Context::get();
  {
    std::lock_guard<std::mutex> lock(ctx.mutex);
    auto it = ctx.allocations.find(reinterpret_cast<uintptr_t>(p));
    if (it == ctx.allocations.end())
      return setError(cudaErrorInvalidValue);
    bool isHost = it->second.kind == AllocKind::Host;
    if (isHost == deviceSide)
      return setError(cudaErrorInvalidValue);
    ctx.allocations.erase(it);
  }
  std::free(p);
  return cudaSuccess;
}

/// If p lies in a tracked allocation, checks that [p, p+count) stays in it.
bool rangeOk(Context &ctx, const void *p, size_t count) {
  size_t offset = 0;
  const Allocation *a = ctx.findAllocation(p, &offset);
  if (!a)
    return true;
  return count <= a->size - offset;
}

cudaError_t checkCopy(void *dst, const void *src, size_t count,
                      cudaMemcpyKind kind) {
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  if (count == 0)
    return cudaSuccess;
  if (!dst || !src)
    return cudaErrorInvalidValue;
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  if (!rangeOk(ctx, dst, count) || !rangeOk(ctx, src, count))
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

cudaError_t checkStream(cudaStream_t stream) {
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  return ctx.validStream(stream) ? cudaSuccess
                                 : cudaErrorInvalidResourceHandle;
}

} // namespace

extern "C" {

cudaError_t cudaMalloc(void **devPtr, size_t size) {
  return allocate(devPtr, size, AllocKind::Device);
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags) {
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
    return setError(cudaErrorInvalidValue);
  return allocate(devPtr, size, AllocKind::Managed);
}

cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream) {
  if (cudaError_t err = checkStream(stream))
    return setError(err);
  return allocate(devPtr, size, AllocKind::Device);
}

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
                            size_t height) {
  if (!pitch)
    return setError(cudaErrorInvalidValue);
  size_t p = (width + kAllocAlignment - 1) & ~(kAllocAlignment - 1);
  if (p == 0)
    p = kAllocAlignment;
  cudaError_t err = allocate(devPtr, p * height, AllocKind::Device);
  if (err == cudaSuccess)
    *pitch = p;
  return err;
}

cudaError_t cudaFree(void *devPtr) {
  // As in CUDA, freeing waits for the device: queued work may use the memory.
  if (cudaError_t err = synchronizeDevice())
    return setError(err);
  return release(devPtr, true);
}

cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream) {
  if (cudaError_t err = checkStream(stream))
    return setError(err);
  if (!devPtr)
    return cudaSuccess;
  {
    Context &ctx = Context::get();
    std::lock_guard<std::mutex> lock(ctx.mutex);
    auto it = ctx.allocations.find(reinterpret_cast<uintptr_t>(devPtr));
    if (it == ctx.allocations.end() || it->second.kind == AllocKind::Host)
      return setError(cudaErrorInvalidValue);
  }
  // Freed in stream order, after the work queued before on the stream.
  return enqueue(stream, [devPtr] { return release(devPtr, true); });
}

cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags) {
  if (flags & ~unsigned(cudaHostAllocPortable | cudaHostAllocMapped |
                        cudaHostAllocWriteCombined))
    return setError(cudaErrorInvalidValue);
  return allocate(pHost, size, AllocKind::Host);
}

cudaError_t cudaMallocHost(void **ptr, size_t size) {
  return allocate(ptr, size, AllocKind::Host);
}

cudaError_t cudaFreeHost(void *ptr) {
  if (cudaError_t err = synchronizeDevice())
    return setError(err);
  return release(ptr, false);
}

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost,
                                     unsigned int flags) {
  if (!pDevice || !pHost || flags != 0)
    return setError(cudaErrorInvalidValue);
  *pDevice = pHost;
  return cudaSuccess;
}

cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost) {
  if (!pFlags || !pHost)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  const Allocation *a = ctx.findAllocation(pHost, nullptr);
  if (!a || a->kind != AllocKind::Host)
    return setError(cudaErrorInvalidValue);
  *pFlags = cudaHostAllocMapped;
  return cudaSuccess;
}

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int) {
  if (!ptr || size == 0)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  auto key = reinterpret_cast<uintptr_t>(ptr);
  if (ctx.registeredHost.count(key))
    return setError(cudaErrorHostMemoryAlreadyRegistered);
  ctx.registeredHost[key] = size;
  return cudaSuccess;
}

cudaError_t cudaHostUnregister(void *ptr) {
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  if (!ctx.registeredHost.erase(reinterpret_cast<uintptr_t>(ptr)))
    return setError(cudaErrorHostMemoryNotRegistered);
  return cudaSuccess;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       cudaMemcpyKind kind) {
  if (cudaError_t err = checkCopy(dst, src, count, kind))
    return setError(err);
  if (!count)
    return cudaSuccess;
  if (cudaError_t err = waitForSynchronousCall())
    return setError(err);
  std::memmove(dst, src, count);
  return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                            cudaMemcpyKind kind, cudaStream_t stream) {
  if (cudaError_t err = checkStream(stream))
    return setError(err);
  if (cudaError_t err = checkCopy(dst, src, count, kind))
    return setError(err);
  if (!count)
    return cudaSuccess;
  return enqueueCopy(stream, dst, src, [=] {
    std::memmove(dst, src, count);
    return cudaSuccess;
  });
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                           int srcDevice, size_t count) {
  if (dstDevice != 0 || srcDevice != 0)
    return setError(cudaErrorInvalidDevice);
  return cudaMemcpy(dst, src, count, cudaMemcpyDeviceToDevice);
}

/// Checks a 2D copy; *empty tells that it copies nothing.
static cudaError_t checkCopy2D(void *dst, size_t dpitch, const void *src,
                               size_t spitch, size_t width, size_t height,
                               cudaMemcpyKind kind, bool *empty) {
  *empty = true;
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  if (width > dpitch || width > spitch)
    return cudaErrorInvalidPitchValue;
  if (width == 0 || height == 0)
    return cudaSuccess;
  size_t dspan = dpitch * (height - 1) + width;
  size_t sspan = spitch * (height - 1) + width;
  if (!dst || !src)
    return cudaErrorInvalidValue;
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  if (!rangeOk(ctx, dst, dspan) || !rangeOk(ctx, src, sspan))
    return cudaErrorInvalidValue;
  *empty = false;
  return cudaSuccess;
}

static cudaError_t copy2D(void *dst, size_t dpitch, const void *src,
                          size_t spitch, size_t width, size_t height) {
  for (size_t row = 0; row < height; ++row)
    std::memmove(static_cast<char *>(dst) + row * dpitch,
                 static_cast<const char *>(src) + row * spitch, width);
  return cudaSuccess;
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                         size_t spitch, size_t width, size_t height,
                         cudaMemcpyKind kind) {
  bool empty;
  if (cudaError_t err =
          checkCopy2D(dst, dpitch, src, spitch, width, height, kind, &empty))
    return setError(err);
  if (empty)
    return cudaSuccess;
  if (cudaError_t err = waitForSynchronousCall())
    return setError(err);
  return copy2D(dst, dpitch, src, spitch, width, height);
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              cudaMemcpyKind kind, cudaStream_t stream) {
  if (cudaError_t err = checkStream(stream))
    return setError(err);
  bool empty;
  if (cudaError_t err =
          checkCopy2D(dst, dpitch, src, spitch, width, height, kind, &empty))
    return setError(err);
  if (empty)
    return cudaSuccess;
  return enqueueCopy(stream, dst, src, [=] {
    return copy2D(dst, dpitch, src, spitch, width, height);
  });
}

static cudaError_t checkFill(void *devPtr, size_t count) {
  if (!devPtr)
    return cudaErrorInvalidValue;
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  return rangeOk(ctx, devPtr, count) ? cudaSuccess : cudaErrorInvalidValue;
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count) {
  if (count == 0)
    return cudaSuccess;
  if (cudaError_t err = checkFill(devPtr, count))
    return setError(err);
  if (cudaError_t err = waitForSynchronousCall())
    return setError(err);
  std::memset(devPtr, value, count);
  return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                            cudaStream_t stream) {
  if (cudaError_t err = checkStream(stream))
    return setError(err);
  if (count == 0)
    return cudaSuccess;
  if (cudaError_t err = checkFill(devPtr, count))
    return setError(err);
  return enqueueCopy(stream, devPtr, nullptr, [=] {
    std::memset(devPtr, value, count);
    return cudaSuccess;
  });
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width,
                         size_t height) {
  if (width > pitch)
    return setError(cudaErrorInvalidPitchValue);
  if (width == 0 || height == 0)
    return cudaSuccess;
  if (!devPtr)
    return setError(cudaErrorInvalidValue);
  {
    Context &ctx = Context::get();
    std::lock_guard<std::mutex> lock(ctx.mutex);
    if (!rangeOk(ctx, devPtr, pitch * (height - 1) + width))
      return setError(cudaErrorInvalidValue);
  }
  if (cudaError_t err = waitForSynchronousCall())
    return setError(err);
  for (size_t row = 0; row < height; ++row)
    std::memset(static_cast<char *>(devPtr) + row * pitch, value, width);
  return cudaSuccess;
}

cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int,
                                 cudaStream_t stream) {
  if (cudaError_t err = checkStream(stream))
    return setError(err);
  if (!devPtr && count)
    return setError(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t cudaMemAdvise(const void *devPtr, size_t count, cudaMemoryAdvise,
                          int) {
  if (!devPtr && count)
    return setError(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *attributes,
                                     const void *ptr) {
  if (!attributes)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  const Allocation *a = ctx.findAllocation(ptr, nullptr);
  attributes->device = 0;
  attributes->devicePointer = const_cast<void *>(ptr);
  attributes->hostPointer = const_cast<void *>(ptr);
  if (!a) {
    attributes->type = cudaMemoryTypeUnregistered;
    attributes->devicePointer = nullptr;
  } else if (a->kind == AllocKind::Device) {
    attributes->type = cudaMemoryTypeDevice;
    attributes->hostPointer = nullptr;
  } else if (a->kind == AllocKind::Host) {
    attributes->type = cudaMemoryTypeHost;
  } else {
    attributes->type = cudaMemoryTypeManaged;
  }
  return cudaSuccess;
}

} // extern "C"
