//===- particlefilter_omp.cpp - Particle filter tracking, OpenMP reference ===//
//
// Each frame after the first: a parallel loop moves and scores every particle
// (summing the new weights), a parallel loop normalizes the weights and sums
// the weighted positions (the estimate), a serial prefix sum builds the CDF,
// and a parallel loop resamples systematically by binary search in the CDF.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "particlefilter_input.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

namespace pf = particlefilter;

static inline double uniformStep(uint32_t &state) {
  state = 1664525u * state + 1013904223u;
  return (state >> 8) * (1.0 / 16777216.0);
}

/// Sum of 12 uniforms minus 6: mean 0, variance 1.
static inline double gaussianStep(uint32_t &state) {
  double sum = -6.0;
  for (int k = 0; k < 12; ++k)
    sum += uniformStep(state);
  return sum;
}

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int n = static_cast<int>(
      args.pick(pf::kSmallParticles, pf::kDefaultParticles));
  int frames = pf::framesFor(args);
  pf::Video video = pf::makeVideo(frames);
  std::vector<int32_t> offsets = pf::diskOffsets();
  int offsetCount = static_cast<int>(offsets.size() / 2);
  std::vector<uint32_t> seeds = pf::makeSeeds(n);
  std::vector<double> u0 = pf::makeResampleOffsets(frames, n);

  std::vector<double> x(n, video.startX), y(n, video.startY),
      weight(n, 1.0 / n), xNew(n), yNew(n), cdf(n);
  std::vector<double> estimate(2 * (frames - 1));
  const int width = video.width, height = video.height;
  const size_t frameSize = static_cast<size_t>(width) * height;
  const int32_t *off = offsets.data();
  uint32_t *seed = seeds.data();
  double *px = x.data(), *py = y.data(), *w = weight.data();
  double *pxNew = xNew.data(), *pyNew = yNew.data(), *c = cdf.data();

  bench::Timer timer;
  timer.start();
  for (int f = 1; f < frames; ++f) {
    const uint8_t *frame = video.pixels.data() + f * frameSize;

    double total = 0.0;
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; ++i) {
      uint32_t state = seed[i];
      double nx = px[i] + 1.0 + 5.0 * gaussianStep(state);
      double ny = py[i] - 2.0 + 2.0 * gaussianStep(state);
      seed[i] = state;
      px[i] = nx;
      py[i] = ny;

      int cx = static_cast<int>(std::floor(nx + 0.5));
      int cy = static_cast<int>(std::floor(ny + 0.5));
      int score = 0;
      for (int k = 0; k < offsetCount; ++k) {
        int r = std::min(std::max(cy + off[2 * k], 0), height - 1);
        int col = std::min(std::max(cx + off[2 * k + 1], 0), width - 1);
        int v = frame[r * width + col];
        score += (v - pf::kBackground) * (v - pf::kBackground) -
                 (v - pf::kForeground) * (v - pf::kForeground);
      }
      double likelihood = score / (pf::kNoiseVariance2 * offsetCount);
      w[i] *= std::exp(likelihood);
      total += w[i];
    }

    double ex = 0.0, ey = 0.0;
#pragma omp parallel for reduction(+ : ex, ey)
    for (int i = 0; i < n; ++i) {
      w[i] /= total;
      ex += w[i] * px[i];
      ey += w[i] * py[i];
    }
    estimate[2 * (f - 1)] = ex;
    estimate[2 * (f - 1) + 1] = ey;

    double running = 0.0;
    for (int i = 0; i < n; ++i) {
      running += w[i];
      c[i] = running;
    }

    double u = u0[f];
#pragma omp parallel for
    for (int j = 0; j < n; ++j) {
      double target = u + j / static_cast<double>(n);
      // First particle whose CDF reaches the target (the last one if
      // rounding left the CDF's end below it).
      int idx = static_cast<int>(std::lower_bound(c, c + n - 1, target) - c);
      pxNew[j] = px[idx];
      pyNew[j] = py[idx];
      w[j] = 1.0 / n;
    }
    std::swap(px, pxNew);
    std::swap(py, pyNew);
  }
  double ms = timer.stop();

  std::vector<double> xOut(px, px + n), yOut(py, py + n);
  bench::report("particlefilter", "omp", args, ms);
  std::printf("last estimate (%.3f, %.3f), true (%d, %d)\n",
              estimate[estimate.size() - 2], estimate.back(),
              video.startX + frames - 1, video.startY - 2 * (frames - 1));
  bench::writeOutput(args, estimate);
  bench::writeOutput(args, xOut);
  bench::writeOutput(args, yOut);
  return 0;
}
