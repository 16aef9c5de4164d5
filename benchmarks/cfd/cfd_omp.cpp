// cfd: finite-volume solver of the 3D Euler equations on an unstructured
// tetrahedral mesh, OpenMP version (same scheme as cfd.cu).
#include "cfd_input.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace cfd;

struct Flow {
  float rho, mx, my, mz, e; // density, momentum, total energy per volume
};

struct Prim {
  float vx, vy, vz, p; // velocity and pressure
  float speed;         // |v| + speed of sound
};

static inline Flow loadFlow(const float *vars, int i, int nel) {
  return {vars[i], vars[nel + i], vars[2 * nel + i], vars[3 * nel + i],
          vars[4 * nel + i]};
}

static inline Prim primitives(const Flow &u) {
  Prim w;
  w.vx = u.mx / u.rho;
  w.vy = u.my / u.rho;
  w.vz = u.mz / u.rho;
  float v2 = w.vx * w.vx + w.vy * w.vy + w.vz * w.vz;
  w.p = (GAMMA - 1.0f) * (u.e - 0.5f * u.rho * v2);
  w.speed = std::sqrt(v2) + std::sqrt(GAMMA * w.p / u.rho);
  return w;
}

/// F(u) . n: the flux of every conserved quantity through the face n.
static inline Flow normalFlux(const Flow &u, const Prim &w, float nx,
                              float ny, float nz) {
  float vn = w.vx * nx + w.vy * ny + w.vz * nz;
  return {u.rho * vn, u.mx * vn + w.p * nx, u.my * vn + w.p * ny,
          u.mz * vn + w.p * nz, (u.e + w.p) * vn};
}

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int grid = (int)args.pick(SMALL_GRID, DEFAULT_GRID);
  int iterations = args.small ? SMALL_ITERATIONS : DEFAULT_ITERATIONS;
  Mesh mesh = makeMesh(grid);
  int nel = mesh.nel;
  std::vector<float> varsVec = initialVariables(nel);
  std::vector<float> oldVec(varsVec.size()), fluxVec(varsVec.size()),
      stepVec(nel);
  float ff[NVAR];
  freeStream(ff);
  const Flow farField = {ff[0], ff[1], ff[2], ff[3], ff[4]};

  const int *neighbor = mesh.neighbor.data();
  const float *normal = mesh.normal.data();
  const float *areaSum = mesh.areaSum.data();
  float *vars = varsVec.data();
  float *oldVars = oldVec.data();
  float *flux = fluxVec.data();
  float *stepFactor = stepVec.data();

  bench::Timer timer;
  timer.start();
  for (int it = 0; it < iterations; ++it) {
#pragma omp parallel for
    for (int i = 0; i < nel; ++i) {
      for (int v = 0; v < NVAR; ++v)
        oldVars[(size_t)v * nel + i] = vars[(size_t)v * nel + i];
      Prim w = primitives(loadFlow(vars, i, nel));
      stepFactor[i] = CFL / (areaSum[i] * w.speed);
    }
    for (int stage = 0; stage < RK; ++stage) {
      float stageFactor = 1.0f / (float)(RK - stage);
#pragma omp parallel for
      for (int i = 0; i < nel; ++i) {
        Flow ui = loadFlow(vars, i, nel);
        Prim wi = primitives(ui);
        Flow acc = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f}; // net inflow
        for (int f = 0; f < NFACE; ++f) {
          int nb = neighbor[f * nel + i];
          float nx = normal[(f * 3 + 0) * nel + i];
          float ny = normal[(f * 3 + 1) * nel + i];
          float nz = normal[(f * 3 + 2) * nel + i];
          if (nb == WALL) {
            acc.mx -= wi.p * nx;
            acc.my -= wi.p * ny;
            acc.mz -= wi.p * nz;
            continue;
          }
          Flow uj = nb >= 0 ? loadFlow(vars, nb, nel) : farField;
          Prim wj = primitives(uj);
          Flow fi = normalFlux(ui, wi, nx, ny, nz);
          Flow fj = normalFlux(uj, wj, nx, ny, nz);
          float area = std::sqrt(nx * nx + ny * ny + nz * nz);
          float diss = 0.5f * std::fmax(wi.speed, wj.speed) * area;
          acc.rho += diss * (uj.rho - ui.rho) - 0.5f * (fi.rho + fj.rho);
          acc.mx += diss * (uj.mx - ui.mx) - 0.5f * (fi.mx + fj.mx);
          acc.my += diss * (uj.my - ui.my) - 0.5f * (fi.my + fj.my);
          acc.mz += diss * (uj.mz - ui.mz) - 0.5f * (fi.mz + fj.mz);
          acc.e += diss * (uj.e - ui.e) - 0.5f * (fi.e + fj.e);
        }
        flux[i] = acc.rho;
        flux[nel + i] = acc.mx;
        flux[2 * nel + i] = acc.my;
        flux[3 * nel + i] = acc.mz;
        flux[4 * nel + i] = acc.e;
      }
#pragma omp parallel for
      for (int i = 0; i < nel; ++i) {
        float factor = stageFactor * stepFactor[i];
        for (int v = 0; v < NVAR; ++v)
          vars[(size_t)v * nel + i] =
              oldVars[(size_t)v * nel + i] + factor * flux[(size_t)v * nel + i];
      }
    }
  }
  double ms = timer.stop();

  double mass = 0.0;
  for (int e = 0; e < nel; ++e)
    mass += vars[e];
  bench::report("cfd", "omp", args, ms);
  std::printf("elements=%d density_sum=%.6e\n", nel, mass);
  bench::writeOutput(args, varsVec);
  return 0;
}
