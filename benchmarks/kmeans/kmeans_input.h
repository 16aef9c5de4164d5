// kmeans_input.h - problem definition shared by kmeans.cu and kmeans_omp.cpp
//
// Lloyd's k-means on points drawn around hidden cluster centres. Every feature
// is a multiple of 1/1024 below 128, so the double sums that give the new
// centres are exact whatever the summation order, and both versions see the
// same centres in every iteration.
#ifndef KMEANS_INPUT_H
#define KMEANS_INPUT_H

#include "bench.h"
#include <cmath>
#include <vector>

namespace kmeans {

constexpr int kFeatures = 32;
constexpr int kClusters = 16;
// --param sets the number of points.
constexpr int kSmallPoints = 4096;
constexpr int kDefaultPoints = 1 << 18;
constexpr int kSmallIterations = 8;
constexpr int kDefaultIterations = 15;

struct Problem {
  int points = 0, iterations = 0;
  std::vector<float> features; // point-major: features[i * kFeatures + f]
};

inline float quantize(double v) {
  if (v < 0.0)
    v = 0.0;
  if (v > 127.0)
    v = 127.0;
  return (float)(std::floor(v * 1024.0) / 1024.0);
}

inline Problem makeProblem(const bench::Args &args) {
  Problem p;
  p.points = (int)args.pick(kSmallPoints, kDefaultPoints);
  p.iterations = args.small ? kSmallIterations : kDefaultIterations;
  bench::Rng rng(0x6b6d65616e73u);
  // Hidden centres; the clusters overlap a little.
  std::vector<double> hidden((size_t)kClusters * kFeatures);
  for (double &h : hidden)
    h = rng.uniform(24.0, 104.0);
  p.features.resize((size_t)p.points * kFeatures);
  for (int i = 0; i < p.points; ++i) {
    const double *centre = &hidden[rng.below(kClusters) * kFeatures];
    double spread = rng.uniform(4.0, 14.0);
    for (int f = 0; f < kFeatures; ++f) {
      // Sum of three uniforms: a bell-shaped offset.
      double noise = rng.uniform(-1.0, 1.0) + rng.uniform(-1.0, 1.0) +
                     rng.uniform(-1.0, 1.0);
      p.features[(size_t)i * kFeatures + f] = quantize(centre[f] + spread * noise);
    }
  }
  return p;
}

/// Initial centres: the first kClusters points.
inline std::vector<float> initialCentres(const Problem &p) {
  return std::vector<float>(p.features.begin(),
                            p.features.begin() + (size_t)kClusters * kFeatures);
}

} // namespace kmeans

#endif
