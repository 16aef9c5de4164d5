// RUN: %cucpu -O2 -Rpass=cucpu %s -o %t 2> %t.remarks && %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %cucpu -O2 -fno-cucpu-last-writer-stores %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-last-writer-stores -Rpass=cucpu %s -o %t1 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// CHECK: PASS
// lastBelow: the three stores of its init, then those of pos, where and who.
// REMARK: last_writer_stores.cu:{{[0-9]+}}:{{[0-9]+}}: remark: cucpu: 3 guarded store(s) to block-uniform addresses run once, for the last thread whose guard holds
// REMARK: last_writer_stores.cu:{{[0-9]+}}:{{[0-9]+}}: remark: cucpu: 3 guarded store(s) to block-uniform addresses run once, for the last thread whose guard holds
// markedTwice: its init, then its three stores to one scalar.
// REMARK: last_writer_stores.cu:{{[0-9]+}}:{{[0-9]+}}: remark: cucpu: 1 guarded store(s) to block-uniform addresses run once, for the last thread whose guard holds
// REMARK: last_writer_stores.cu:{{[0-9]+}}:{{[0-9]+}}: remark: cucpu: 3 guarded store(s) to block-uniform addresses run once, for the last thread whose guard holds
// REMARK-NOT: guarded store(s)
// OFF-NOT: block-uniform addresses run once

// Threads whose test holds publish a value through shared memory. When
// several threads' tests hold, the serial order of a block's threads (x
// fastest, then y) decides which value stays: the reference below runs the
// threads in that order. The tests hold for several threads, for none, and
// read a neighbour's key only when the first comparison holds.
#include <cstdio>
#include <vector>

constexpr int kNx = 8, kNy = 4, kBlocks = 37;

// Per block: the position of the last key not above the query in a sorted
// row, as a block-wide search would find it; -1 if none.
__global__ void lastBelow(const int *keys, const int *queries, int *found,
                          int *count) {
  __shared__ int pos;
  __shared__ int where;
  __shared__ int who;
  int t = threadIdx.y * kNx + threadIdx.x;
  const int *k = keys + blockIdx.x * kNx * kNy;
  int q = queries[blockIdx.x];
  if (t == 0) {
    pos = -1;
    where = -5;
    who = -7;
  }
  __syncthreads();
  // Short-circuit: the next key is read only when this one is not above.
  if (k[t] <= q && (t == kNx * kNy - 1 || k[t + 1] > q))
    pos = t * 10 + threadIdx.y;
  __syncthreads();
  // Two stores under one guard; several threads' guards hold.
  if (k[t] % 3 == blockIdx.x % 3) {
    where = t;
    who = threadIdx.x + 100 * threadIdx.y;
  }
  __syncthreads();
  if (t == 0) {
    found[blockIdx.x] = pos * 1000 + where;
    count[blockIdx.x] = who;
  }
}

// Three guarded stores to one scalar, one in an if nested in another and
// one in its else branch. The last thread that stores decides, and within
// a thread the last store in program order: some threads take two stores,
// and in some blocks the last thread of one guard comes after the last
// thread of another, in others before (moving each guard after the loop on
// its own would lose that order).
__global__ void markedTwice(const int *marks, const int *limits, int *mixed) {
  __shared__ int both;
  int t = threadIdx.y * kNx + threadIdx.x;
  if (t == 0)
    both = -1;
  __syncthreads();
  int mark = marks[blockIdx.x * kNx * kNy + t];
  if (mark != 0)
    both = 100 + t;
  if (t < limits[blockIdx.x]) {
    if (mark == 1)
      both = 200 + t;
  } else if (mark == 2) {
    both = 300 + t;
  }
  __syncthreads();
  if (t == 0)
    mixed[blockIdx.x] = both;
}

