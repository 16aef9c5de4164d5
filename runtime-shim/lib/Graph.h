//===- Graph.h - Graphs captured from a stream ------------------*- C++ -*-===//
//
// Part of cucpu's CPU runtime. A graph is the work that stream capture
// diverted from one stream, in its order: each node is the work enqueue()
// would have queued. Launching an executable graph queues all of it as one
// operation.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_RT_GRAPH_H
#define CUCPU_RT_GRAPH_H

#include "cuda_runtime_api.h"

#include <functional>
#include <memory>
#include <vector>

namespace cucpu {

struct GraphNode {
  std::function<cudaError_t()> work;
  /// Device work is skipped after a sticky error; host functions still run.
  bool device = true;
};

/// Makes `graph` known to the graph API (cudaStreamEndCapture creates it).
void registerGraph(CUgraph_st *graph);

} // namespace cucpu

struct CUgraph_st {
  std::vector<cucpu::GraphNode> nodes;
};

struct CUgraphExec_st {
  /// Shared with launches still queued, which may outlive the executable.
  std::shared_ptr<const std::vector<cucpu::GraphNode>> nodes;
};

#endif // CUCPU_RT_GRAPH_H
