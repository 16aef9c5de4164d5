//===- srad_input.h - Input shared by both SRAD versions --------------------===//
//
// A square synthetic ultrasound-like image: a few bright and dark disks and a
// soft gradient on a flat background, multiplied by speckle noise (the mean
// of four exponential variates per pixel). The statistics region (ROI) is the
// top-left quarter of the image, where the background is homogeneous.
//
//===----------------------------------------------------------------------===//

#ifndef SRAD_INPUT_H
#define SRAD_INPUT_H

#include "bench.h"

#include <cmath>
#include <vector>

namespace srad {

// --param sets the side of the (square) image; the iteration count depends
// only on the size.
constexpr long long kSmallSide = 256;
constexpr long long kDefaultSide = 2048;
constexpr int kSmallIterations = 20;
constexpr int kDefaultIterations = 30;
constexpr float kLambda = 0.5f;

inline int iterationsFor(const bench::Args &args) {
  return args.small ? kSmallIterations : kDefaultIterations;
}

struct Roi {
  int rowEnd, colEnd; // the ROI is [0, rowEnd) x [0, colEnd)
};

inline Roi roiFor(int rows, int cols) {
  return Roi{rows / 4 > 0 ? rows / 4 : 1, cols / 4 > 0 ? cols / 4 : 1};
}

inline std::vector<float> makeImage(int rows, int cols) {
  bench::Rng rng(0x5ad5ad5ull);
  struct Disk {
    double y, x, r, level;
  };
  // Positions and radii relative to the image side, all outside the ROI.
  const Disk disks[] = {{0.55, 0.60, 0.18, 1.8},
                        {0.30, 0.75, 0.10, 0.45},
                        {0.78, 0.25, 0.14, 1.4},
                        {0.80, 0.80, 0.07, 2.5}};
  std::vector<float> image(static_cast<size_t>(rows) * cols);
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) {
      double y = (i + 0.5) / rows, x = (j + 0.5) / cols;
      double level = 100.0;
      if (y > 0.5)
        level *= 1.0 + 0.3 * (y - 0.5); // soft gradient in the lower half
      for (const Disk &d : disks)
        if ((y - d.y) * (y - d.y) + (x - d.x) * (x - d.x) < d.r * d.r)
          level = 100.0 * d.level;
      double speckle = 0.0;
      for (int k = 0; k < 4; ++k)
        speckle -= std::log(1.0 - rng.uniform());
      image[static_cast<size_t>(i) * cols + j] =
          static_cast<float>(level * speckle / 4.0);
    }
  }
  return image;
}

} // namespace srad

#endif // SRAD_INPUT_H