int main() {
  const int n = kNx * kNy;
  std::vector<int> keys(kBlocks * n), queries(kBlocks), marks(kBlocks * n, 0),
      limits(kBlocks);
  for (int b = 0; b < kBlocks; ++b) {
    int v = b % 5;
    for (int i = 0; i < n; ++i) {
      v += (i * 7 + b) % 4; // sorted, with repeats
      keys[b * n + i] = v;
    }
    queries[b] = (b % 6 == 0) ? -1 : keys[b * n + (b * 13) % n] + (b % 2);
    if (b % 4 != 0)
      marks[b * n + (b * 11) % n] = 1; // one thread of most blocks
    if (b % 3 != 0)
      marks[b * n + (b * 5 + 3) % n] = 2;
    if (b % 5 == 1)
      marks[b * n + (b * 7 + 1) % n] = 1;
    limits[b] = (b * 3) % (n + 1);
  }
  // Reference: the threads in serial order, the last writer wins.
  std::vector<int> wantFound(kBlocks), wantCount(kBlocks, -7),
      wantMixed(kBlocks, -1);
  for (int b = 0; b < kBlocks; ++b) {
    const int *k = &keys[b * n];
    int pos = -1, where = -5;
    for (int t = 0; t < n; ++t)
      if (k[t] <= queries[b] && (t == n - 1 || k[t + 1] > queries[b]))
        pos = t * 10 + t / kNx;
    for (int t = 0; t < n; ++t)
      if (k[t] % 3 == b % 3) {
        where = t;
        wantCount[b] = t % kNx + 100 * (t / kNx);
      }
    wantFound[b] = pos * 1000 + where;
    for (int t = 0; t < n; ++t) {
      int mark = marks[b * n + t];
      if (mark != 0)
        wantMixed[b] = 100 + t;
      if (t < limits[b]) {
        if (mark == 1)
          wantMixed[b] = 200 + t;
      } else if (mark == 2) {
        wantMixed[b] = 300 + t;
      }
    }
  }

  int *dKeys, *dQueries, *dMarks, *dLimits, *dFound, *dCount, *dMixed;
  cudaMalloc(&dKeys, keys.size() * sizeof(int));
  cudaMalloc(&dQueries, kBlocks * sizeof(int));
  cudaMalloc(&dFound, kBlocks * sizeof(int));
  cudaMalloc(&dCount, kBlocks * sizeof(int));
  cudaMalloc(&dMarks, marks.size() * sizeof(int));
  cudaMalloc(&dMixed, kBlocks * sizeof(int));
  cudaMalloc(&dLimits, kBlocks * sizeof(int));
  cudaMemcpy(dLimits, limits.data(), kBlocks * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dMarks, marks.data(), marks.size() * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dKeys, keys.data(), keys.size() * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dQueries, queries.data(), kBlocks * sizeof(int),
             cudaMemcpyHostToDevice);
  std::vector<int> init(kBlocks, -7);
  cudaMemcpy(dCount, init.data(), kBlocks * sizeof(int), cudaMemcpyHostToDevice);
  lastBelow<<<kBlocks, dim3(kNx, kNy)>>>(dKeys, dQueries, dFound, dCount);
  markedTwice<<<kBlocks, dim3(kNx, kNy)>>>(dMarks, dLimits, dMixed);
  std::vector<int> found(kBlocks), count(kBlocks), mixed(kBlocks);
  cudaMemcpy(mixed.data(), dMixed, kBlocks * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(found.data(), dFound, kBlocks * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(count.data(), dCount, kBlocks * sizeof(int), cudaMemcpyDeviceToHost);
  int bad = 0, noWriter = 0, noPos = 0, mixedFrom[4] = {0, 0, 0, 0};
  for (int b = 0; b < kBlocks; ++b) {
    if (found[b] != wantFound[b] || count[b] != wantCount[b] ||
        mixed[b] != wantMixed[b]) {
      printf("block %d: found %d (want %d), count %d (want %d), mixed %d "
             "(want %d)\n",
             b, found[b], wantFound[b], count[b], wantCount[b], mixed[b],
             wantMixed[b]);
      ++bad;
    }
    noWriter += wantCount[b] == -7;
    noPos += wantFound[b] < -900;
    ++mixedFrom[wantMixed[b] < 0 ? 0 : wantMixed[b] / 100];
  }
  // The inputs must exercise blocks without any writer too, and each of
  // markedTwice's stores (and none) must leave the final value somewhere.
  printf("blocks without a writer: %d, without a position: %d\n", noWriter,
         noPos);
  printf("markedTwice values from none/first/second/third store: %d %d %d "
         "%d\n",
         mixedFrom[0], mixedFrom[1], mixedFrom[2], mixedFrom[3]);
  bool covered = noWriter > 0 && noPos > 0 && mixedFrom[0] > 0 &&
                 mixedFrom[1] > 0 && mixedFrom[2] > 0 && mixedFrom[3] > 0;
  printf(bad == 0 && covered ? "PASS\n" : "FAIL\n");
  return 0;
}
