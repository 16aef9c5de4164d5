//===- cucpu/texture_sampling.h - Texture fetches in C++ --------*- C++ -*-===//
//
// Part of cucpu. How device code reads a texture, in plain C++ that the cucpu
// frontend compiles like any device code (texture_fetch_functions.h and
// texture_indirect_functions.h call it for texture references and objects).
//
// The semantics are those of the CUDA programming guide ("Texture Fetching"):
//  - normalized coordinates are first multiplied by the size;
//  - point sampling reads texel floor(x);
//  - linear filtering reads texels floor(xB) and floor(xB) + 1 with
//    xB = x - 0.5 (texel centers are at +0.5) and weights 1 - a and a, where
//    a = frac(xB) is quantized as the hardware stores it: 9-bit fixed point
//    with 8 fractional bits, rounded to the nearest multiple of 1/256 (so
//    1.0 is possible). In 2D/3D the weights multiply, and the texels are
//    summed in the guide's order (x fastest, then y, then z);
//  - address modes apply to each integer texel coordinate: clamp to the edge,
//    wrap (repeat), mirror (repeat mirrored, as OpenGL's MIRRORED_REPEAT) or
//    border (the texel is the border color, zero unless a texture object
//    sets cudaTextureDesc::borderColor). The runtime turns wrap and mirror
//    into clamp for unnormalized coordinates, which CUDA does not support
//    them with;
//  - tex1Dfetch reads element x of linear memory, or zero outside of it;
//  - 8- and 16-bit integers read with cudaReadModeNormalizedFloat become
//    v / 255, v / 65535 (unsigned) and max(v / 127, -1), max(v / 32767, -1)
//    (signed); 16-bit float texels become float.
// A result type whose format matches the texels (tex1Dfetch<float> on float
// data) loads the texel directly; otherwise each channel is converted
// (missing channels are zero). Integer results take each channel's bits
// (sign- or zero-extended, then truncated to the result's component type).
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_TEXTURE_SAMPLING_H
#define CUCPU_TEXTURE_SAMPLING_H

#include "texture_types.h"
#include "vector_types.h"

#define CUCPU_TEX static __device__ __inline__

/// What a fetch can return: components, component type, the descriptor's
/// fastCode of texels it can load directly, whether it is a float type, and
/// make() to build one from four component values.
template <class R> struct __cucpu_tex_traits;

#define CUCPU_TEX_CODE(FMT, N) (__cucpu_texel_##FMT | (N) << 4)
#define CUCPU_TEX_SCALAR(R, E, FMT, FLOAT)                                     \
  template <> struct __cucpu_tex_traits<R> {                                   \
    typedef E elem;                                                            \
    enum { components = 1, code = CUCPU_TEX_CODE(FMT, 1), isFloat = FLOAT };   \
    CUCPU_TEX R make(E x, E, E, E) { return x; }                               \
  };
#define CUCPU_TEX_VECTORS(V, E, FMT, FLOAT)                                    \
  template <> struct __cucpu_tex_traits<V##1> {                                \
    typedef E elem;                                                            \
    enum { components = 1, code = CUCPU_TEX_CODE(FMT, 1), isFloat = FLOAT };   \
    CUCPU_TEX V##1 make(E x, E, E, E) {                                        \
      V##1 r;                                                                  \
      r.x = x;                                                                 \
      return r;                                                                \
    }                                                                          \
  };                                                                           \
  template <> struct __cucpu_tex_traits<V##2> {                                \
    typedef E elem;                                                            \
    enum { components = 2, code = CUCPU_TEX_CODE(FMT, 2), isFloat = FLOAT };   \
    CUCPU_TEX V##2 make(E x, E y, E, E) {                                      \
      V##2 r;                                                                  \
      r.x = x;                                                                 \
      r.y = y;                                                                 \
      return r;                                                                \
    }                                                                          \
  };                                                                           \
  template <> struct __cucpu_tex_traits<V##4> {                                \
    typedef E elem;                                                            \
    enum { components = 4, code = CUCPU_TEX_CODE(FMT, 4), isFloat = FLOAT };   \
    CUCPU_TEX V##4 make(E x, E y, E z, E w) {                                  \
      V##4 r;                                                                  \
      r.x = x;                                                                 \
      r.y = y;                                                                 \
      r.z = z;                                                                 \
      r.w = w;                                                                 \
      return r;                                                                \
    }                                                                          \
  };

