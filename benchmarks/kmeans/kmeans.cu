// kmeans.cu - Lloyd's k-means clustering, CUDA version.
//
// The points are transposed on the device to feature-major order so that the
// threads of a warp read consecutive addresses. Each iteration one thread per
// point finds the nearest centre (the centres sit in constant memory, updated
// with cudaMemcpyToSymbol); the host reads the memberships back and
// recomputes the centres.
#include "bench.h"
#include "kmeans_input.h"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cuda_runtime.h>

#define THREADS 256
#define FEATURES kmeans::kFeatures
#define CLUSTERS kmeans::kClusters

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_),    \
              __FILE__, __LINE__);                                             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__constant__ float cCentres[CLUSTERS * FEATURES];

// featuresT[f * n + i] = features[i * FEATURES + f]
__global__ void transposeKernel(const float *__restrict__ features,
                                float *__restrict__ featuresT, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  for (int f = 0; f < FEATURES; ++f)
    featuresT[f * n + i] = features[i * FEATURES + f];
}

__global__ void assignKernel(const float *__restrict__ featuresT,
                             int *__restrict__ membership, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int best = 0;
  float bestDist = FLT_MAX;
  for (int k = 0; k < CLUSTERS; ++k) {
    float dist = 0.0f;
    for (int f = 0; f < FEATURES; ++f) {
      float diff = featuresT[f * n + i] - cCentres[k * FEATURES + f];
      dist += diff * diff;
    }
    if (dist < bestDist) {
      bestDist = dist;
      best = k;
    }
  }
  membership[i] = best;
}

int main(int argc, char **argv) {
  bench::Args args = bench::parseArgs(argc, argv);
  kmeans::Problem prob = kmeans::makeProblem(args);
  const int n = prob.points;
  std::vector<float> centres = kmeans::initialCentres(prob);
  std::vector<int> membership(n, -1);

  float *dFeatures, *dFeaturesT;
  int *dMembership;
  size_t featureBytes = (size_t)n * FEATURES * sizeof(float);
  CHECK(cudaMalloc(&dFeatures, featureBytes));
  CHECK(cudaMalloc(&dFeaturesT, featureBytes));
  CHECK(cudaMalloc(&dMembership, n * sizeof(int)));
  CHECK(cudaMemcpy(dFeatures, prob.features.data(), featureBytes,
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpyToSymbol(cCentres, centres.data(),
                           centres.size() * sizeof(float)));

  int blocks = (n + THREADS - 1) / THREADS;
  std::vector<int> newMembership(n);
  std::vector<double> sums((size_t)CLUSTERS * FEATURES);
  std::vector<int> counts(CLUSTERS);
  int changed = 0;

  bench::Timer timer;
  timer.start();
  transposeKernel<<<blocks, THREADS>>>(dFeatures, dFeaturesT, n);
  for (int iter = 0; iter < prob.iterations; ++iter) {
    assignKernel<<<blocks, THREADS>>>(dFeaturesT, dMembership, n);
    CHECK(cudaMemcpy(newMembership.data(), dMembership, n * sizeof(int),
                     cudaMemcpyDeviceToHost));

    // New centres: the mean of each cluster's points (an empty cluster keeps
    // its centre).
    changed = 0;
    std::fill(sums.begin(), sums.end(), 0.0);
    std::fill(counts.begin(), counts.end(), 0);
    for (int i = 0; i < n; ++i) {
      int k = newMembership[i];
      changed += k != membership[i];
      membership[i] = k;
      counts[k]++;
      const float *p = &prob.features[(size_t)i * FEATURES];
      for (int f = 0; f < FEATURES; ++f)
        sums[k * FEATURES + f] += p[f];
    }
    for (int k = 0; k < CLUSTERS; ++k)
      if (counts[k] > 0)
        for (int f = 0; f < FEATURES; ++f)
          centres[k * FEATURES + f] =
              (float)(sums[k * FEATURES + f] / counts[k]);
    CHECK(cudaMemcpyToSymbol(cCentres, centres.data(),
                             centres.size() * sizeof(float)));
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double ms = timer.stop();

  CHECK(cudaFree(dFeatures));
  CHECK(cudaFree(dFeaturesT));
  CHECK(cudaFree(dMembership));

  bench::report("kmeans", "cuda", args, ms);
  printf("kmeans: %d points changed cluster in the last iteration\n", changed);
  // Both arrays as float (cluster numbers are exact): bench::writeOutput
  // starts a new file at the first array of each element type.
  std::vector<float> out(membership.begin(), membership.end());
  bench::writeOutput(args, out);
  bench::writeOutput(args, centres);
  return 0;
}
