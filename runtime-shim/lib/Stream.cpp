//===- Stream.cpp - Work queued on CUDA streams ---------------------------===//
//
// Part of cucpu. For now streams run their work at once on the calling host
// thread, which keeps stream order trivially.
//
//===----------------------------------------------------------------------===//

#include "Stream.h"
#include "Context.h"

namespace cucpu {

cudaError_t enqueue(cudaStream_t, std::function<cudaError_t()> work) {
  return setError(work());
}

} // namespace cucpu
