//===- PerThread.cpp - Per-thread default stream entry points on the GPU --===//
//
// Part of libcucpu_rt_gpu: the _ptsz and _ptds variants of the API
// (PerThreadEntryPoints.inc), over the driver's own per-thread stream
// (cudaStreamPerThread is CU_STREAM_PER_THREAD). The synchronous _ptds calls
// need no scope here: the legacy default stream they use waits for the
// per-thread streams, which is all that ordering needs.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

extern "C" {

#define CUCPU_PER_THREAD_SYNCHRONOUS_SCOPE
#include "../PerThreadEntryPoints.inc"

} // extern "C"
