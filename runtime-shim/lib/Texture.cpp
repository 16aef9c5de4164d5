//===- Texture.cpp - CUDA arrays, texture references and objects ----------===//
//
// Part of cucpu, in both runtimes (TextureBackend.h says what each
// provides). A texture is a `struct __cucpu_texture` (texture_types.h)
// that device code samples in plain C++ (cucpu/texture_sampling.h), on the
// CPU and on a GPU alike:
//  - binding a texture reference writes one into the device storage of the
//    texture<> variable (found through __cudaRegisterTexture's device name,
//    as __cudaRegisterVar's are);
//  - a texture object is the address of one the runtime allocates in device
//    memory.
// CUDA arrays are dense row-major blocks of texels in device memory.
//
// Error codes: a malformed channel format is cudaErrorInvalidChannelDescriptor
// everywhere; an unregistered texture reference cudaErrorInvalidTexture;
// asking for the offset of an unbound one cudaErrorInvalidTextureBinding;
// filter and read-mode combinations the hardware cannot do are
// cudaErrorInvalidFilterSetting / cudaErrorInvalidNormSetting for references
// and cudaErrorInvalidValue for objects (cudaCreateTextureObject documents
// only that); unknown arrays and texture objects are cudaErrorInvalidValue.
//
//===----------------------------------------------------------------------===//

#include "SharedEntryPoints.h"
#include "TextureBackend.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>

using namespace cucpu;
using namespace cucpu::texture;

/// A CUDA array: width x height x depth texels (height and depth 0 for the
/// dimensions it does not have), stored densely, row after row.
struct cudaArray {
  cudaChannelFormatDesc desc;
  size_t width, height, depth;
  unsigned flags;
  int format, channels, texelSize;
  char *data;

  size_t rows() const { return height ? height : 1; }
  size_t slices() const { return depth ? depth : 1; }
  size_t rowBytes() const { return width * texelSize; }
  size_t sliceBytes() const { return rowBytes() * rows(); }
  size_t bytes() const { return sliceBytes() * slices(); }
};

