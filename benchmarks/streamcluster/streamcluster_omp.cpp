// Streamcluster local search (pgain), OpenMP reference: the per-point cost of
// moving to the candidate in a parallel loop that reduces the per-center
// closing costs as an array reduction; the host-side decision; a parallel
// loop that applies an accepted move.
#include "bench.h"
#include "streamcluster_input.h"

#include <cstdio>
#include <vector>

constexpr int kMaxCenters = streamcluster::kMaxCenters;

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int n = (int)args.pick(streamcluster::kSmallN, streamcluster::kDefaultN);
  int numCandidates = streamcluster::candidateCount(args);
  streamcluster::Input in = streamcluster::makeInput(n, numCandidates);
  const int dim = in.dim;
  const double z = in.openCost;

  std::vector<int> slotCenter(kMaxCenters, -1);
  std::vector<char> isCenter(n, 0);
  slotCenter[0] = 0;
  isCenter[0] = 1;
  int openCenters = 1;

  std::vector<float> cost = in.cost;
  std::vector<int> slot(n, 0);
  std::vector<float> candDist(n);
  const float *coords = in.coords.data();
  const float *weight = in.weight.data();
  float *pCost = cost.data();
  int *pSlot = slot.data();
  float *pCand = candDist.data();
  int accepted = 0;

  bench::Timer timer;
  timer.start();
  for (int c = 0; c < numCandidates; ++c) {
    int x = in.candidates[c];
    if (isCenter[x])
      continue;
    const float *cx = coords + (size_t)x * dim;

    // closeCost[s]: extra cost of moving the points that stay with slot s to
    // x if s closed; switchGain: what the points cheaper at x save.
    double closeCost[kMaxCenters] = {};
    double switchGain = 0.0;
#pragma omp parallel for reduction(+ : closeCost[:kMaxCenters], switchGain) \
    schedule(static)
    for (int i = 0; i < n; ++i) {
      const float *p = coords + (size_t)i * dim;
      float dist = 0.0f;
#pragma omp simd reduction(+ : dist)
      for (int d = 0; d < dim; ++d) {
        float diff = p[d] - cx[d];
        dist += diff * diff;
      }
      float newCost = weight[i] * dist;
      float oldCost = pCost[i];
      pCand[i] = newCost;
      if (newCost < oldCost)
        switchGain += (double)(oldCost - newCost);
      else
        closeCost[pSlot[i]] += (double)(newCost - oldCost);
    }

    double gain = switchGain - z;
    int xSlot = -1;
    int closing[kMaxCenters];
    for (int s = 0; s < kMaxCenters; ++s) {
      closing[s] = 0;
      if (slotCenter[s] < 0) {
        if (xSlot < 0)
          xSlot = s;
      } else if (closeCost[s] < z) {
        closing[s] = 1;
        gain += z - closeCost[s];
        if (xSlot < 0)
          xSlot = s;
      }
    }
    if (gain <= 0.0 || xSlot < 0)
      continue;

#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; ++i) {
      if (pCand[i] < pCost[i] || closing[pSlot[i]]) {
        pCost[i] = pCand[i];
        pSlot[i] = xSlot;
      }
    }
    for (int s = 0; s < kMaxCenters; ++s)
      if (closing[s]) {
        isCenter[slotCenter[s]] = 0;
        slotCenter[s] = -1;
        --openCenters;
      }
    slotCenter[xSlot] = x;
    isCenter[x] = 1;
    ++openCenters;
    ++accepted;
  }
  double ms = timer.stop();

  // Both results are integers (every cost is), written as int64 so they go
  // into one result file as two arrays of the same type.
  std::vector<int64_t> assign(n);
  for (int i = 0; i < n; ++i)
    assign[i] = slotCenter[slot[i]];
  double total = streamcluster::totalCost(cost, openCenters, z);
  int64_t totalOut = (int64_t)total;

  bench::report("streamcluster", "omp", args, ms);
  std::printf("streamcluster: centers=%d accepted=%d cost=%.1f\n", openCenters,
              accepted, total);
  bench::writeOutput(args, assign);
  bench::writeOutput(args, &totalOut, 1);
  return 0;
}
