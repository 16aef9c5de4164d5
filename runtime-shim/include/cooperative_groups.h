//===- cooperative_groups.h - Thread blocks and tiles for cucpu -*- C++ -*-===//
//
// Part of cucpu. The cooperative groups that live within one block: the
// thread block and its static tiles (thread_block_tile<N> from
// tiled_partition<N>), written over the functions cucpu translates
// (__syncthreads, __syncwarp, the warp shuffles and votes), and the coalesced
// group of the lanes that run a call together (__activemask). Groups
// spanning the grid or several devices (this_grid, grid sync) and tiles of a
// size known only at run time are not declared: a program that uses them
// gets clang's error at the use.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_COOPERATIVE_GROUPS_H
#define CUCPU_COOPERATIVE_GROUPS_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define _COOPERATIVE_GROUPS_H_

#if defined(__CUDA__)

#include "cuda_runtime.h"

#include <type_traits>
#include <utility>

namespace cooperative_groups {

namespace details {
/// The calling thread's linear index in its block, the order in which CUDA
/// forms warps and tiles.
static __device__ __inline__ unsigned blockThreadRank() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
static __device__ __inline__ unsigned blockThreadCount() {
  return blockDim.x * blockDim.y * blockDim.z;
}

/// Whether __shfl_sync takes a T (a scalar, __half, ...).
template <class T, class = void> struct HasShuffle : std::false_type {};
template <class T>
struct HasShuffle<T, decltype((void)__shfl_sync(0u, std::declval<T>(), 0, 32))>
    : std::true_type {};

/// `var` shuffled by `shuffle` (a call of one __shfl_*_sync): at once where
/// the type has a shuffle, otherwise as 4-byte words, one shuffle each.
template <class T, class Shuffle>
static __device__ __inline__ T shuffleAny(T var, Shuffle shuffle) {
  if constexpr (HasShuffle<T>::value) {
    return shuffle(var);
  } else {
    static_assert(std::is_trivially_copyable<T>::value,
                  "a tile shuffles trivially copyable types");
    constexpr unsigned kWords = (sizeof(T) + 3) / 4;
    unsigned words[kWords] = {};
    __builtin_memcpy(words, &var, sizeof(T));
    for (unsigned i = 0; i < kWords; ++i)
      words[i] = shuffle(words[i]);
    T result = var;
    __builtin_memcpy(&result, words, sizeof(T));
    return result;
  }
}
} // namespace details

/// All threads of the block.
class thread_block {
public:
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned long long thread_rank() const {
    return details::blockThreadRank();
  }
  __device__ unsigned long long num_threads() const {
    return details::blockThreadCount();
  }
  __device__ unsigned size() const { return details::blockThreadCount(); }
  __device__ dim3 group_index() const {
    return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
  }
  __device__ dim3 thread_index() const {
    return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
  }
  __device__ dim3 group_dim() const {
    return dim3(blockDim.x, blockDim.y, blockDim.z);
  }
  __device__ dim3 dim_threads() const { return group_dim(); }
};

static __device__ __inline__ thread_block this_thread_block() {
  return thread_block();
}

/// `Size` consecutive threads of the block (a power of two up to 32): a warp
/// or a part of one.
template <unsigned Size> class thread_block_tile {
  static_assert(Size > 0 && Size <= 32 && (Size & (Size - 1)) == 0,
                "a thread_block_tile has a power-of-two size up to 32");

  /// The lanes of the calling thread's tile, as a warp-wide mask.
  __device__ static unsigned laneMask() {
    unsigned lane = details::blockThreadRank() % 32;
    unsigned bits = Size == 32 ? 0xffffffffu : (1u << Size) - 1;
    return bits << (lane & ~(Size - 1));
  }
  /// A warp-wide ballot restricted to the tile, as bits of tile ranks.
  __device__ static unsigned tileBallot(int predicate) {
    unsigned lane = details::blockThreadRank() % 32;
    unsigned bits = __ballot_sync(laneMask(), predicate);
    bits >>= lane & ~(Size - 1);
    return Size == 32 ? bits : bits & ((1u << Size) - 1);
  }

public:
  __device__ void sync() const { __syncwarp(laneMask()); }
  __device__ unsigned long long thread_rank() const {
    return details::blockThreadRank() % Size;
  }
  __device__ unsigned long long num_threads() const { return Size; }
  __device__ unsigned size() const { return Size; }
  /// The tile's index among the block's tiles, and their number.
  __device__ unsigned long long meta_group_rank() const {
    return details::blockThreadRank() / Size;
  }
  __device__ unsigned long long meta_group_size() const {
    return (details::blockThreadCount() + Size - 1) / Size;
  }

  // The shuffles take any trivially copyable type, as CUDA's do: a type
  // without a __shfl_*_sync of its own (a struct of a sum and a maximum
  // that cg::reduce combines) moves as 4-byte words.
  template <class T> __device__ T shfl(T var, int srcRank) const {
    return details::shuffleAny(var, [&](auto word) {
      return __shfl_sync(laneMask(), word, srcRank, Size);
    });
  }
  template <class T> __device__ T shfl_up(T var, unsigned delta) const {
    return details::shuffleAny(var, [&](auto word) {
      return __shfl_up_sync(laneMask(), word, delta, Size);
    });
  }
  template <class T> __device__ T shfl_down(T var, unsigned delta) const {
    return details::shuffleAny(var, [&](auto word) {
      return __shfl_down_sync(laneMask(), word, delta, Size);
    });
  }
  template <class T> __device__ T shfl_xor(T var, unsigned laneMask) const {
    return details::shuffleAny(var, [&](auto word) {
      return __shfl_xor_sync(thread_block_tile::laneMask(), word,
                             (int)laneMask, Size);
    });
  }

  __device__ unsigned ballot(int predicate) const {
    return tileBallot(predicate);
  }
  __device__ int any(int predicate) const { return tileBallot(predicate) != 0; }
  __device__ int all(int predicate) const {
    unsigned ranks = Size == 32 ? 0xffffffffu : (1u << Size) - 1;
    return tileBallot(predicate) == ranks;
  }
};

/// The block cut into tiles of `Size` threads.
template <unsigned Size>
static __device__ __inline__ thread_block_tile<Size>
tiled_partition(const thread_block &) {
  return thread_block_tile<Size>();
}
/// A tile cut into smaller tiles.
template <unsigned Size, unsigned ParentSize>
static __device__ __inline__ thread_block_tile<Size>
tiled_partition(const thread_block_tile<ParentSize> &) {
  static_assert(Size <= ParentSize, "a tile is cut into smaller tiles");
  return thread_block_tile<Size>();
}

/// The lanes of the calling warp that run a call together
/// (__activemask()); ranks count the group's lanes from the lowest.
class coalesced_group {
  unsigned lanes;