namespace {

/// Limits the runtime enforces (those of a compute capability 8.0 device).
constexpr size_t kMaxArray1D = 131072;
constexpr size_t kMaxArray2D = 65536;
constexpr size_t kMaxArray3D = 16384;
constexpr size_t kMaxLinear1D = size_t(1) << 27;
constexpr size_t kMaxLinear2D = 65536;
constexpr size_t kTexturePitchAlignment = 32;

/// One texture<> variable registered by the host object.
struct TextureReference {
  std::string deviceName;
  int dim = 1;
  int readMode = cudaReadModeElementType;
  bool bound = false;
  size_t offset = 0;
};

/// What the runtime keeps of a texture object; its handle is the address
/// of the descriptor device code reads (storeObjectDescriptor).
struct TextureObject {
  cudaResourceDesc resource;
  cudaTextureDesc textureDesc;
  cudaResourceViewDesc view;
  bool hasView;
};

/// Tables of this file; guarded by `mutex`.
struct TextureTables {
  std::mutex mutex;
  std::unordered_map<const void *, TextureReference> references;
  std::set<const cudaArray *> arrays;
  std::map<cudaTextureObject_t, TextureObject> objects;
};

TextureTables &tables() {
  static TextureTables *t = new TextureTables;
  return *t;
}

/// How texels of a channel format are stored.
struct TexelFormat {
  int format = 0;
  int channels = 0;
  int texelSize = 0;
};

/// Checks a channel format: 1, 2 or 4 channels from x on, all of the same
/// size, 8/16/32-bit integers or 16/32-bit floats.
bool parseFormat(const cudaChannelFormatDesc &desc, TexelFormat *out) {
  int bits[4] = {desc.x, desc.y, desc.z, desc.w};
  int channels = 0;
  while (channels < 4 && bits[channels] != 0)
    ++channels;
  for (int c = 0; c < 4; ++c)
    if (c < channels ? bits[c] != bits[0] : bits[c] != 0)
      return false;
  if (channels != 1 && channels != 2 && channels != 4)
    return false;
  int size = bits[0];
  switch (desc.f) {
  case cudaChannelFormatKindSigned:
  case cudaChannelFormatKindUnsigned: {
    bool isSigned = desc.f == cudaChannelFormatKindSigned;
    if (size == 8)
      out->format = isSigned ? __cucpu_texel_s8 : __cucpu_texel_u8;
    else if (size == 16)
      out->format = isSigned ? __cucpu_texel_s16 : __cucpu_texel_u16;
    else if (size == 32)
      out->format = isSigned ? __cucpu_texel_s32 : __cucpu_texel_u32;
    else
      return false;
    break;
  }
  case cudaChannelFormatKindFloat:
    if (size == 16)
      out->format = __cucpu_texel_f16;
    else if (size == 32)
      out->format = __cucpu_texel_f32;
    else
      return false;
    break;
  default:
    return false;
  }
  out->channels = channels;
  out->texelSize = channels * size / 8;
  return true;
}

/// Where and how a texture reads memory.
struct Resource {
  TexelFormat format;
  const char *data = nullptr;
  size_t width = 1, height = 1, depth = 1;
  size_t pitch = 0, slicePitch = 0;
};

/// How a texture samples it.
struct Sampling {
  bool normalizedCoords = false;
  int filterMode = cudaFilterModePoint;
  int addressMode[3] = {cudaAddressModeClamp, cudaAddressModeClamp,
                        cudaAddressModeClamp};
  int readMode = cudaReadModeElementType;
  float borderColor[4] = {0, 0, 0, 0};
};

enum class Api { Reference, Object };

/// Builds the device descriptor, checking the sampling settings against the
/// format.
cudaError_t makeTexture(const Resource &r, const Sampling &s, Api api,
                        __cucpu_texture *out) {
  for (int mode : s.addressMode)
    if (mode < cudaAddressModeWrap || mode > cudaAddressModeBorder)
      return cudaErrorInvalidValue;
  if (s.filterMode != cudaFilterModePoint &&
      s.filterMode != cudaFilterModeLinear)
    return cudaErrorInvalidValue;
  if (s.readMode != cudaReadModeElementType &&
      s.readMode != cudaReadModeNormalizedFloat)
    return cudaErrorInvalidValue;
  int format = r.format.format;
  bool isFloat = format == __cucpu_texel_f16 || format == __cucpu_texel_f32;
  bool is32BitInt = format == __cucpu_texel_s32 || format == __cucpu_texel_u32;
  // Float texels are floats in either read mode; 32-bit integers cannot be
  // normalized.
  bool readNormalized = s.readMode == cudaReadModeNormalizedFloat && !isFloat;
  if (readNormalized && is32BitInt)
    return api == Api::Reference ? cudaErrorInvalidNormSetting
                                 : cudaErrorInvalidValue;
  // Linear filtering needs float results.
  if (s.filterMode == cudaFilterModeLinear && !isFloat && !readNormalized)
    return api == Api::Reference ? cudaErrorInvalidFilterSetting
                                 : cudaErrorInvalidValue;

  std::memset(out, 0, sizeof(*out));
  out->data = r.data;
  out->pitch = r.pitch;
  out->slicePitch = r.slicePitch;
  out->width = static_cast<int>(r.width);
  out->height = static_cast<int>(r.height);
  out->depth = static_cast<int>(r.depth);
  out->texelSize = r.format.texelSize;
  out->format = format;
  out->channels = r.format.channels;
  out->readNormalized = readNormalized;
  out->normalizedCoords = s.normalizedCoords;
  out->linearFilter = s.filterMode == cudaFilterModeLinear;
  for (int d = 0; d < 3; ++d) {
    int mode = s.addressMode[d];
    // Wrap and mirror exist for normalized coordinates only.
    if (!s.normalizedCoords &&
        (mode == cudaAddressModeWrap || mode == cudaAddressModeMirror))
      mode = cudaAddressModeClamp;
    out->addressMode[d] = mode;
  }
  for (int c = 0; c < 4; ++c)
    out->borderColor[c] = s.addressMode[0] == cudaAddressModeBorder ||
                                  s.addressMode[1] == cudaAddressModeBorder ||
                                  s.addressMode[2] == cudaAddressModeBorder
                              ? s.borderColor[c]
                              : 0.0f;
  out->fastCode =
      format | r.format.channels << 4 | (readNormalized ? 1 : 0) << 8;
  return cudaSuccess;
}

/// The live array `a`, or null. Caller holds the mutex.
const cudaArray *findArray(const void *a) {
  auto &arrays = tables().arrays;
  auto it = arrays.find(static_cast<const cudaArray *>(a));
  return it == arrays.end() ? nullptr : *it;
}

/// The live texture object `handle`, or null. Caller holds the mutex.
const TextureObject *findObject(cudaTextureObject_t handle) {
  auto &objects = tables().objects;
  auto it = objects.find(handle);
  return it == objects.end() ? nullptr : &it->second;
}

Resource arrayResource(const cudaArray &a) {
  Resource r;
  r.format.format = a.format;
  r.format.channels = a.channels;
  r.format.texelSize = a.texelSize;
  r.data = a.data;
  r.width = a.width;
  r.height = a.rows();
  r.depth = a.slices();
  r.pitch = a.rowBytes();
  r.slicePitch = a.sliceBytes();
  return r;
}

//===----------------------------------------------------------------------===//
// Copies
//===----------------------------------------------------------------------===//

/// Copies into device memory (an array) accept these kinds.
bool validToDevice(cudaMemcpyKind kind) {
  return kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice ||
         kind == cudaMemcpyDefault;
}

/// Copies out of device memory (an array) accept these kinds.
bool validFromDevice(cudaMemcpyKind kind) {
  return kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice ||
         kind == cudaMemcpyDefault;
}

/// Runs a copy that takes no stream: after the work it follows in the order
/// of the thread's default stream.
cudaError_t runBlocking(const Copy2D &copy) {
  if (copy.empty())
    return cudaSuccess;
  return setError(runCopy(copy, nullptr, false));
}

/// Queues a copy on `stream` (validated by the caller); it returns before
/// the copy is done only where CUDA's does (no pageable host memory).
cudaError_t runAsync(const Copy2D &copy, cudaStream_t stream) {
  if (copy.empty())
    return cudaSuccess;
  return setError(runCopy(copy, stream, true));
}

/// A linear range of `count` bytes of array `a` starting at byte wOffset of
/// row hOffset (rows follow each other, so the range may span several).
cudaError_t arrayRange(const void *array, size_t wOffset, size_t hOffset,
                       size_t count, char **out) {
  std::lock_guard<std::mutex> lock(tables().mutex);
  const cudaArray *a = findArray(array);
  if (!a)
    return cudaErrorInvalidValue;
  if (wOffset >= a->rowBytes() || hOffset >= a->rows() * a->slices())
    return count == 0 ? cudaSuccess : cudaErrorInvalidValue;
  size_t start = hOffset * a->rowBytes() + wOffset;
  if (count > a->bytes() - start)
    return cudaErrorInvalidValue;
  *out = a->data + start;
  return cudaSuccess;
}

/// The block of `height` rows of `width` bytes of array `a` at (wOffset,
/// hOffset) of its first slice.
cudaError_t arrayBlock(const void *array, size_t wOffset, size_t hOffset,
                       size_t width, size_t height, char **out, size_t *pitch) {
  std::lock_guard<std::mutex> lock(tables().mutex);
  const cudaArray *a = findArray(array);
  if (!a)
    return cudaErrorInvalidValue;
  if (wOffset > a->rowBytes() || width > a->rowBytes() - wOffset ||
      hOffset > a->rows() || height > a->rows() - hOffset)
    return cudaErrorInvalidValue;
  *out = a->data + hOffset * a->rowBytes() + wOffset;
  *pitch = a->rowBytes();
  return cudaSuccess;
}

cudaError_t prepareToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                           const void *src, size_t count, cudaMemcpyKind kind,
                           Copy2D *copy) {
  if (!validToDevice(kind))
    return cudaErrorInvalidMemcpyDirection;
  if (count && !src)
    return cudaErrorInvalidValue;
  char *p = nullptr;
  if (cudaError_t err = arrayRange(dst, wOffset, hOffset, count, &p))
    return err;
  *copy = Copy2D{p, 0, static_cast<const char *>(src), 0, count, 1};
  return cudaSuccess;
}