#if defined(__CHAR_UNSIGNED__)
CUCPU_TEX_SCALAR(char, char, u8, 0)
#else
CUCPU_TEX_SCALAR(char, char, s8, 0)
#endif
CUCPU_TEX_SCALAR(signed char, signed char, s8, 0)
CUCPU_TEX_SCALAR(unsigned char, unsigned char, u8, 0)
CUCPU_TEX_SCALAR(short, short, s16, 0)
CUCPU_TEX_SCALAR(unsigned short, unsigned short, u16, 0)
CUCPU_TEX_SCALAR(int, int, s32, 0)
CUCPU_TEX_SCALAR(unsigned int, unsigned int, u32, 0)
CUCPU_TEX_SCALAR(float, float, f32, 1)
CUCPU_TEX_VECTORS(char, signed char, s8, 0)
CUCPU_TEX_VECTORS(uchar, unsigned char, u8, 0)
CUCPU_TEX_VECTORS(short, short, s16, 0)
CUCPU_TEX_VECTORS(ushort, unsigned short, u16, 0)
CUCPU_TEX_VECTORS(int, int, s32, 0)
CUCPU_TEX_VECTORS(uint, unsigned int, u32, 0)
CUCPU_TEX_VECTORS(float, float, f32, 1)

#undef CUCPU_TEX_VECTORS
#undef CUCPU_TEX_SCALAR
#undef CUCPU_TEX_CODE

/// Channel c of the texel at p as a float (normalized if the texture says).
CUCPU_TEX float __cucpu_tex_channel_float(const struct __cucpu_texture *t,
                                          const char *p, int c) {
  if (c >= t->channels)
    return 0.0f;
  float v;
  switch (t->format) {
  case __cucpu_texel_u8:
    v = (float)((const unsigned char *)p)[c];
    return t->readNormalized ? v / 255.0f : v;
  case __cucpu_texel_s8:
    v = (float)((const signed char *)p)[c];
    if (!t->readNormalized)
      return v;
    v = v / 127.0f;
    return v < -1.0f ? -1.0f : v;
  case __cucpu_texel_u16:
    v = (float)((const unsigned short *)p)[c];
    return t->readNormalized ? v / 65535.0f : v;
  case __cucpu_texel_s16:
    v = (float)((const short *)p)[c];
    if (!t->readNormalized)
      return v;
    v = v / 32767.0f;
    return v < -1.0f ? -1.0f : v;
  case __cucpu_texel_u32:
    return (float)((const unsigned int *)p)[c];
  case __cucpu_texel_s32:
    return (float)((const int *)p)[c];
  case __cucpu_texel_f16:
    return (float)((const _Float16 *)p)[c];
  default:
    return ((const float *)p)[c];
  }
}

/// Channel c of the texel at p as an integer: its bits, sign- or
/// zero-extended (32-bit channels, float ones included, as they are).
CUCPU_TEX int __cucpu_tex_channel_bits(const struct __cucpu_texture *t,
                                       const char *p, int c) {
  if (c >= t->channels)
    return 0;
  switch (t->format) {
  case __cucpu_texel_u8:
    return ((const unsigned char *)p)[c];
  case __cucpu_texel_s8:
    return ((const signed char *)p)[c];
  case __cucpu_texel_u16:
  case __cucpu_texel_f16:
    return ((const unsigned short *)p)[c];
  case __cucpu_texel_s16:
    return ((const short *)p)[c];
  default:
    return ((const int *)p)[c];
  }
}

