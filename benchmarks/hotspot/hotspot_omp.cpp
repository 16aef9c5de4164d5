// hotspot_omp.cpp - 2D transient thermal simulation, OpenMP reference.
// Double-buffered explicit steps; the rows of a step are split among threads.
#include "bench.h"
#include "hotspot_input.h"

#include <utility>
#include <vector>

static inline float cellUpdate(float t, float up, float down, float left,
                               float right, float p,
                               const hotspot::Coefficients &k) {
  return t + k.stepDivCap * (p + (down + up - 2.0f * t) * k.invRy +
                             (right + left - 2.0f * t) * k.invRx +
                             (k.amb - t) * k.invRz);
}

int main(int argc, char **argv) {
  bench::Args args = bench::parseArgs(argc, argv);
  hotspot::Problem prob = hotspot::makeProblem(args);
  const hotspot::Coefficients k = hotspot::coefficients();
  const int n = prob.side;

  std::vector<float> a = prob.temp, b(a.size());
  const float *power = prob.power.data();
  float *cur = a.data(), *next = b.data();

  bench::Timer timer;
  timer.start();
  for (int step = 0; step < prob.steps; ++step) {
#pragma omp parallel for schedule(static)
    for (int r = 0; r < n; ++r) {
      // At the border a cell is its own neighbour.
      const float *row = cur + (size_t)r * n;
      const float *up = r > 0 ? row - n : row;
      const float *down = r < n - 1 ? row + n : row;
      const float *p = power + (size_t)r * n;
      float *out = next + (size_t)r * n;
      if (n == 1) {
        out[0] = cellUpdate(row[0], up[0], down[0], row[0], row[0], p[0], k);
        continue;
      }
      out[0] = cellUpdate(row[0], up[0], down[0], row[0], row[1], p[0], k);
      for (int c = 1; c < n - 1; ++c)
        out[c] = cellUpdate(row[c], up[c], down[c], row[c - 1], row[c + 1],
                            p[c], k);
      out[n - 1] = cellUpdate(row[n - 1], up[n - 1], down[n - 1], row[n - 2],
                              row[n - 1], p[n - 1], k);
    }
    std::swap(cur, next);
  }
  double ms = timer.stop();

  bench::report("hotspot", "omp", args, ms);
  bench::writeOutput(args, cur, (size_t)n * n);
  return 0;
}