cudaError_t prepareFromArray(void *dst, cudaArray_const_t src, size_t wOffset,
                             size_t hOffset, size_t count, cudaMemcpyKind kind,
                             Copy2D *copy) {
  if (!validFromDevice(kind))
    return cudaErrorInvalidMemcpyDirection;
  if (count && !dst)
    return cudaErrorInvalidValue;
  char *p = nullptr;
  if (cudaError_t err = arrayRange(src, wOffset, hOffset, count, &p))
    return err;
  *copy = Copy2D{static_cast<char *>(dst), 0, p, 0, count, 1};
  return cudaSuccess;
}

cudaError_t prepare2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                             const void *src, size_t spitch, size_t width,
                             size_t height, cudaMemcpyKind kind, Copy2D *copy) {
  if (!validToDevice(kind))
    return cudaErrorInvalidMemcpyDirection;
  if (height > 1 && spitch < width)
    return cudaErrorInvalidPitchValue;
  if (width && height && !src)
    return cudaErrorInvalidValue;
  char *p = nullptr;
  size_t pitch = 0;
  if (cudaError_t err =
          arrayBlock(dst, wOffset, hOffset, width, height, &p, &pitch))
    return err;
  *copy =
      Copy2D{p, pitch, static_cast<const char *>(src), spitch, width, height};
  return cudaSuccess;
}

cudaError_t prepare2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src,
                               size_t wOffset, size_t hOffset, size_t width,
                               size_t height, cudaMemcpyKind kind,
                               Copy2D *copy) {
  if (!validFromDevice(kind))
    return cudaErrorInvalidMemcpyDirection;
  if (height > 1 && dpitch < width)
    return cudaErrorInvalidPitchValue;
  if (width && height && !dst)
    return cudaErrorInvalidValue;
  char *p = nullptr;
  size_t pitch = 0;
  if (cudaError_t err =
          arrayBlock(src, wOffset, hOffset, width, height, &p, &pitch))
    return err;
  *copy = Copy2D{static_cast<char *>(dst), dpitch, p, pitch, width, height};
  return cudaSuccess;
}

