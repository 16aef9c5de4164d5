//===- nn_omp.cpp - k nearest neighbours, OpenMP reference ------------------===//
//
// For each query the distances of all records are computed by a parallel
// loop; the k nearest are then kept by the same host routine as the CUDA
// version uses.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "nn_input.h"

#include <cmath>
#include <vector>

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  long long queryCount = args.pick(nn::kSmallQueries, nn::kDefaultQueries);
  int n = nn::recordsFor(args);
  std::vector<nn::LatLng> records = nn::makeRecords(n);
  std::vector<nn::LatLng> queries = nn::makeQueries(queryCount);

  std::vector<float> dist(n);
  std::vector<int32_t> bestIndex(queryCount * nn::kNearest);
  std::vector<float> bestDist(queryCount * nn::kNearest);
  const nn::LatLng *rec = records.data();
  float *d = dist.data();

  bench::Timer timer;
  timer.start();
  for (long long q = 0; q < queryCount; ++q) {
    float lat = queries[q].lat, lng = queries[q].lng;
#pragma omp parallel for
    for (int i = 0; i < n; ++i) {
      float dLat = rec[i].lat - lat;
      float dLng = rec[i].lng - lng;
      d[i] = std::sqrt(dLat * dLat + dLng * dLng);
    }
    nn::selectNearest(d, n, &bestIndex[q * nn::kNearest],
                      &bestDist[q * nn::kNearest]);
  }
  double ms = timer.stop();

  bench::report("nn", "omp", args, ms);
  bench::writeOutput(args, bestIndex);
  bench::writeOutput(args, bestDist);
  return 0;
}
