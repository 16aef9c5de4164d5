// RUN: %cucpu -O2 -Rpass=cucpu %s -o %t 2> %t.remarks && %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %cucpu -O2 -fno-cucpu-hoist-uniform-ifs %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-hoist-uniform-ifs -Rpass=cucpu %s -o %t1 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// CHECK: PASS
// REMARK: barrier_block_early_return.cu:{{[0-9]+}}:{{[0-9]+}}: remark: cucpu: condition shared by the block's threads taken once for the block
// REMARK-NOT: taken once for the block
// OFF-NOT: taken once for the block

// Kernels that return early on the block index (more blocks than work
// items), then walk a loop with barriers and locals that live across them,
// with a second early return nested after the first. The grid has more
// blocks than items, so the guard is false for whole blocks.
#include <cstdio>
#include <vector>

constexpr int kWidth = 64;

// Each block finds, in its row of a table of sorted keys, the position of
// its query by a block-wide search over several levels: the threads compare
// and one of them publishes the next position through shared memory.
__global__ void searchRows(const int *keys, const int *queries, int *found,
                           int rows, int levels) {
  __shared__ int next;
  int row = blockIdx.x;
  int t = threadIdx.x;
  if (row >= rows)
    return;
  int query = queries[row];
  int pos = 0;
  for (int level = 0; level < levels; ++level) {
    const int *k = keys + (size_t)row * kWidth;
    if (t == 0)
      next = pos;
    __syncthreads();
    if (k[t] <= query + level && (t == kWidth - 1 || k[t + 1] > query + level))
      next = t;
    __syncthreads();
    pos = next + pos % 3;
    __syncthreads();
  }
  if (t == 0)
    found[row] = pos;
}

// Two guards: rows past the end, then rows whose query is negative. (The
// flag of two returns stays in memory, so the guards stay in the thread
// loop; the kernel checks that they still work.)
__global__ void scaleRows(const int *queries, int *out, int rows) {
  __shared__ int total[kWidth];
  int row = blockIdx.x;
  if (row >= rows)
    return;
  if (queries[row] < 0)
    return;
  int t = threadIdx.x;
  total[t] = queries[row] * t;
  __syncthreads();
  int sum = 0;
  for (int i = 0; i < kWidth; ++i)
    sum += total[(t + i) % kWidth];
  out[row * kWidth + t] = sum;
}

int main() {
  const int rows = 37, levels = 3, blocks = 50;
  std::vector<int> keys(rows * kWidth), queries(rows);
  for (int r = 0; r < rows; ++r) {
    for (int i = 0; i < kWidth; ++i)
      keys[r * kWidth + i] = 3 * i + r % 5;
    queries[r] = (r * 29) % (3 * kWidth) - (r % 7 == 0 ? 200 : 0);
  }

  // Reference.
  std::vector<int> wantFound(rows), wantOut(rows * kWidth, -1);
  for (int r = 0; r < rows; ++r) {
    int pos = 0;
    for (int level = 0; level < levels; ++level) {
      int next = pos;
      for (int t = 0; t < kWidth; ++t) {
        const int *k = &keys[r * kWidth];
        if (k[t] <= queries[r] + level &&
            (t == kWidth - 1 || k[t + 1] > queries[r] + level))
          next = t;
      }
      pos = next + pos % 3;
    }
    wantFound[r] = pos;
    if (queries[r] >= 0)
      for (int t = 0; t < kWidth; ++t) {
        int sum = 0;
        for (int i = 0; i < kWidth; ++i)
          sum += queries[r] * ((t + i) % kWidth);
        wantOut[r * kWidth + t] = sum;
      }
  }

  int *dKeys, *dQueries, *dFound, *dOut;
  cudaMalloc(&dKeys, keys.size() * sizeof(int));
  cudaMalloc(&dQueries, rows * sizeof(int));
  cudaMalloc(&dFound, rows * sizeof(int));
  cudaMalloc(&dOut, rows * kWidth * sizeof(int));
  cudaMemcpy(dKeys, keys.data(), keys.size() * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dQueries, queries.data(), rows * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemset(dOut, 0xff, rows * kWidth * sizeof(int));
  searchRows<<<blocks, kWidth>>>(dKeys, dQueries, dFound, rows, levels);
  scaleRows<<<blocks, kWidth>>>(dQueries, dOut, rows);
  std::vector<int> gotFound(rows), gotOut(rows * kWidth);
  cudaMemcpy(gotFound.data(), dFound, rows * sizeof(int),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(gotOut.data(), dOut, rows * kWidth * sizeof(int),
             cudaMemcpyDeviceToHost);

  int errors = 0;
  for (int r = 0; r < rows; ++r)
    if (gotFound[r] != wantFound[r] && errors++ < 5)
      printf("found[%d] = %d, want %d\n", r, gotFound[r], wantFound[r]);
  for (int i = 0; i < rows * kWidth; ++i)
    if (gotOut[i] != wantOut[i] && errors++ < 5)
      printf("out[%d] = %d, want %d\n", i, gotOut[i], wantOut[i]);
  printf(errors ? "FAIL\n" : "PASS\n");
  return errors != 0;
}