/// One side of a 3D copy: an array (positions in its elements) or a pitched
/// pointer (positions in bytes).
struct Side3D {
  char *base;
  size_t pitch, slicePitch;
  size_t elementSize;
  // Bounds in bytes x rows x slices; 0 where unknown (pitched memory).
  size_t widthBytes, rows, slices;
};

cudaError_t side3D(cudaArray_t array, const cudaPitchedPtr &ptr, Side3D *out) {
  if (array && ptr.ptr)
    return cudaErrorInvalidValue;
  if (array) {
    std::lock_guard<std::mutex> lock(tables().mutex);
    const cudaArray *a = findArray(array);
    if (!a)
      return cudaErrorInvalidValue;
    *out = Side3D{
        a->data,       a->rowBytes(), a->sliceBytes(), size_t(a->texelSize),
        a->rowBytes(), a->rows(),     a->slices()};
    return cudaSuccess;
  }
  if (!ptr.ptr)
    return cudaErrorInvalidValue;
  *out = Side3D{static_cast<char *>(ptr.ptr),
                ptr.pitch,
                ptr.pitch * ptr.ysize,
                1,
                ptr.pitch,
                ptr.ysize,
                0};
  return cudaSuccess;
}

cudaError_t prepare3D(const cudaMemcpy3DParms *p, Copy2D *copy) {
  if (!p)
    return cudaErrorInvalidValue;
  if (!validMemcpyKind(p->kind))
    return cudaErrorInvalidMemcpyDirection;
  Side3D src, dst;
  if (cudaError_t err = side3D(p->srcArray, p->srcPtr, &src))
    return err;
  if (cudaError_t err = side3D(p->dstArray, p->dstPtr, &dst))
    return err;
  // The extent counts the array's elements when an array takes part, bytes
  // otherwise.
  size_t element = p->srcArray ? src.elementSize : dst.elementSize;
  if (p->srcArray && p->dstArray && src.elementSize != dst.elementSize)
    return cudaErrorInvalidValue;
  const cudaExtent &e = p->extent;
  size_t widthBytes = e.width * element;
  *copy = Copy2D{};
  if (e.width == 0 || e.height == 0 || e.depth == 0)
    return cudaSuccess;
  auto place = [&](const Side3D &s, const cudaPos &pos, char **out) {
    size_t x = pos.x * s.elementSize;
    if (x > s.widthBytes || widthBytes > s.widthBytes - x)
      return false;
    if (s.rows && (pos.y > s.rows || e.height > s.rows - pos.y))
      return false;
    if (s.slices && (pos.z > s.slices || e.depth > s.slices - pos.z))
      return false;
    // Pitched memory of several slices needs its height (ysize).
    if (!s.slices && (e.depth > 1 || pos.z) && !s.rows)
      return false;
    *out = s.base + pos.z * s.slicePitch + pos.y * s.pitch + x;
    return true;
  };
  char *to = nullptr, *from = nullptr;
  if (!place(src, p->srcPos, &from) || !place(dst, p->dstPos, &to))
    return cudaErrorInvalidValue;
  *copy = Copy2D{to,       dst.pitch, from,           src.pitch,     widthBytes,
                 e.height, e.depth,   dst.slicePitch, src.slicePitch};
  return cudaSuccess;
}

//===----------------------------------------------------------------------===//
// Texture references
//===----------------------------------------------------------------------===//

/// Writes a reference's binding into its device storage, with its public
/// attributes, for device code that reads them.
void publish(const textureReference *texref, const TextureReference &ref,
             const __cucpu_texture &texture) {
  textureReference value = *texref;
  value.__cucpuTex = texture;
  publishReference(texref, ref.deviceName, value);
}

Sampling referenceSampling(const textureReference &texref,
                           const TextureReference &ref) {
  Sampling s;
  s.normalizedCoords = texref.normalized != 0;
  s.filterMode = texref.filterMode;
  for (int d = 0; d < 3; ++d)
    s.addressMode[d] = texref.addressMode[d];
  s.readMode = ref.readMode;
  return s;
}

/// Binds a registered reference to `r` after the checks common to every
/// bind. *offset (may be null) receives the byte offset of `devPtr` from the
/// aligned address the texture starts at.
cudaError_t bindReference(const textureReference *texref,
                          const cudaChannelFormatDesc *desc, Resource r,
                          size_t *offset) {
  if (!texref)
    return cudaErrorInvalidTexture;
  if (!desc)
    return cudaErrorInvalidValue;
  std::lock_guard<std::mutex> lock(tables().mutex);
  auto it = tables().references.find(texref);
  if (it == tables().references.end())
    return cudaErrorInvalidTexture;
  TextureReference &ref = it->second;
  __cucpu_texture texture;
  if (cudaError_t err = makeTexture(r, referenceSampling(*texref, ref),
                                    Api::Reference, &texture))
    return err;
  ref.bound = true;
  ref.offset = offset ? *offset : 0;
  publish(texref, ref, texture);
  return cudaSuccess;
}

