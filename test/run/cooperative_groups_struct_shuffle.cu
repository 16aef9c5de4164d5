// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: PASS

// A tile's shuffles take any trivially copyable type, as CUDA's do: here a
// struct of a sum and a maximum that cg::reduce combines (an online
// softmax's pair), and a 12-byte struct moved by shfl, shfl_up, shfl_down
// and shfl_xor. fdividef, the math API's division, comes along.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
namespace cg = cooperative_groups;

struct SumMax {
  float sum, max;
};

struct Combine {
  __device__ SumMax operator()(SumMax a, SumMax b) const {
    return {a.sum + b.sum, fmaxf(a.max, b.max)};
  }
};

struct Triple {
  int a, b, c;
};

__global__ void kernel(const float *in, float *sums, float *maxes, int *moved) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float x = in[blockIdx.x * blockDim.x + threadIdx.x];
  SumMax r = cg::reduce(tile, SumMax{x, x}, Combine());
  if (tile.thread_rank() == 0) {
    int t = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    sums[t] = r.sum;
    maxes[t] = fdividef(r.max, 2.0f);
  }
  int lane = tile.thread_rank();
  Triple mine = {lane, lane * 10, lane * 100};
  Triple from = tile.shfl(mine, 7);
  Triple up = tile.shfl_up(mine, 1);
  Triple down = tile.shfl_down(mine, 2);
  Triple other = tile.shfl_xor(mine, 5);
  int *m = moved + (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  m[0] = from.a + from.b + from.c;
  m[1] = up.a + up.b + up.c;
  m[2] = down.a + down.b + down.c;
  m[3] = other.a + other.b + other.c;
}

int main() {
  const int blocks = 2, threads = 64, n = blocks * threads;
  float *in, *sums, *maxes;
  int *moved;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&sums, n / 32 * sizeof(float));
  cudaMallocManaged(&maxes, n / 32 * sizeof(float));
  cudaMallocManaged(&moved, n * 4 * sizeof(int));
  for (int i = 0; i < n; ++i)
    in[i] = (float)((i * 37) % 101) - 50.0f;
  kernel<<<blocks, threads>>>(in, sums, maxes, moved);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int t = 0; t < n / 32; ++t) {
    float s = 0, m = -1e30f;
    for (int l = 0; l < 32; ++l) {
      s += in[t * 32 + l];
      m = in[t * 32 + l] > m ? in[t * 32 + l] : m;
    }
    if (sums[t] != s || maxes[t] != m / 2) {
      printf("FAIL tile %d: %g %g, expected %g %g\n", t, sums[t], maxes[t], s, m / 2);
      ++bad;
    }
  }
  for (int i = 0; i < n; ++i) {
    int lane = i % 32;
    auto total = [](int l) { return l * 111; };
    int expect[4] = {total(7), total(lane >= 1 ? lane - 1 : lane),
                     total(lane + 2 <= 31 ? lane + 2 : lane), total(lane ^ 5)};
    for (int k = 0; k < 4; ++k)
      if (moved[i * 4 + k] != expect[k] && bad++ < 10)
        printf("FAIL thread %d shuffle %d: %d, expected %d\n", i, k, moved[i * 4 + k], expect[k]);
  }
  printf(bad ? "FAILED\n" : "PASS\n");
  return bad != 0;
}
