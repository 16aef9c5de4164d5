//===- Memory.cpp - Allocations, copies and device variables on the GPU ---===//
//
// Part of libcucpu_rt_gpu. With unified addressing (every 64-bit CUDA
// platform) the driver tells host from device pointers itself, so every
// copy is cuMemcpy(Async) whatever cudaMemcpyKind says; the kind is still
// validated.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"
#include "../TextureBackend.h"

#include <cstdint>

using namespace cucpu::gpu;

namespace {

/// A synchronous call made inside a _ptds entry point: `queued`, the result
/// of queuing the work on the thread's per-thread stream, then a wait for
/// that stream alone.
cudaError_t onPerThreadStream(const DriverAPI *api, cudaError_t queued) {
  if (queued)
    return queued;
  return check(api->cuStreamSynchronize(cudaStreamPerThread));
}

cudaError_t copy(void *dst, const void *src, size_t count, cudaMemcpyKind kind,
                 cudaStream_t stream, bool async) {
  if (!cucpu::validMemcpyKind(kind))
    return setError(cudaErrorInvalidMemcpyDirection);
  if (count == 0)
    return cudaSuccess;
  if (!dst || !src)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  if (async) {
    CUCPU_GPU_CHECK_STREAM(stream);
    return check(
        api->cuMemcpyAsync(devicePtr(dst), devicePtr(src), count, stream));
  }
  if (perThreadSynchronousCalls)
    return onPerThreadStream(
        api, copy(dst, src, count, kind, cudaStreamPerThread, true));
  return check(api->cuMemcpy(devicePtr(dst), devicePtr(src), count));
}

} // namespace

cudaError_t cucpu::gpu::copyRows(char *dst, size_t dpitch, size_t dslice,
                                 const char *src, size_t spitch, size_t sslice,
                                 size_t width, size_t height, size_t depth,
                                 cudaMemcpyKind kind, cudaStream_t stream,
                                 bool async) {
  for (size_t z = 0; z < depth; ++z)
    for (size_t y = 0; y < height; ++y)
      if (cudaError_t err =
              copy(dst + z * dslice + y * dpitch, src + z * sslice + y * spitch,
                   width, kind, stream, async))
        return err;
  return cudaSuccess;
}

size_t cucpu::gpu::bytesToAllocationEnd(const DriverAPI *api, const void *p) {
  CUdeviceptr base;
  size_t size;
  if (api->cuMemGetAddressRange(&base, &size, devicePtr(p)) != kCudaSuccess)
    return SIZE_MAX;
  return base + size - devicePtr(p);
}

namespace {

/// The device address `offset` bytes into the variable with host shadow
/// `symbol`, checking that `count` bytes fit.
cudaError_t symbolAddress(const void *symbol, size_t count, size_t offset,
                          CUdeviceptr *address) {
  size_t size = 0;
  if (cudaError_t err = Runtime::get().variable(symbol, address, &size))
    return err;
  if (offset > size || count > size - offset)
    return cudaErrorInvalidValue;
  *address += offset;
  return cudaSuccess;
}

} // namespace

extern "C" {

cudaError_t cudaMalloc(void **devPtr, size_t size) {
  if (!devPtr)
    return setError(cudaErrorInvalidValue);
  *devPtr = nullptr;
  if (size == 0)
    return cudaSuccess;
  CUCPU_GPU_READY(api);
  CUdeviceptr p = 0;
  cudaError_t err = check(api->cuMemAlloc(&p, size));
  *devPtr = reinterpret_cast<void *>(static_cast<uintptr_t>(p));
  return err;
}

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
                            size_t height) {
  if (!devPtr || !pitch)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUdeviceptr p = 0;
  // Elements of up to 16 bytes keep their alignment in every row.
  cudaError_t err =
      check(api->cuMemAllocPitch(&p, pitch, width ? width : 1,
                                 height ? height : 1, 16));
  *devPtr = reinterpret_cast<void *>(static_cast<uintptr_t>(p));
  return err;
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags) {
  if (!devPtr || size == 0)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUdeviceptr p = 0;
  cudaError_t err =
      check(api->cuMemAllocManaged(&p, size, flags ? flags : kMemAttachGlobal));
  *devPtr = reinterpret_cast<void *>(static_cast<uintptr_t>(p));
  return err;
}

cudaError_t cudaFree(void *devPtr) {
  if (!devPtr)
    return cudaSuccess;
  CUCPU_GPU_READY(api);
  return check(api->cuMemFree(devicePtr(devPtr)));
}

cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream) {
  if (!devPtr)
    return setError(cudaErrorInvalidValue);
  *devPtr = nullptr;
  if (size == 0)
    return cudaSuccess;
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  CUdeviceptr p = 0;
  if (cudaError_t err = check(api->cuMemAllocAsync(&p, size, stream)))
    return err;
  *devPtr = reinterpret_cast<void *>(static_cast<uintptr_t>(p));
  return cudaSuccess;
}

cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream) {
  if (!devPtr)
    return cudaSuccess;
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  return check(api->cuMemFreeAsync(devicePtr(devPtr), stream));
}

cudaError_t cudaMallocHost(void **ptr, size_t size) {
  if (!ptr)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  return check(api->cuMemAllocHost(ptr, size ? size : 1));
}

cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags) {
  if (!pHost)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  // cudaHostAlloc* and CU_MEMHOSTALLOC_* flags are the same bits.
  return check(api->cuMemHostAlloc(pHost, size ? size : 1, flags));
}

cudaError_t cudaFreeHost(void *ptr) {
  if (!ptr)
    return cudaSuccess;
  CUCPU_GPU_READY(api);
  return check(api->cuMemFreeHost(ptr));
}

cudaError_t cudaMemGetInfo(size_t *free, size_t *total) {
  if (!free || !total)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  return check(api->cuMemGetInfo(free, total));
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       cudaMemcpyKind kind) {
  return copy(dst, src, count, kind, nullptr, false);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                            cudaMemcpyKind kind, cudaStream_t stream) {
  return copy(dst, src, count, kind, stream, true);
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                         size_t spitch, size_t width, size_t height,
                         cudaMemcpyKind kind) {
  if (width > dpitch || width > spitch || dpitch > cucpu::kMaxPitch ||
      spitch > cucpu::kMaxPitch)
    return setError(cudaErrorInvalidPitchValue);
  return copyRows(static_cast<char *>(dst), dpitch, 0,
                  static_cast<const char *>(src), spitch, 0, width, height, 1,
                  kind, nullptr, false);
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count) {
  if (count == 0)
    return cudaSuccess;
  if (!devPtr)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  if (perThreadSynchronousCalls)
    return onPerThreadStream(
        api, cudaMemsetAsync(devPtr, value, count, cudaStreamPerThread));
  return check(api->cuMemsetD8(devicePtr(devPtr),
                               static_cast<unsigned char>(value), count));
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                            cudaStream_t stream) {
  if (count == 0)
    return cudaSuccess;
  if (!devPtr)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  return check(api->cuMemsetD8Async(
      devicePtr(devPtr), static_cast<unsigned char>(value), count, stream));
}

cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int,
                                 cudaStream_t) {
  // Only a hint: pages migrate on first touch anyway.
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

cudaError_t cudaMemPrefetchAsync_v2(const void *devPtr, size_t count,
                                    cudaMemLocation, unsigned int,
                                    cudaStream_t) {
  if (!devPtr && count)
    return setError(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t cudaMemAdvise_v2(const void *devPtr, size_t count,
                             cudaMemoryAdvise, cudaMemLocation) {
  if (!devPtr && count)
    return setError(cudaErrorInvalidValue);
  return cudaSuccess;
}

// Memory pools are the CPU runtime's so far: on the GPU each call says
// that it is not supported, never a silent stand-in.
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *, int) {
  return setError(cudaErrorNotSupported);
}
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *, int) {
  return setError(cudaErrorNotSupported);
}
cudaError_t cudaDeviceSetMemPool(int, cudaMemPool_t) {
  return setError(cudaErrorNotSupported);
}
cudaError_t cudaMemPoolCreate(cudaMemPool_t *, const cudaMemPoolProps *) {
  return setError(cudaErrorNotSupported);
}
cudaError_t cudaMemPoolDestroy(cudaMemPool_t) {
  return setError(cudaErrorNotSupported);
}
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t, cudaMemPoolAttr, void *) {
  return setError(cudaErrorNotSupported);
}
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t, cudaMemPoolAttr, void *) {
  return setError(cudaErrorNotSupported);
}
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t, size_t) {
  return setError(cudaErrorNotSupported);
}
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t, const cudaMemAccessDesc *,
                                 size_t) {
  return setError(cudaErrorNotSupported);
}
cudaError_t cudaMallocFromPoolAsync(void **, size_t, cudaMemPool_t,
                                    cudaStream_t) {
  return setError(cudaErrorNotSupported);
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src,
                               size_t count, size_t offset,
                               cudaMemcpyKind kind) {
  CUCPU_GPU_READY(api);
  CUdeviceptr address;
  if (cudaError_t err = symbolAddress(symbol, count, offset, &address))
    return setError(err);
  return copy(reinterpret_cast<void *>(static_cast<uintptr_t>(address)), src,
              count, kind, nullptr, false);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                 size_t offset, cudaMemcpyKind kind) {
  CUCPU_GPU_READY(api);
  CUdeviceptr address;
  if (cudaError_t err = symbolAddress(symbol, count, offset, &address))
    return setError(err);
  return copy(dst, reinterpret_cast<void *>(static_cast<uintptr_t>(address)),
              count, kind, nullptr, false);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src,
                                    size_t count, size_t offset,
                                    cudaMemcpyKind kind, cudaStream_t stream) {
  CUCPU_GPU_READY(api);
  CUdeviceptr address;
  if (cudaError_t err = symbolAddress(symbol, count, offset, &address))
    return setError(err);
  return copy(reinterpret_cast<void *>(static_cast<uintptr_t>(address)), src,
              count, kind, stream, true);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol,
                                      size_t count, size_t offset,
                                      cudaMemcpyKind kind,
                                      cudaStream_t stream) {
  CUCPU_GPU_READY(api);
  CUdeviceptr address;
  if (cudaError_t err = symbolAddress(symbol, count, offset, &address))
    return setError(err);
  return copy(dst, reinterpret_cast<void *>(static_cast<uintptr_t>(address)),
              count, kind, stream, true);
}

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol) {
  if (!devPtr)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUdeviceptr address;
  size_t size;
  if (cudaError_t err = Runtime::get().variable(symbol, &address, &size))
    return setError(err);
  *devPtr = reinterpret_cast<void *>(static_cast<uintptr_t>(address));
  return cudaSuccess;
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol) {
  if (!size)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUdeviceptr address;
  if (cudaError_t err = Runtime::get().variable(symbol, &address, size))
    return setError(err);
  return cudaSuccess;
}

} // extern "C"

