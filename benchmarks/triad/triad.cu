// STREAM triad a[i] = b[i] + s * c[i] on the GPU, one element per thread.
#include "bench.h"
#include "triad_input.h"

#include <cstdio>
#include <vector>

__global__ void triadKernel(double *a, const double *b, const double *c,
                            double s, long long n) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = b[i] + s * c[i];
}

static void check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(err));
    std::exit(1);
  }
}

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  long long n = args.pick(triad::kSmallN, triad::kDefaultN);
  int reps = triad::reps(args);

  std::vector<double> b, c;
  triad::makeInput(n, b, c);
  size_t bytes = n * sizeof(double);

  double *dA, *dB, *dC;
  check(cudaMalloc(&dA, bytes), "cudaMalloc a");
  check(cudaMalloc(&dB, bytes), "cudaMalloc b");
  check(cudaMalloc(&dC, bytes), "cudaMalloc c");
  check(cudaMemcpy(dB, b.data(), bytes, cudaMemcpyHostToDevice), "copy b");
  check(cudaMemcpy(dC, c.data(), bytes, cudaMemcpyHostToDevice), "copy c");
  check(cudaMemset(dA, 0, bytes), "memset a");
  check(cudaDeviceSynchronize(), "sync");

  const int threads = 256;
  int blocks = (int)((n + threads - 1) / threads);

  bench::Timer timer;
  timer.start();
  for (int r = 0; r < reps; ++r)
    triadKernel<<<blocks, threads>>>(dA, dB, dC, triad::kScalar, n);
  check(cudaGetLastError(), "triad launch");
  check(cudaDeviceSynchronize(), "triad");
  double ms = timer.stop();

  std::vector<double> a(n);
  check(cudaMemcpy(a.data(), dA, bytes, cudaMemcpyDeviceToHost), "copy a");
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);

  bench::report("triad", "cuda", args, ms);
  std::printf("cucpu-bench-extra: bytes=%lld\n", 3LL * 8LL * n * reps);
  bench::writeOutput(args, a);
  return 0;
}
