//===- srad.cu - Speckle reducing anisotropic diffusion, CUDA version -------===//
//
// Per iteration:
//   1. roiPartialSums: every block reduces part of the ROI to a sum and a sum
//      of squares in shared memory; the host adds the block results and
//      derives the speckle scale q0^2 = var / mean^2 of the ROI;
//   2. diffusionCoefficient: 16x16 blocks stage their tile of the image plus
//      a one-pixel halo in shared memory, compute the four directional
//      differences and the diffusion coefficient (clamped to [0, 1]);
//   3. updateImage: 16x16 blocks stage their tile of coefficients plus the
//      south and east halo and add the divergence of the flux to the image.
// Image borders replicate the edge pixel.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "srad_input.h"

#include <cstdio>
#include <vector>

namespace {

constexpr int kTile = 16;
constexpr int kReduceThreads = 256;
constexpr int kReduceBlocks = 128;

__global__ void roiPartialSums(const float *image, int cols, int roiRows,
                               int roiCols, float *blockSum, float *blockSq) {
  __shared__ float sum[kReduceThreads];
  __shared__ float sq[kReduceThreads];
  int tid = threadIdx.x;
  int total = roiRows * roiCols;

  float s = 0.0f, q = 0.0f;
  for (int k = blockIdx.x * blockDim.x + tid; k < total;
       k += gridDim.x * blockDim.x) {
    int i = k / roiCols, j = k - i * roiCols;
    float v = image[i * cols + j];
    s += v;
    q += v * v;
  }
  sum[tid] = s;
  sq[tid] = q;
  __syncthreads();

  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (tid < half) {
      sum[tid] += sum[tid + half];
      sq[tid] += sq[tid + half];
    }
    __syncthreads();
  }
  if (tid == 0) {
    blockSum[blockIdx.x] = sum[0];
    blockSq[blockIdx.x] = sq[0];
  }
}

