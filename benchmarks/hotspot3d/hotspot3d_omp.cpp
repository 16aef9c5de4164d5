// hotspot3d_omp.cpp - 3D transient thermal simulation, OpenMP reference.
// Double-buffered 7-point stencil; the (layer, row) pairs of a step are
// split among threads.
#include "bench.h"
#include "hotspot3d_input.h"

#include <utility>
#include <vector>

int main(int argc, char **argv) {
  bench::Args args = bench::parseArgs(argc, argv);
  hotspot3d::Problem prob = hotspot3d::makeProblem(args);
  const hotspot3d::Coefficients k = hotspot3d::coefficients(prob.nz);
  const int nx = prob.nx, ny = prob.ny, nz = prob.nz;
  const size_t plane = (size_t)nx * ny;

  std::vector<float> a = prob.temp, b(a.size());
  const float *power = prob.power.data();
  float *cur = a.data(), *next = b.data();

  bench::Timer timer;
  timer.start();
  for (int step = 0; step < prob.steps; ++step) {
#pragma omp parallel for collapse(2) schedule(static)
    for (int z = 0; z < nz; ++z) {
      for (int y = 0; y < ny; ++y) {
        size_t base = z * plane + (size_t)y * nx;
        // Neighbouring rows and layers; at the border a cell is its own
        // neighbour.
        const float *row = cur + base;
        const float *north = y > 0 ? row - nx : row;
        const float *south = y < ny - 1 ? row + nx : row;
        const float *below = z > 0 ? row - plane : row;
        const float *above = z < nz - 1 ? row + plane : row;
        const float *p = power + base;
        float *out = next + base;
        for (int x = 0; x < nx; ++x) {
          int w = x > 0 ? x - 1 : x;
          int e = x < nx - 1 ? x + 1 : x;
          out[x] = k.cc * row[x] + k.cw * row[w] + k.ce * row[e] +
                   k.cs * south[x] + k.cn * north[x] + k.cb * below[x] +
                   k.ct * above[x] + k.stepDivCap * p[x] + k.ct * k.amb;
        }
      }
    }
    std::swap(cur, next);
  }
  double ms = timer.stop();

  bench::report("hotspot3d", "omp", args, ms);
  bench::writeOutput(args, cur, plane * nz);
  return 0;
}
