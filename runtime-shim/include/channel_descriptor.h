//===- channel_descriptor.h - Channel formats for cucpu ---------*- C++ -*-===//
//
// Part of cucpu. The channel format of each element type a texture or a CUDA
// array can hold, as cudaCreateChannelDesc<T>() returns it. Types without a
// format (3-component vectors, 64-bit types) get {0, 0, 0, 0, None}, which
// the runtime rejects with cudaErrorInvalidChannelDescriptor.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_CHANNEL_DESCRIPTOR_H
#define CUCPU_CHANNEL_DESCRIPTOR_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __CHANNEL_DESCRIPTOR_H__

#include "cuda_runtime_api.h"
#include "vector_types.h"

#if defined(__cplusplus)

/// Bits per channel, channel count and kind of T (primary: no format).
template <class T> struct __cucpu_channel_of {
  enum { bits = 0, count = 0, kind = cudaChannelFormatKindNone };
};

#define CUCPU_CHANNEL_OF(T, BITS, COUNT, KIND)                                 \
  template <> struct __cucpu_channel_of<T> {                                   \
    enum { bits = BITS, count = COUNT, kind = cudaChannelFormatKind##KIND };   \
  };
// A scalar type and its 1-, 2- and 4-component vectors.
#define CUCPU_CHANNEL_FAMILY(S, V, BITS, KIND)                                 \
  CUCPU_CHANNEL_OF(S, BITS, 1, KIND)                                           \
  CUCPU_CHANNEL_OF(V##1, BITS, 1, KIND)                                        \
  CUCPU_CHANNEL_OF(V##2, BITS, 2, KIND)                                        \
  CUCPU_CHANNEL_OF(V##4, BITS, 4, KIND)

#if defined(__CHAR_UNSIGNED__)
CUCPU_CHANNEL_OF(char, 8, 1, Unsigned)
#else
CUCPU_CHANNEL_OF(char, 8, 1, Signed)
#endif
CUCPU_CHANNEL_FAMILY(signed char, char, 8, Signed)
CUCPU_CHANNEL_FAMILY(unsigned char, uchar, 8, Unsigned)
CUCPU_CHANNEL_FAMILY(short, short, 16, Signed)
CUCPU_CHANNEL_FAMILY(unsigned short, ushort, 16, Unsigned)
CUCPU_CHANNEL_FAMILY(int, int, 32, Signed)
CUCPU_CHANNEL_FAMILY(unsigned int, uint, 32, Unsigned)
CUCPU_CHANNEL_FAMILY(float, float, 32, Float)

#undef CUCPU_CHANNEL_FAMILY
#undef CUCPU_CHANNEL_OF

/// The descriptor of `count` channels of `bits` bits (a constant expression,
/// so that texture<> can be constant-initialized).
static __inline__ constexpr struct cudaChannelFormatDesc
__cucpu_channel_desc(int bits, int count, enum cudaChannelFormatKind kind) {
  return cudaChannelFormatDesc{bits, count > 1 ? bits : 0, count > 2 ? bits : 0,
                               count > 3 ? bits : 0, kind};
}

template <class T>
static __inline__ constexpr struct cudaChannelFormatDesc
cudaCreateChannelDesc(void) {
  return __cucpu_channel_desc(
      __cucpu_channel_of<T>::bits, __cucpu_channel_of<T>::count,
      (enum cudaChannelFormatKind)__cucpu_channel_of<T>::kind);
}

#endif // __cplusplus

// 16-bit floating-point channels (stored as IEEE binary16).
static __inline__ __host__ struct cudaChannelFormatDesc
cudaCreateChannelDescHalf(void) {
  return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ struct cudaChannelFormatDesc
cudaCreateChannelDescHalf1(void) {
  return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ struct cudaChannelFormatDesc
cudaCreateChannelDescHalf2(void) {
  return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ struct cudaChannelFormatDesc
cudaCreateChannelDescHalf4(void) {
  return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}

#endif // CUCPU_CHANNEL_DESCRIPTOR_H
