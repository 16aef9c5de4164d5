// C = A * B for square float matrices, OpenMP reference: rows in parallel,
// i-k-j loop order so the inner loop streams rows of B and C.
#include "bench.h"
#include "matmul_input.h"

#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int n = (int)args.pick(matmul::kSmallN, matmul::kDefaultN);

  std::vector<float> a, b;
  matmul::makeInput(n, a, b);
  std::vector<float> c((size_t)n * n);
  const float *pa = a.data();
  const float *pb = b.data();
  float *pc = c.data();

  bench::Timer timer;
  timer.start();
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    float *cRow = pc + (size_t)i * n;
    for (int j = 0; j < n; ++j)
      cRow[j] = 0.0f;
    for (int k = 0; k < n; ++k) {
      float aik = pa[(size_t)i * n + k];
      const float *bRow = pb + (size_t)k * n;
      for (int j = 0; j < n; ++j)
        cRow[j] += aik * bRow[j];
    }
  }
  double ms = timer.stop();

  bench::report("matmul", "omp", args, ms);
  bench::writeOutput(args, c);
  return 0;
}
