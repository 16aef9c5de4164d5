// hotspot3d_input.h - problem definition shared by hotspot3d.cu and
// hotspot3d_omp.cpp
//
// A chip stack of nz layers, each an nx x ny grid of cells. Every step each
// cell exchanges heat with its six neighbours (a cell on the border is its own
// neighbour there), receives the heat of its power and leaks towards the
// ambient temperature: a 7-point explicit stencil. The cell size is fixed, so
// the step stays stable at every grid size.
#ifndef HOTSPOT3D_INPUT_H
#define HOTSPOT3D_INPUT_H

#include "bench.h"
#include <vector>

namespace hotspot3d {

// --param sets nx == ny (the side of a layer).
constexpr int kSmallSide = 64;
constexpr int kDefaultSide = 512;
constexpr int kSmallLayers = 4;
constexpr int kDefaultLayers = 8;
constexpr int kSmallSteps = 10;
constexpr int kDefaultSteps = 150;

constexpr double kMaxPowerDensity = 3.0e6;
constexpr double kPrecision = 0.001;
constexpr double kSpecHeatSi = 1.75e6;
constexpr double kConductSi = 100.0;
constexpr double kChipFactor = 0.5;
constexpr double kChipThickness = 0.0005;
constexpr double kCellSide = 0.016 / 512.0; // metres per cell in x and y
constexpr double kAmbient = 80.0;

// t' = cc*t + cw*tw + ce*te + cs*ts + cn*tn + cb*tb + ct*tt
//      + stepDivCap*p + ct*amb
struct Coefficients {
  float cc, cw, ce, cs, cn, cb, ct, stepDivCap, amb;
};

inline Coefficients coefficients(int layers) {
  double dx = kCellSide, dy = kCellSide, dz = kChipThickness / layers;
  double cap = kChipFactor * kSpecHeatSi * kChipThickness * dx * dy;
  double rx = dy / (2.0 * kConductSi * kChipThickness * dx);
  double ry = dx / (2.0 * kConductSi * kChipThickness * dy);
  double rz = dz / (kConductSi * dx * dy);
  double maxSlope = kMaxPowerDensity / (kChipFactor * kChipThickness * kSpecHeatSi);
  double dt = kPrecision / maxSlope;
  double stepDivCap = dt / cap;
  Coefficients k;
  k.stepDivCap = (float)stepDivCap;
  k.ce = k.cw = (float)(stepDivCap / rx);
  k.cn = k.cs = (float)(stepDivCap / ry);
  k.ct = k.cb = (float)(stepDivCap / rz);
  // The third ct is the leak to the ambient temperature.
  k.cc = (float)(1.0 - (2.0 * stepDivCap / rx + 2.0 * stepDivCap / ry +
                        3.0 * stepDivCap / rz));
  k.amb = (float)kAmbient;
  return k;
}

struct Problem {
  int nx = 0, ny = 0, nz = 0, steps = 0;
  std::vector<float> temp;  // index (z * ny + y) * nx + x
  std::vector<float> power; // same layout
};

inline Problem makeProblem(const bench::Args &args) {
  Problem p;
  p.nx = p.ny = (int)args.pick(kSmallSide, kDefaultSide);
  p.nz = args.small ? kSmallLayers : kDefaultLayers;
  p.steps = args.small ? kSmallSteps : kDefaultSteps;
  size_t n = (size_t)p.nx * p.ny * p.nz;
  p.temp.resize(n);
  p.power.resize(n);
  bench::Rng rng(0x3d407u);
  for (size_t i = 0; i < n; ++i) {
    p.temp[i] = (float)rng.uniform(322.0, 342.0);
    p.power[i] = (float)rng.uniform(0.0, 5.0e-4);
  }
  // Hot blocks in the lowest (active) layers.
  for (int u = 0; u < 10; ++u) {
    int z = (int)rng.below(p.nz / 2 + 1);
    int y0 = (int)rng.below(p.ny), x0 = (int)rng.below(p.nx);
    int h = 1 + (int)rng.below(p.ny / 5 + 1), w = 1 + (int)rng.below(p.nx / 5 + 1);
    float extra = (float)rng.uniform(5.0e-3, 2.0e-2);
    for (int y = y0; y < y0 + h && y < p.ny; ++y)
      for (int x = x0; x < x0 + w && x < p.nx; ++x)
        p.power[((size_t)z * p.ny + y) * p.nx + x] += extra;
  }
  return p;
}

} // namespace hotspot3d

#endif
