//===- texture_reference.h - CUDA texture semantics in plain C++ ----------===//
//
// The reference the texture_*.cu tests compare against: texture fetching as
// the CUDA programming guide documents it ("Texture Fetching" and the
// addressing modes of "Texture Memory"), written for the host without the
// runtime's headers' help.
//  - Nearest point: with normalized coordinates, wrap replaces x by frac(x),
//    mirror by frac(x) or 1 - frac(x) (floor(x) even or odd); then texel
//    floor(x * N). Out of range: clamp to the edge, or the border value.
//  - Linear: xB = x * N - 0.5 (normalized) or x - 0.5, texels floor(xB) and
//    floor(xB) + 1 with weights 1 - a and a, a = frac(xB) in 9-bit fixed
//    point with 8 fractional bits; each texel index goes through the address
//    mode (wrap: modulo N; mirror: reflected every N; clamp; border).
//  - Wrap and mirror act as clamp with unnormalized coordinates.
//
//===----------------------------------------------------------------------===//

#ifndef TEXTURE_REFERENCE_H
#define TEXTURE_REFERENCE_H

#include <cmath>
#include <functional>

namespace ref {

enum Address { Wrap = 0, Clamp = 1, Mirror = 2, Border = 3 };

struct Sampler {
  int dims = 1;
  int size[3] = {1, 1, 1};
  bool normalized = false;
  bool linear = false;
  // Quantize the interpolation weights as the hardware does (the tests turn
  // it off to check that the quantization is observable).
  bool quantize = true;
  int address[3] = {Clamp, Clamp, Clamp};
  int channels = 1;
  float border[4] = {0, 0, 0, 0};
  // Channel c of texel (i, j, k), converted as the read mode says.
  std::function<float(int, int, int, int)> texel;

  // Nearest-point index along dimension d, or -1 for the border.
  int nearest(float v, int d) const {
    int n = size[d];
    int mode = address[d];
    if (normalized) {
      if (mode == Wrap) {
        v = v - std::floor(v);
      } else if (mode == Mirror) {
        float f = std::floor(v);
        float frac = v - f;
        v = std::fmod(std::fabs(f), 2.0f) == 0.0f ? frac : 1.0f - frac;
      }
      v = v * (float)n;
    }
    float f = std::floor(v);
    if (f >= 0 && f < n)
      return (int)f;
    if (mode == Border)
      return -1;
    return f < 0 ? 0 : n - 1;
  }

  // Integer texel index i along dimension d through the address mode.
  int wrapIndex(int i, int d) const {
    int n = size[d];
    int mode = address[d];
    if (!normalized && (mode == Wrap || mode == Mirror))
      mode = Clamp;
    if (i >= 0 && i < n)
      return i;
    switch (mode) {
    case Wrap:
      return ((i % n) + n) % n;
    case Mirror: {
      int m = ((i % (2 * n)) + 2 * n) % (2 * n);
      return m < n ? m : 2 * n - 1 - m;
    }
    case Border:
      return -1;
    default:
      return i < 0 ? 0 : n - 1;
    }
  }

  float weight(float frac) const {
    return quantize ? std::floor(frac * 256.0f + 0.5f) / 256.0f : frac;
  }

  float value(int i, int j, int k, int c) const {
    if (i < 0 || j < 0 || k < 0)
      return border[c];
    return texel(i, j, k, c);
  }

  // Fetch at (x, y, z); channel c of the result.
  float sample(float x, float y, float z, int c) const {
    float coord[3] = {x, y, z};
    if (!linear) {
      int idx[3] = {0, 0, 0};
      for (int d = 0; d < dims; ++d)
        idx[d] = nearest(coord[d], d);
      return value(idx[0], idx[1], idx[2], c);
    }
    int lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    float w[3] = {0, 0, 0};
    for (int d = 0; d < dims; ++d) {
      float v = normalized ? coord[d] * (float)size[d] : coord[d];
      float b = v - 0.5f;
      float f = std::floor(b);
      w[d] = weight(b - f);
      lo[d] = wrapIndex((int)f, d);
      hi[d] = wrapIndex((int)f + 1, d);
    }
    if (dims == 1)
      return (1.0f - w[0]) * value(lo[0], 0, 0, c) +
             w[0] * value(hi[0], 0, 0, c);
    if (dims == 2)
      return (1.0f - w[0]) * (1.0f - w[1]) * value(lo[0], lo[1], 0, c) +
             w[0] * (1.0f - w[1]) * value(hi[0], lo[1], 0, c) +
             (1.0f - w[0]) * w[1] * value(lo[0], hi[1], 0, c) +
             w[0] * w[1] * value(hi[0], hi[1], 0, c);
    float a = w[0], b = w[1], g = w[2];
    return (1 - a) * (1 - b) * (1 - g) * value(lo[0], lo[1], lo[2], c) +
           a * (1 - b) * (1 - g) * value(hi[0], lo[1], lo[2], c) +
           (1 - a) * b * (1 - g) * value(lo[0], hi[1], lo[2], c) +
           a * b * (1 - g) * value(hi[0], hi[1], lo[2], c) +
           (1 - a) * (1 - b) * g * value(lo[0], lo[1], hi[2], c) +
           a * (1 - b) * g * value(hi[0], lo[1], hi[2], c) +
           (1 - a) * b * g * value(lo[0], hi[1], hi[2], c) +
           a * b * g * value(hi[0], hi[1], hi[2], c);
  }
};

// cudaReadModeNormalizedFloat conversions.
inline float unorm8(unsigned char v) { return v / 255.0f; }
inline float snorm8(signed char v) { return v == -128 ? -1.0f : v / 127.0f; }
inline float unorm16(unsigned short v) { return v / 65535.0f; }

// Whether a filtered result matches the reference (the order of the float
// operations may differ).
inline bool close(float got, float want) {
  return std::fabs(got - want) <= 1e-5f * (1.0f + std::fabs(want));
}

} // namespace ref

#endif // TEXTURE_REFERENCE_H
