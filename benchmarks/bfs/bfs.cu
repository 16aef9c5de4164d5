// bfs: level-synchronous breadth-first search, CUDA version.
//
// One thread per node. Each level runs two kernels: the first lets every node
// of the current frontier (frontier[v] set) label its unvisited neighbours
// with the next level and mark them in `next`; the second turns `next` into
// the new frontier, marks those nodes visited and raises a flag. The host
// repeats the pair of kernels until the flag stays down.
#include "bfs_input.h"

#include <cstdio>
#include <vector>

using namespace bfs;

#define BLOCK 256

__global__ void expandFrontier(const int *rowStart, const int *edges,
                               bool *frontier, bool *next,
                               const bool *visited, int *cost, int nodes) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < nodes && frontier[v]) {
    frontier[v] = false;
    int level = cost[v] + 1;
    for (int e = rowStart[v]; e < rowStart[v + 1]; ++e) {
      int u = edges[e];
      if (!visited[u]) {
        cost[u] = level;
        next[u] = true;
      }
    }
  }
}

__global__ void commitFrontier(bool *frontier, bool *next, bool *visited,
                               bool *changed, int nodes) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < nodes && next[v]) {
    frontier[v] = true;
    visited[v] = true;
    *changed = true;
    next[v] = false;
  }
}

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int nodes = (int)args.pick(SMALL_NODES, DEFAULT_NODES);
  Graph g = makeGraph(nodes);
  size_t nedges = g.edges.size();

  std::vector<int> cost(nodes, -1);
  std::vector<char> init(nodes, 0);
  cost[SOURCE] = 0;

  int *dRowStart, *dEdges, *dCost;
  bool *dFrontier, *dNext, *dVisited, *dChanged;
  cudaMalloc(&dRowStart, (nodes + 1) * sizeof(int));
  cudaMalloc(&dEdges, nedges * sizeof(int));
  cudaMalloc(&dCost, nodes * sizeof(int));
  cudaMalloc(&dFrontier, nodes * sizeof(bool));
  cudaMalloc(&dNext, nodes * sizeof(bool));
  cudaMalloc(&dVisited, nodes * sizeof(bool));
  cudaMalloc(&dChanged, sizeof(bool));
  cudaMemcpy(dRowStart, g.rowStart.data(), (nodes + 1) * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dEdges, g.edges.data(), nedges * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dCost, cost.data(), nodes * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(dFrontier, 0, nodes * sizeof(bool));
  cudaMemset(dNext, 0, nodes * sizeof(bool));
  cudaMemset(dVisited, 0, nodes * sizeof(bool));
  bool one = true;
  cudaMemcpy(dFrontier + SOURCE, &one, sizeof(bool), cudaMemcpyHostToDevice);
  cudaMemcpy(dVisited + SOURCE, &one, sizeof(bool), cudaMemcpyHostToDevice);

  int blocks = (nodes + BLOCK - 1) / BLOCK;
  int levels = 0;
  bench::Timer timer;
  timer.start();
  bool changed;
  do {
    changed = false;
    cudaMemcpy(dChanged, &changed, sizeof(bool), cudaMemcpyHostToDevice);
    expandFrontier<<<blocks, BLOCK>>>(dRowStart, dEdges, dFrontier, dNext,
                                      dVisited, dCost, nodes);
    commitFrontier<<<blocks, BLOCK>>>(dFrontier, dNext, dVisited, dChanged,
                                      nodes);
    cudaMemcpy(&changed, dChanged, sizeof(bool), cudaMemcpyDeviceToHost);
    ++levels;
  } while (changed);
  cudaDeviceSynchronize();
  double ms = timer.stop();

  cudaMemcpy(cost.data(), dCost, nodes * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(dRowStart);
  cudaFree(dEdges);
  cudaFree(dCost);
  cudaFree(dFrontier);
  cudaFree(dNext);
  cudaFree(dVisited);
  cudaFree(dChanged);

  long long reached = 0;
  for (int v = 0; v < nodes; ++v)
    reached += cost[v] >= 0;
  bench::report("bfs", "cuda", args, ms);
  std::printf("levels=%d reached=%lld\n", levels, reached);
  bench::writeOutput(args, cost);
  return 0;
}
