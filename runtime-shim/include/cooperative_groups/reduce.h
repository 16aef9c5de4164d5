//===- cooperative_groups/reduce.h - Tile reductions for cucpu --*- C++ -*-===//
//
// Part of cucpu. cooperative_groups::reduce over a thread_block_tile with
// the function objects CUDA provides (plus, less, greater, bit_and, bit_or,
// bit_xor) or any callable: a butterfly of shuffles, so every thread of the
// tile gets the result.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_COOPERATIVE_GROUPS_REDUCE_H
#define CUCPU_COOPERATIVE_GROUPS_REDUCE_H

#include "../cooperative_groups.h"

#if defined(__CUDA__)

namespace cooperative_groups {

template <class T> struct plus {
  __device__ T operator()(T a, T b) const { return a + b; }
};
/// The smaller of two values: reduce with less<T> gives the minimum.
template <class T> struct less {
  __device__ T operator()(T a, T b) const { return b < a ? b : a; }
};
/// The larger of two values: reduce with greater<T> gives the maximum.
template <class T> struct greater {
  __device__ T operator()(T a, T b) const { return a < b ? b : a; }
};
template <class T> struct bit_and {
  __device__ T operator()(T a, T b) const { return a & b; }
};
template <class T> struct bit_or {
  __device__ T operator()(T a, T b) const { return a | b; }
};
template <class T> struct bit_xor {
  __device__ T operator()(T a, T b) const { return a ^ b; }
};

template <unsigned Size, class T, class Op>
static __device__ __inline__ T reduce(const thread_block_tile<Size> &tile,
                                      T value, Op op) {
  for (unsigned offset = Size / 2; offset > 0; offset /= 2)
    value = op(value, tile.shfl_xor(value, offset));
  return value;
}

} // namespace cooperative_groups

#endif // defined(__CUDA__)

#endif // CUCPU_COOPERATIVE_GROUPS_REDUCE_H
