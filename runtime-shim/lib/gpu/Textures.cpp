//===- Textures.cpp - Texture memory of the GPU runtime -------------------===//
//
// Part of libcucpu_rt_gpu. TextureBackend.h on a real GPU: CUDA arrays and
// texture object descriptors live in device memory (cuMemAlloc), copies go
// through the runtime's own, and binding a texture reference writes the
// texture<> variable of the loaded module. Device code samples them in
// software, as on the CPU (cucpu/texture_sampling.h): the GPU's texture
// units are not used.
//
//===----------------------------------------------------------------------===//

#include "../TextureBackend.h"
#include "Runtime.h"

#include <cstdint>

using namespace cucpu::gpu;

namespace cucpu::texture {

/// cudaMalloc's alignment on every NVIDIA GPU.
size_t textureAlignment() { return 256; }

cudaError_t allocateArrayStorage(size_t bytes, char **out) {
  void *p = nullptr;
  if (cudaError_t err = cudaMalloc(&p, bytes))
    return err;
  if (cudaError_t err = cudaMemset(p, 0, bytes)) {
    cudaFree(p);
    return err;
  }
  *out = static_cast<char *>(p);
  return cudaSuccess;
}

void freeArrayStorage(char *data) { cudaFree(data); }

cudaError_t runCopy(const Copy2D &copy, cudaStream_t stream, bool async) {
  // Unified addressing: the driver tells host from device memory.
  return copyRows(copy.dst, copy.dpitch, copy.dslice, copy.src, copy.spitch,
                  copy.sslice, copy.width, copy.height, copy.depth,
                  cudaMemcpyDefault, stream, async);
}

cudaError_t checkStreamHandle(cudaStream_t stream) {
  return Runtime::get().checkStream(stream);
}

size_t bytesToAllocationEnd(const void *devPtr) {
  cudaError_t err;
  const DriverAPI *api = Runtime::get().ready(&err);
  return api ? gpu::bytesToAllocationEnd(api, devPtr) : SIZE_MAX;
}

/// As a variable: Runtime::variable finds it in the module by its shadow.
void registerReference(const textureReference *hostVar,
                       const char *deviceName) {
  Runtime::get().addVariable(hostVar, deviceName);
}

void publishReference(const textureReference *hostVar, const std::string &,
                      const textureReference &value) {
  cudaError_t err;
  if (!Runtime::get().ready(&err))
    return;
  // The variable exists in the module only if device code reads it.
  CUdeviceptr address;
  size_t size;
  if (Runtime::get().variable(hostVar, &address, &size) != cudaSuccess ||
      size < sizeof(value))
    return;
  cudaMemcpy(reinterpret_cast<void *>(static_cast<uintptr_t>(address)), &value,
             sizeof(value), cudaMemcpyHostToDevice);
}

cudaError_t storeObjectDescriptor(const __cucpu_texture &descriptor,
                                  cudaTextureObject_t *handle) {
  void *p = nullptr;
  if (cudaError_t err = cudaMalloc(&p, sizeof(descriptor)))
    return err;
  if (cudaError_t err = cudaMemcpy(p, &descriptor, sizeof(descriptor),
                                   cudaMemcpyHostToDevice)) {
    cudaFree(p);
    return err;
  }
  *handle = reinterpret_cast<uintptr_t>(p);
  return cudaSuccess;
}

void freeObjectDescriptor(cudaTextureObject_t handle) {
  cudaFree(reinterpret_cast<void *>(static_cast<uintptr_t>(handle)));
}

} // namespace cucpu::texture