//===----------------------------------------------------------------------===//
// Pitched 2D and 3D memory: row by row over the linear copies and fills.
//===----------------------------------------------------------------------===//

namespace {

/// Whether a box of `depth` slices of `height` rows of `width` bytes that
/// starts at `start` in a device allocation ends in it: the driver would
/// take the rows past its end for other memory. Host memory is the caller's
/// to size.
bool boxFits(const DriverAPI *api, const void *start, size_t depth,
             size_t slice, size_t height, size_t pitch, size_t width) {
  size_t last = (depth - 1) * slice + (height - 1) * pitch + width;
  return last <= bytesToAllocationEnd(api, start);
}

cudaError_t fill2D(void *devPtr, size_t pitch, int value, size_t width,
                   size_t height, cudaStream_t stream, bool async) {
  if (width > pitch && height > 1)
    return setError(cudaErrorInvalidValue);
  if (width == 0 || height == 0)
    return cudaSuccess;
  if (!devPtr)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  if (!boxFits(api, devPtr, 1, 0, height, pitch, width))
    return setError(cudaErrorInvalidValue);
  for (size_t row = 0; row < height; ++row) {
    void *start = static_cast<char *>(devPtr) + row * pitch;
    if (cudaError_t err = async ? cudaMemsetAsync(start, value, width, stream)
                                : cudaMemset(start, value, width))
      return err;
  }
  return cudaSuccess;
}

cudaError_t fill3D(cudaPitchedPtr p, int value, cudaExtent extent,
                   cudaStream_t stream, bool async) {
  // As the CPU runtime: bad pitches are invalid values; slices must not
  // run into each other.
  if ((extent.height > 1 || extent.depth > 1) && extent.width > p.pitch)
    return setError(cudaErrorInvalidValue);
  if (extent.depth > 1 && extent.height > p.ysize)
    return setError(cudaErrorInvalidValue);
  if (extent.width == 0 || extent.height == 0 || extent.depth == 0)
    return cudaSuccess;
  if (!p.ptr)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  if (!boxFits(api, p.ptr, extent.depth, p.pitch * p.ysize, extent.height,
               p.pitch, extent.width))
    return setError(cudaErrorInvalidValue);
  for (size_t z = 0; z < extent.depth; ++z)
    if (cudaError_t err =
            fill2D(static_cast<char *>(p.ptr) + z * p.pitch * p.ysize, p.pitch,
                   value, extent.width, extent.height, stream, async))
      return err;
  return cudaSuccess;
}

cudaError_t copy3D(const cudaMemcpy3DParms *p, cudaStream_t stream,
                   bool async) {
  if (!p)
    return setError(cudaErrorInvalidValue);
  // Copies from and to CUDA arrays are the texture support's (Texture.cpp).
  if (p->srcArray || p->dstArray)
    return cucpu::texture::copy3DWithArrays(p, async, stream);
  if (!cucpu::validMemcpyKind(p->kind))
    return setError(cudaErrorInvalidMemcpyDirection);
  const cudaExtent &e = p->extent;
  if (e.width == 0 || e.height == 0 || e.depth == 0) {
    if (async)
      CUCPU_GPU_CHECK_STREAM(stream);
    return cudaSuccess;
  }
  // Each side is an array or a pointer (as the CPU runtime checks).
  if (!p->srcPtr.ptr || !p->dstPtr.ptr)
    return setError(cudaErrorInvalidValue);
  char *to, *from;
  size_t toSlice, fromSlice;
  if (cudaError_t err = cucpu::locate3D(p->dstPtr, p->dstPos, e, &to, &toSlice))
    return setError(err);
  if (cudaError_t err =
          cucpu::locate3D(p->srcPtr, p->srcPos, e, &from, &fromSlice))
    return setError(err);
  CUCPU_GPU_READY(api);
  if (!boxFits(api, to, e.depth, toSlice, e.height, p->dstPtr.pitch,
               e.width) ||
      !boxFits(api, from, e.depth, fromSlice, e.height, p->srcPtr.pitch,
               e.width))
    return setError(cudaErrorInvalidValue);
  return copyRows(to, p->dstPtr.pitch, toSlice, from, p->srcPtr.pitch,
                  fromSlice, e.width, e.height, e.depth, p->kind, stream,
                  async);
}

} // namespace

