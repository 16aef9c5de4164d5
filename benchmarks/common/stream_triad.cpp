//===- stream_triad.cpp - The machine's STREAM triad bandwidth --------------===//
//
// OpenMP STREAM triad a[i] = b[i] + s * c[i] on three arrays of 2^25 doubles
// (256 MiB each, far larger than any cache). The arrays are first touched in
// parallel with the same static schedule as the triad, so each thread's pages
// sit on its own NUMA node. Ten timed repetitions; the best one counts, with
// 24 bytes moved per element (two loads, one store), as STREAM counts them.
// Prints:  stream-triad: threads=<T> GBps=<X>
// The benchmark harness builds it with the reference compiler
// (clang++ -O3 -march=native -fopenmp) and runs it per thread count.
//
//===----------------------------------------------------------------------===//

#include <omp.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

int main() {
  const long n = 1L << 25;
  const int reps = 10;
  const double scalar = 3.0;
  // Not std::vector: its constructor would touch every page from one thread.
  double *a = static_cast<double *>(std::aligned_alloc(64, n * sizeof(double)));
  double *b = static_cast<double *>(std::aligned_alloc(64, n * sizeof(double)));
  double *c = static_cast<double *>(std::aligned_alloc(64, n * sizeof(double)));
  if (!a || !b || !c) {
    std::fprintf(stderr, "stream-triad: out of memory\n");
    return 1;
  }

#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    a[i] = 0.0;
    b[i] = 1.0;
    c[i] = 2.0;
  }

  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    double start = omp_get_wtime();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i)
      a[i] = b[i] + scalar * c[i];
    double seconds = omp_get_wtime() - start;
    if (seconds < best)
      best = seconds;
  }

  // Check the result (and keep the loops from being optimized away).
  long bad = 0;
#pragma omp parallel for schedule(static) reduction(+ : bad)
  for (long i = 0; i < n; ++i)
    if (std::fabs(a[i] - 7.0) > 1e-12)
      ++bad;
  if (bad) {
    std::fprintf(stderr, "stream-triad: %ld wrong elements\n", bad);
    return 1;
  }

  double bytes = 3.0 * sizeof(double) * n;
  std::printf("stream-triad: threads=%d GBps=%.2f\n", omp_get_max_threads(),
              bytes / best / 1e9);
  std::free(a);
  std::free(b);
  std::free(c);
  return 0;
}
