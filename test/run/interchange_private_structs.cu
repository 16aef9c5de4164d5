// RUN: %S/Inputs/every-switch.sh %cucpu %s %t --fmad=false | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 29 configurations

// A finite-volume flux kernel on an unstructured grid (the shape of issue
// 27's silent wrong result): each thread of a block of 192 loops over a
// fixed 4 neighbours under #pragma unroll; each iteration loads the
// neighbour's index from a global array, then branches three ways on it: a
// neighbour's conserved values add a flux, -1 adds a wall term, -2 a
// far-field term from __constant__ data. The per-thread sums and the
// cell's own derived state are float3 structs that device functions fill
// through references; they stay in memory, and the loop is interchanged
// with the thread loop. Each thread's structs must stay its own across the
// new thread loops (they were one copy shared by all threads: every cell
// got the last thread's momentum flux). Checked bit for bit against the
// same functions run on the host, over two launches of different shapes
// (192-thread blocks, and an odd block size with a partial last block).

#include <cmath>
#include <cstdio>
#include <cstring>

#pragma clang fp contract(off)

constexpr int kNeighbours = 4;
constexpr int kVariables = 5;

__constant__ float farField[kVariables];
__constant__ float3 farFluxX, farFluxY, farFluxZ, farFluxEnergy;

struct FarField {
  float value[kVariables];
  float3 x, y, z, energy;
};

__host__ __device__ void velocityOf(float density, const float3 &momentum,
                                    float3 &velocity) {
  velocity.x = momentum.x / density;
  velocity.y = momentum.y / density;
  velocity.z = momentum.z / density;
}

__host__ __device__ float squaredLength(const float3 &v) {
  return v.x * v.x + v.y * v.y + v.z * v.z;
}

__host__ __device__ float pressureOf(float density, float energy,
                                     float speedSquared) {
  return 0.4f * (energy - 0.5f * density * speedSquared);
}

__host__ __device__ void fluxesOf(float density, const float3 &momentum,
                                  const float3 &velocity, float pressure,
                                  float energy, float3 &fx, float3 &fy,
                                  float3 &fz, float3 &fe) {
  fx.x = velocity.x * momentum.x + pressure;
  fx.y = velocity.x * momentum.y;
  fx.z = velocity.x * momentum.z;
  fy.x = fx.y;
  fy.y = velocity.y * momentum.y + pressure;
  fy.z = velocity.y * momentum.z;
  fz.x = fx.z;
  fz.y = fy.z;
  fz.z = velocity.z * momentum.z + pressure;
  float total = density * energy + pressure;
  fe.x = velocity.x * total;
  fe.y = velocity.y * total;
  fe.z = velocity.z * total;
}

__host__ __device__ void addFace(float factor, const float3 &a,
                                 const float3 &b, float3 &sum) {
  sum.x += factor * (a.x + b.x);
  sum.y += factor * (a.y + b.y);
  sum.z += factor * (a.z + b.z);
}

// One cell's flux; `ff` is the far field (constant memory on the device).
__host__ __device__ void cellFlux(int i, int n, const int *neighbours,
                                  const float *normals, const float *vars,
                                  float *flux, const FarField &ff) {
  float density = vars[i];
  float3 momentum;
  momentum.x = vars[i + n];
  momentum.y = vars[i + 2 * n];
  momentum.z = vars[i + 3 * n];
  float energy = vars[i + 4 * n];
  float3 velocity;
  velocityOf(density, momentum, velocity);
  float speedSquared = squaredLength(velocity);
  float speed = sqrtf(speedSquared);
  float pressure = pressureOf(density, energy, speedSquared);
  float sound = sqrtf(1.4f * pressure / density);
  float3 fx, fy, fz, fe;
  fluxesOf(density, momentum, velocity, pressure, energy, fx, fy, fz, fe);

  float densityFlux = 0.0f, energyFlux = 0.0f;
  float3 momentumFlux;
  momentumFlux.x = momentumFlux.y = momentumFlux.z = 0.0f;
#pragma unroll
  for (int j = 0; j < kNeighbours; j++) {
    int nb = neighbours[i + j * n];
    float3 normal;
    normal.x = normals[i + (j + 0 * kNeighbours) * n];
    normal.y = normals[i + (j + 1 * kNeighbours) * n];
    normal.z = normals[i + (j + 2 * kNeighbours) * n];
    float area = sqrtf(squaredLength(normal));
    if (nb >= 0) {
      float densityNb = vars[nb];
      float3 momentumNb;
      momentumNb.x = vars[nb + n];
      momentumNb.y = vars[nb + 2 * n];
      momentumNb.z = vars[nb + 3 * n];
      float energyNb = vars[nb + 4 * n];
      float3 velocityNb;
      velocityOf(densityNb, momentumNb, velocityNb);
      float speedSquaredNb = squaredLength(velocityNb);
      float pressureNb = pressureOf(densityNb, energyNb, speedSquaredNb);
      float soundNb = sqrtf(1.4f * pressureNb / densityNb);
      float3 fxNb, fyNb, fzNb, feNb;
      fluxesOf(densityNb, momentumNb, velocityNb, pressureNb, energyNb, fxNb,
               fyNb, fzNb, feNb);
      float factor = -area * 0.1f *
                     (speed + sqrtf(speedSquaredNb) + sound + soundNb);
      densityFlux += factor * (density - densityNb);
      energyFlux += factor * (energy - energyNb);
      momentumFlux.x += factor * (momentum.x - momentumNb.x);
      momentumFlux.y += factor * (momentum.y - momentumNb.y);
      momentumFlux.z += factor * (momentum.z - momentumNb.z);
      densityFlux += 0.5f * normal.x * (momentumNb.x + momentum.x);
      densityFlux += 0.5f * normal.y * (momentumNb.y + momentum.y);
      densityFlux += 0.5f * normal.z * (momentumNb.z + momentum.z);
      energyFlux += 0.5f * (normal.x * (feNb.x + fe.x) +
                            normal.y * (feNb.y + fe.y) +
                            normal.z * (feNb.z + fe.z));
      addFace(0.5f * normal.x, fxNb, fx, momentumFlux);
      addFace(0.5f * normal.y, fyNb, fy, momentumFlux);
      addFace(0.5f * normal.z, fzNb, fz, momentumFlux);
    } else if (nb == -1) {
      momentumFlux.x += normal.x * pressure;
      momentumFlux.y += normal.y * pressure;
      momentumFlux.z += normal.z * pressure;
    } else if (nb == -2) {
      densityFlux += 0.5f * normal.x * (ff.value[1] + momentum.x);
      densityFlux += 0.5f * normal.y * (ff.value[2] + momentum.y);
      densityFlux += 0.5f * normal.z * (ff.value[3] + momentum.z);
      energyFlux += 0.5f * (normal.x * (ff.energy.x + fe.x) +
                            normal.y * (ff.energy.y + fe.y) +
                            normal.z * (ff.energy.z + fe.z));
      addFace(0.5f * normal.x, ff.x, fx, momentumFlux);
      addFace(0.5f * normal.y, ff.y, fy, momentumFlux);
      addFace(0.5f * normal.z, ff.z, fz, momentumFlux);
    }
  }
  flux[i] = densityFlux;
  flux[i + n] = momentumFlux.x;
  flux[i + 2 * n] = momentumFlux.y;
  flux[i + 3 * n] = momentumFlux.z;
  flux[i + 4 * n] = energyFlux;
}

