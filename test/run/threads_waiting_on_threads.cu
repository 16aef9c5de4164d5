// Kernels whose threads wait on what other threads write, as a GPU lets
// them when its blocks run at once: a chain of elements finished in order by
// threads of every block (sweeps over volatile state until none is missing),
// a relay of tasks between blocks through flags read with atomicAdd(p, 0),
// and sweeps that wait on a later thread of the same block. Run thread after thread and block after block, each waited
// forever. With one worker too: each block gets a thread of its own.
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: env CUCPU_NUM_THREADS=1 %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: chain: 0 out of order
// CHECK: relay: 0 wrong
// CHECK: handoff: 0 wrong
// CHECK: PASS
#include <cstdio>
#include <vector>

// Thread t owns elements t, t + T, t + 2T, ... (T threads in the grid);
// element i can be finished only after element i - 1.
__global__ void chain(int n, volatile int *done, int *order, int *counter) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = gridDim.x * blockDim.x;
  int missing;
  do {
    missing = 0;
    for (int i = tid; i < n; i += stride) {
      if (done[i])
        continue;
      if (i == 0 || done[i - 1]) {
        order[i] = atomicAdd(counter, 1);
        __threadfence();
        done[i] = 1;
      } else {
        missing = 1;
      }
    }
  } while (missing);
}

// Block b takes tasks b, b + gridDim.x, ...; task s waits for flags[s],
// which task s - 1 sets, so block 0's second task waits on the last block.
__global__ void relay(int tasks, int *flags, int *out) {
  for (int s = blockIdx.x; s < tasks; s += gridDim.x) {
    __syncthreads();
    if (threadIdx.x == 0) {
      while (atomicAdd(&flags[s], 0) == 0) {
      }
      out[s] = s > 0 ? out[s - 1] + s : 0;
      __threadfence();
      atomicAdd(&flags[s + 1], 1);
    }
    __syncthreads();
  }
}

// Thread t can finish only after thread t + 1 of its block, which comes
// later in a serial thread loop: each thread sweeps until it has finished,
// reading the others' progress through volatile __shared__ memory.
__global__ void handoff(int *out) {
  __shared__ volatile int ready[128];
  __shared__ volatile int value[128];
  int t = threadIdx.x, n = blockDim.x;
  ready[t] = 0;
  __syncthreads();
  bool finished = false;
  do {
    if (t == n - 1) {
      value[t] = blockIdx.x;
      ready[t] = 1;
      finished = true;
    } else if (ready[t + 1]) {
      value[t] = value[t + 1] + 1;
      ready[t] = 1;
      finished = true;
    }
  } while (!finished);
  out[blockIdx.x * n + t] = value[t];
}

int main() {
  const int n = 3000, blocks = 6, threads = 64;
  int *done, *order, *counter;
  cudaMallocManaged(&done, n * sizeof(int));
  cudaMallocManaged(&order, n * sizeof(int));
  cudaMallocManaged(&counter, sizeof(int));
  cudaMemset(done, 0, n * sizeof(int));
  cudaMemset(counter, 0, sizeof(int));
  chain<<<blocks, threads>>>(n, done, order, counter);
  cudaDeviceSynchronize();
  int outOfOrder = 0;
  for (int i = 0; i < n; i++)
    outOfOrder += order[i] != i;
  printf("chain: %d out of order\n", outOfOrder);

  const int tasks = 100;
  int *flags, *out;
  cudaMallocManaged(&flags, (tasks + 1) * sizeof(int));
  cudaMallocManaged(&out, tasks * sizeof(int));
  cudaMemset(flags, 0, (tasks + 1) * sizeof(int));
  flags[0] = 1;
  relay<<<8, 32>>>(tasks, flags, out);
  cudaDeviceSynchronize();
  int wrongRelay = 0;
  for (int s = 0; s < tasks; s++)
    wrongRelay += out[s] != s * (s + 1) / 2;
  printf("relay: %d wrong\n", wrongRelay);

  const int hb = 3, ht = 96;
  int *h;
  cudaMallocManaged(&h, hb * ht * sizeof(int));
  handoff<<<hb, ht>>>(h);
  cudaDeviceSynchronize();
  int wrongHandoff = 0;
  for (int b = 0; b < hb; b++)
    for (int t = 0; t < ht; t++)
      wrongHandoff += h[b * ht + t] != b + (ht - 1 - t);
  printf("handoff: %d wrong\n", wrongHandoff);
  printf("%s\n", outOfOrder + wrongRelay + wrongHandoff ? "FAIL" : "PASS");
  return 0;
}
