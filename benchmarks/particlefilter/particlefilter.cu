//===- particlefilter.cu - Particle filter tracking, CUDA version -----------===//
//
// Each frame after the first runs:
//   propagateAndWeigh  moves every particle by its drift plus noise, scores it
//                      against the frame over the disk's pixels (offsets kept
//                      in shared memory), multiplies its weight by the
//                      likelihood and reduces the block's weights;
//   sumBlocks          one block adds the per-block sums: the total weight;
//   normalizeAndScan   normalizes the weights, scans them within each block
//                      (the CDF, up to the block's offset) and reduces the
//                      block's weighted positions;
//   scanBlockTotals    one block turns the block totals into block offsets
//                      and sums the weighted positions: the frame's estimate;
//   addBlockOffsets    completes the CDF;
//   resample           systematic resampling: each thread binary-searches the
//                      CDF for its point and copies that particle.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "particlefilter_input.h"

#include <cstdio>
#include <utility>
#include <vector>

namespace {

namespace pf = particlefilter;

constexpr int kThreads = 256;

__device__ double uniformStep(unsigned int &state) {
  state = 1664525u * state + 1013904223u;
  return (state >> 8) * (1.0 / 16777216.0);
}

/// Sum of 12 uniforms minus 6: mean 0, variance 1.
__device__ double gaussianStep(unsigned int &state) {
  double sum = -6.0;
  for (int k = 0; k < 12; ++k)
    sum += uniformStep(state);
  return sum;
}

__global__ void propagateAndWeigh(double *x, double *y, double *weight,
                                  unsigned int *seed, int n,
                                  const unsigned char *frame, int width,
                                  int height, const int *offsets,
                                  int offsetCount, double *blockSum) {
  __shared__ int offY[pf::kMaxOffsets];
  __shared__ int offX[pf::kMaxOffsets];
  __shared__ double partial[kThreads];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;

  for (int k = tid; k < offsetCount; k += blockDim.x) {
    offY[k] = offsets[2 * k];
    offX[k] = offsets[2 * k + 1];
  }
  __syncthreads();

  double w = 0.0;
  if (i < n) {
    unsigned int state = seed[i];
    double px = x[i] + 1.0 + 5.0 * gaussianStep(state);
    double py = y[i] - 2.0 + 2.0 * gaussianStep(state);
    seed[i] = state;
    x[i] = px;
    y[i] = py;

    int cx = (int)floor(px + 0.5), cy = (int)floor(py + 0.5);
    int score = 0;
    for (int k = 0; k < offsetCount; ++k) {
      int r = min(max(cy + offY[k], 0), height - 1);
      int c = min(max(cx + offX[k], 0), width - 1);
      int v = frame[r * width + c];
      score += (v - pf::kBackground) * (v - pf::kBackground) -
               (v - pf::kForeground) * (v - pf::kForeground);
    }
    double likelihood = score / (pf::kNoiseVariance2 * offsetCount);
    w = weight[i] * exp(likelihood);
    weight[i] = w;
  }

  partial[tid] = w;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (tid < half)
      partial[tid] += partial[tid + half];
    __syncthreads();
  }
  if (tid == 0)
    blockSum[blockIdx.x] = partial[0];
}

/// One block: total[0] = sum of the blockCount values.
__global__ void sumBlocks(const double *blockSum, int blockCount,
                          double *total) {
  __shared__ double partial[kThreads];
  int tid = threadIdx.x;
  double s = 0.0;
  for (int b = tid; b < blockCount; b += blockDim.x)
    s += blockSum[b];
  partial[tid] = s;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (tid < half)
      partial[tid] += partial[tid + half];
    __syncthreads();
  }
  if (tid == 0)
    total[0] = partial[0];
}

