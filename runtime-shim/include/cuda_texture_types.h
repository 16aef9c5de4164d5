//===- cuda_texture_types.h - texture<> for cucpu ---------------*- C++ -*-===//
//
// Part of cucpu. The texture reference template of the (deprecated, widely
// used) CUDA texture reference API:
//
//   texture<float, cudaTextureType2D, cudaReadModeElementType> tex;
//
// In CUDA mode the type carries clang's device_builtin_texture_type
// attribute. Clang then treats a namespace-scope texture<> variable as a
// device variable that host code may name, and the host side registers it
// with __cudaRegisterTexture (host shadow, device name, dimension, read
// mode); the cucpu frontend gives it device storage, into which
// cudaBindTexture* writes the binding (textureReference::__cucpuTex).
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_CUDA_TEXTURE_TYPES_H
#define CUCPU_CUDA_TEXTURE_TYPES_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __CUDA_TEXTURE_TYPES_H__

#include "channel_descriptor.h"
#include "texture_types.h"

#if defined(__cplusplus)

#if defined(__CUDA__)
#define CUCPU_TEXTURE_TYPE __attribute__((device_builtin_texture_type))
#else
#define CUCPU_TEXTURE_TYPE
#endif

/// The reference's initial attributes, as a constant expression (C++11
/// constexpr rules: one return statement).
static __inline__ constexpr struct textureReference
__cucpu_texture_reference(int norm, enum cudaTextureFilterMode fMode,
                          enum cudaTextureAddressMode aMode,
                          struct cudaChannelFormatDesc desc) {
  return textureReference{norm,
                          fMode,
                          {aMode, aMode, aMode},
                          desc,
                          0,
                          0,
                          cudaFilterModePoint,
                          0.0f,
                          0.0f,
                          0.0f,
                          0,
                          __cucpu_texture{}};
}

template <class T, int texType = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct CUCPU_TEXTURE_TYPE texture : public textureReference {
  constexpr texture(int norm = 0,
                    enum cudaTextureFilterMode fMode = cudaFilterModePoint,
                    enum cudaTextureAddressMode aMode = cudaAddressModeClamp)
      : textureReference(__cucpu_texture_reference(
            norm, fMode, aMode, cudaCreateChannelDesc<T>())) {}
  constexpr texture(int norm, enum cudaTextureFilterMode fMode,
                    enum cudaTextureAddressMode aMode,
                    struct cudaChannelFormatDesc desc)
      : textureReference(__cucpu_texture_reference(norm, fMode, aMode, desc)) {}
};

#undef CUCPU_TEXTURE_TYPE

#endif // __cplusplus

#endif // CUCPU_CUDA_TEXTURE_TYPES_H
