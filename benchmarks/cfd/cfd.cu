// cfd: finite-volume solver of the 3D Euler equations on an unstructured
// tetrahedral mesh, CUDA version.
//
// Cell-centred, explicit, local time stepping. Every iteration saves the
// flow, computes each element's time-step factor from its wave speed, then
// runs RK stages of: computeFlux (per element, Rusanov flux through each of
// its four faces: central average of the two sides' fluxes plus a dissipation
// term scaled by the faster wave speed; slip walls only feel the pressure; the
// far field is a free-stream ghost state kept in constant memory) and
// timeStep (saved flow + stage factor * step factor * net inflow).
#include "cfd_input.h"

#include <cstdio>
#include <vector>

using namespace cfd;

#define BLOCK 128

__constant__ float ffState[NVAR];

struct Flow {
  float rho, mx, my, mz, e; // density, momentum, total energy per volume
};

struct Prim {
  float vx, vy, vz, p; // velocity and pressure
  float speed;         // |v| + speed of sound
};

__device__ inline Flow loadFlow(const float *vars, int i, int nel) {
  Flow u;
  u.rho = vars[i];
  u.mx = vars[nel + i];
  u.my = vars[2 * nel + i];
  u.mz = vars[3 * nel + i];
  u.e = vars[4 * nel + i];
  return u;
}

__device__ inline Prim primitives(const Flow &u) {
  Prim w;
  w.vx = u.mx / u.rho;
  w.vy = u.my / u.rho;
  w.vz = u.mz / u.rho;
  float v2 = w.vx * w.vx + w.vy * w.vy + w.vz * w.vz;
  w.p = (GAMMA - 1.0f) * (u.e - 0.5f * u.rho * v2);
  w.speed = sqrtf(v2) + sqrtf(GAMMA * w.p / u.rho);
  return w;
}

/// F(u) . n: the flux of every conserved quantity through the face n.
__device__ inline Flow normalFlux(const Flow &u, const Prim &w, float nx,
                                  float ny, float nz) {
  float vn = w.vx * nx + w.vy * ny + w.vz * nz;
  Flow f;
  f.rho = u.rho * vn;
  f.mx = u.mx * vn + w.p * nx;
  f.my = u.my * vn + w.p * ny;
  f.mz = u.mz * vn + w.p * nz;
  f.e = (u.e + w.p) * vn;
  return f;
}

__global__ void computeStepFactor(const float *vars, const float *areaSum,
                                  float *stepFactor, int nel) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nel)
    return;
  Prim w = primitives(loadFlow(vars, i, nel));
  stepFactor[i] = CFL / (areaSum[i] * w.speed);
}

__global__ void computeFlux(const int *neighbor, const float *normal,
                            const float *vars, float *flux, int nel) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nel)
    return;
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
    Flow uj;
    if (nb >= 0) {
      uj = loadFlow(vars, nb, nel);
    } else {
      uj.rho = ffState[0];
      uj.mx = ffState[1];
      uj.my = ffState[2];
      uj.mz = ffState[3];
      uj.e = ffState[4];
    }
    Prim wj = primitives(uj);
    Flow fi = normalFlux(ui, wi, nx, ny, nz);
    Flow fj = normalFlux(uj, wj, nx, ny, nz);
    float area = sqrtf(nx * nx + ny * ny + nz * nz);
    float diss = 0.5f * fmaxf(wi.speed, wj.speed) * area;
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

__global__ void timeStep(const float *oldVars, float *vars,
                         const float *stepFactor, const float *flux,
                         float stageFactor, int nel) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nel)
    return;
  float factor = stageFactor * stepFactor[i];
  for (int v = 0; v < NVAR; ++v)
    vars[v * nel + i] = oldVars[v * nel + i] + factor * flux[v * nel + i];
}

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int grid = (int)args.pick(SMALL_GRID, DEFAULT_GRID);
  int iterations = args.small ? SMALL_ITERATIONS : DEFAULT_ITERATIONS;
  Mesh mesh = makeMesh(grid);
  int nel = mesh.nel;
  std::vector<float> vars = initialVariables(nel);
  float ff[NVAR];
  freeStream(ff);

  int *dNeighbor;
  float *dNormal, *dAreaSum, *dVars, *dOld, *dFlux, *dStep;
  size_t varBytes = (size_t)NVAR * nel * sizeof(float);
  cudaMalloc(&dNeighbor, mesh.neighbor.size() * sizeof(int));
  cudaMalloc(&dNormal, mesh.normal.size() * sizeof(float));
  cudaMalloc(&dAreaSum, nel * sizeof(float));
  cudaMalloc(&dVars, varBytes);
  cudaMalloc(&dOld, varBytes);
  cudaMalloc(&dFlux, varBytes);
  cudaMalloc(&dStep, nel * sizeof(float));
  cudaMemcpy(dNeighbor, mesh.neighbor.data(),
             mesh.neighbor.size() * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dNormal, mesh.normal.data(), mesh.normal.size() * sizeof(float),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dAreaSum, mesh.areaSum.data(), nel * sizeof(float),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dVars, vars.data(), varBytes, cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(ffState, ff, sizeof(ff));

  int blocks = (nel + BLOCK - 1) / BLOCK;
  bench::Timer timer;
  timer.start();
  for (int it = 0; it < iterations; ++it) {
    cudaMemcpy(dOld, dVars, varBytes, cudaMemcpyDeviceToDevice);
    computeStepFactor<<<blocks, BLOCK>>>(dVars, dAreaSum, dStep, nel);
    for (int stage = 0; stage < RK; ++stage) {
      float stageFactor = 1.0f / (float)(RK - stage);
      computeFlux<<<blocks, BLOCK>>>(dNeighbor, dNormal, dVars, dFlux, nel);
      timeStep<<<blocks, BLOCK>>>(dOld, dVars, dStep, dFlux, stageFactor,
                                  nel);
    }
  }
  cudaDeviceSynchronize();
  double ms = timer.stop();

  cudaMemcpy(vars.data(), dVars, varBytes, cudaMemcpyDeviceToHost);
  cudaFree(dNeighbor);
  cudaFree(dNormal);
  cudaFree(dAreaSum);
  cudaFree(dVars);
  cudaFree(dOld);
  cudaFree(dFlux);
  cudaFree(dStep);

  double mass = 0.0;
  for (int e = 0; e < nel; ++e)
    mass += vars[e];
  bench::report("cfd", "cuda", args, ms);
  std::printf("elements=%d density_sum=%.6e\n", nel, mass);
  bench::writeOutput(args, vars);
  return 0;
}
