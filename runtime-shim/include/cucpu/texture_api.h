//===- cucpu/texture_api.h - CUDA array and texture API ---------*- C++ -*-===//
//
// Part of cucpu. C declarations of the runtime API for CUDA arrays, texture
// references and texture objects that libcucpu_rt implements (in
// lib/Texture.cpp), and of the registration hook clang's host code calls for
// every texture reference. Included by cuda_runtime_api.h.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_TEXTURE_API_H
#define CUCPU_TEXTURE_API_H

#include "cucpu/array_types.h"
#include "driver_functions.h"
#include "texture_types.h"

#include <limits.h>

#if defined(__cplusplus)
#define CUCPU_TEX_DEFAULT(v) = v
extern "C" {
#else
#define CUCPU_TEX_DEFAULT(v)
#endif

// Channel formats.
struct cudaChannelFormatDesc
cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc,
                               cudaArray_const_t array);

// CUDA arrays. A 1D array has height 0, a 2D array depth 0.
cudaError_t cudaMallocArray(cudaArray_t *array,
                            const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height CUCPU_TEX_DEFAULT(0),
                            unsigned int flags CUCPU_TEX_DEFAULT(0));
cudaError_t cudaMalloc3DArray(cudaArray_t *array,
                              const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent,
                              unsigned int flags CUCPU_TEX_DEFAULT(0));
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc,
                             struct cudaExtent *extent, unsigned int *flags,
                             cudaArray_t array);

// Copies to and from arrays. Offsets and widths are in bytes, heights in
// rows.
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                              const void *src, size_t count,
                              enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src,
                                size_t wOffset, size_t hOffset, size_t count,
                                enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                const void *src, size_t spitch, size_t width,
                                size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch,
                                  cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height,
                                  enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyArrayToArray(
    cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
    cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t count,
    enum cudaMemcpyKind kind CUCPU_TEX_DEFAULT(cudaMemcpyDeviceToDevice));
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset,
                                   size_t hOffset, const void *src,
                                   size_t count, enum cudaMemcpyKind kind,
                                   cudaStream_t stream CUCPU_TEX_DEFAULT(0));
cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src,
                                     size_t wOffset, size_t hOffset,
                                     size_t count, enum cudaMemcpyKind kind,
                                     cudaStream_t stream CUCPU_TEX_DEFAULT(0));
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset,
                                     size_t hOffset, const void *src,
                                     size_t spitch, size_t width, size_t height,
                                     enum cudaMemcpyKind kind,
                                     cudaStream_t stream CUCPU_TEX_DEFAULT(0));
cudaError_t
cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src,
                           size_t wOffset, size_t hOffset, size_t width,
                           size_t height, enum cudaMemcpyKind kind,
                           cudaStream_t stream CUCPU_TEX_DEFAULT(0));
// cudaMemcpy3D copies between arrays and pitched memory in any combination
// (declared in cuda_runtime_api.h).

// Texture references. texref is the host shadow of a texture<> variable.
cudaError_t cudaBindTexture(size_t *offset,
                            const struct textureReference *texref,
                            const void *devPtr,
                            const struct cudaChannelFormatDesc *desc,
                            size_t size CUCPU_TEX_DEFAULT(UINT_MAX));
cudaError_t cudaBindTexture2D(size_t *offset,
                              const struct textureReference *texref,
                              const void *devPtr,
                              const struct cudaChannelFormatDesc *desc,
                              size_t width, size_t height, size_t pitch);
cudaError_t cudaBindTextureToArray(const struct textureReference *texref,
                                   cudaArray_const_t array,
                                   const struct cudaChannelFormatDesc *desc);
cudaError_t cudaUnbindTexture(const struct textureReference *texref);
cudaError_t
cudaGetTextureAlignmentOffset(size_t *offset,
                              const struct textureReference *texref);
cudaError_t cudaGetTextureReference(const struct textureReference **texref,
                                    const void *symbol);

// Texture objects.
cudaError_t
cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                        const struct cudaResourceDesc *pResDesc,
                        const struct cudaTextureDesc *pTexDesc,
                        const struct cudaResourceViewDesc *pResViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                            cudaTextureObject_t texObject);
cudaError_t
cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
                                     cudaTextureObject_t texObject);

// Called by clang's host code generation for every texture reference (dim
// and norm are the texture<> template's second and third arguments). Not for
// use by programs.
void __cudaRegisterTexture(void **fatCubinHandle,
                           const struct textureReference *hostVar,
                           const void **deviceAddress, const char *deviceName,
                           int dim, int norm, int ext);

#if defined(__cplusplus)
} // extern "C"
#endif

#undef CUCPU_TEX_DEFAULT

#endif // CUCPU_TEXTURE_API_H
