// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// Threads return before a do-while whose body has two barriers and whose
// exit condition reads shared memory that one thread updates. The threads
// that left count as arrived; the others iterate until the condition fails,
// including in blocks where thread 0 itself has exited.

#include <cstdio>

__global__ void countdown(const int *start, int *iterations, int *leader,
                          int firstActive) {
  __shared__ int remaining;
  __shared__ int owner;
  int t = threadIdx.x;
  if (t < firstActive)
    return;
  if (t == firstActive) {
    remaining = start[blockIdx.x];
    owner = t;
  }
  int count = 0;
  do {
    __syncthreads();
    if (t == owner)
      remaining -= 1;
    ++count;
    __syncthreads();
  } while (remaining > 0);
  iterations[blockIdx.x * blockDim.x + t] = count;
  if (t == owner)
    leader[blockIdx.x] = t;
}

int main() {
  const int blocks = 7, threads = 40;
  int start[blocks];
  for (int b = 0; b < blocks; ++b)
    start[b] = 1 + 3 * b;
  const int firstActives[] = {0, 5, 39};
  for (int firstActive : firstActives) {
    int *dstart, *dit, *dlead;
    cudaMalloc(&dstart, sizeof start);
    cudaMalloc(&dit, blocks * threads * sizeof(int));
    cudaMalloc(&dlead, blocks * sizeof(int));
    cudaMemcpy(dstart, start, sizeof start, cudaMemcpyHostToDevice);
    cudaMemset(dit, 0xff, blocks * threads * sizeof(int));
    countdown<<<blocks, threads>>>(dstart, dit, dlead, firstActive);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      printf("FAIL: launch\n");
      return 1;
    }
    int it[blocks * threads], lead[blocks];
    cudaMemcpy(it, dit, sizeof it, cudaMemcpyDeviceToHost);
    cudaMemcpy(lead, dlead, sizeof lead, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; ++b) {
      if (lead[b] != firstActive) {
        printf("FAIL: leader of block %d is %d\n", b, lead[b]);
        return 1;
      }
      for (int t = 0; t < threads; ++t) {
        int expect = t < firstActive ? -1 : start[b];
        if (it[b * threads + t] != expect) {
          printf("FAIL: first active %d, block %d, thread %d: %d, expected %d\n",
                 firstActive, b, t, it[b * threads + t], expect);
          return 1;
        }
      }
    }
  }
  printf("PASS\n");
  return 0;
}
