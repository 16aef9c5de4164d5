// Streamcluster: the local search of online k-median clustering. For each
// candidate point x the pgain step asks: if x were opened as a center, which
// points would move to it, and which open centers could be closed (their
// remaining points moved to x) for a net saving? If opening x lowers the total
// cost, the move is applied.
#include "bench.h"
#include "streamcluster_input.h"

#include <cstdio>
#include <vector>

#define BLOCK 256
#define MAX_DIM 64
#define MAX_CENTERS streamcluster::kMaxCenters
// One row of the work array per block: the extra cost of closing each center
// slot, then the saving of the points that switch to x anyway.
#define ROW (MAX_CENTERS + 1)

// One thread per point. coordT is dimension-major (dim x n) so that the
// threads of a warp read consecutive addresses.
__global__ void pgainKernel(const float *coordT, const float *weight,
                            const float *cost, const int *slot,
                            float *candDist, double *workMem, int n, int dim,
                            int x) {
  __shared__ float cand[MAX_DIM];
  __shared__ double acc[ROW];

  int t = threadIdx.x;
  for (int d = t; d < dim; d += blockDim.x)
    cand[d] = coordT[(size_t)d * n + x];
  for (int s = t; s < ROW; s += blockDim.x)
    acc[s] = 0.0;
  __syncthreads();

  int i = blockIdx.x * blockDim.x + t;
  if (i < n) {
    float dist = 0.0f;
    for (int d = 0; d < dim; ++d) {
      float diff = coordT[(size_t)d * n + i] - cand[d];
      dist += diff * diff;
    }
    float newCost = weight[i] * dist;
    float oldCost = cost[i];
    candDist[i] = newCost;
    if (newCost < oldCost)
      atomicAdd(&acc[MAX_CENTERS], (double)(oldCost - newCost));
    else
      atomicAdd(&acc[slot[i]], (double)(newCost - oldCost));
  }
  __syncthreads();

  for (int s = t; s < ROW; s += blockDim.x)
    workMem[(size_t)blockIdx.x * ROW + s] = acc[s];
}

// Sums the per-block rows of the work array: one thread per column.
__global__ void sumRows(const double *workMem, double *totals,
                        int numRows) {
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s < ROW) {
    double total = 0.0;
    for (int r = 0; r < numRows; ++r)
      total += workMem[(size_t)r * ROW + s];
    totals[s] = total;
  }
}

// Moves to x (in slot xSlot) every point that is cheaper there or whose
// center is being closed.
__global__ void applyKernel(const float *candDist, float *cost, int *slot,
                            const int *closing, int n, int xSlot) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float newCost = candDist[i];
    if (newCost < cost[i] || closing[slot[i]]) {
      cost[i] = newCost;
      slot[i] = xSlot;
    }
  }
}