  __device__ static unsigned lane() { return details::blockThreadRank() % 32; }
  /// The lane of the group's member of rank `rank`.
  __device__ unsigned laneOfRank(unsigned rank) const {
    unsigned bits = lanes;
    for (unsigned i = 0; i < rank && bits; ++i)
      bits &= bits - 1;
    return bits ? __ffs(bits) - 1 : lane();
  }
  /// The bits of `bits` at the group's lanes, gathered by rank.
  __device__ unsigned byRank(unsigned bits) const {
    unsigned result = 0, rank = 0;
    for (unsigned l = 0; l < 32; ++l)
      if (lanes >> l & 1)
        result |= (bits >> l & 1) << rank++;
    return result;
  }

public:
  __device__ explicit coalesced_group(unsigned lanes) : lanes(lanes) {}
  __device__ void sync() const { __syncwarp(lanes); }
  __device__ unsigned long long thread_rank() const {
    return __popc(lanes & ((1u << lane()) - 1));
  }
  __device__ unsigned long long num_threads() const { return __popc(lanes); }
  __device__ unsigned size() const { return __popc(lanes); }
  __device__ unsigned long long meta_group_rank() const { return 0; }
  __device__ unsigned long long meta_group_size() const { return 1; }

  template <class T> __device__ T shfl(T var, int srcRank) const {
    unsigned source = laneOfRank((unsigned)srcRank % size());
    unsigned mask = lanes;
    return details::shuffleAny(
        var, [&](auto word) { return __shfl_sync(mask, word, source, 32); });
  }
  template <class T> __device__ T shfl_up(T var, unsigned delta) const {
    unsigned rank = thread_rank();
    unsigned source = rank >= delta ? laneOfRank(rank - delta) : lane();
    unsigned mask = lanes;
    return details::shuffleAny(
        var, [&](auto word) { return __shfl_sync(mask, word, source, 32); });
  }
  template <class T> __device__ T shfl_down(T var, unsigned delta) const {
    unsigned rank = thread_rank();
    unsigned source = rank + delta < size() ? laneOfRank(rank + delta) : lane();
    unsigned mask = lanes;
    return details::shuffleAny(
        var, [&](auto word) { return __shfl_sync(mask, word, source, 32); });
  }

  __device__ unsigned ballot(int predicate) const {
    return byRank(__ballot_sync(lanes, predicate));
  }
  __device__ int any(int predicate) const {
    return __ballot_sync(lanes, predicate) != 0;
  }
  __device__ int all(int predicate) const {
    return __ballot_sync(lanes, predicate) == lanes;
  }
};

/// The lanes of the warp that call it together.
static __device__ __inline__ coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}

static __device__ __inline__ void sync(const thread_block &g) { g.sync(); }
static __device__ __inline__ void sync(const coalesced_group &g) { g.sync(); }
template <unsigned Size>
static __device__ __inline__ void sync(const thread_block_tile<Size> &g) {
  g.sync();
}

} // namespace cooperative_groups

#endif // defined(__CUDA__)

#endif // CUCPU_COOPERATIVE_GROUPS_H
