//===- texture_indirect_functions.h - Texture object fetches ----*- C++ -*-===//
//
// Part of cucpu. tex1Dfetch<T>, tex1D<T>, tex2D<T> and tex3D<T> on texture
// objects. A cudaTextureObject_t is the address of the runtime's descriptor
// (cucpu/texture_sampling.h).
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_TEXTURE_INDIRECT_FUNCTIONS_H
#define CUCPU_TEXTURE_INDIRECT_FUNCTIONS_H

#include "cucpu/texture_sampling.h"

#define CUCPU_TEX_OBJ static __device__ __inline__
#define CUCPU_TEX_DESC(obj) ((const struct __cucpu_texture *)(obj))

template <class T> CUCPU_TEX_OBJ T tex1Dfetch(cudaTextureObject_t obj, int x) {
  return __cucpu_tex_fetch<T>(CUCPU_TEX_DESC(obj), x);
}

template <class T> CUCPU_TEX_OBJ T tex1D(cudaTextureObject_t obj, float x) {
  return __cucpu_tex_sample<T, 1>(CUCPU_TEX_DESC(obj), x, 0.0f, 0.0f);
}

template <class T>
CUCPU_TEX_OBJ T tex2D(cudaTextureObject_t obj, float x, float y) {
  return __cucpu_tex_sample<T, 2>(CUCPU_TEX_DESC(obj), x, y, 0.0f);
}

template <class T>
CUCPU_TEX_OBJ T tex3D(cudaTextureObject_t obj, float x, float y, float z) {
  return __cucpu_tex_sample<T, 3>(CUCPU_TEX_DESC(obj), x, y, z);
}

// Without mipmaps, the level of detail has nothing to choose from.
template <class T>
CUCPU_TEX_OBJ T tex1DLod(cudaTextureObject_t obj, float x, float) {
  return tex1D<T>(obj, x);
}

template <class T>
CUCPU_TEX_OBJ T tex2DLod(cudaTextureObject_t obj, float x, float y, float) {
  return tex2D<T>(obj, x, y);
}

template <class T>
CUCPU_TEX_OBJ T tex3DLod(cudaTextureObject_t obj, float x, float y, float z,
                         float) {
  return tex3D<T>(obj, x, y, z);
}

// The forms that return through a pointer.
template <class T>
CUCPU_TEX_OBJ void tex1Dfetch(T *ret, cudaTextureObject_t obj, int x) {
  *ret = tex1Dfetch<T>(obj, x);
}

template <class T>
CUCPU_TEX_OBJ void tex1D(T *ret, cudaTextureObject_t obj, float x) {
  *ret = tex1D<T>(obj, x);
}

template <class T>
CUCPU_TEX_OBJ void tex2D(T *ret, cudaTextureObject_t obj, float x, float y) {
  *ret = tex2D<T>(obj, x, y);
}

template <class T>
CUCPU_TEX_OBJ void tex3D(T *ret, cudaTextureObject_t obj, float x, float y,
                         float z) {
  *ret = tex3D<T>(obj, x, y, z);
}

#undef CUCPU_TEX_DESC
#undef CUCPU_TEX_OBJ

#endif // CUCPU_TEXTURE_INDIRECT_FUNCTIONS_H
