// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-uniform-locals %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-inner-serialization %s -o %t1 && env CUCPU_NUM_THREADS=2 %t1 | FileCheck %s
// CHECK: PASS

// Loops around barriers whose counter every thread holds alike (a pyramid
// stencil, like pathfinder's): barrier lowering reads the counter once per
// thread loop. The guards that use it select a range of threads that
// narrows with each step, until it is empty; blocks are partial at the
// right edge; the counter also moves by a kernel argument and is set again
// under a uniform condition inside the loop.
#include <cstdio>
#include <vector>

constexpr int kBlock = 64;

__global__ void pyramid(const int *in, int *out, int n, int steps, int stride) {
  __shared__ int cur[kBlock];
  __shared__ int nxt[kBlock];
  int tx = threadIdx.x;
  int col = blockIdx.x * kBlock + tx;
  bool inside = col < n;
  cur[tx] = inside ? in[col] : 0;
  __syncthreads();
  int rounds = 0;
  for (int s = 0; s < steps; s += stride) {
    bool live = tx > s && tx < kBlock - 1 - s && inside;
    if (live)
      nxt[tx] = cur[tx - 1] + cur[tx] + cur[tx + 1] + s;
    __syncthreads();
    if (live)
      cur[tx] = nxt[tx];
    // A uniform store inside the loop: the counter jumps ahead once.
    if (s == 3 * stride)
      s += stride;
    ++rounds;
    __syncthreads();
  }
  if (inside)
    out[col] = cur[tx] * 1000 + rounds;
}

static void reference(const std::vector<int> &in, std::vector<int> &out, int n,
                      int steps, int stride) {
  int blocks = (n + kBlock - 1) / kBlock;
  for (int b = 0; b < blocks; ++b) {
    int cur[kBlock], nxt[kBlock];
    for (int t = 0; t < kBlock; ++t) {
      int col = b * kBlock + t;
      cur[t] = col < n ? in[col] : 0;
    }
    int rounds = 0;
    for (int s = 0; s < steps; s += stride) {
      bool live[kBlock];
      for (int t = 0; t < kBlock; ++t) {
        live[t] = t > s && t < kBlock - 1 - s && b * kBlock + t < n;
        if (live[t])
          nxt[t] = cur[t - 1] + cur[t] + cur[t + 1] + s;
      }
      for (int t = 0; t < kBlock; ++t)
        if (live[t])
          cur[t] = nxt[t];
      if (s == 3 * stride)
        s += stride;
      ++rounds;
    }
    for (int t = 0; t < kBlock; ++t)
      if (b * kBlock + t < n)
        out[b * kBlock + t] = cur[t] * 1000 + rounds;
  }
}

int main() {
  const int n = 5 * kBlock + 17; // the last block is partial
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 37) % 11 - 5;
  int *dIn, *dOut;
  cudaMalloc(&dIn, n * sizeof(int));
  cudaMalloc(&dOut, n * sizeof(int));
  cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  // No step; a few; more than half the block (the live range gets empty);
  // a stride of 2 and of 5.
  const int cases[][2] = {{0, 1}, {3, 1}, {9, 1}, {40, 1}, {13, 2}, {36, 5}};
  bool ok = true;
  for (auto [steps, stride] : cases) {
    std::vector<int> got(n, -1), want(n);
    cudaMemset(dOut, 0xff, n * sizeof(int));
    pyramid<<<(n + kBlock - 1) / kBlock, kBlock>>>(dIn, dOut, n, steps,
                                                  stride);
    cudaMemcpy(got.data(), dOut, n * sizeof(int), cudaMemcpyDeviceToHost);
    reference(in, want, n, steps, stride);
    for (int i = 0; i < n; ++i)
      if (got[i] != want[i]) {
        printf("FAIL steps=%d stride=%d at %d: %d != %d\n", steps, stride, i,
               got[i], want[i]);
        ok = false;
        break;
      }
  }
  cudaFree(dIn);
  cudaFree(dOut);
  if (ok)
    printf("PASS\n");
  return ok ? 0 : 1;
}
