// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// A block searches its values chunk by chunk until a `__shared__` flag says
// one thread found the target (a multinomial sampler's loop): every thread
// clears the flag, one sets it between two barriers, and every thread reads
// it in the loop's condition, thread 0 after the loop. The flag is the
// block's memory: a pass once took the clearing store, which every thread
// does first, for the start of a local of each thread, and no thread ever
// saw another's `found = true`.
#include <cstdio>

__global__ void search(const int *values, const int *targets, int *found_at,
                       int chunks) {
  __shared__ bool found;
  __shared__ int position;
  __shared__ int tile[128];
  int target = targets[blockIdx.x];
  if (threadIdx.x == 0)
    position = -1;
  found = false;
  for (int chunk = 0; chunk < chunks && !found; ++chunk) {
    int i = chunk * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = values[i];
    __syncthreads();
    if (tile[threadIdx.x] == target) {
      atomicMax(&position, i);
      found = true;
    }
    __syncthreads();
  }
  if (threadIdx.x == 0)
    found_at[blockIdx.x] = found ? position : -2;
}

int main() {
  const int threads = 128, chunks = 8, n = threads * chunks, blocks = 6;
  int *values, *targets, *foundAt;
  cudaMallocManaged(&values, n * sizeof(int));
  cudaMallocManaged(&targets, blocks * sizeof(int));
  cudaMallocManaged(&foundAt, blocks * sizeof(int));
  for (int i = 0; i < n; ++i)
    values[i] = (i * 37) % n; // a permutation: each value once
  int wanted[blocks] = {0, 37, 5, 1000, n + 5, 700};
  for (int b = 0; b < blocks; ++b)
    targets[b] = wanted[b];
  search<<<blocks, threads>>>(values, targets, foundAt, chunks);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int b = 0; b < blocks; ++b) {
    int expect = -2;
    for (int i = 0; i < n; ++i)
      if (values[i] == targets[b])
        expect = i;
    if (foundAt[b] != expect) {
      printf("FAIL block %d: %d, expected %d\n", b, foundAt[b], expect);
      ++bad;
    }
  }
  printf(bad ? "FAILED\n" : "PASS\n");
  return bad != 0;
}