/// Checks the address of a linear binding and computes its offset from the
/// texture alignment.
cudaError_t alignBinding(const void *devPtr, size_t *offset,
                         const TexelFormat &f, const char **base, size_t *off) {
  if (!devPtr)
    return cudaErrorInvalidValue;
  *off = reinterpret_cast<uintptr_t>(devPtr) % textureAlignment();
  // A misaligned pointer needs somewhere to return the offset, and the
  // offset must be whole texels for the kernel to add to its indices.
  if (*off != 0 && (!offset || *off % f.texelSize != 0))
    return cudaErrorInvalidValue;
  *base = static_cast<const char *>(devPtr) - *off;
  return cudaSuccess;
}

} // namespace

extern "C" {

//===----------------------------------------------------------------------===//
// Channel formats and arrays
//===----------------------------------------------------------------------===//

cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                            cudaChannelFormatKind f) {
  cudaChannelFormatDesc desc;
  desc.x = x;
  desc.y = y;
  desc.z = z;
  desc.w = w;
  desc.f = f;
  return desc;
}

cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc *desc,
                               cudaArray_const_t array) {
  if (!desc)
    return setError(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(tables().mutex);
  const cudaArray *a = findArray(array);
  if (!a)
    return setError(cudaErrorInvalidValue);
  *desc = a->desc;
  return cudaSuccess;
}

static cudaError_t allocateArray(cudaArray_t *array,
                                 const cudaChannelFormatDesc *desc,
                                 size_t width, size_t height, size_t depth,
                                 unsigned flags) {
  if (!array || !desc)
    return cudaErrorInvalidValue;
  TexelFormat f;
  if (!parseFormat(*desc, &f))
    return cudaErrorInvalidChannelDescriptor;
  if (flags & ~unsigned(cudaArraySurfaceLoadStore | cudaArrayTextureGather |
                        cudaArrayLayered | cudaArrayCubemap))
    return cudaErrorInvalidValue;
  // Layered and cubemap arrays have no fetch functions here.
  if (flags & (cudaArrayLayered | cudaArrayCubemap))
    return cudaErrorNotSupported;
  if (width == 0 || (height == 0 && depth != 0))
    return cudaErrorInvalidValue;
  size_t limit = depth ? kMaxArray3D : height ? kMaxArray2D : kMaxArray1D;
  if (width > limit || height > limit || depth > limit)
    return cudaErrorInvalidValue;

  auto *a = new cudaArray;
  a->desc = *desc;
  a->width = width;
  a->height = height;
  a->depth = depth;
  a->flags = flags;
  a->format = f.format;
  a->channels = f.channels;
  a->texelSize = f.texelSize;
  if (cudaError_t err = allocateArrayStorage(a->bytes(), &a->data)) {
    delete a;
    return err;
  }
  std::lock_guard<std::mutex> lock(tables().mutex);
  tables().arrays.insert(a);
  *array = a;
  return cudaSuccess;
}

cudaError_t cudaMallocArray(cudaArray_t *array,
                            const cudaChannelFormatDesc *desc, size_t width,
                            size_t height, unsigned int flags) {
  return setError(allocateArray(array, desc, width, height, 0, flags));
}

cudaError_t cudaMalloc3DArray(cudaArray_t *array,
                              const cudaChannelFormatDesc *desc,
                              cudaExtent extent, unsigned int flags) {
  return setError(allocateArray(array, desc, extent.width, extent.height,
                                extent.depth, flags));
}

cudaError_t cudaFreeArray(cudaArray_t array) {
  if (!array)
    return cudaSuccess;
  // Like cudaFree, waits for the work that may still read the array.
  cudaError_t pending = cudaDeviceSynchronize();
  {
    std::lock_guard<std::mutex> lock(tables().mutex);
    if (!tables().arrays.erase(array))
      return setError(cudaErrorInvalidValue);
  }
  freeArrayStorage(array->data);
  delete array;
  return pending;
}

cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc *desc, cudaExtent *extent,
                             unsigned int *flags, cudaArray_t array) {
  std::lock_guard<std::mutex> lock(tables().mutex);
  const cudaArray *a = findArray(array);
  if (!a)
    return setError(cudaErrorInvalidValue);
  if (desc)
    *desc = a->desc;
  if (extent) {
    extent->width = a->width;
    extent->height = a->height;
    extent->depth = a->depth;
  }
  if (flags)
    *flags = a->flags;
  return cudaSuccess;
}

//===----------------------------------------------------------------------===//
// Copies to and from arrays
//===----------------------------------------------------------------------===//

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                              const void *src, size_t count,
                              cudaMemcpyKind kind) {
  Copy2D copy;
  if (cudaError_t err =
          prepareToArray(dst, wOffset, hOffset, src, count, kind, &copy))
    return setError(err);
  return runBlocking(copy);
}

cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src,
                                size_t wOffset, size_t hOffset, size_t count,
                                cudaMemcpyKind kind) {
  Copy2D copy;
  if (cudaError_t err =
          prepareFromArray(dst, src, wOffset, hOffset, count, kind, &copy))
    return setError(err);
  return runBlocking(copy);
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                const void *src, size_t spitch, size_t width,
                                size_t height, cudaMemcpyKind kind) {
  Copy2D copy;
  if (cudaError_t err = prepare2DToArray(dst, wOffset, hOffset, src, spitch,
                                         width, height, kind, &copy))
    return setError(err);
  return runBlocking(copy);
}

cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch,
                                  cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height,
                                  cudaMemcpyKind kind) {
  Copy2D copy;
  if (cudaError_t err = prepare2DFromArray(dst, dpitch, src, wOffset, hOffset,
                                           width, height, kind, &copy))
    return setError(err);
  return runBlocking(copy);
}

cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst,
                                   size_t hOffsetDst, cudaArray_const_t src,
                                   size_t wOffsetSrc, size_t hOffsetSrc,
                                   size_t count, cudaMemcpyKind kind) {
  if (!validMemcpyKind(kind))
    return setError(cudaErrorInvalidMemcpyDirection);
  char *to = nullptr, *from = nullptr;
  if (cudaError_t err = arrayRange(dst, wOffsetDst, hOffsetDst, count, &to))
    return setError(err);
  if (cudaError_t err = arrayRange(src, wOffsetSrc, hOffsetSrc, count, &from))
    return setError(err);
  return runBlocking(Copy2D{to, 0, from, 0, count, 1});
}

cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset,
                                   size_t hOffset, const void *src,
                                   size_t count, cudaMemcpyKind kind,
                                   cudaStream_t stream) {
  if (cudaError_t err = checkStreamHandle(stream))
    return setError(err);
  Copy2D copy;
  if (cudaError_t err =
          prepareToArray(dst, wOffset, hOffset, src, count, kind, &copy))
    return setError(err);
  return runAsync(copy, stream);
}

cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src,
                                     size_t wOffset, size_t hOffset,
                                     size_t count, cudaMemcpyKind kind,
                                     cudaStream_t stream) {
  if (cudaError_t err = checkStreamHandle(stream))
    return setError(err);
  Copy2D copy;
  if (cudaError_t err =
          prepareFromArray(dst, src, wOffset, hOffset, count, kind, &copy))
    return setError(err);
  return runAsync(copy, stream);
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset,
                                     size_t hOffset, const void *src,
                                     size_t spitch, size_t width, size_t height,
                                     cudaMemcpyKind kind, cudaStream_t stream) {
  if (cudaError_t err = checkStreamHandle(stream))
    return setError(err);
  Copy2D copy;
  if (cudaError_t err = prepare2DToArray(dst, wOffset, hOffset, src, spitch,
                                         width, height, kind, &copy))
    return setError(err);
  return runAsync(copy, stream);
}

cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch,
                                       cudaArray_const_t src, size_t wOffset,
                                       size_t hOffset, size_t width,
                                       size_t height, cudaMemcpyKind kind,
                                       cudaStream_t stream) {
  if (cudaError_t err = checkStreamHandle(stream))
    return setError(err);
  Copy2D copy;
  if (cudaError_t err = prepare2DFromArray(dst, dpitch, src, wOffset, hOffset,
                                           width, height, kind, &copy))
    return setError(err);
  return runAsync(copy, stream);
}

} // extern "C"

cudaError_t cucpu::texture::copy3DWithArrays(const cudaMemcpy3DParms *p,
                                             bool async, cudaStream_t stream) {
  if (async)
    if (cudaError_t err = checkStreamHandle(stream))
      return setError(err);
  Copy2D copy;
  if (cudaError_t err = prepare3D(p, &copy))
    return setError(err);
  return async ? runAsync(copy, stream) : runBlocking(copy);
}