extern "C" {

cudaError_t cudaMalloc3D(cudaPitchedPtr *pitchedDevPtr, cudaExtent extent) {
  if (!pitchedDevPtr)
    return setError(cudaErrorInvalidValue);
  size_t pitch = 0;
  void *ptr = nullptr;
  if (cudaError_t err = cudaMallocPitch(&ptr, &pitch, extent.width,
                                        extent.height * extent.depth))
    return err;
  *pitchedDevPtr = {ptr, pitch, extent.width, extent.height};
  return cudaSuccess;
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width,
                         size_t height) {
  return fill2D(devPtr, pitch, value, width, height, nullptr, false);
}

cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value,
                              size_t width, size_t height,
                              cudaStream_t stream) {
  return fill2D(devPtr, pitch, value, width, height, stream, true);
}

cudaError_t cudaMemset3D(cudaPitchedPtr pitchedDevPtr, int value,
                         cudaExtent extent) {
  return fill3D(pitchedDevPtr, value, extent, nullptr, false);
}

cudaError_t cudaMemset3DAsync(cudaPitchedPtr pitchedDevPtr, int value,
                              cudaExtent extent, cudaStream_t stream) {
  return fill3D(pitchedDevPtr, value, extent, stream, true);
}

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms *p) {
  return copy3D(p, nullptr, false);
}

cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms *p,
                              cudaStream_t stream) {
  return copy3D(p, stream, true);
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              cudaMemcpyKind kind, cudaStream_t stream) {
  if (width > dpitch || width > spitch || dpitch > cucpu::kMaxPitch ||
      spitch > cucpu::kMaxPitch)
    return setError(cudaErrorInvalidPitchValue);
  return copyRows(static_cast<char *>(dst), dpitch, 0,
                  static_cast<const char *>(src), spitch, 0, width, height, 1,
                  kind, stream, true);
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *attributes,
                                     const void *ptr) {
  if (!attributes || !ptr)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  *attributes = {};
  attributes->device = -2;
  unsigned type = 0;
  int managed = 0;
  // Memory the driver does not know is unregistered host memory (CUDA 11+
  // reports it so, without an error).
  if (api->cuPointerGetAttribute(&type, kPointerMemoryType, devicePtr(ptr)) !=
      kCudaSuccess) {
    attributes->type = cudaMemoryTypeUnregistered;
    attributes->hostPointer = const_cast<void *>(ptr);
    return cudaSuccess;
  }
  api->cuPointerGetAttribute(&managed, kPointerIsManaged, devicePtr(ptr));
  attributes->device = 0;
  attributes->isManaged = managed;
  attributes->devicePointer = const_cast<void *>(ptr);
  if (managed) {
    attributes->type = cudaMemoryTypeManaged;
    attributes->memoryType = cudaMemoryTypeDevice;
    attributes->hostPointer = const_cast<void *>(ptr);
  } else if (type == kMemoryTypeHost) {
    attributes->type = attributes->memoryType = cudaMemoryTypeHost;
    attributes->hostPointer = const_cast<void *>(ptr);
  } else {
    attributes->type = attributes->memoryType = cudaMemoryTypeDevice;
  }
  return cudaSuccess;
}

} // extern "C"
