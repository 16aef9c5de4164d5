//===- PerThread.cpp - Per-thread default stream entry points on the GPU --===//
//
// Part of libcucpu_rt_gpu: the _ptsz and _ptds variants of the API
// (PerThreadEntryPoints.inc), over the driver's own per-thread stream
// (cudaStreamPerThread is CU_STREAM_PER_THREAD). The synchronous _ptds calls
// run on it and wait for it alone: the legacy stream would also wait for
// other threads' per-thread streams.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

using namespace cucpu::gpu;

thread_local bool cucpu::gpu::perThreadSynchronousCalls = false;

extern "C" {

#include "../PerThreadEntryPoints.inc"

} // extern "C"
