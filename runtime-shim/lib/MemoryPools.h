//===- MemoryPools.h - The stream-ordered allocator's pools -----*- C++ -*-===//
//
// Part of cucpu.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_RT_MEMORYPOOLS_H
#define CUCPU_RT_MEMORYPOOLS_H

#include "cuda_runtime_api.h"

#include <cstddef>

namespace cucpu {

/// The pool cudaMallocAsync allocates from: the device's current pool.
cudaMemPool_t currentMemPool();
/// Whether pool is the default pool or a created one not yet destroyed.
bool isLiveMemPool(cudaMemPool_t pool);
/// Accounting of the bytes a pool's allocations hold (its used and reserved
/// memory: on the CPU a freed block goes back to the C library at once, so
/// the two are the same).
void notePoolAllocation(cudaMemPool_t pool, size_t bytes);
void notePoolRelease(cudaMemPool_t pool, size_t bytes);

} // namespace cucpu

#endif // CUCPU_RT_MEMORYPOOLS_H
