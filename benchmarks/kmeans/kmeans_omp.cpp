// kmeans_omp.cpp - Lloyd's k-means clustering, OpenMP reference.
// Each thread assigns a share of the points and accumulates their
// per-cluster sums privately; the partial sums are merged once per iteration.
#include "bench.h"
#include "kmeans_input.h"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <vector>

using kmeans::kClusters;
using kmeans::kFeatures;

int main(int argc, char **argv) {
  bench::Args args = bench::parseArgs(argc, argv);
  kmeans::Problem prob = kmeans::makeProblem(args);
  const int n = prob.points;
  const float *features = prob.features.data();
  std::vector<float> centres = kmeans::initialCentres(prob);
  std::vector<int32_t> membership(n, -1);
  std::vector<double> sums((size_t)kClusters * kFeatures);
  std::vector<int> counts(kClusters);
  int changed = 0;

  bench::Timer timer;
  timer.start();
  for (int iter = 0; iter < prob.iterations; ++iter) {
    std::fill(sums.begin(), sums.end(), 0.0);
    std::fill(counts.begin(), counts.end(), 0);
    changed = 0;
    const float *c = centres.data();
#pragma omp parallel reduction(+ : changed)
    {
      std::vector<double> localSums((size_t)kClusters * kFeatures, 0.0);
      int localCounts[kClusters] = {0};
#pragma omp for schedule(static)
      for (int i = 0; i < n; ++i) {
        const float *p = features + (size_t)i * kFeatures;
        int best = 0;
        float bestDist = FLT_MAX;
        for (int k = 0; k < kClusters; ++k) {
          float dist = 0.0f;
          for (int f = 0; f < kFeatures; ++f) {
            float diff = p[f] - c[k * kFeatures + f];
            dist += diff * diff;
          }
          if (dist < bestDist) {
            bestDist = dist;
            best = k;
          }
        }
        changed += best != membership[i];
        membership[i] = best;
        localCounts[best]++;
        for (int f = 0; f < kFeatures; ++f)
          localSums[best * kFeatures + f] += p[f];
      }
#pragma omp critical
      {
        for (int k = 0; k < kClusters; ++k)
          counts[k] += localCounts[k];
        for (size_t j = 0; j < localSums.size(); ++j)
          sums[j] += localSums[j];
      }
    }
    for (int k = 0; k < kClusters; ++k)
      if (counts[k] > 0)
        for (int f = 0; f < kFeatures; ++f)
          centres[k * kFeatures + f] = (float)(sums[k * kFeatures + f] / counts[k]);
  }
  double ms = timer.stop();

  bench::report("kmeans", "omp", args, ms);
  printf("kmeans: %d points changed cluster in the last iteration\n", changed);
  // Both arrays as float (cluster numbers are exact): bench::writeOutput
  // starts a new file at the first array of each element type.
  std::vector<float> out(membership.begin(), membership.end());
  bench::writeOutput(args, out);
  bench::writeOutput(args, centres);
  return 0;
}