/// The texel at p converted channel by channel to R.
template <class R>
CUCPU_TEX R __cucpu_tex_convert(const struct __cucpu_texture *t,
                                const char *p) {
  typedef __cucpu_tex_traits<R> Tr;
  typedef typename Tr::elem E;
  if (Tr::isFloat)
    return Tr::make(
        (E)__cucpu_tex_channel_float(t, p, 0),
        (E)(Tr::components > 1 ? __cucpu_tex_channel_float(t, p, 1) : 0.0f),
        (E)(Tr::components > 2 ? __cucpu_tex_channel_float(t, p, 2) : 0.0f),
        (E)(Tr::components > 3 ? __cucpu_tex_channel_float(t, p, 3) : 0.0f));
  return Tr::make(
      (E)__cucpu_tex_channel_bits(t, p, 0),
      (E)(Tr::components > 1 ? __cucpu_tex_channel_bits(t, p, 1) : 0),
      (E)(Tr::components > 2 ? __cucpu_tex_channel_bits(t, p, 2) : 0),
      (E)(Tr::components > 3 ? __cucpu_tex_channel_bits(t, p, 3) : 0));
}

/// The texel at p as R.
template <class R>
CUCPU_TEX R __cucpu_tex_texel(const struct __cucpu_texture *t, const char *p) {
  if (t->fastCode == __cucpu_tex_traits<R>::code)
    return *(const R *)p;
  return __cucpu_tex_convert<R>(t, p);
}

template <class R> CUCPU_TEX R __cucpu_tex_zero() {
  typedef typename __cucpu_tex_traits<R>::elem E;
  return __cucpu_tex_traits<R>::make((E)0, (E)0, (E)0, (E)0);
}

/// What a texel outside of a border-mode texture reads as.
template <class R>
CUCPU_TEX R __cucpu_tex_border(const struct __cucpu_texture *t) {
  typedef __cucpu_tex_traits<R> Tr;
  typedef typename Tr::elem E;
  if (!Tr::isFloat)
    return __cucpu_tex_zero<R>();
  return Tr::make((E)t->borderColor[0], (E)t->borderColor[1],
                  (E)t->borderColor[2], (E)t->borderColor[3]);
}

/// tex1Dfetch: element x of linear memory, zero outside of it (and when
/// unbound: width 0).
template <class R>
CUCPU_TEX R __cucpu_tex_fetch(const struct __cucpu_texture *t, int x) {
  if ((unsigned int)x >= (unsigned int)t->width)
    return __cucpu_tex_zero<R>();
  if (t->fastCode == __cucpu_tex_traits<R>::code)
    return ((const R *)t->data)[x];
  return __cucpu_tex_convert<R>(
      t, t->data + (unsigned long long)x * (unsigned long long)t->texelSize);
}

/// floor(x) of a coordinate as an int; far-away coordinates (and NaN) are
/// pinned to +-2^30 so that the address arithmetic cannot overflow.
CUCPU_TEX int __cucpu_tex_floor(float x) {
  float f = __builtin_floorf(x);
  if (f >= 1073741824.0f)
    return 1073741824;
  if (f >= -1073741824.0f)
    return (int)f;
  return -1073741824;
}

/// Applies an address mode to texel coordinate i of a dimension of n >= 1
/// texels; -1 for a border texel.
CUCPU_TEX int __cucpu_tex_address(int i, int n, int mode) {
  if ((unsigned int)i < (unsigned int)n)
    return i;
  int r;
  switch (mode) {
  case cudaAddressModeWrap:
    r = i % n;
    return r < 0 ? r + n : r;
  case cudaAddressModeMirror:
    r = i % (2 * n);
    if (r < 0)
      r += 2 * n;
    return r < n ? r : 2 * n - 1 - r;
  case cudaAddressModeBorder:
    return -1;
  default:
    return i < 0 ? 0 : n - 1;
  }
}

/// The interpolation weight of a fraction in [0, 1), as the hardware's
/// 9-bit fixed point with 8 fractional bits holds it.
CUCPU_TEX float __cucpu_tex_weight(float frac) {
  return __builtin_floorf(frac * 256.0f + 0.5f) * (1.0f / 256.0f);
}

