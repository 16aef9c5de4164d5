//===- particlefilter_input.h - Input shared by both particle filters -----===//
//
// A synthetic video of a bright disk (radius 5) moving by (+1, -2) pixels per
// frame over a darker background, with integer noise on every pixel; the
// particles start on the disk's known first position. Everything here uses
// integer arithmetic (or exactly representable doubles), so both versions
// see bit-identical inputs.
//
// The particle noise is also shared: each particle owns a 32-bit LCG state,
// and a Gaussian-like step is the sum of 12 uniforms minus 6 (Irwin-Hall).
// The uniforms are multiples of 2^-24, so every propagation step is exact in
// double precision whatever the compiler does with it.
//
//===----------------------------------------------------------------------===//

#ifndef PARTICLEFILTER_INPUT_H
#define PARTICLEFILTER_INPUT_H

#include "bench.h"

#include <cstdint>
#include <vector>

namespace particlefilter {

// --param sets the number of particles; the frame count depends on the size.
constexpr long long kSmallParticles = 4096;
constexpr long long kDefaultParticles = 1 << 17;
constexpr int kSmallFrames = 10;
constexpr int kDefaultFrames = 40;

constexpr int kRadius = 5;
constexpr int kBackground = 100;
constexpr int kForeground = 228;
constexpr double kNoiseVariance2 = 50.0; // 2 * sigma^2 of the intensity model
constexpr int kMaxOffsets = 128;         // >= disk pixel count (81)

struct Video {
  int frames, width, height;
  int startX, startY;         // the disk's centre in frame 0
  std::vector<uint8_t> pixels; // frames x height x width
};

inline int framesFor(const bench::Args &args) {
  return args.small ? kSmallFrames : kDefaultFrames;
}

/// Offsets (dy, dx) of the pixels of a disk of radius kRadius, interleaved.
inline std::vector<int32_t> diskOffsets() {
  std::vector<int32_t> offsets;
  for (int dy = -kRadius; dy <= kRadius; ++dy)
    for (int dx = -kRadius; dx <= kRadius; ++dx)
      if (dx * dx + dy * dy <= kRadius * kRadius) {
        offsets.push_back(dy);
        offsets.push_back(dx);
      }
  return offsets;
}

inline Video makeVideo(int frames) {
  Video v;
  v.frames = frames;
  v.width = 128 + frames;
  v.height = 128 + 2 * frames;
  v.startX = 64;
  v.startY = 64 + 2 * frames;
  v.pixels.resize(static_cast<size_t>(frames) * v.width * v.height);
  bench::Rng rng(0xf11e5ull);
  for (int f = 0; f < frames; ++f) {
    int cx = v.startX + f, cy = v.startY - 2 * f;
    for (int y = 0; y < v.height; ++y)
      for (int x = 0; x < v.width; ++x) {
        int base = (x - cx) * (x - cx) + (y - cy) * (y - cy) <=
                           kRadius * kRadius
                       ? kForeground
                       : kBackground;
        // Integer noise of standard deviation about 3.5.
        int noise = 0;
        for (int k = 0; k < 3; ++k)
          noise += static_cast<int>(rng.below(7)) - 3;
        int value = base + noise;
        value = value < 0 ? 0 : (value > 255 ? 255 : value);
        v.pixels[(static_cast<size_t>(f) * v.height + y) * v.width + x] =
            static_cast<uint8_t>(value);
      }
  }
  return v;
}

inline std::vector<uint32_t> makeSeeds(long long particles) {
  bench::Rng rng(0x5eedull);
  std::vector<uint32_t> seeds(particles);
  for (auto &s : seeds)
    s = static_cast<uint32_t>(rng.next() >> 32);
  return seeds;
}

/// The systematic-resampling start offset of frame f, in [0, 1/particles).
inline std::vector<double> makeResampleOffsets(int frames, long long particles) {
  bench::Rng rng(0x0ff5e7ull);
  std::vector<double> u(frames);
  for (auto &value : u)
    value = rng.uniform() / static_cast<double>(particles);
  return u;
}

} // namespace particlefilter

#endif // PARTICLEFILTER_INPUT_H
