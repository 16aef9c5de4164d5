//===- Stream.h - Work queued on CUDA streams -------------------*- C++ -*-===//
//
// Part of cucpu. Every operation that takes a stream (launches, async copies
// and fills, host callbacks, event records) hands its work to enqueue(); the
// stream machinery decides when and on which host thread it runs: each stream
// runs its work in order on a worker thread of its own, after the work of
// other streams it waits for (the legacy default stream's implicit
// synchronization, cudaStreamWaitEvent). Synchronous calls wait for the work
// they follow in stream order through waitForSynchronousCall() or
// synchronizeDevice().
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_RT_STREAM_H
#define CUCPU_RT_STREAM_H

#include "Graph.h"
#include "cuda_runtime_api.h"

#include <functional>
#include <memory>
#include <vector>

namespace cucpu {

/// Queues work on stream (0, cudaStreamLegacy, cudaStreamPerThread or a
/// created stream) after everything queued on it before, and returns without
/// waiting for it. The caller has validated the stream handle; one destroyed
/// meanwhile gives cudaErrorInvalidResourceHandle. Work returns a
/// cudaError_t; a failure becomes the error reported by the next
/// synchronizing call. Errors are also recorded as the thread's last error.
cudaError_t enqueue(cudaStream_t stream, std::function<cudaError_t()> work);

/// Queues the nodes of an executable graph on stream as one operation that
/// runs them in their order; a node's error ends it and is reported as that
/// of other asynchronous work. The caller has validated the stream handle.
cudaError_t enqueueGraph(cudaStream_t stream,
                         std::shared_ptr<const std::vector<GraphNode>> nodes);

/// As enqueue(), then waits for the work to finish; for work that reads
/// memory of the caller that is gone once the call returns.
cudaError_t enqueueAndWait(cudaStream_t stream,
                           std::function<cudaError_t()> work);

/// Queues a copy (or fill) that touches memory at a and b; either may be null
/// for a side known to be device memory. As CUDA's asynchronous copies do, it
/// returns before the copy is done only if no pageable host memory (memory
/// not from cudaMallocHost, cudaHostAlloc, cudaHostRegister, cudaMalloc or
/// cudaMallocManaged) is involved and not both sides are host memory;
/// otherwise it waits for the copy (whose source may then be reused at once).
cudaError_t enqueueCopy(cudaStream_t stream, const void *a, const void *b,
                        std::function<cudaError_t()> work);

/// Called by the synchronous copies and fills (cudaMemcpy, cudaMemset, ...)
/// before they do their work on the calling thread: waits for the work they
/// follow in the order of the thread's default stream (the legacy stream, or
/// the thread's per-thread stream inside a _ptds variant). Returns an error
/// of earlier asynchronous work, which the call reports instead of doing its
/// work (not yet recorded as the thread's last error).
cudaError_t waitForSynchronousCall();

/// Waits for all work on all streams (cudaDeviceSynchronize, cudaFree).
/// Returns an error of asynchronous work (not yet recorded as the thread's
/// last error).
cudaError_t synchronizeDevice();

/// For cudaDeviceReset: waits for all work, destroys every created stream and
/// event and forgets errors of asynchronous work. The caller must not hold
/// the context's mutex.
void resetStreamsAndEvents();

/// Records an error of asynchronous work. Errors that leave the device in
/// an unusable state (an illegal address, a device-side assert, ...) are
/// sticky: every later synchronizing call and launch reports them until
/// cudaDeviceReset. Others are reported once.
void recordAsyncError(cudaError_t err);

/// What cudaGetLastError (consume) or cudaPeekAtLastError reports given the
/// calling thread's last error: a sticky error of asynchronous work, else the
/// thread's error, else a pending error of asynchronous work.
cudaError_t lastErrorWithAsync(cudaError_t threadError, bool consume);

} // namespace cucpu

#endif // CUCPU_RT_STREAM_H
