//===- texture_types.h - CUDA texture types for cucpu -----------*- C++ -*-===//
//
// Part of cucpu. The enumerations and structures of CUDA textures (texture
// references and texture objects), in C. Numeric values follow CUDA 12.
//
// Both kinds of texture reach device code as a `struct __cucpu_texture`, the
// descriptor the runtime fills in: a texture reference embeds one (in the
// device variable the runtime writes when the reference is bound), a texture
// object is the address of one the runtime owns. The sampling code in
// cucpu/texture_sampling.h reads it.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_TEXTURE_TYPES_H
#define CUCPU_TEXTURE_TYPES_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __TEXTURE_TYPES_H__

#include "cucpu/array_types.h"

#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC

enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
};

enum cudaTextureFilterMode {
  cudaFilterModePoint = 0,
  cudaFilterModeLinear = 1
};

enum cudaTextureReadMode {
  cudaReadModeElementType = 0,
  cudaReadModeNormalizedFloat = 1
};

/// How one channel of a texel is stored (set by the runtime from the
/// channel format descriptor).
enum __cucpu_texel_format {
  __cucpu_texel_u8 = 0,
  __cucpu_texel_s8 = 1,
  __cucpu_texel_u16 = 2,
  __cucpu_texel_s16 = 3,
  __cucpu_texel_u32 = 4,
  __cucpu_texel_s32 = 5,
  __cucpu_texel_f16 = 6,
  __cucpu_texel_f32 = 7
};

/// What device code needs to sample a texture. All zero (data null) means
/// unbound: every fetch returns zero.
struct __cucpu_texture {
  const char *data;              // texel (0, 0, 0)
  unsigned long long pitch;      // bytes from one row to the next
  unsigned long long slicePitch; // bytes from one slice to the next
  int width, height, depth;      // in texels; 1 for unused dimensions
  int texelSize;                 // bytes
  int format;                    // enum __cucpu_texel_format of a channel
  int channels;                  // 1, 2 or 4
  int readNormalized;            // 8/16-bit integers read as floats in [0,1]
                                 // (unsigned) or [-1,1] (signed)
  int normalizedCoords;
  int linearFilter;
  // cudaTextureAddressMode per dimension; the runtime turns wrap and mirror
  // into clamp for unnormalized coordinates (CUDA supports them only with
  // normalized ones).
  int addressMode[3];
  float borderColor[4];
  // format | channels << 4 | readNormalized << 8: a fetch whose result type
  // has this code loads the texel as is.
  int fastCode;
};

struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  // cucpu: the binding as device code sees it (written into the device
  // variable by cudaBindTexture*; the host shadow's copy stays unused).
  struct __cucpu_texture __cucpuTex;
};

struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};

/// A texture object: the address of a runtime-owned struct __cucpu_texture.
typedef unsigned long long cudaTextureObject_t;

#endif // CUCPU_TEXTURE_TYPES_H
