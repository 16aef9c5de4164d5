// hotspot_input.h - problem definition shared by hotspot.cu and hotspot_omp.cpp
//
// A square chip is divided into a grid of cells. Every step each cell's
// temperature moves towards its four neighbours, gets the heat its power
// dissipates and leaks a little towards the ambient temperature (an explicit
// Euler step of the RC thermal model). The cell size is fixed, so the step
// stays stable at every grid size.
#ifndef HOTSPOT_INPUT_H
#define HOTSPOT_INPUT_H

#include "bench.h"
#include <vector>

namespace hotspot {

// Grid side (the --param value) and number of time steps.
constexpr int kSmallSide = 256;
constexpr int kDefaultSide = 2048;
constexpr int kSmallSteps = 20;
constexpr int kDefaultSteps = 400;

// Physical model.
constexpr double kMaxPowerDensity = 3.0e6;
constexpr double kPrecision = 0.001;
constexpr double kSpecHeatSi = 1.75e6;
constexpr double kConductSi = 100.0;
constexpr double kChipFactor = 0.5;
constexpr double kChipThickness = 0.0005;
constexpr double kCellSide = 0.016 / 1024.0; // metres per grid cell
constexpr double kAmbient = 80.0;

// The coefficients of the update, as the kernels use them:
//   t' = t + stepDivCap * (p + (tn + ts - 2t) * invRy + (te + tw - 2t) * invRx
//                           + (amb - t) * invRz)
struct Coefficients {
  float stepDivCap, invRx, invRy, invRz, amb;
};

inline Coefficients coefficients() {
  double cap = kChipFactor * kSpecHeatSi * kChipThickness * kCellSide * kCellSide;
  double rx = kCellSide / (2.0 * kConductSi * kChipThickness * kCellSide);
  double ry = kCellSide / (2.0 * kConductSi * kChipThickness * kCellSide);
  double rz = kChipThickness / (kConductSi * kCellSide * kCellSide);
  double maxSlope = kMaxPowerDensity / (kChipFactor * kChipThickness * kSpecHeatSi);
  double step = kPrecision / maxSlope;
  Coefficients k;
  k.stepDivCap = (float)(step / cap);
  k.invRx = (float)(1.0 / rx);
  k.invRy = (float)(1.0 / ry);
  k.invRz = (float)(1.0 / rz);
  k.amb = (float)kAmbient;
  return k;
}

struct Problem {
  int side = 0;  // rows == cols == side
  int steps = 0;
  std::vector<float> temp;  // initial temperatures, row-major
  std::vector<float> power; // dissipated power per cell, row-major
};

inline Problem makeProblem(const bench::Args &args) {
  Problem p;
  p.side = (int)args.pick(kSmallSide, kDefaultSide);
  p.steps = args.small ? kSmallSteps : kDefaultSteps;
  size_t n = (size_t)p.side * p.side;
  p.temp.resize(n);
  p.power.resize(n);
  bench::Rng rng(0x407590u);
  // A few hot functional units on a cooler background.
  for (size_t i = 0; i < n; ++i) {
    p.temp[i] = (float)rng.uniform(322.0, 342.0);
    p.power[i] = (float)rng.uniform(0.0, 2.0e-4);
  }
  for (int u = 0; u < 12; ++u) {
    int r0 = (int)rng.below(p.side), c0 = (int)rng.below(p.side);
    int h = 1 + (int)rng.below(p.side / 6 + 1), w = 1 + (int)rng.below(p.side / 6 + 1);
    float extra = (float)rng.uniform(1.0e-3, 5.0e-3);
    for (int r = r0; r < r0 + h && r < p.side; ++r)
      for (int c = c0; c < c0 + w && c < p.side; ++c)
        p.power[(size_t)r * p.side + c] += extra;
  }
  return p;
}

} // namespace hotspot

#endif
