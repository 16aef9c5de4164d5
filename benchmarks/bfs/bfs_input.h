// bfs: problem sizes and the deterministic random graph shared by the CUDA and
// the OpenMP version.
//
// A directed graph in compressed sparse row form: node v's out-edges are
// edges[rowStart[v] .. rowStart[v+1]); every node gets 1..11 edges (6 on
// average) to uniformly random targets. The search starts at node 0.
#ifndef BFS_INPUT_H
#define BFS_INPUT_H

#include "bench.h"

#include <vector>

namespace bfs {

constexpr long long SMALL_NODES = 50000;
constexpr long long DEFAULT_NODES = 8000000;
constexpr int MIN_DEGREE = 1;
constexpr int MAX_DEGREE = 11;
constexpr int SOURCE = 0;

struct Graph {
  int nodes = 0;
  std::vector<int> rowStart; // nodes + 1
  std::vector<int> edges;    // rowStart[nodes]
};

inline Graph makeGraph(int nodes) {
  bench::Rng rng(0xbf5ull);
  Graph g;
  g.nodes = nodes;
  g.rowStart.resize((size_t)nodes + 1);
  g.edges.reserve((size_t)nodes * (MIN_DEGREE + MAX_DEGREE) / 2 + 16);
  for (int v = 0; v < nodes; ++v) {
    g.rowStart[v] = (int)g.edges.size();
    int degree = MIN_DEGREE + (int)rng.below(MAX_DEGREE - MIN_DEGREE + 1);
    for (int k = 0; k < degree; ++k)
      g.edges.push_back((int)rng.below(nodes));
  }
  g.rowStart[nodes] = (int)g.edges.size();
  return g;
}

} // namespace bfs

#endif
