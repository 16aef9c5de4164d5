//===- Graphs.cpp - Stream capture and graphs on the GPU ------------------===//
//
// Part of libcucpu_rt_gpu. Capture and graphs are the driver's own:
// cudaGraph_t and cudaGraphExec_t are its CUgraph and CUgraphExec handles,
// and the capture modes and statuses have the same values in both APIs. A
// driver without these entry points gives cudaErrorNotSupported.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

using namespace cucpu::gpu;

/// The statement after CUCPU_GPU_READY in an entry point that needs the
/// optional driver function `fn`.
#define CUCPU_GPU_NEED(api, fn)                                                \
  if (!(api)->fn)                                                              \
    return ::cucpu::setError(cudaErrorNotSupported);

extern "C" {

cudaError_t cudaStreamBeginCapture(cudaStream_t stream,
                                   cudaStreamCaptureMode mode) {
  if (!cucpu::validCaptureMode(mode))
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  CUCPU_GPU_NEED(api, cuStreamBeginCapture);
  return check(api->cuStreamBeginCapture(stream, mode));
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph) {
  if (!pGraph)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  CUCPU_GPU_NEED(api, cuStreamEndCapture);
  return check(api->cuStreamEndCapture(stream, pGraph));
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream,
                                  cudaStreamCaptureStatus *pCaptureStatus) {
  if (!pCaptureStatus)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  CUCPU_GPU_NEED(api, cuStreamIsCapturing);
  int status = 0;
  if (cudaError_t err = check(api->cuStreamIsCapturing(stream, &status)))
    return err;
  *pCaptureStatus = static_cast<cudaStreamCaptureStatus>(status);
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec,
                                          cudaGraph_t graph,
                                          unsigned long long flags) {
  if (!pGraphExec)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUCPU_GPU_NEED(api, cuGraphInstantiateWithFlags);
  return check(api->cuGraphInstantiateWithFlags(pGraphExec, graph, flags));
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                 unsigned long long flags) {
  return cudaGraphInstantiateWithFlags(pGraphExec, graph, flags);
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream) {
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  CUCPU_GPU_NEED(api, cuGraphLaunch);
  return check(api->cuGraphLaunch(graphExec, stream));
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec) {
  CUCPU_GPU_READY(api);
  CUCPU_GPU_NEED(api, cuGraphExecDestroy);
  return check(api->cuGraphExecDestroy(graphExec));
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
  CUCPU_GPU_READY(api);
  CUCPU_GPU_NEED(api, cuGraphDestroy);
  return check(api->cuGraphDestroy(graph));
}

} // extern "C"
