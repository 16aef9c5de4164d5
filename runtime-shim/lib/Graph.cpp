//===- Graph.cpp - Graphs: instantiate, launch, destroy -------------------===//
//
// Part of cucpu's CPU runtime. Graphs come from stream capture (Stream.cpp);
// an executable graph is a copy of its nodes, and a launch queues them on a
// stream as one operation. Graphs built node by node (cudaGraphCreate,
// cudaGraphAdd*Node) are not declared.
//
//===----------------------------------------------------------------------===//

#include "Graph.h"
#include "Context.h"
#include "Stream.h"

#include <mutex>
#include <unordered_set>

namespace cucpu {
namespace {

/// The live graphs and executable graphs, so that a stale or foreign handle
/// is an error rather than a crash.
struct GraphRegistry {
  std::mutex mutex;
  std::unordered_set<CUgraph_st *> graphs;
  std::unordered_set<CUgraphExec_st *> executables;
};

GraphRegistry &registry() {
  static GraphRegistry *r = new GraphRegistry(); // used until exit
  return *r;
}

} // namespace

void registerGraph(CUgraph_st *graph) {
  GraphRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.graphs.insert(graph);
}

} // namespace cucpu

using namespace cucpu;

extern "C" {

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec,
                                          cudaGraph_t graph,
                                          unsigned long long flags) {
  // Uploading and node priorities change nothing on the CPU; graphs launched
  // from the device are not supported, nor is freeing memory that a graph
  // allocated (it allocates none).
  const unsigned long long known = cudaGraphInstantiateFlagAutoFreeOnLaunch |
                                   cudaGraphInstantiateFlagUpload |
                                   cudaGraphInstantiateFlagDeviceLaunch |
                                   cudaGraphInstantiateFlagUseNodePriority;
  if (!pGraphExec || (flags & ~known))
    return setError(cudaErrorInvalidValue);
  if (flags & cudaGraphInstantiateFlagDeviceLaunch)
    return setError(cudaErrorNotSupported);
  GraphRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (!r.graphs.count(graph))
    return setError(cudaErrorInvalidValue);
  auto *exec = new CUgraphExec_st();
  exec->nodes = std::make_shared<const std::vector<GraphNode>>(graph->nodes);
  r.executables.insert(exec);
  *pGraphExec = exec;
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                 unsigned long long flags) {
  return cudaGraphInstantiateWithFlags(pGraphExec, graph, flags);
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  std::shared_ptr<const std::vector<GraphNode>> nodes;
  {
    GraphRegistry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    if (!r.executables.count(graphExec))
      return setError(cudaErrorInvalidValue);
    nodes = graphExec->nodes;
  }
  {
    Context &ctx = Context::get();
    std::lock_guard<std::mutex> lock(ctx.mutex);
    if (!ctx.validStream(stream))
      return setError(cudaErrorInvalidResourceHandle);
  }
  return enqueueGraph(stream, std::move(nodes));
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec) {
  GraphRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  // Launches still queued hold the nodes themselves.
  if (!r.executables.erase(graphExec))
    return setError(cudaErrorInvalidValue);
  delete graphExec;
  return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
  GraphRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (!r.graphs.erase(graph))
    return setError(cudaErrorInvalidValue);
  delete graph;
  return cudaSuccess;
}

} // extern "C"