CUCPU_TEX const char *__cucpu_tex_at(const struct __cucpu_texture *t, int i,
                                     int j, int k) {
  return t->data + (unsigned long long)k * t->slicePitch +
         (unsigned long long)j * t->pitch +
         (unsigned long long)i * (unsigned long long)t->texelSize;
}

/// tex1D / tex2D / tex3D (D dimensions) at coordinates x, y, z.
template <class R, int D>
CUCPU_TEX R __cucpu_tex_sample(const struct __cucpu_texture *t, float x,
                               float y, float z) {
  typedef __cucpu_tex_traits<R> Tr;
  typedef typename Tr::elem E;
  if (!t->data)
    return __cucpu_tex_zero<R>();
  if (t->normalizedCoords) {
    x = x * (float)t->width;
    if (D > 1)
      y = y * (float)t->height;
    if (D > 2)
      z = z * (float)t->depth;
  }
  if (!Tr::isFloat || !t->linearFilter) {
    int i =
        __cucpu_tex_address(__cucpu_tex_floor(x), t->width, t->addressMode[0]);
    int j = D > 1 ? __cucpu_tex_address(__cucpu_tex_floor(y), t->height,
                                        t->addressMode[1])
                  : 0;
    int k = D > 2 ? __cucpu_tex_address(__cucpu_tex_floor(z), t->depth,
                                        t->addressMode[2])
                  : 0;
    if ((i | j | k) < 0)
      return __cucpu_tex_border<R>(t);
    return __cucpu_tex_texel<R>(t, __cucpu_tex_at(t, i, j, k));
  }

  // Linear filtering: two texels and weights per dimension.
  int ix[2], iy[2] = {0, 0}, iz[2] = {0, 0};
  float wx[2], wy[2] = {1.0f, 0.0f}, wz[2] = {1.0f, 0.0f};
  float bx = x - 0.5f;
  float a = __cucpu_tex_weight(bx - __builtin_floorf(bx));
  int i0 = __cucpu_tex_floor(bx);
  ix[0] = __cucpu_tex_address(i0, t->width, t->addressMode[0]);
  ix[1] = __cucpu_tex_address(i0 + 1, t->width, t->addressMode[0]);
  wx[0] = 1.0f - a;
  wx[1] = a;
  if (D > 1) {
    float by = y - 0.5f;
    float b = __cucpu_tex_weight(by - __builtin_floorf(by));
    int j0 = __cucpu_tex_floor(by);
    iy[0] = __cucpu_tex_address(j0, t->height, t->addressMode[1]);
    iy[1] = __cucpu_tex_address(j0 + 1, t->height, t->addressMode[1]);
    wy[0] = 1.0f - b;
    wy[1] = b;
  }
  if (D > 2) {
    float bz = z - 0.5f;
    float c = __cucpu_tex_weight(bz - __builtin_floorf(bz));
    int k0 = __cucpu_tex_floor(bz);
    iz[0] = __cucpu_tex_address(k0, t->depth, t->addressMode[2]);
    iz[1] = __cucpu_tex_address(k0 + 1, t->depth, t->addressMode[2]);
    wz[0] = 1.0f - c;
    wz[1] = c;
  }
  float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int kk = 0; kk < (D > 2 ? 2 : 1); ++kk) {
    for (int jj = 0; jj < (D > 1 ? 2 : 1); ++jj) {
      for (int ii = 0; ii < 2; ++ii) {
        float w = wx[ii];
        if (D > 1)
          w = w * wy[jj];
        if (D > 2)
          w = w * wz[kk];
        bool border = (ix[ii] | iy[jj] | iz[kk]) < 0;
        const char *p = border ? 0 : __cucpu_tex_at(t, ix[ii], iy[jj], iz[kk]);
        for (int c = 0; c < Tr::components; ++c)
          acc[c] = acc[c] + w * (border ? t->borderColor[c]
                                        : __cucpu_tex_channel_float(t, p, c));
      }
    }
  }
  return Tr::make((E)acc[0], (E)acc[1], (E)acc[2], (E)acc[3]);
}

#undef CUCPU_TEX

#endif // CUCPU_TEXTURE_SAMPLING_H
