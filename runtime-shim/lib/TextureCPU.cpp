//===- TextureCPU.cpp - Texture memory of the CPU runtime -----------------===//
//
// Part of cucpu. TextureBackend.h for libcucpu_rt: device memory is host
// memory, copies are memmove on the stream machinery's threads, and a
// texture<> variable's device storage is the device object's variable.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "Memory.h"
#include "Stream.h"
#include "TextureBackend.h"

#include <cstdlib>
#include <cstring>

namespace cucpu::texture {

size_t textureAlignment() { return kAllocAlignment; }

cudaError_t allocateArrayStorage(size_t bytes, char **out) {
  size_t rounded = (bytes + kAllocAlignment - 1) & ~(kAllocAlignment - 1);
  *out = static_cast<char *>(std::aligned_alloc(kAllocAlignment, rounded));
  if (!*out)
    return cudaErrorMemoryAllocation;
  std::memset(*out, 0, rounded);
  return cudaSuccess;
}

void freeArrayStorage(char *data) { std::free(data); }

cudaError_t runCopy(const Copy2D &copy, cudaStream_t stream, bool async) {
  auto rows = [copy] {
    for (size_t z = 0; z < copy.depth; ++z)
      for (size_t y = 0; y < copy.height; ++y)
        std::memmove(copy.dst + z * copy.dslice + y * copy.dpitch,
                     copy.src + z * copy.sslice + y * copy.spitch, copy.width);
    return cudaSuccess;
  };
  if (async)
    return enqueueCopy(stream, copy.dst, copy.src, rows);
  if (cudaError_t err = waitForSynchronousCall())
    return err;
  return rows();
}

cudaError_t checkStreamHandle(cudaStream_t stream) {
  return checkStream(stream);
}

size_t bytesToAllocationEnd(const void *devPtr) {
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  size_t inside = 0;
  if (const Allocation *a = ctx.findAllocation(devPtr, &inside))
    return a->size - inside;
  return SIZE_MAX;
}

/// The device object registers the variable's storage by its device name,
/// which publishReference looks up.
void registerReference(const textureReference *, const char *) {}

void publishReference(const textureReference *, const std::string &deviceName,
                      const textureReference &value) {
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  auto var = ctx.varStorage.find(deviceName);
  if (var == ctx.varStorage.end() || !var->second.storage ||
      var->second.size < sizeof(textureReference))
    return;
  std::memcpy(var->second.storage, &value, sizeof(value));
}

cudaError_t storeObjectDescriptor(const __cucpu_texture &descriptor,
                                  cudaTextureObject_t *handle) {
  *handle = reinterpret_cast<uintptr_t>(new __cucpu_texture(descriptor));
  return cudaSuccess;
}

void freeObjectDescriptor(cudaTextureObject_t handle) {
  delete reinterpret_cast<__cucpu_texture *>(static_cast<uintptr_t>(handle));
}

} // namespace cucpu::texture
