//===- cucpu/texture.h - Textures in CUDA C++ for cucpu ---------*- C++ -*-===//
//
// Part of cucpu. Included by cuda_runtime.h: texture<>, the C++ overloads of
// the texture reference API (which take a texture<> and use its channel
// format) and, in CUDA mode, the device-side fetch functions.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_TEXTURE_H
#define CUCPU_TEXTURE_H

#include "channel_descriptor.h"
#include "cuda_texture_types.h"

#if defined(__cplusplus)

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTexture(size_t *offset, const struct texture<T, dim, readMode> &tex,
                const void *devPtr, const struct cudaChannelFormatDesc &desc,
                size_t size = UINT_MAX) {
  return ::cudaBindTexture(offset, &tex, devPtr, &desc, size);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTexture(size_t *offset, const struct texture<T, dim, readMode> &tex,
                const void *devPtr, size_t size = UINT_MAX) {
  return ::cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTexture2D(size_t *offset, const struct texture<T, dim, readMode> &tex,
                  const void *devPtr, const struct cudaChannelFormatDesc &desc,
                  size_t width, size_t height, size_t pitch) {
  return ::cudaBindTexture2D(offset, &tex, devPtr, &desc, width, height, pitch);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t cudaBindTexture2D(
    size_t *offset, const struct texture<T, dim, readMode> &tex,
    const void *devPtr, size_t width, size_t height, size_t pitch) {
  return ::cudaBindTexture2D(offset, &tex, devPtr, &tex.channelDesc, width,
                             height, pitch);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t cudaBindTextureToArray(
    const struct texture<T, dim, readMode> &tex, cudaArray_const_t array,
    const struct cudaChannelFormatDesc &desc) {
  return ::cudaBindTextureToArray(&tex, array, &desc);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t cudaBindTextureToArray(
    const struct texture<T, dim, readMode> &tex, cudaArray_const_t array) {
  struct cudaChannelFormatDesc desc;
  cudaError_t err = ::cudaGetChannelDesc(&desc, array);
  if (err != cudaSuccess)
    return err;
  return ::cudaBindTextureToArray(&tex, array, &desc);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaUnbindTexture(const struct texture<T, dim, readMode> &tex) {
  return ::cudaUnbindTexture(&tex);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t cudaGetTextureAlignmentOffset(
    size_t *offset, const struct texture<T, dim, readMode> &tex) {
  return ::cudaGetTextureAlignmentOffset(offset, &tex);
}

#if defined(__CUDA__)
#include "texture_fetch_functions.h"
#include "texture_indirect_functions.h"
#endif

#endif // __cplusplus

#endif // CUCPU_TEXTURE_H
