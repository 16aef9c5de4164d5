//===- cooperative_groups/scan.h - Tile scans for cucpu ---------*- C++ -*-===//
//
// Part of cucpu. cooperative_groups::inclusive_scan and exclusive_scan over
// a thread_block_tile (with plus by default, or any callable): a
// Hillis-Steele scan of upward shuffles.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_COOPERATIVE_GROUPS_SCAN_H
#define CUCPU_COOPERATIVE_GROUPS_SCAN_H

#include "reduce.h"

#if defined(__CUDA__)

namespace cooperative_groups {

template <unsigned Size, class T, class Op>
static __device__ __inline__ T
inclusive_scan(const thread_block_tile<Size> &tile, T value, Op op) {
  unsigned rank = (unsigned)tile.thread_rank();
  for (unsigned offset = 1; offset < Size; offset *= 2) {
    T other = tile.shfl_up(value, offset);
    if (rank >= offset)
      value = op(value, other);
  }
  return value;
}
template <unsigned Size, class T>
static __device__ __inline__ T
inclusive_scan(const thread_block_tile<Size> &tile, T value) {
  return inclusive_scan(tile, value, plus<T>());
}

/// The combination of the values of the lower ranks; rank 0 gets T().
template <unsigned Size, class T, class Op>
static __device__ __inline__ T
exclusive_scan(const thread_block_tile<Size> &tile, T value, Op op) {
  T inclusive = inclusive_scan(tile, value, op);
  T previous = tile.shfl_up(inclusive, 1);
  return tile.thread_rank() == 0 ? T() : previous;
}
template <unsigned Size, class T>
static __device__ __inline__ T
exclusive_scan(const thread_block_tile<Size> &tile, T value) {
  return exclusive_scan(tile, value, plus<T>());
}

} // namespace cooperative_groups

#endif // defined(__CUDA__)

#endif // CUCPU_COOPERATIVE_GROUPS_SCAN_H
