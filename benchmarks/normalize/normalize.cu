// Normalizes a vector by its sum: the kernel of the paper's Figure 1. Each
// thread recomputes the (thread-invariant) sum of the whole input.
#include "bench.h"
#include "normalize_input.h"

#include <cstdio>
#include <vector>

__device__ float sum(const float *data, int n) {
  float total = 0;
  for (int i = 0; i < n; i++)
    total += data[i];
  return total;
}

__global__ void normalize(float *out, const float *in, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n)
    out[tid] = in[tid] / sum(in, n);
}

static void check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(err));
    std::exit(1);
  }
}

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int n = (int)args.pick(normalize_bench::kSmallN, normalize_bench::kDefaultN);
  int reps = normalize_bench::reps(args);

  std::vector<float> in = normalize_bench::makeInput(n);
  size_t bytes = (size_t)n * sizeof(float);

  float *dIn, *dOut;
  check(cudaMalloc(&dIn, bytes), "cudaMalloc in");
  check(cudaMalloc(&dOut, bytes), "cudaMalloc out");
  check(cudaMemcpy(dIn, in.data(), bytes, cudaMemcpyHostToDevice), "copy in");

  const int threads = 256;
  int blocks = (n + threads - 1) / threads;

  bench::Timer timer;
  timer.start();
  for (int r = 0; r < reps; ++r)
    normalize<<<blocks, threads>>>(dOut, dIn, n);
  check(cudaGetLastError(), "normalize launch");
  check(cudaDeviceSynchronize(), "normalize");
  double ms = timer.stop();

  std::vector<float> out(n);
  check(cudaMemcpy(out.data(), dOut, bytes, cudaMemcpyDeviceToHost),
        "copy out");
  cudaFree(dIn);
  cudaFree(dOut);

  bench::report("normalize", "cuda", args, ms);
  bench::writeOutput(args, out);
  return 0;
}