__global__ void normalizeAndScan(double *weight, const double *x,
                                 const double *y, int n, const double *total,
                                 double *cdf, double *blockTotal,
                                 double *blockEstX, double *blockEstY) {
  __shared__ double scan[kThreads];
  __shared__ double estX[kThreads];
  __shared__ double estY[kThreads];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;

  double w = 0.0;
  if (i < n) {
    w = weight[i] / total[0];
    weight[i] = w;
    estX[tid] = w * x[i];
    estY[tid] = w * y[i];
  } else {
    estX[tid] = 0.0;
    estY[tid] = 0.0;
  }
  scan[tid] = w;
  __syncthreads();

  // Inclusive Hillis-Steele scan of the block's weights.
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    double add = tid >= offset ? scan[tid - offset] : 0.0;
    __syncthreads();
    scan[tid] += add;
    __syncthreads();
  }
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (tid < half) {
      estX[tid] += estX[tid + half];
      estY[tid] += estY[tid + half];
    }
    __syncthreads();
  }

  if (i < n)
    cdf[i] = scan[tid];
  if (tid == blockDim.x - 1)
    blockTotal[blockIdx.x] = scan[tid];
  if (tid == 0) {
    blockEstX[blockIdx.x] = estX[0];
    blockEstY[blockIdx.x] = estY[0];
  }
}

/// One block: replaces blockTotal by its exclusive scan (the blocks' CDF
/// offsets) and writes the frame's estimate (sum of the blocks' weighted
/// positions) to estimate[0..1].
__global__ void scanBlockTotals(double *blockTotal, int blockCount,
                                const double *blockEstX,
                                const double *blockEstY, double *estimate) {
  __shared__ double scan[kThreads];
  __shared__ double estX[kThreads];
  __shared__ double estY[kThreads];
  __shared__ double carry;
  int tid = threadIdx.x;
  if (tid == 0)
    carry = 0.0;
  double sx = 0.0, sy = 0.0;

  for (int base = 0; base < blockCount; base += blockDim.x) {
    int b = base + tid;
    double value = b < blockCount ? blockTotal[b] : 0.0;
    if (b < blockCount) {
      sx += blockEstX[b];
      sy += blockEstY[b];
    }
    scan[tid] = value;
    __syncthreads();
    for (int offset = 1; offset < blockDim.x; offset *= 2) {
      double add = tid >= offset ? scan[tid - offset] : 0.0;
      __syncthreads();
      scan[tid] += add;
      __syncthreads();
    }
    if (b < blockCount)
      blockTotal[b] = carry + scan[tid] - value;
    __syncthreads();
    if (tid == blockDim.x - 1)
      carry += scan[tid];
    __syncthreads();
  }

  estX[tid] = sx;
  estY[tid] = sy;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (tid < half) {
      estX[tid] += estX[tid + half];
      estY[tid] += estY[tid + half];
    }
    __syncthreads();
  }
  if (tid == 0) {
    estimate[0] = estX[0];
    estimate[1] = estY[0];
  }
}

__global__ void addBlockOffsets(double *cdf, const double *blockOffset,
                                int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    cdf[i] += blockOffset[blockIdx.x];
}