__global__ void diffusionCoefficient(const float *image, float *coeff,
                                     float *dNorth, float *dSouth,
                                     float *dWest, float *dEast, int rows,
                                     int cols, float q0sqr) {
  __shared__ float tile[kTile + 2][kTile + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = blockIdx.y * kTile + ty, j = blockIdx.x * kTile + tx;
  // Threads past the image edge load the edge pixel, which is exactly the
  // replicated border their neighbours inside the image need.
  int ci = min(i, rows - 1), cj = min(j, cols - 1);

  tile[ty + 1][tx + 1] = image[ci * cols + cj];
  if (ty == 0)
    tile[0][tx + 1] = image[max(ci - 1, 0) * cols + cj];
  if (ty == kTile - 1)
    tile[kTile + 1][tx + 1] = image[min(ci + 1, rows - 1) * cols + cj];
  if (tx == 0)
    tile[ty + 1][0] = image[ci * cols + max(cj - 1, 0)];
  if (tx == kTile - 1)
    tile[ty + 1][kTile + 1] = image[ci * cols + min(cj + 1, cols - 1)];
  __syncthreads();

  if (i >= rows || j >= cols)
    return;
  float center = tile[ty + 1][tx + 1];
  float n = tile[ty][tx + 1] - center;
  float s = tile[ty + 2][tx + 1] - center;
  float w = tile[ty + 1][tx] - center;
  float e = tile[ty + 1][tx + 2] - center;

  float gradSq = (n * n + s * s + w * w + e * e) / (center * center);
  float laplace = (n + s + w + e) / center;
  float num = 0.5f * gradSq - (1.0f / 16.0f) * laplace * laplace;
  float den = 1.0f + 0.25f * laplace;
  float qsqr = num / (den * den);
  den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
  float c = 1.0f / (1.0f + den);
  if (c < 0.0f)
    c = 0.0f;
  else if (c > 1.0f)
    c = 1.0f;

  int idx = i * cols + j;
  coeff[idx] = c;
  dNorth[idx] = n;
  dSouth[idx] = s;
  dWest[idx] = w;
  dEast[idx] = e;
}

__global__ void updateImage(float *image, const float *coeff,
                            const float *dNorth, const float *dSouth,
                            const float *dWest, const float *dEast, int rows,
                            int cols, float step) {
  __shared__ float tile[kTile + 1][kTile + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = blockIdx.y * kTile + ty, j = blockIdx.x * kTile + tx;
  int ci = min(i, rows - 1), cj = min(j, cols - 1);

  tile[ty][tx] = coeff[ci * cols + cj];
  if (ty == kTile - 1)
    tile[kTile][tx] = coeff[min(ci + 1, rows - 1) * cols + cj];
  if (tx == kTile - 1)
    tile[ty][kTile] = coeff[ci * cols + min(cj + 1, cols - 1)];
  __syncthreads();

  if (i >= rows || j >= cols)
    return;
  int idx = i * cols + j;
  float cCenter = tile[ty][tx];
  float div = cCenter * dNorth[idx] + tile[ty + 1][tx] * dSouth[idx] +
              cCenter * dWest[idx] + tile[ty][tx + 1] * dEast[idx];
  image[idx] += step * div;
}

} // namespace

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int side = static_cast<int>(args.pick(srad::kSmallSide, srad::kDefaultSide));
  int rows = side, cols = side;
  int iterations = srad::iterationsFor(args);
  srad::Roi roi = srad::roiFor(rows, cols);
  std::vector<float> image = srad::makeImage(rows, cols);

  size_t pixels = static_cast<size_t>(rows) * cols;
  size_t bytes = pixels * sizeof(float);
  float *dImage, *dCoeff, *dN, *dS, *dW, *dE, *dBlockSum, *dBlockSq;
  cudaMalloc(&dImage, bytes);
  cudaMalloc(&dCoeff, bytes);
  cudaMalloc(&dN, bytes);
  cudaMalloc(&dS, bytes);
  cudaMalloc(&dW, bytes);
  cudaMalloc(&dE, bytes);
  cudaMalloc(&dBlockSum, kReduceBlocks * sizeof(float));
  cudaMalloc(&dBlockSq, kReduceBlocks * sizeof(float));
  cudaMemcpy(dImage, image.data(), bytes, cudaMemcpyHostToDevice);

  std::vector<float> blockSum(kReduceBlocks), blockSq(kReduceBlocks);
  double roiSize = static_cast<double>(roi.rowEnd) * roi.colEnd;
  dim3 block(kTile, kTile);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  float step = 0.25f * srad::kLambda;

  bench::Timer timer;
  timer.start();
  for (int iter = 0; iter < iterations; ++iter) {
    roiPartialSums<<<kReduceBlocks, kReduceThreads>>>(
        dImage, cols, roi.rowEnd, roi.colEnd, dBlockSum, dBlockSq);
    cudaMemcpy(blockSum.data(), dBlockSum, kReduceBlocks * sizeof(float),
               cudaMemcpyDeviceToHost);
    cudaMemcpy(blockSq.data(), dBlockSq, kReduceBlocks * sizeof(float),
               cudaMemcpyDeviceToHost);
    double sum = 0.0, sumSq = 0.0;
    for (int b = 0; b < kReduceBlocks; ++b) {
      sum += blockSum[b];
      sumSq += blockSq[b];
    }
    double mean = sum / roiSize;
    double var = sumSq / roiSize - mean * mean;
    float q0sqr = static_cast<float>(var / (mean * mean));

    diffusionCoefficient<<<grid, block>>>(dImage, dCoeff, dN, dS, dW, dE, rows,
                                          cols, q0sqr);
    updateImage<<<grid, block>>>(dImage, dCoeff, dN, dS, dW, dE, rows, cols,
                                 step);
  }
  cudaDeviceSynchronize();
  double ms = timer.stop();

  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    std::fprintf(stderr, "srad: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(image.data(), dImage, bytes, cudaMemcpyDeviceToHost);
  cudaFree(dImage);
  cudaFree(dCoeff);
  cudaFree(dN);
  cudaFree(dS);
  cudaFree(dW);
  cudaFree(dE);
  cudaFree(dBlockSum);
  cudaFree(dBlockSq);

  bench::report("srad", "cuda", args, ms);
  bench::writeOutput(args, image);
  return 0;
}
