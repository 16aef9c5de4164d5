//===- Stream.h - Work queued on CUDA streams -------------------*- C++ -*-===//
//
// Part of cucpu. Every operation that takes a stream (launches, async copies
// and fills, host callbacks, event records) hands its work to enqueue(); the
// stream machinery decides when and on which host thread it runs.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_RT_STREAM_H
#define CUCPU_RT_STREAM_H

#include "cuda_runtime_api.h"

#include <functional>

namespace cucpu {

/// Queues work on stream (0, cudaStreamLegacy, cudaStreamPerThread or a
/// created stream) after everything queued on it before, and returns without
/// waiting for it. The caller has validated the stream handle. Work returns a
/// cudaError_t; a failure becomes the error reported by the next
/// synchronizing call.
cudaError_t enqueue(cudaStream_t stream, std::function<cudaError_t()> work);

} // namespace cucpu

#endif // CUCPU_RT_STREAM_H
