// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Votes over a mask that leaves the calling lane out, as a warp-level
// prefix count does (`__ballot_sync(lanes below me, p)`, then __popc): the
// result covers the mask's lanes only, as on a GPU (cucpu counted the
// caller too). __any_sync and __all_sync over such masks likewise; a mask
// that holds the caller is unchanged.

#include <cstdio>

__global__ void prefixCounts(const int *flags, int *below, int *anyAbove,
                             int *allBelow, unsigned *ballot) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x % 32;
  bool p = flags[t] != 0;
  unsigned lower = (1u << lane) - 1;
  unsigned upper = lane == 31 ? 0u : ~0u << (lane + 1);
  below[t] = __popc(__ballot_sync(lower, p));
  anyAbove[t] = __any_sync(upper, p);
  allBelow[t] = __all_sync(lower, p);
  ballot[t] = __ballot_sync(0xffffffffu, p);
}

int main() {
  const int n = 4 * 64;
  int *flags, *below, *anyAbove, *allBelow;
  unsigned *ballot;
  cudaMallocManaged(&flags, n * sizeof(int));
  cudaMallocManaged(&below, n * sizeof(int));
  cudaMallocManaged(&anyAbove, n * sizeof(int));
  cudaMallocManaged(&allBelow, n * sizeof(int));
  cudaMallocManaged(&ballot, n * sizeof(unsigned));
  unsigned seed = 11;
  for (int i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    flags[i] = (seed >> 16) % 3 != 0;
  }
  prefixCounts<<<4, 64>>>(flags, below, anyAbove, allBelow, ballot);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int t = 0; t < n; ++t) {
    int warp = t / 32 * 32, lane = t % 32;
    int count = 0, any = 0, all = 1;
    unsigned bits = 0;
    for (int k = 0; k < 32; ++k) {
      bool p = flags[warp + k] != 0;
      bits |= unsigned(p) << k;
      if (k < lane) {
        count += p;
        all &= p;
      }
      if (k > lane)
        any |= p;
    }
    if ((below[t] != count || anyAbove[t] != any || allBelow[t] != all ||
         ballot[t] != bits) &&
        bad++ < 5)
      printf("thread %d: %d %d %d %x, want %d %d %d %x\n", t, below[t],
             anyAbove[t], allBelow[t], ballot[t], count, any, all, bits);
  }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
