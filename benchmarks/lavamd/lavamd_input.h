// lavamd_input.h - problem definition shared by lavamd.cu and lavamd_omp.cpp
//
// Charged particles in a cube of boxes1d^3 unit boxes, kParticlesPerBox per
// box. Each particle feels every particle of its own box and of the (up to)
// 26 adjacent boxes through a Gaussian pair potential v = exp(-a2 * r^2):
// it accumulates q_j * v (the potential) and q_j * 2v * (r_i - r_j) (the
// force).
#ifndef LAVAMD_INPUT_H
#define LAVAMD_INPUT_H

#include "bench.h"
#include <vector>

namespace lavamd {

constexpr int kParticlesPerBox = 100;
// --param sets boxes1d, the number of boxes along each axis.
constexpr int kSmallBoxes1d = 3;
constexpr int kDefaultBoxes1d = 10;
constexpr float kAlpha = 0.5f;
constexpr float kA2 = 2.0f * kAlpha * kAlpha;

struct Problem {
  int boxes1d = 0;
  int boxes = 0;     // boxes1d^3; box b = (z * boxes1d + y) * boxes1d + x
  int particles = 0; // boxes * kParticlesPerBox, stored box by box
  // 4 floats per particle: x, y, z, charge
  std::vector<float> particles4;
};

inline Problem makeProblem(const bench::Args &args) {
  Problem p;
  p.boxes1d = (int)args.pick(kSmallBoxes1d, kDefaultBoxes1d);
  p.boxes = p.boxes1d * p.boxes1d * p.boxes1d;
  p.particles = p.boxes * kParticlesPerBox;
  p.particles4.resize((size_t)p.particles * 4);
  bench::Rng rng(0x1a7a3du);
  for (int bz = 0; bz < p.boxes1d; ++bz)
    for (int by = 0; by < p.boxes1d; ++by)
      for (int bx = 0; bx < p.boxes1d; ++bx) {
        size_t box = ((size_t)bz * p.boxes1d + by) * p.boxes1d + bx;
        for (int i = 0; i < kParticlesPerBox; ++i) {
          float *q = &p.particles4[(box * kParticlesPerBox + i) * 4];
          q[0] = (float)(bx + rng.uniform());
          q[1] = (float)(by + rng.uniform());
          q[2] = (float)(bz + rng.uniform());
          q[3] = (float)rng.uniform(0.1, 1.0);
        }
      }
  return p;
}

} // namespace lavamd

#endif
