//===- nn.cu - k nearest neighbours, CUDA version ---------------------------===//
//
// For each query, one kernel launch computes the Euclidean distance of every
// record to the query (one thread per record); the distances come back to
// the host, which keeps the k nearest.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "nn_input.h"

#include <cstdio>
#include <vector>

namespace {

constexpr int kThreads = 256;

__global__ void distanceToQuery(const nn::LatLng *records, int n, float lat,
                                float lng, float *dist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float dLat = records[i].lat - lat;
    float dLng = records[i].lng - lng;
    dist[i] = sqrtf(dLat * dLat + dLng * dLng);
  }
}

} // namespace

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  long long queryCount = args.pick(nn::kSmallQueries, nn::kDefaultQueries);
  int n = nn::recordsFor(args);
  std::vector<nn::LatLng> records = nn::makeRecords(n);
  std::vector<nn::LatLng> queries = nn::makeQueries(queryCount);

  nn::LatLng *dRecords;
  float *dDist;
  cudaMalloc(&dRecords, n * sizeof(nn::LatLng));
  cudaMalloc(&dDist, n * sizeof(float));
  cudaMemcpy(dRecords, records.data(), n * sizeof(nn::LatLng),
             cudaMemcpyHostToDevice);

  std::vector<float> dist(n);
  std::vector<int32_t> bestIndex(queryCount * nn::kNearest);
  std::vector<float> bestDist(queryCount * nn::kNearest);
  int blocks = (n + kThreads - 1) / kThreads;

  bench::Timer timer;
  timer.start();
  for (long long q = 0; q < queryCount; ++q) {
    distanceToQuery<<<blocks, kThreads>>>(dRecords, n, queries[q].lat,
                                          queries[q].lng, dDist);
    cudaMemcpy(dist.data(), dDist, n * sizeof(float), cudaMemcpyDeviceToHost);
    nn::selectNearest(dist.data(), n, &bestIndex[q * nn::kNearest],
                      &bestDist[q * nn::kNearest]);
  }
  cudaDeviceSynchronize();
  double ms = timer.stop();

  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    std::fprintf(stderr, "nn: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaFree(dRecords);
  cudaFree(dDist);

  bench::report("nn", "cuda", args, ms);
  bench::writeOutput(args, bestIndex);
  bench::writeOutput(args, bestDist);
  return 0;
}
