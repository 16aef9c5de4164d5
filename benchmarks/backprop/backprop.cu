// backprop: training steps of a two-layer perceptron (NIN inputs -> 16 hidden
// units -> 1 output), CUDA version.
//
// The input->hidden layer is the expensive part and runs on the GPU:
//   layerForward  - one 16x16 block per tile of 16 inputs: the block loads its
//                   inputs and weights into shared memory, multiplies them and
//                   reduces over the 16 inputs with a tree, leaving one partial
//                   sum per (tile, hidden unit);
//   adjustWeights - one thread per input->hidden weight: momentum update.
// The host adds the partial sums, applies the sigmoid, evaluates the tiny
// hidden->output layer and computes the error terms.
#include "backprop_input.h"

#include <cmath>
#include <cstdio>
#include <vector>

using namespace backprop;

#define TILE 16     // == HID
#define LOG2_TILE 4

__global__ void layerForward(const float *input, const float *weights,
                             float *partial, int nin) {
  __shared__ float inTile[TILE];
  __shared__ float prod[TILE][TILE];

  int tx = threadIdx.x; // hidden unit
  int ty = threadIdx.y; // input within this block's tile
  int row = blockIdx.x * TILE + ty;

  if (tx == 0)
    inTile[ty] = input[row];
  prod[ty][tx] = weights[(size_t)row * HID + tx];
  __syncthreads();

  prod[ty][tx] = prod[ty][tx] * inTile[ty];
  __syncthreads();

  // Tree reduction over the tile's rows.
  for (int i = 1; i <= LOG2_TILE; i++) {
    int span = 1 << i;
    if (ty % span == 0)
      prod[ty][tx] += prod[ty + span / 2][tx];
    __syncthreads();
  }
  __syncthreads();

  if (ty == 0)
    partial[blockIdx.x * HID + tx] = prod[0][tx];
}

__global__ void adjustWeights(const float *input, const float *deltaH,
                              float *weights, float *prevChange, int nin) {
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int row = blockIdx.x * TILE + ty;
  size_t idx = (size_t)row * HID + tx;
  if (row < nin) {
    float change = ETA * deltaH[tx] * input[row] + MOMENTUM * prevChange[idx];
    weights[idx] += change;
    prevChange[idx] = change;
  }
}

static float squash(float x) { return 1.0f / (1.0f + std::exp(-x)); }

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int nin = inputCount(args.pick(SMALL_IN, DEFAULT_IN));
  int steps = args.small ? SMALL_STEPS : DEFAULT_STEPS;
  Net net = makeNet(nin);
  int tiles = nin / TILE;

  float *dInput, *dW, *dDW, *dPartial, *dDeltaH;
  size_t wBytes = (size_t)nin * HID * sizeof(float);
  cudaMalloc(&dInput, nin * sizeof(float));
  cudaMalloc(&dW, wBytes);
  cudaMalloc(&dDW, wBytes);
  cudaMalloc(&dPartial, (size_t)tiles * HID * sizeof(float));
  cudaMalloc(&dDeltaH, HID * sizeof(float));
  cudaMemcpy(dInput, net.input.data(), nin * sizeof(float),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dW, net.wIH.data(), wBytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dDW, net.dwIH.data(), wBytes, cudaMemcpyHostToDevice);

  std::vector<float> partial((size_t)tiles * HID);
  float hidden[HID], deltaH[HID];
  float output = 0.0f;
  dim3 block(TILE, TILE);
  dim3 grid(tiles);

  bench::Timer timer;
  timer.start();
  for (int step = 0; step < steps; ++step) {
    // Forward pass through the input->hidden layer.
    layerForward<<<grid, block>>>(dInput, dW, dPartial, nin);
    cudaMemcpy(partial.data(), dPartial, partial.size() * sizeof(float),
               cudaMemcpyDeviceToHost);
    for (int j = 0; j < HID; ++j) {
      float sum = net.biasH[j];
      for (int t = 0; t < tiles; ++t)
        sum += partial[(size_t)t * HID + j];
      hidden[j] = squash(sum);
    }
    // Hidden->output layer and the error terms.
    float sumO = net.biasO;
    for (int j = 0; j < HID; ++j)
      sumO += net.wHO[j] * hidden[j];
    output = squash(sumO);
    float deltaO = output * (1.0f - output) * (TARGET - output);
    for (int j = 0; j < HID; ++j)
      deltaH[j] = hidden[j] * (1.0f - hidden[j]) * net.wHO[j] * deltaO;
    // Hidden->output weights and the biases (small, on the host).
    for (int j = 0; j < HID; ++j) {
      float change = ETA * deltaO * hidden[j] + MOMENTUM * net.dwHO[j];
      net.wHO[j] += change;
      net.dwHO[j] = change;
      float bchange = ETA * deltaH[j] + MOMENTUM * net.dbiasH[j];
      net.biasH[j] += bchange;
      net.dbiasH[j] = bchange;
    }
    float ochange = ETA * deltaO + MOMENTUM * net.dbiasO;
    net.biasO += ochange;
    net.dbiasO = ochange;
    // Input->hidden weights on the device.
    cudaMemcpy(dDeltaH, deltaH, HID * sizeof(float), cudaMemcpyHostToDevice);
    adjustWeights<<<grid, block>>>(dInput, dDeltaH, dW, dDW, nin);
  }
  cudaDeviceSynchronize();
  double ms = timer.stop();

  cudaMemcpy(net.wIH.data(), dW, wBytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(net.dwIH.data(), dDW, wBytes, cudaMemcpyDeviceToHost);
  cudaFree(dInput);
  cudaFree(dW);
  cudaFree(dDW);
  cudaFree(dPartial);
  cudaFree(dDeltaH);

  bench::report("backprop", "cuda", args, ms);
  std::printf("output=%.6f\n", output);
  bench::writeOutput(args, net.wIH);
  bench::writeOutput(args, hidden, HID);
  bench::writeOutput(args, net.dwIH);
  return 0;
}
