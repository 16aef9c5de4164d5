// Input and sizes shared by both versions of the streamcluster benchmark.
//
// The points are quantized features: integer coordinates in [0, 255] stored as
// float, integer weights 1..4. Every squared distance, weighted cost and cost
// difference is then an integer below 2^24, exact in float, and the gains are
// summed in double (exact for integers), so both versions take exactly the
// same decisions whatever order they add in.
#ifndef STREAMCLUSTER_INPUT_H
#define STREAMCLUSTER_INPUT_H

#include "bench.h"

#include <vector>

namespace streamcluster {

// --param sets N, the number of points.
constexpr long long kSmallN = 4096;
constexpr long long kDefaultN = 65536;
constexpr int kDim = 32;           // coordinates per point
constexpr int kClusters = 24;      // hidden clusters the points come from
constexpr int kMaxCenters = 128;   // center slots the local search may use
// Candidate points tried by the local search (fixed per size).
constexpr int kSmallCandidates = 200;
constexpr int kDefaultCandidates = 2000;
// Opening cost of a center, per point of the data set.
constexpr double kOpenCostPerPoint = 1500.0;

struct Input {
  long long n = 0;
  int dim = kDim;
  std::vector<float> coords;   // n x dim, point-major
  std::vector<float> weight;   // n
  std::vector<int> candidates; // the points tried, in order
  double openCost = 0;         // z, the cost of one open center
  // The starting solution: point 0 is the only open center (slot 0); every
  // point is assigned to it.
  std::vector<float> cost; // n, weight * squared distance to its center
};

inline int candidateCount(const bench::Args &args) {
  return args.small && args.param == 0 ? kSmallCandidates
                                       : kDefaultCandidates;
}

inline Input makeInput(long long n, int numCandidates) {
  Input in;
  in.n = n;
  bench::Rng rng(0x5c1a57e7ULL);

  // Cluster centres with integer coordinates in [32, 224).
  std::vector<int> centre(kClusters * kDim);
  for (auto &c : centre)
    c = 32 + (int)rng.below(192);

  in.coords.resize(n * kDim);
  in.weight.resize(n);
  for (long long i = 0; i < n; ++i) {
    int k = (int)rng.below(kClusters);
    for (int d = 0; d < kDim; ++d) {
      // Triangular offset in [-16, 16], integers only.
      int offset = (int)rng.below(17) + (int)rng.below(17) - 16;
      int v = centre[k * kDim + d] + offset;
      v = v < 0 ? 0 : (v > 255 ? 255 : v);
      in.coords[i * kDim + d] = (float)v;
    }
    in.weight[i] = (float)(1 + rng.below(4));
  }

  in.candidates.resize(numCandidates);
  for (auto &c : in.candidates)
    c = (int)rng.below(n);
  in.openCost = kOpenCostPerPoint * (double)n;

  in.cost.resize(n);
  for (long long i = 0; i < n; ++i) {
    float dist = 0.0f;
    for (int d = 0; d < kDim; ++d) {
      float diff = in.coords[i * kDim + d] - in.coords[d];
      dist += diff * diff;
    }
    in.cost[i] = in.weight[i] * dist;
  }
  return in;
}

// Total cost of a solution: the assignment costs plus z per open center.
inline double totalCost(const std::vector<float> &cost, int openCenters,
                        double openCost) {
  double total = 0.0;
  for (float c : cost)
    total += c;
  return total + openCost * openCenters;
}

} // namespace streamcluster

#endif // STREAMCLUSTER_INPUT_H
