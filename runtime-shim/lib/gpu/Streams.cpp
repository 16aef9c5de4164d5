//===- Streams.cpp - Streams, events and host callbacks on the GPU --------===//
//
// Part of libcucpu_rt_gpu. cudaStream_t and cudaEvent_t are the driver's
// CUstream and CUevent handles; the special streams (0, cudaStreamLegacy,
// cudaStreamPerThread) have the same values in both APIs.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

using namespace cucpu::gpu;

extern "C" {

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream,
                                      unsigned int flags) {
  if (!pStream)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  // cudaStreamNonBlocking is CU_STREAM_NON_BLOCKING.
  if (cudaError_t err = check(api->cuStreamCreate(pStream, flags)))
    return err;
  Runtime::get().addStream(*pStream);
  return cudaSuccess;
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream) {
  return cudaStreamCreateWithFlags(pStream, 0);
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  CUCPU_GPU_READY(api);
  if (!Runtime::get().removeStream(stream))
    return setError(cudaErrorInvalidResourceHandle);
  return check(api->cuStreamDestroy(stream));
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  return check(api->cuStreamSynchronize(stream));
}

cudaError_t cudaStreamQuery(cudaStream_t stream) {
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  CUresult result = api->cuStreamQuery(stream);
  // Not ready is an answer, not an error to remember.
  cudaError_t err = toRuntimeError(result);
  return err == cudaErrorNotReady ? err : setError(err);
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                unsigned int flags) {
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  CUCPU_GPU_CHECK_EVENT(event);
  return check(api->cuStreamWaitEvent(stream, event, flags));
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                               void *userData) {
  if (!fn)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  return check(api->cuLaunchHostFunc(stream, fn, userData));
}

cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags) {
  if (!flags)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  return check(api->cuStreamGetFlags(stream, flags));
}

cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority) {
  if (!priority)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  return check(api->cuStreamGetPriority(stream, priority));
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                  cudaStreamCallback_t callback, void *userData,
                                  unsigned int flags) {
  if (!callback)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  // The driver calls back with a CUresult where the runtime's callback takes
  // a cudaError_t: both are ints, and 0 is success in both.
  return check(api->cuStreamAddCallback(
      stream, reinterpret_cast<CUstreamCallback>(callback), userData, flags));
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) {
  if (!event)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  // cudaEventBlockingSync/DisableTiming/Interprocess are the CU_EVENT_* bits.
  if (cudaError_t err = check(api->cuEventCreate(event, flags)))
    return err;
  Runtime::get().addEvent(*event);
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event) {
  return cudaEventCreateWithFlags(event, 0);
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_STREAM(stream);
  CUCPU_GPU_CHECK_EVENT(event);
  return check(api->cuEventRecord(event, stream));
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_EVENT(event);
  return check(api->cuEventSynchronize(event));
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_EVENT(event);
  cudaError_t err = toRuntimeError(api->cuEventQuery(event));
  return err == cudaErrorNotReady ? err : setError(err);
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                 cudaEvent_t end) {
  if (!ms)
    return setError(cudaErrorInvalidValue);
  CUCPU_GPU_READY(api);
  CUCPU_GPU_CHECK_EVENT(start);
  CUCPU_GPU_CHECK_EVENT(end);
  return check(api->cuEventElapsedTime(ms, start, end));
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
  CUCPU_GPU_READY(api);
  if (!Runtime::get().removeEvent(event))
    return setError(cudaErrorInvalidResourceHandle);
  return check(api->cuEventDestroy(event));
}

} // extern "C"
