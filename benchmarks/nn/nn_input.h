//===- nn_input.h - Input and host selection shared by both nn versions -----===//
//
// Records are (latitude, longitude) points scattered over the globe's
// coordinate rectangle; queries are points drawn the same way. For every
// query both versions compute the distance of every record, then pick the
// k nearest with the same host routine (selectNearest), so ties resolve the
// same way: equal distances keep the lower record index first.
//
//===----------------------------------------------------------------------===//

#ifndef NN_INPUT_H
#define NN_INPUT_H

#include "bench.h"

#include <cstdint>
#include <vector>

namespace nn {

constexpr int kNearest = 10;
// --param sets the number of queries; the record count depends on the size.
constexpr long long kSmallQueries = 6;
constexpr long long kDefaultQueries = 600;
constexpr int kSmallRecords = 20000;
constexpr int kDefaultRecords = 1 << 20;

struct LatLng {
  float lat, lng;
};

inline int recordsFor(const bench::Args &args) {
  return args.small ? kSmallRecords : kDefaultRecords;
}

inline std::vector<LatLng> makePoints(size_t count, uint64_t seed) {
  bench::Rng rng(seed);
  std::vector<LatLng> points(count);
  for (auto &p : points) {
    p.lat = static_cast<float>(rng.uniform(-90.0, 90.0));
    p.lng = static_cast<float>(rng.uniform(-180.0, 180.0));
  }
  return points;
}

inline std::vector<LatLng> makeRecords(int count) {
  return makePoints(count, 0x4ea7e57ull);
}

inline std::vector<LatLng> makeQueries(long long count) {
  return makePoints(count, 0x9e7a11ull);
}

/// Keeps the kNearest smallest distances (ascending) and their indices, by
/// one pass with insertion into a small sorted list.
inline void selectNearest(const float *dist, int n, int32_t *bestIndex,
                          float *bestDist) {
  int found = 0;
  for (int i = 0; i < n; ++i) {
    float d = dist[i];
    if (found == kNearest && !(d < bestDist[kNearest - 1]))
      continue;
    int pos = found < kNearest ? found++ : kNearest - 1;
    while (pos > 0 && d < bestDist[pos - 1]) {
      bestDist[pos] = bestDist[pos - 1];
      bestIndex[pos] = bestIndex[pos - 1];
      --pos;
    }
    bestDist[pos] = d;
    bestIndex[pos] = i;
  }
}

} // namespace nn

#endif // NN_INPUT_H
