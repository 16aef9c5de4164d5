// lavamd.cu - particle potential and forces in a grid of boxes, CUDA version.
//
// One block per home box. The block stages its home box's particles in shared
// memory, then visits the home box and its neighbours one after another:
// the neighbour's particles are staged in shared memory (with barriers
// around the load) and every thread accumulates, in registers, the potential
// and force on its own home particle.
#include "bench.h"
#include "lavamd_input.h"

#include <cstdio>
#include <cuda_runtime.h>

#define THREADS 128
#define PPB lavamd::kParticlesPerBox

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_),    \
              __FILE__, __LINE__);                                             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static_assert(PPB <= THREADS, "one thread per home particle");

// particles: x, y, z, charge. forces: potential, fx, fy, fz.
__global__ void lavamdKernel(const float4 *__restrict__ particles,
                             float4 *__restrict__ forces, int boxes1d,
                             float a2) {
  __shared__ float4 home[PPB];
  __shared__ float4 other[PPB];

  int box = blockIdx.x;
  int bx = box % boxes1d;
  int by = (box / boxes1d) % boxes1d;
  int bz = box / (boxes1d * boxes1d);
  int tid = threadIdx.x;

  for (int i = tid; i < PPB; i += blockDim.x)
    home[i] = particles[box * PPB + i];

  float pot = 0.0f, fx = 0.0f, fy = 0.0f, fz = 0.0f;

  for (int dz = -1; dz <= 1; ++dz) {
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        int nx = bx + dx, ny = by + dy, nz = bz + dz;
        if (nx < 0 || nx >= boxes1d || ny < 0 || ny >= boxes1d || nz < 0 ||
            nz >= boxes1d)
          continue; // the same for the whole block
        int nbox = (nz * boxes1d + ny) * boxes1d + nx;

        __syncthreads(); // everyone is done with the previous box
        for (int j = tid; j < PPB; j += blockDim.x)
          other[j] = particles[nbox * PPB + j];
        __syncthreads();

        if (tid < PPB) {
          float4 a = home[tid];
          for (int j = 0; j < PPB; ++j) {
            float4 b = other[j];
            float rx = a.x - b.x;
            float ry = a.y - b.y;
            float rz = a.z - b.z;
            float r2 = rx * rx + ry * ry + rz * rz;
            float v = expf(-a2 * r2);
            float fs = 2.0f * v;
            pot += b.w * v;
            fx += b.w * (fs * rx);
            fy += b.w * (fs * ry);
            fz += b.w * (fs * rz);
          }
        }
      }
    }
  }

  if (tid < PPB)
    forces[box * PPB + tid] = make_float4(pot, fx, fy, fz);
}

int main(int argc, char **argv) {
  bench::Args args = bench::parseArgs(argc, argv);
  lavamd::Problem prob = lavamd::makeProblem(args);
  size_t bytes = (size_t)prob.particles * sizeof(float4);

  float4 *dParticles, *dForces;
  CHECK(cudaMalloc(&dParticles, bytes));
  CHECK(cudaMalloc(&dForces, bytes));
  CHECK(cudaMemcpy(dParticles, prob.particles4.data(), bytes,
                   cudaMemcpyHostToDevice));

  bench::Timer timer;
  timer.start();
  lavamdKernel<<<prob.boxes, THREADS>>>(dParticles, dForces, prob.boxes1d,
                                        lavamd::kA2);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double ms = timer.stop();

  std::vector<float> result((size_t)prob.particles * 4);
  CHECK(cudaMemcpy(result.data(), dForces, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(dParticles));
  CHECK(cudaFree(dForces));

  bench::report("lavamd", "cuda", args, ms);
  bench::writeOutput(args, result);
  return 0;
}