extern "C" {

//===----------------------------------------------------------------------===//
// Texture references
//===----------------------------------------------------------------------===//

void __cudaRegisterTexture(void **, const textureReference *hostVar,
                           const void **, const char *deviceName, int dim,
                           int norm, int) {
  if (!hostVar || !deviceName)
    return;
  std::lock_guard<std::mutex> lock(tables().mutex);
  TextureReference &ref = tables().references[hostVar];
  ref.deviceName = deviceName;
  ref.dim = dim;
  ref.readMode = norm;
  registerReference(hostVar, deviceName);
}

cudaError_t cudaBindTexture(size_t *offset, const textureReference *texref,
                            const void *devPtr,
                            const cudaChannelFormatDesc *desc, size_t size) {
  if (!desc)
    return setError(cudaErrorInvalidValue);
  Resource r;
  if (!parseFormat(*desc, &r.format))
    return setError(cudaErrorInvalidChannelDescriptor);
  size_t off = 0;
  if (cudaError_t err = alignBinding(devPtr, offset, r.format, &r.data, &off))
    return setError(err);
  // A size past the end of the allocation (cudaBindTexture's default is
  // UINT_MAX) ends the texture with the allocation.
  size = std::min(size, bytesToAllocationEnd(devPtr));
  size_t width = (off + size) / r.format.texelSize;
  if (size == 0 || width <= off / r.format.texelSize)
    return setError(cudaErrorInvalidValue);
  r.width = std::min(width, kMaxLinear1D);
  r.pitch = r.width * r.format.texelSize;
  r.slicePitch = r.pitch;
  if (offset)
    *offset = off;
  return setError(bindReference(texref, desc, r, &off));
}

cudaError_t cudaBindTexture2D(size_t *offset, const textureReference *texref,
                              const void *devPtr,
                              const cudaChannelFormatDesc *desc, size_t width,
                              size_t height, size_t pitch) {
  if (!desc)
    return setError(cudaErrorInvalidValue);
  Resource r;
  if (!parseFormat(*desc, &r.format))
    return setError(cudaErrorInvalidChannelDescriptor);
  size_t off = 0;
  if (cudaError_t err = alignBinding(devPtr, offset, r.format, &r.data, &off))
    return setError(err);
  if (width == 0 || height == 0 || width > kMaxLinear2D ||
      height > kMaxLinear2D || pitch % kTexturePitchAlignment != 0 ||
      pitch < width * r.format.texelSize + off)
    return setError(cudaErrorInvalidValue);
  // The texture starts at the aligned address; its rows are widened by the
  // offset so that (x + offset / texelSize, y) reads devPtr's column x.
  r.width = width + off / r.format.texelSize;
  r.height = height;
  r.pitch = pitch;
  r.slicePitch = pitch * height;
  if (offset)
    *offset = off;
  return setError(bindReference(texref, desc, r, &off));
}

cudaError_t cudaBindTextureToArray(const textureReference *texref,
                                   cudaArray_const_t array,
                                   const cudaChannelFormatDesc *desc) {
  if (!desc)
    return setError(cudaErrorInvalidValue);
  TexelFormat f;
  if (!parseFormat(*desc, &f))
    return setError(cudaErrorInvalidChannelDescriptor);
  Resource r;
  {
    std::lock_guard<std::mutex> lock(tables().mutex);
    const cudaArray *a = findArray(array);
    if (!a)
      return setError(cudaErrorInvalidValue);
    // The array's texels are what they are; the descriptor may only rename
    // their kind (signed/unsigned).
    if (f.texelSize != a->texelSize || f.channels != a->channels)
      return setError(cudaErrorInvalidChannelDescriptor);
    r = arrayResource(*a);
    if (f.format != a->format && f.format != __cucpu_texel_f16 &&
        f.format != __cucpu_texel_f32 && a->format != __cucpu_texel_f16 &&
        a->format != __cucpu_texel_f32)
      r.format.format = f.format;
  }
  return setError(bindReference(texref, desc, r, nullptr));
}

cudaError_t cudaUnbindTexture(const textureReference *texref) {
  std::lock_guard<std::mutex> lock(tables().mutex);
  auto it = tables().references.find(texref);
  if (!texref || it == tables().references.end())
    return setError(cudaErrorInvalidTexture);
  it->second.bound = false;
  it->second.offset = 0;
  __cucpu_texture unbound;
  std::memset(&unbound, 0, sizeof(unbound));
  publish(texref, it->second, unbound);
  return cudaSuccess;
}

cudaError_t cudaGetTextureAlignmentOffset(size_t *offset,
                                          const textureReference *texref) {
  if (!offset)
    return setError(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(tables().mutex);
  auto it = tables().references.find(texref);
  if (!texref || it == tables().references.end())
    return setError(cudaErrorInvalidTexture);
  if (!it->second.bound)
    return setError(cudaErrorInvalidTextureBinding);
  *offset = it->second.offset;
  return cudaSuccess;
}

cudaError_t cudaGetTextureReference(const textureReference **texref,
                                    const void *symbol) {
  if (!texref)
    return setError(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(tables().mutex);
  if (!symbol || !tables().references.count(symbol))
    return setError(cudaErrorInvalidTexture);
  *texref = static_cast<const textureReference *>(symbol);
  return cudaSuccess;
}

//===----------------------------------------------------------------------===//
// Texture objects
//===----------------------------------------------------------------------===//

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const cudaResourceDesc *pResDesc,
                                    const cudaTextureDesc *pTexDesc,
                                    const cudaResourceViewDesc *pResViewDesc) {
  if (!pTexObject || !pResDesc || !pTexDesc)
    return setError(cudaErrorInvalidValue);
  // Resource views reinterpret or crop arrays; only the identity is here.
  if (pResViewDesc && pResViewDesc->format != cudaResViewFormatNone)
    return setError(cudaErrorNotSupported);

  Resource r;
  switch (pResDesc->resType) {
  case cudaResourceTypeArray: {
    std::lock_guard<std::mutex> lock(tables().mutex);
    const cudaArray *a = findArray(pResDesc->res.array.array);
    if (!a)
      return setError(cudaErrorInvalidValue);
    r = arrayResource(*a);
    break;
  }
  case cudaResourceTypeLinear: {
    const auto &linear = pResDesc->res.linear;
    if (!parseFormat(linear.desc, &r.format))
      return setError(cudaErrorInvalidChannelDescriptor);
    if (!linear.devPtr ||
        reinterpret_cast<uintptr_t>(linear.devPtr) % textureAlignment() != 0)
      return setError(cudaErrorInvalidValue);
    size_t width = linear.sizeInBytes / r.format.texelSize;
    if (width == 0 || width > kMaxLinear1D)
      return setError(cudaErrorInvalidValue);
    r.data = static_cast<const char *>(linear.devPtr);
    r.width = width;
    r.pitch = r.slicePitch = width * r.format.texelSize;
    break;
  }
  case cudaResourceTypePitch2D: {
    const auto &p2d = pResDesc->res.pitch2D;
    if (!parseFormat(p2d.desc, &r.format))
      return setError(cudaErrorInvalidChannelDescriptor);
    if (!p2d.devPtr ||
        reinterpret_cast<uintptr_t>(p2d.devPtr) % textureAlignment() != 0)
      return setError(cudaErrorInvalidValue);
    if (p2d.width == 0 || p2d.height == 0 || p2d.width > kMaxLinear2D ||
        p2d.height > kMaxLinear2D ||
        p2d.pitchInBytes % kTexturePitchAlignment != 0 ||
        p2d.pitchInBytes < p2d.width * r.format.texelSize)
      return setError(cudaErrorInvalidValue);
    r.data = static_cast<const char *>(p2d.devPtr);
    r.width = p2d.width;
    r.height = p2d.height;
    r.pitch = p2d.pitchInBytes;
    r.slicePitch = p2d.pitchInBytes * p2d.height;
    break;
  }
  case cudaResourceTypeMipmappedArray:
    return setError(cudaErrorNotSupported);
  default:
    return setError(cudaErrorInvalidValue);
  }

  Sampling s;
  s.normalizedCoords = pTexDesc->normalizedCoords != 0;
  s.filterMode = pTexDesc->filterMode;
  for (int d = 0; d < 3; ++d)
    s.addressMode[d] = pTexDesc->addressMode[d];
  s.readMode = pTexDesc->readMode;
  for (int c = 0; c < 4; ++c)
    s.borderColor[c] = pTexDesc->borderColor[c];
  __cucpu_texture descriptor;
  if (cudaError_t err = makeTexture(r, s, Api::Object, &descriptor))
    return setError(err);
  TextureObject object;
  object.resource = *pResDesc;
  object.textureDesc = *pTexDesc;
  object.hasView = pResViewDesc != nullptr;
  if (pResViewDesc)
    object.view = *pResViewDesc;
  else
    std::memset(&object.view, 0, sizeof(object.view));
  cudaTextureObject_t handle;
  if (cudaError_t err = storeObjectDescriptor(descriptor, &handle))
    return setError(err);
  std::lock_guard<std::mutex> lock(tables().mutex);
  tables().objects[handle] = object;
  *pTexObject = handle;
  return cudaSuccess;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) {
  // Kernels still queued may sample it.
  cudaError_t pending = cudaDeviceSynchronize();
  {
    std::lock_guard<std::mutex> lock(tables().mutex);
    if (!tables().objects.erase(texObject))
      return setError(cudaErrorInvalidValue);
  }
  freeObjectDescriptor(texObject);
  return pending;
}

cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc *pResDesc,
                                             cudaTextureObject_t texObject) {
  if (!pResDesc)
    return setError(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(tables().mutex);
  const TextureObject *object = findObject(texObject);
  if (!object)
    return setError(cudaErrorInvalidValue);
  *pResDesc = object->resource;
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc *pTexDesc,
                                            cudaTextureObject_t texObject) {
  if (!pTexDesc)
    return setError(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(tables().mutex);
  const TextureObject *object = findObject(texObject);
  if (!object)
    return setError(cudaErrorInvalidValue);
  *pTexDesc = object->textureDesc;
  return cudaSuccess;
}

cudaError_t
cudaGetTextureObjectResourceViewDesc(cudaResourceViewDesc *pResViewDesc,
                                     cudaTextureObject_t texObject) {
  if (!pResViewDesc)
    return setError(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(tables().mutex);
  const TextureObject *object = findObject(texObject);
  // An object created without a view has none to return.
  if (!object || !object->hasView)
    return setError(cudaErrorInvalidValue);
  *pResViewDesc = object->view;
  return cudaSuccess;
}

} // extern "C"
