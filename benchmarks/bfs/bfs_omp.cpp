// bfs: level-synchronous breadth-first search, OpenMP version.
#include "bfs_input.h"

#include <cstdio>
#include <vector>

using namespace bfs;

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int nodes = (int)args.pick(SMALL_NODES, DEFAULT_NODES);
  Graph g = makeGraph(nodes);
  const int *rowStart = g.rowStart.data();
  const int *edges = g.edges.data();

  std::vector<int> costVec(nodes, -1);
  std::vector<char> frontierVec(nodes, 0), nextVec(nodes, 0),
      visitedVec(nodes, 0);
  int *cost = costVec.data();
  char *frontier = frontierVec.data();
  char *next = nextVec.data();
  char *visited = visitedVec.data();
  cost[SOURCE] = 0;
  frontier[SOURCE] = 1;
  visited[SOURCE] = 1;

  int levels = 0;
  bench::Timer timer;
  timer.start();
  bool changed;
  do {
    changed = false;
#pragma omp parallel for
    for (int v = 0; v < nodes; ++v) {
      if (!frontier[v])
        continue;
      frontier[v] = 0;
      int level = cost[v] + 1;
      for (int e = rowStart[v]; e < rowStart[v + 1]; ++e) {
        int u = edges[e];
        if (!visited[u]) {
          cost[u] = level;
          next[u] = 1;
        }
      }
    }
#pragma omp parallel for reduction(|| : changed)
    for (int v = 0; v < nodes; ++v) {
      if (next[v]) {
        frontier[v] = 1;
        visited[v] = 1;
        next[v] = 0;
        changed = true;
      }
    }
    ++levels;
  } while (changed);
  double ms = timer.stop();

  long long reached = 0;
  for (int v = 0; v < nodes; ++v)
    reached += cost[v] >= 0;
  bench::report("bfs", "omp", args, ms);
  std::printf("levels=%d reached=%lld\n", levels, reached);
  bench::writeOutput(args, costVec);
  return 0;
}