static void check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(err));
    std::exit(1);
  }
}

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int n = (int)args.pick(streamcluster::kSmallN, streamcluster::kDefaultN);
  int numCandidates = streamcluster::candidateCount(args);
  streamcluster::Input in = streamcluster::makeInput(n, numCandidates);
  int dim = in.dim;
  double z = in.openCost;
  if (dim > MAX_DIM) {
    std::fprintf(stderr, "dimension %d exceeds %d\n", dim, MAX_DIM);
    return 1;
  }

  // Host-side bookkeeping of the open centers.
  std::vector<int> slotCenter(MAX_CENTERS, -1); // point id in each slot
  std::vector<char> isCenter(n, 0);
  slotCenter[0] = 0;
  isCenter[0] = 1;
  int openCenters = 1;

  std::vector<float> coordT((size_t)dim * n);
  for (int i = 0; i < n; ++i)
    for (int d = 0; d < dim; ++d)
      coordT[(size_t)d * n + i] = in.coords[(size_t)i * dim + d];
  std::vector<int> slot(n, 0);

  int blocks = (n + BLOCK - 1) / BLOCK;
  float *dCoordT, *dWeight, *dCost, *dCandDist;
  int *dSlot, *dClosing;
  double *dWorkMem, *dTotals;
  check(cudaMalloc(&dCoordT, coordT.size() * sizeof(float)), "malloc");
  check(cudaMalloc(&dWeight, n * sizeof(float)), "malloc");
  check(cudaMalloc(&dCost, n * sizeof(float)), "malloc");
  check(cudaMalloc(&dCandDist, n * sizeof(float)), "malloc");
  check(cudaMalloc(&dSlot, n * sizeof(int)), "malloc");
  check(cudaMalloc(&dClosing, MAX_CENTERS * sizeof(int)), "malloc");
  check(cudaMalloc(&dWorkMem, (size_t)blocks * ROW * sizeof(double)), "malloc");
  check(cudaMalloc(&dTotals, ROW * sizeof(double)), "malloc");
  check(cudaMemcpy(dCoordT, coordT.data(), coordT.size() * sizeof(float),
                   cudaMemcpyHostToDevice), "copy coords");
  check(cudaMemcpy(dWeight, in.weight.data(), n * sizeof(float),
                   cudaMemcpyHostToDevice), "copy weights");
  check(cudaMemcpy(dCost, in.cost.data(), n * sizeof(float),
                   cudaMemcpyHostToDevice), "copy costs");
  check(cudaMemcpy(dSlot, slot.data(), n * sizeof(int),
                   cudaMemcpyHostToDevice), "copy slots");

  std::vector<double> totals(ROW);
  std::vector<int> closing(MAX_CENTERS);
  int accepted = 0;

  bench::Timer timer;
  timer.start();
  for (int c = 0; c < numCandidates; ++c) {
    int x = in.candidates[c];
    if (isCenter[x])
      continue;

    pgainKernel<<<blocks, BLOCK>>>(dCoordT, dWeight, dCost, dSlot, dCandDist,
                                   dWorkMem, n, dim, x);
    sumRows<<<(ROW + 63) / 64, 64>>>(dWorkMem, dTotals, blocks);
    check(cudaMemcpy(totals.data(), dTotals, ROW * sizeof(double),
                     cudaMemcpyDeviceToHost), "copy totals");

    // Opening x costs z and saves what the switching points save; closing a
    // center saves z but costs what moving its remaining points to x costs.
    double gain = totals[MAX_CENTERS] - z;
    int xSlot = -1;
    for (int s = 0; s < MAX_CENTERS; ++s) {
      closing[s] = 0;
      if (slotCenter[s] < 0) {
        if (xSlot < 0)
          xSlot = s;
      } else if (totals[s] < z) {
        closing[s] = 1;
        gain += z - totals[s];
        if (xSlot < 0)
          xSlot = s;
      }
    }
    if (gain <= 0.0 || xSlot < 0)
      continue;

    check(cudaMemcpy(dClosing, closing.data(), MAX_CENTERS * sizeof(int),
                     cudaMemcpyHostToDevice), "copy closing");
    applyKernel<<<blocks, BLOCK>>>(dCandDist, dCost, dSlot, dClosing, n,
                                   xSlot);
    for (int s = 0; s < MAX_CENTERS; ++s)
      if (closing[s]) {
        isCenter[slotCenter[s]] = 0;
        slotCenter[s] = -1;
        --openCenters;
      }
    slotCenter[xSlot] = x;
    isCenter[x] = 1;
    ++openCenters;
    ++accepted;
  }
  check(cudaGetLastError(), "launch");
  check(cudaDeviceSynchronize(), "streamcluster");
  double ms = timer.stop();

  std::vector<float> cost(n);
  check(cudaMemcpy(cost.data(), dCost, n * sizeof(float),
                   cudaMemcpyDeviceToHost), "copy costs back");
  check(cudaMemcpy(slot.data(), dSlot, n * sizeof(int),
                   cudaMemcpyDeviceToHost), "copy slots back");
  cudaFree(dCoordT);
  cudaFree(dWeight);
  cudaFree(dCost);
  cudaFree(dCandDist);
  cudaFree(dSlot);
  cudaFree(dClosing);
  cudaFree(dWorkMem);
  cudaFree(dTotals);

  // Both results are integers (every cost is), written as int64 so they go
  // into one result file as two arrays of the same type.
  std::vector<int64_t> assign(n);
  for (int i = 0; i < n; ++i)
    assign[i] = slotCenter[slot[i]];
  double total = streamcluster::totalCost(cost, openCenters, z);
  int64_t totalOut = (int64_t)total;

  bench::report("streamcluster", "cuda", args, ms);
  std::printf("streamcluster: centers=%d accepted=%d cost=%.1f\n", openCenters,
              accepted, total);
  bench::writeOutput(args, assign);
  bench::writeOutput(args, &totalOut, 1);
  return 0;
}
