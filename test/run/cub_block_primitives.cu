// RUN: %cucpu -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: PASS

// CUB's block- and warp-level primitives (Debian's CUB, unmodified) in a
// user kernel, each checked against plain C++: BlockLoad and BlockStore
// (warp transpose), BlockReduce (full, partial, custom operator),
// BlockScan, BlockRadixSort, BlockExchange, WarpReduce and WarpScan. They
// reach the lane id, shuffles and votes through inline PTX.
#include <cub/cub.cuh>
#include <cstdio>
#include <vector>
#include <algorithm>
#include <numeric>

constexpr int BT = 128, IPT = 4, TILE = BT * IPT;
static int failures = 0;
#define CHECK(c, what) do { if (!(c)) { printf("FAIL %s\n", what); ++failures; } } while (0)

__global__ void blockKernel(const int *in, int *sums, int *maxes, int *partial,
                            int *exclusive, int *inclusive, int *sorted,
                            int *striped, int *warpSums, int *warpScans) {
  typedef cub::BlockReduce<int, BT> BR;
  typedef cub::BlockScan<int, BT> BS;
  typedef cub::BlockLoad<int, BT, IPT, cub::BLOCK_LOAD_WARP_TRANSPOSE> BL;
  typedef cub::BlockStore<int, BT, IPT, cub::BLOCK_STORE_WARP_TRANSPOSE> BSt;
  typedef cub::BlockRadixSort<int, BT, IPT> BRS;
  typedef cub::BlockExchange<int, BT, IPT> BE;
  typedef cub::WarpReduce<int> WR;
  typedef cub::WarpScan<int> WS;
  __shared__ union {
    typename BR::TempStorage reduce;
    typename BS::TempStorage scan;
    typename BL::TempStorage load;
    typename BSt::TempStorage store;
    typename BRS::TempStorage sort;
    typename BE::TempStorage exchange;
  } temp;
  __shared__ typename WR::TempStorage warpReduce[BT / 32];
  __shared__ typename WS::TempStorage warpScan[BT / 32];

  const int *tile = in + blockIdx.x * TILE;
  int items[IPT];
  BL(temp.load).Load(tile, items);
  __syncthreads();
  int threadSum = 0;
  for (int i = 0; i < IPT; ++i) threadSum += items[i];
  int s = BR(temp.reduce).Sum(threadSum);
  __syncthreads();
  int m = BR(temp.reduce).Reduce(items[0], cub::Max());
  __syncthreads();
  int p = BR(temp.reduce).Sum(items[1], 77);
  __syncthreads();
  if (threadIdx.x == 0) { sums[blockIdx.x] = s; maxes[blockIdx.x] = m; partial[blockIdx.x] = p; }

  int ex[IPT], inc[IPT];
  BS(temp.scan).ExclusiveSum(items, ex);
  __syncthreads();
  BS(temp.scan).InclusiveScan(items, inc, cub::Max());
  __syncthreads();
  BSt(temp.store).Store(exclusive + blockIdx.x * TILE, ex);
  __syncthreads();
  BSt(temp.store).Store(inclusive + blockIdx.x * TILE, inc);
  __syncthreads();

  int keys[IPT];
  for (int i = 0; i < IPT; ++i) keys[i] = items[i];
  BRS(temp.sort).Sort(keys);  // blocked arrangement, sorted
  __syncthreads();
  for (int i = 0; i < IPT; ++i) sorted[blockIdx.x * TILE + threadIdx.x * IPT + i] = keys[i];
  BE(temp.exchange).BlockedToStriped(keys);
  __syncthreads();
  for (int i = 0; i < IPT; ++i) striped[blockIdx.x * TILE + i * BT + threadIdx.x] = keys[i];

  int warp = threadIdx.x / 32;
  int wsum = WR(warpReduce[warp]).Sum(items[2]);
  if (threadIdx.x % 32 == 0) warpSums[blockIdx.x * (BT / 32) + warp] = wsum;
  int wscan;
  WS(warpScan[warp]).InclusiveSum(items[3], wscan);
  warpScans[blockIdx.x * BT + threadIdx.x] = wscan;
}

int main() {
  const int blocks = 3, n = blocks * TILE;
  int *in, *sums, *maxes, *partial, *exclusive, *inclusive, *sorted, *striped, *warpSums, *warpScans;
  cudaMallocManaged(&in, n * 4); cudaMallocManaged(&sums, blocks * 4); cudaMallocManaged(&maxes, blocks * 4);
  cudaMallocManaged(&partial, blocks * 4); cudaMallocManaged(&exclusive, n * 4); cudaMallocManaged(&inclusive, n * 4);
  cudaMallocManaged(&sorted, n * 4); cudaMallocManaged(&striped, n * 4);
  cudaMallocManaged(&warpSums, blocks * BT / 32 * 4); cudaMallocManaged(&warpScans, blocks * BT * 4);
  for (int i = 0; i < n; ++i) in[i] = (i * 7919 + 13) % 1009 - 500;
  blockKernel<<<blocks, BT>>>(in, sums, maxes, partial, exclusive, inclusive, sorted, striped, warpSums, warpScans);
  cudaDeviceSynchronize();
  for (int b = 0; b < blocks; ++b) {
    const int *t = in + b * TILE;
    // Thread i holds t[i*IPT .. i*IPT+IPT) (blocked).
    int s = std::accumulate(t, t + TILE, 0);
    CHECK(sums[b] == s, "BlockReduce::Sum");
    int m = t[0]; for (int i = 0; i < BT; ++i) m = std::max(m, t[i * IPT]);
    CHECK(maxes[b] == m, "BlockReduce::Reduce(Max)");
    int p = 0; for (int i = 0; i < 77; ++i) p += t[i * IPT + 1];
    CHECK(partial[b] == p, "BlockReduce::Sum(partial)");
    int run = 0, mx = t[0];
    bool exOk = true, incOk = true;
    for (int i = 0; i < TILE; ++i) {
      exOk &= exclusive[b * TILE + i] == run; run += t[i];
      mx = std::max(mx, t[i]); incOk &= inclusive[b * TILE + i] == mx;
    }
    CHECK(exOk, "BlockScan::ExclusiveSum + BlockStore");
    CHECK(incOk, "BlockScan::InclusiveScan(Max)");
    std::vector<int> ref(t, t + TILE); std::sort(ref.begin(), ref.end());
    CHECK(std::equal(ref.begin(), ref.end(), sorted + b * TILE), "BlockRadixSort");
    CHECK(std::equal(ref.begin(), ref.end(), striped + b * TILE), "BlockExchange::BlockedToStriped");
    for (int w = 0; w < BT / 32; ++w) {
      int ws = 0; for (int l = 0; l < 32; ++l) ws += t[(w * 32 + l) * IPT + 2];
      CHECK(warpSums[b * BT / 32 + w] == ws, "WarpReduce::Sum");
      int acc = 0; bool ok = true;
      for (int l = 0; l < 32; ++l) { acc += t[(w * 32 + l) * IPT + 3]; ok &= warpScans[b * BT + w * 32 + l] == acc; }
      CHECK(ok, "WarpScan::InclusiveSum");
    }
  }
  printf(failures ? "FAILED\n" : "PASS\n");
  return failures != 0;
}
