//===- TextureBackend.h - What textures need from a runtime ----*- C++ -*-===//
//
// Part of cucpu. Texture.cpp implements CUDA arrays, texture references and
// texture objects for both runtimes: libcucpu_rt (the CPU) and
// libcucpu_rt_gpu (a real GPU), where device code samples the same
// descriptors in software (cucpu/texture_sampling.h) and only where the
// memory lives differs. Each runtime defines these functions
// (TextureCPU.cpp, gpu/Textures.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_RT_TEXTUREBACKEND_H
#define CUCPU_RT_TEXTUREBACKEND_H

#include "cuda_runtime_api.h"

#include <cstddef>
#include <string>

namespace cucpu::texture {

/// A copy of `height` rows of `width` bytes, `depth` times, validated and
/// ready to run; pointers are host or device memory.
struct Copy2D {
  char *dst = nullptr;
  size_t dpitch = 0;
  const char *src = nullptr;
  size_t spitch = 0;
  size_t width = 0, height = 0;
  // For 3D copies: `depth` such blocks, `dslice`/`sslice` bytes apart.
  size_t depth = 1, dslice = 0, sslice = 0;

  bool empty() const { return width == 0 || height == 0 || depth == 0; }
};

/// The alignment of a texture's base address: every pointer cudaMalloc
/// returns binds with offset 0.
size_t textureAlignment();

/// New device memory of `bytes`, zeroed, for a CUDA array; and its release.
cudaError_t allocateArrayStorage(size_t bytes, char **out);
void freeArrayStorage(char *data);

/// Runs a copy: as cudaMemcpy does (after the work of the calling thread's
/// default stream) or, with async, queued on `stream` (already checked).
/// Returns the error without recording it.
cudaError_t runCopy(const Copy2D &copy, cudaStream_t stream, bool async);

/// cudaSuccess for a stream an entry point may use, else the error.
cudaError_t checkStreamHandle(cudaStream_t stream);

/// The bytes from `devPtr` to the end of the allocation holding it, or
/// SIZE_MAX where that is unknown.
size_t bytesToAllocationEnd(const void *devPtr);

/// Records a texture<> variable the host object registers (its host shadow
/// and device name), where the runtime needs it to find the variable.
void registerReference(const textureReference *hostVar, const char *deviceName);

/// Writes `value` (the reference's attributes and binding) into the device
/// storage of the texture<> variable the host registered under
/// `deviceName` with shadow `hostVar`, if device code uses it.
void publishReference(const textureReference *hostVar,
                      const std::string &deviceName,
                      const textureReference &value);

/// Device memory holding a copy of a texture object's descriptor; its
/// address is the object's handle. And its release.
cudaError_t storeObjectDescriptor(const __cucpu_texture &descriptor,
                                  cudaTextureObject_t *handle);
void freeObjectDescriptor(cudaTextureObject_t handle);

/// cudaMemcpy3D (async false) or cudaMemcpy3DAsync (async true) where a
/// side is a CUDA array (defined in Texture.cpp, for the runtimes' own
/// cudaMemcpy3D). Records and returns the error.
cudaError_t copy3DWithArrays(const cudaMemcpy3DParms *p, bool async,
                             cudaStream_t stream);

} // namespace cucpu::texture

#endif // CUCPU_RT_TEXTUREBACKEND_H
