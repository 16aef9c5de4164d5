// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Cooperative groups within a block: the thread block, static tiles of 32,
// 16, 8 and 4 threads (ranks, shuffles, votes, sync), cg::reduce with CUDA's
// function objects and a lambda, and tile scans, in a 2D block. Checked
// against a plain C++ model: tiles are consecutive linear thread indices.

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>

namespace cg = cooperative_groups;

constexpr int kFields = 16;

__global__ void groups(const int *in, int *out, int *blockSums) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ int partial[32];
  int rank = (int)block.thread_rank();
  int t = (blockIdx.x * (int)block.size() + rank);
  int v = in[t];
  int *o = out + t * kFields;

  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<16> half = cg::tiled_partition<16>(block);
  cg::thread_block_tile<8> eighth = cg::tiled_partition<8>(warp);
  cg::thread_block_tile<4> quad = cg::tiled_partition<4>(block);

  o[0] = cg::reduce(warp, v, cg::plus<int>());
  o[1] = cg::reduce(half, v, cg::greater<int>());
  o[2] = cg::reduce(eighth, v, cg::less<int>());
  o[3] = cg::reduce(quad, v, [](int a, int b) { return a * 3 + b; });
  int s = v;
  for (int offset = 8; offset > 0; offset /= 2)
    s += half.shfl_down(s, offset);
  o[4] = s;
  o[5] = half.shfl(v, 3);
  o[6] = eighth.ballot(v > 0);
  o[7] = eighth.any(v > 90);
  o[8] = quad.all(v > -60);
  o[9] = cg::inclusive_scan(warp, v);
  o[10] = cg::exclusive_scan(eighth, v);
  o[11] = (int)(half.meta_group_rank() * 1000 + half.meta_group_size() * 100 +
                eighth.thread_rank() * 10 + eighth.num_threads());
  o[12] = quad.shfl_xor(v, 2);
  o[13] = warp.shfl_up(v, 1);

  // A block reduction: each warp's sum through shared memory, then the first
  // warp.
  if (warp.thread_rank() == 0)
    partial[warp.meta_group_rank()] = o[0];
  block.sync();
  if (warp.meta_group_rank() == 0) {
    int w = warp.thread_rank() < warp.meta_group_size()
                ? partial[warp.thread_rank()]
                : 0;
    w = cg::reduce(warp, w, cg::plus<int>());
    if (warp.thread_rank() == 0)
      blockSums[blockIdx.x] = w;
  }
  cg::sync(block);
  dim3 index = block.group_index(), thread = block.thread_index();
  o[14] = (int)(index.x * 100000 + thread.y * 100 + thread.x);
  o[15] = (int)(block.group_dim().x * 100 + block.dim_threads().y);
}

static int failures = 0;

static void expect(const char *what, int i, long long got, long long want) {
  if (got != want && failures++ < 10)
    printf("FAIL: %s[%d] = %lld, expected %lld\n", what, i, got, want);
}

int main() {
  const int blocks = 3;
  const dim3 shape(16, 8);
  const int per = 16 * 8, n = blocks * per;
  static int in[n], out[n * kFields];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 61 + 7) % 201 - 100;
  int *din, *dout, *dsums;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dsums, blocks * sizeof(int));
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  groups<<<blocks, shape>>>(din, dout, dsums);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  int sums[blocks];
  cudaMemcpy(sums, dsums, sizeof sums, cudaMemcpyDeviceToHost);

  for (int i = 0; i < n; ++i) {
    int rank = i % per;
    const int *o = out + i * kFields;
    // The first element of the tile of `size` threads that holds i.
    auto first = [&](int size) { return i - rank % size; };
    long long sum32 = 0, scan32 = 0, sum16 = 0;
    int max16 = -1000, min8 = 1000, ballot8 = 0, any8 = 0, all4 = 1;
    long long folded4 = 0, exclusive8 = 0;
    for (int k = 0; k < 32; ++k) {
      sum32 += in[first(32) + k];
      if (first(32) + k <= i)
        scan32 += in[first(32) + k];
    }
    for (int k = 0; k < 16; ++k) {
      sum16 += in[first(16) + k];
      max16 = in[first(16) + k] > max16 ? in[first(16) + k] : max16;
    }
    for (int k = 0; k < 8; ++k) {
      int x = in[first(8) + k];
      min8 = x < min8 ? x : min8;
      ballot8 |= (x > 0) << k;
      any8 |= x > 90;
      if (first(8) + k < i)
        exclusive8 += x;
    }
    for (int k = 0; k < 4; ++k)
      all4 &= in[first(4) + k] > -60;
    // The butterfly combines the quad's values in this order (a * 3 + b is
    // not commutative): each step pairs a thread with its xor partner.
    {
      long long level[4];
      for (int k = 0; k < 4; ++k)
        level[k] = in[first(4) + k];
      for (int offset = 2; offset > 0; offset /= 2) {
        long long next[4];
        for (int k = 0; k < 4; ++k)
          next[k] = (int)(level[k] * 3 + level[k ^ offset]);
        for (int k = 0; k < 4; ++k)
          level[k] = next[k];
      }
      folded4 = level[rank % 4];
    }
    expect("warp sum", i, o[0], sum32);
    expect("half max", i, o[1], max16);
    expect("eighth min", i, o[2], min8);
    expect("quad lambda", i, o[3], folded4);
    if (rank % 16 == 0) // the tree sum reaches the tile's first thread
      expect("half shfl_down sum", i, o[4], sum16);
    expect("half shfl", i, o[5], in[first(16) + 3]);
    expect("eighth ballot", i, o[6], ballot8);
    expect("eighth any", i, o[7], any8);
    expect("quad all", i, o[8], all4);
    expect("warp scan", i, o[9], scan32);
    expect("eighth exclusive scan", i, o[10], exclusive8);
    expect("ranks", i, o[11],
           (rank / 16) * 1000 + (per / 16) * 100 + (rank % 8) * 10 + 8);
    expect("quad xor", i, o[12], in[first(4) + ((rank % 4) ^ 2)]);
    expect("warp shfl_up", i, o[13], rank % 32 == 0 ? in[i] : in[i - 1]);
    expect("indices", i, o[14],
           (i / per) * 100000 + (rank / 16) * 100 + rank % 16);
    expect("dims", i, o[15], 16 * 100 + 8);
  }
  for (int b = 0; b < blocks; ++b) {
    long long want = 0;
    for (int k = 0; k < per; ++k)
      want += in[b * per + k];
    expect("block sum", b, sums[b], want);
  }
  if (failures) {
    printf("FAIL: %d mismatches\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
