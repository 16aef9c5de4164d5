//===- texture_fetch_functions.h - Texture reference fetches ----*- C++ -*-===//
//
// Part of cucpu. tex1Dfetch, tex1D, tex2D and tex3D on texture references
// (texture<T, dim, readMode>). They read the binding the runtime wrote into
// the texture variable's device storage (cucpu/texture_sampling.h).
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_TEXTURE_FETCH_FUNCTIONS_H
#define CUCPU_TEXTURE_FETCH_FUNCTIONS_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __TEXTURE_FETCH_FUNCTIONS_H__

#include "cucpu/texture_sampling.h"
#include "cuda_texture_types.h"

/// The result of a fetch from texture<T, dim, mode>: T for
/// cudaReadModeElementType; for cudaReadModeNormalizedFloat, the float type
/// with T's components (only 8- and 16-bit integer T have one).
template <class T> struct __cucpu_tex_normalized;
#define CUCPU_TEX_NORMALIZED(T, R)                                             \
  template <> struct __cucpu_tex_normalized<T> { typedef R type; };
#define CUCPU_TEX_NORMALIZED_FAMILY(S, V)                                      \
  CUCPU_TEX_NORMALIZED(S, float)                                               \
  CUCPU_TEX_NORMALIZED(V##1, float1)                                           \
  CUCPU_TEX_NORMALIZED(V##2, float2)                                           \
  CUCPU_TEX_NORMALIZED(V##4, float4)
CUCPU_TEX_NORMALIZED(char, float)
CUCPU_TEX_NORMALIZED_FAMILY(signed char, char)
CUCPU_TEX_NORMALIZED_FAMILY(unsigned char, uchar)
CUCPU_TEX_NORMALIZED_FAMILY(short, short)
CUCPU_TEX_NORMALIZED_FAMILY(unsigned short, ushort)
#undef CUCPU_TEX_NORMALIZED_FAMILY
#undef CUCPU_TEX_NORMALIZED

template <class T, enum cudaTextureReadMode mode>
struct __cucpu_tex_result {
  typedef T type;
};
template <class T> struct __cucpu_tex_result<T, cudaReadModeNormalizedFloat> {
  typedef typename __cucpu_tex_normalized<T>::type type;
};

#define CUCPU_TEX_REF static __device__ __inline__

template <class T, enum cudaTextureReadMode mode>
CUCPU_TEX_REF typename __cucpu_tex_result<T, mode>::type
tex1Dfetch(const texture<T, cudaTextureType1D, mode> &t, int x) {
  return __cucpu_tex_fetch<typename __cucpu_tex_result<T, mode>::type>(
      &t.__cucpuTex, x);
}

template <class T, enum cudaTextureReadMode mode>
CUCPU_TEX_REF typename __cucpu_tex_result<T, mode>::type
tex1D(const texture<T, cudaTextureType1D, mode> &t, float x) {
  return __cucpu_tex_sample<typename __cucpu_tex_result<T, mode>::type, 1>(
      &t.__cucpuTex, x, 0.0f, 0.0f);
}

template <class T, enum cudaTextureReadMode mode>
CUCPU_TEX_REF typename __cucpu_tex_result<T, mode>::type
tex2D(const texture<T, cudaTextureType2D, mode> &t, float x, float y) {
  return __cucpu_tex_sample<typename __cucpu_tex_result<T, mode>::type, 2>(
      &t.__cucpuTex, x, y, 0.0f);
}

template <class T, enum cudaTextureReadMode mode>
CUCPU_TEX_REF typename __cucpu_tex_result<T, mode>::type
tex3D(const texture<T, cudaTextureType3D, mode> &t, float x, float y, float z) {
  return __cucpu_tex_sample<typename __cucpu_tex_result<T, mode>::type, 3>(
      &t.__cucpuTex, x, y, z);
}

// Without mipmaps, the level of detail has nothing to choose from.
template <class T, enum cudaTextureReadMode mode>
CUCPU_TEX_REF typename __cucpu_tex_result<T, mode>::type
tex1DLod(const texture<T, cudaTextureType1D, mode> &t, float x, float) {
  return tex1D(t, x);
}

template <class T, enum cudaTextureReadMode mode>
CUCPU_TEX_REF typename __cucpu_tex_result<T, mode>::type
tex2DLod(const texture<T, cudaTextureType2D, mode> &t, float x, float y,
         float) {
  return tex2D(t, x, y);
}

template <class T, enum cudaTextureReadMode mode>
CUCPU_TEX_REF typename __cucpu_tex_result<T, mode>::type
tex3DLod(const texture<T, cudaTextureType3D, mode> &t, float x, float y,
         float z, float) {
  return tex3D(t, x, y, z);
}

#undef CUCPU_TEX_REF

#endif // CUCPU_TEXTURE_FETCH_FUNCTIONS_H
