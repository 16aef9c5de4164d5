// lavamd_omp.cpp - particle potential and forces in a grid of boxes, OpenMP
// reference. The home boxes are split among threads; each home particle
// accumulates over the particles of its box and the adjacent boxes.
#include "bench.h"
#include "lavamd_input.h"

#include <cmath>
#include <vector>

using lavamd::kParticlesPerBox;

int main(int argc, char **argv) {
  bench::Args args = bench::parseArgs(argc, argv);
  lavamd::Problem prob = lavamd::makeProblem(args);
  const int n1 = prob.boxes1d;
  const float a2 = lavamd::kA2;
  const float *part = prob.particles4.data();
  std::vector<float> forces((size_t)prob.particles * 4);
  float *out = forces.data();

  bench::Timer timer;
  timer.start();
#pragma omp parallel for schedule(dynamic, 4)
  for (int box = 0; box < prob.boxes; ++box) {
    int bx = box % n1, by = (box / n1) % n1, bz = box / (n1 * n1);
    // The neighbourhood, in the same order for every particle.
    int neighbours[27], count = 0;
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          int nx = bx + dx, ny = by + dy, nz = bz + dz;
          if (nx >= 0 && nx < n1 && ny >= 0 && ny < n1 && nz >= 0 && nz < n1)
            neighbours[count++] = (nz * n1 + ny) * n1 + nx;
        }
    for (int i = 0; i < kParticlesPerBox; ++i) {
      const float *a = part + ((size_t)box * kParticlesPerBox + i) * 4;
      float pot = 0.0f, fx = 0.0f, fy = 0.0f, fz = 0.0f;
      for (int nb = 0; nb < count; ++nb) {
        const float *other = part + (size_t)neighbours[nb] * kParticlesPerBox * 4;
        for (int j = 0; j < kParticlesPerBox; ++j) {
          const float *b = other + j * 4;
          float rx = a[0] - b[0];
          float ry = a[1] - b[1];
          float rz = a[2] - b[2];
          float r2 = rx * rx + ry * ry + rz * rz;
          float v = std::exp(-a2 * r2);
          float fs = 2.0f * v;
          pot += b[3] * v;
          fx += b[3] * (fs * rx);
          fy += b[3] * (fs * ry);
          fz += b[3] * (fs * rz);
        }
      }
      float *f = out + ((size_t)box * kParticlesPerBox + i) * 4;
      f[0] = pot;
      f[1] = fx;
      f[2] = fy;
      f[3] = fz;
    }
  }
  double ms = timer.stop();

  bench::report("lavamd", "omp", args, ms);
  bench::writeOutput(args, forces);
  return 0;
}
