// __activemask and coalesced groups: the lanes of a warp that run a call
// together. In converged code that is every lane of the warp in the block
// (a partial last warp has fewer); in a divergent branch, the lanes that
// took it. Warp-aggregated atomics (one atomicAdd per warp, each lane's slot
// from its rank) must give every selected element exactly one slot, and a
// warp reduction over __activemask's lanes the warp's sum. Checked against
// the same selection computed on the host.
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: converged masks: 0 wrong
// CHECK: branch masks: 0 wrong
// CHECK: filtered: 0 wrong
// CHECK: coalesced: 0 wrong
// CHECK: warp sums: 0 wrong
// CHECK: PASS
#include <cooperative_groups.h>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

__device__ int aggregatedIncrement(int *counter) {
  unsigned active = __activemask();
  int lane = threadIdx.x % 32;
  int leader = __ffs(active) - 1;
  int base = 0;
  if (lane == leader)
    base = atomicAdd(counter, __popc(active));
  base = __shfl_sync(active, base, leader);
  return base + __popc(active & ((1u << lane) - 1));
}

__device__ int coalescedIncrement(int *counter) {
  cg::coalesced_group g = cg::coalesced_threads();
  int base = 0;
  if (g.thread_rank() == 0)
    base = atomicAdd(counter, g.size());
  return g.shfl(base, 0) + g.thread_rank();
}

__global__ void masks(const int *in, unsigned *converged, unsigned *branch) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  converged[i] = __activemask();
  branch[i] = 0;
  if (in[i] % 3 == 0)
    branch[i] = __activemask();
}

__global__ void filter(const int *in, int n, int *out, int *count,
                       int *out2, int *count2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 3 == 0) {
    out[aggregatedIncrement(count)] = in[i];
    out2[coalescedIncrement(count2)] = in[i];
  }
}

__global__ void warpSums(const float *in, float *sums) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  unsigned active = __activemask();
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(active, v, offset);
  if (threadIdx.x % 32 == 0)
    sums[i / 32] = v;
}

int main() {
  // 2 blocks of 40 threads: a full warp and a partial one of 8 lanes each.
  const int blocks = 2, threads = 40, n = blocks * threads;
  int *in;
  unsigned *converged, *branch;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&converged, n * sizeof(unsigned));
  cudaMallocManaged(&branch, n * sizeof(unsigned));
  for (int i = 0; i < n; i++)
    in[i] = (i * 37 + 11) % 101;
  masks<<<blocks, threads>>>(in, converged, branch);
  cudaDeviceSynchronize();
  int wrongConverged = 0, wrongBranch = 0;
  for (int i = 0; i < n; i++) {
    int t = i % threads, warpFirst = t - t % 32;
    int lanes = threads - warpFirst < 32 ? threads - warpFirst : 32;
    unsigned all = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    unsigned taken = 0;
    for (int l = 0; l < lanes; l++)
      if (in[i - t + warpFirst + l] % 3 == 0)
        taken |= 1u << l;
    wrongConverged += converged[i] != all;
    wrongBranch += branch[i] != (in[i] % 3 == 0 ? taken : 0u);
  }
  printf("converged masks: %d wrong\n", wrongConverged);
  printf("branch masks: %d wrong\n", wrongBranch);

  const int m = 1000;
  int *data, *out, *out2, *count;
  cudaMallocManaged(&data, m * sizeof(int));
  cudaMallocManaged(&out, m * sizeof(int));
  cudaMallocManaged(&out2, m * sizeof(int));
  cudaMallocManaged(&count, 2 * sizeof(int));
  std::vector<int> expected(101, 0);
  for (int i = 0; i < m; i++) {
    data[i] = (i * 53 + 7) % 101;
    if (data[i] % 3 == 0)
      expected[data[i]]++;
  }
  count[0] = count[1] = 0;
  filter<<<(m + 63) / 64, 64>>>(data, m, out, &count[0], out2, &count[1]);
  cudaDeviceSynchronize();
  auto wrongFiltered = [&](const int *o, int c) {
    std::vector<int> seen(101, 0);
    int wrong = 0;
    for (int k = 0; k < c; k++)
      if (o[k] >= 0 && o[k] < 101)
        seen[o[k]]++;
      else
        wrong++;
    for (int v = 0; v < 101; v++)
      wrong += seen[v] != expected[v];
    return wrong;
  };
  int wf = wrongFiltered(out, count[0]), wc = wrongFiltered(out2, count[1]);
  printf("filtered: %d wrong\n", wf);
  printf("coalesced: %d wrong\n", wc);

  const int warps = 8;
  float *values, *sums;
  cudaMallocManaged(&values, warps * 32 * sizeof(float));
  cudaMallocManaged(&sums, warps * sizeof(float));
  for (int i = 0; i < warps * 32; i++)
    values[i] = (float)(i % 17);
  warpSums<<<2, 128>>>(values, sums);
  cudaDeviceSynchronize();
  int wrongSums = 0;
  for (int w = 0; w < warps; w++) {
    float s = 0;
    for (int l = 0; l < 32; l++)
      s += values[w * 32 + l];
    wrongSums += sums[w] != s;
  }
  printf("warp sums: %d wrong\n", wrongSums);
  bool ok = !wrongConverged && !wrongBranch && !wf && !wc && !wrongSums;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return 0;
}
