// hotspot3d.cu - 3D transient thermal simulation, CUDA version.
//
// A 2D grid of threads covers the x/y plane; each thread walks up its z
// column, keeping the cell below, the cell itself and the cell above in
// registers, so each input value of the column is loaded once. The two
// temperature buffers are swapped between launches.
#include "bench.h"
#include "hotspot3d_input.h"

#include <cstdio>
#include <cuda_runtime.h>

#define BLOCK_X 64
#define BLOCK_Y 4

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_),    \
              __FILE__, __LINE__);                                             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void hotspot3dKernel(const float *__restrict__ power,
                                const float *__restrict__ tIn,
                                float *__restrict__ tOut, int nx, int ny,
                                int nz, float cc, float cw, float ce, float cs,
                                float cn, float cb, float ct, float stepDivCap,
                                float amb) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny)
    return;

  int plane = nx * ny;
  int c = y * nx + x;
  // Offsets of the in-plane neighbours, clamped at the border.
  int w = x == 0 ? 0 : -1;
  int e = x == nx - 1 ? 0 : 1;
  int n = y == 0 ? 0 : -nx;
  int s = y == ny - 1 ? 0 : nx;

  float below = tIn[c];
  float here = tIn[c];
  float above = nz > 1 ? tIn[c + plane] : here;

  for (int z = 0; z < nz; ++z) {
    tOut[c] = cc * here + cw * tIn[c + w] + ce * tIn[c + e] + cs * tIn[c + s] +
              cn * tIn[c + n] + cb * below + ct * above +
              stepDivCap * power[c] + ct * amb;
    below = here;
    here = above;
    c += plane;
    if (z + 2 < nz)
      above = tIn[c + plane];
  }
}

int main(int argc, char **argv) {
  bench::Args args = bench::parseArgs(argc, argv);
  hotspot3d::Problem prob = hotspot3d::makeProblem(args);
  hotspot3d::Coefficients k = hotspot3d::coefficients(prob.nz);
  size_t cells = (size_t)prob.nx * prob.ny * prob.nz;
  size_t bytes = cells * sizeof(float);

  float *dPower, *dTemp[2];
  CHECK(cudaMalloc(&dPower, bytes));
  CHECK(cudaMalloc(&dTemp[0], bytes));
  CHECK(cudaMalloc(&dTemp[1], bytes));
  CHECK(cudaMemcpy(dPower, prob.power.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dTemp[0], prob.temp.data(), bytes, cudaMemcpyHostToDevice));

  dim3 block(BLOCK_X, BLOCK_Y);
  dim3 grid((prob.nx + BLOCK_X - 1) / BLOCK_X, (prob.ny + BLOCK_Y - 1) / BLOCK_Y);

  bench::Timer timer;
  timer.start();
  int src = 0;
  for (int step = 0; step < prob.steps; ++step) {
    hotspot3dKernel<<<grid, block>>>(dPower, dTemp[src], dTemp[1 - src],
                                     prob.nx, prob.ny, prob.nz, k.cc, k.cw,
                                     k.ce, k.cs, k.cn, k.cb, k.ct,
                                     k.stepDivCap, k.amb);
    src = 1 - src;
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double ms = timer.stop();

  std::vector<float> result(cells);
  CHECK(cudaMemcpy(result.data(), dTemp[src], bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(dPower));
  CHECK(cudaFree(dTemp[0]));
  CHECK(cudaFree(dTemp[1]));

  bench::report("hotspot3d", "cuda", args, ms);
  bench::writeOutput(args, result);
  return 0;
}