__global__ void resample(const double *cdf, const double *x, const double *y,
                         double *xOut, double *yOut, double *weight, int n,
                         double u0) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n)
    return;
  double u = u0 + j / (double)n;
  // First particle whose CDF reaches u (the last one if rounding left the
  // CDF's end below u).
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (cdf[mid] >= u)
      hi = mid;
    else
      lo = mid + 1;
  }
  xOut[j] = x[lo];
  yOut[j] = y[lo];
  weight[j] = 1.0 / n;
}

} // namespace

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int n = static_cast<int>(
      args.pick(pf::kSmallParticles, pf::kDefaultParticles));
  int frames = pf::framesFor(args);
  pf::Video video = pf::makeVideo(frames);
  std::vector<int32_t> offsets = pf::diskOffsets();
  int offsetCount = static_cast<int>(offsets.size() / 2);
  std::vector<uint32_t> seeds = pf::makeSeeds(n);
  std::vector<double> u0 = pf::makeResampleOffsets(frames, n);

  std::vector<double> x(n, video.startX), y(n, video.startY),
      weight(n, 1.0 / n);
  int blocks = (n + kThreads - 1) / kThreads;
  size_t bytes = n * sizeof(double);
  size_t frameSize = static_cast<size_t>(video.width) * video.height;

  double *dX, *dY, *dXNew, *dYNew, *dWeight, *dCdf, *dBlockSum, *dBlockTotal,
      *dBlockEstX, *dBlockEstY, *dTotal, *dEstimate;
  unsigned int *dSeed;
  unsigned char *dVideo;
  int *dOffsets;
  cudaMalloc(&dX, bytes);
  cudaMalloc(&dY, bytes);
  cudaMalloc(&dXNew, bytes);
  cudaMalloc(&dYNew, bytes);
  cudaMalloc(&dWeight, bytes);
  cudaMalloc(&dCdf, bytes);
  cudaMalloc(&dBlockSum, blocks * sizeof(double));
  cudaMalloc(&dBlockTotal, blocks * sizeof(double));
  cudaMalloc(&dBlockEstX, blocks * sizeof(double));
  cudaMalloc(&dBlockEstY, blocks * sizeof(double));
  cudaMalloc(&dTotal, sizeof(double));
  cudaMalloc(&dEstimate, 2 * frames * sizeof(double));
  cudaMalloc(&dSeed, n * sizeof(unsigned int));
  cudaMalloc(&dVideo, video.pixels.size());
  cudaMalloc(&dOffsets, offsets.size() * sizeof(int));
  cudaMemcpy(dX, x.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dY, y.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dWeight, weight.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dSeed, seeds.data(), n * sizeof(unsigned int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dVideo, video.pixels.data(), video.pixels.size(),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dOffsets, offsets.data(), offsets.size() * sizeof(int),
             cudaMemcpyHostToDevice);

  bench::Timer timer;
  timer.start();
  for (int f = 1; f < frames; ++f) {
    propagateAndWeigh<<<blocks, kThreads>>>(
        dX, dY, dWeight, dSeed, n, dVideo + f * frameSize, video.width,
        video.height, dOffsets, offsetCount, dBlockSum);
    sumBlocks<<<1, kThreads>>>(dBlockSum, blocks, dTotal);
    normalizeAndScan<<<blocks, kThreads>>>(dWeight, dX, dY, n, dTotal, dCdf,
                                           dBlockTotal, dBlockEstX,
                                           dBlockEstY);
    scanBlockTotals<<<1, kThreads>>>(dBlockTotal, blocks, dBlockEstX,
                                     dBlockEstY, dEstimate + 2 * (f - 1));
    addBlockOffsets<<<blocks, kThreads>>>(dCdf, dBlockTotal, n);
    resample<<<blocks, kThreads>>>(dCdf, dX, dY, dXNew, dYNew, dWeight, n,
                                   u0[f]);
    std::swap(dX, dXNew);
    std::swap(dY, dYNew);
  }
  cudaDeviceSynchronize();
  double ms = timer.stop();

  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    std::fprintf(stderr, "particlefilter: %s\n", cudaGetErrorString(err));
    return 1;
  }
  std::vector<double> estimate(2 * (frames - 1));
  cudaMemcpy(estimate.data(), dEstimate, estimate.size() * sizeof(double),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(x.data(), dX, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(y.data(), dY, bytes, cudaMemcpyDeviceToHost);
  for (double *p : {dX, dY, dXNew, dYNew, dWeight, dCdf, dBlockSum,
                    dBlockTotal, dBlockEstX, dBlockEstY, dTotal, dEstimate})
    cudaFree(p);
  cudaFree(dSeed);
  cudaFree(dVideo);
  cudaFree(dOffsets);

  bench::report("particlefilter", "cuda", args, ms);
  std::printf("last estimate (%.3f, %.3f), true (%d, %d)\n",
              estimate[estimate.size() - 2], estimate.back(),
              video.startX + frames - 1, video.startY - 2 * (frames - 1));
  bench::writeOutput(args, estimate);
  bench::writeOutput(args, x);
  bench::writeOutput(args, y);
  return 0;
}