__global__ void computeFlux(int n, const int *neighbours, const float *normals,
                            const float *vars, float *flux) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  FarField ff;
  for (int v = 0; v < kVariables; ++v)
    ff.value[v] = farField[v];
  ff.x = farFluxX;
  ff.y = farFluxY;
  ff.z = farFluxZ;
  ff.energy = farFluxEnergy;
  cellFlux(i, n, neighbours, normals, vars, flux, ff);
}

int main() {
  const int n = 192 * 41 + 77;
  int *neighbours;
  float *normals, *vars, *flux;
  cudaMallocManaged(&neighbours, n * kNeighbours * sizeof(int));
  cudaMallocManaged(&normals, n * kNeighbours * 3 * sizeof(float));
  cudaMallocManaged(&vars, n * kVariables * sizeof(float));
  cudaMallocManaged(&flux, n * kVariables * sizeof(float));
  unsigned seed = 2027;
  auto next = [&]() {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 8) & 0xffff;
  };
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < kNeighbours; ++j) {
      unsigned r = next() % 10;
      neighbours[i + j * n] = r == 0 ? -1 : r == 1 ? -2 : int(next() % n);
      for (int c = 0; c < 3; ++c)
        normals[i + (j + c * kNeighbours) * n] = (next() % 100) / 100.0f - 0.5f;
    }
  FarField ff = {{1.4f, 0.5f, 0.1f, 0.05f, 2.5f},
                 {0.1f, 0.2f, 0.3f},
                 {0.2f, 0.3f, 0.1f},
                 {0.3f, 0.1f, 0.2f},
                 {0.4f, 0.5f, 0.6f}};
  for (int i = 0; i < n; ++i)
    for (int v = 0; v < kVariables; ++v)
      vars[i + v * n] = ff.value[v] * (1.0f + (next() % 10) / 1000.0f);
  cudaMemcpyToSymbol(farField, ff.value, sizeof(ff.value));
  cudaMemcpyToSymbol(farFluxX, &ff.x, sizeof(float3));
  cudaMemcpyToSymbol(farFluxY, &ff.y, sizeof(float3));
  cudaMemcpyToSymbol(farFluxZ, &ff.z, sizeof(float3));
  cudaMemcpyToSymbol(farFluxEnergy, &ff.energy, sizeof(float3));

  float *want = new float[n * kVariables];
  for (int i = 0; i < n; ++i)
    cellFlux(i, n, neighbours, normals, vars, want, ff);
  int bad = 0;
  const int blockSizes[2] = {192, 97};
  for (int block : blockSizes) {
    memset(flux, 0, n * kVariables * sizeof(float));
    computeFlux<<<(n + block - 1) / block, block>>>(n, neighbours, normals,
                                                    vars, flux);
    cudaDeviceSynchronize();
    for (int k = 0; k < n * kVariables; ++k)
      if (memcmp(&flux[k], &want[k], sizeof(float)) != 0 && bad++ < 5)
        printf("blocks of %d: cell %d variable %d: %a, want %a\n", block,
               k % n, k / n, flux[k], want[k]);
  }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
