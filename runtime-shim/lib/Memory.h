//===- Memory.h - Copies shared by the runtime's sources -------*- C++ -*-===//
//
// Part of cucpu.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_RT_MEMORY_H
#define CUCPU_RT_MEMORY_H

#include "cuda_runtime_api.h"

namespace cucpu {

/// Checks and performs a copy of count bytes as cudaMemcpy (async false,
/// stream unused) or cudaMemcpyAsync (async true) does: pointers the kind
/// names as device memory must be memory the device can address, and ranges
/// must stay inside the blocks they start in. Records and returns the error.
cudaError_t copyBytes(void *dst, const void *src, size_t count,
                      cudaMemcpyKind kind, bool async, cudaStream_t stream);

} // namespace cucpu

#endif // CUCPU_RT_MEMORY_H
