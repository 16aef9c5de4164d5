// backprop: training steps of a two-layer perceptron (NIN inputs -> 16 hidden
// units -> 1 output), OpenMP version.
#include "backprop_input.h"

#include <cmath>
#include <cstdio>
#include <vector>

using namespace backprop;

static float squash(float x) { return 1.0f / (1.0f + std::exp(-x)); }

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int nin = inputCount(args.pick(SMALL_IN, DEFAULT_IN));
  int steps = args.small ? SMALL_STEPS : DEFAULT_STEPS;
  Net net = makeNet(nin);

  const float *input = net.input.data();
  float *w = net.wIH.data();
  float *dw = net.dwIH.data();
  float hidden[HID], deltaH[HID];
  float output = 0.0f;

  bench::Timer timer;
  timer.start();
  for (int step = 0; step < steps; ++step) {
    // Forward pass through the input->hidden layer.
    float sums[HID] = {};
#pragma omp parallel for reduction(+ : sums[:HID])
    for (int i = 0; i < nin; ++i) {
      float x = input[i];
      const float *row = w + (size_t)i * HID;
      for (int j = 0; j < HID; ++j)
        sums[j] += row[j] * x;
    }
    for (int j = 0; j < HID; ++j)
      hidden[j] = squash(net.biasH[j] + sums[j]);
    // Hidden->output layer and the error terms.
    float sumO = net.biasO;
    for (int j = 0; j < HID; ++j)
      sumO += net.wHO[j] * hidden[j];
    output = squash(sumO);
    float deltaO = output * (1.0f - output) * (TARGET - output);
    for (int j = 0; j < HID; ++j)
      deltaH[j] = hidden[j] * (1.0f - hidden[j]) * net.wHO[j] * deltaO;
    // Hidden->output weights and the biases.
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
    // Input->hidden weights with momentum.
#pragma omp parallel for
    for (int i = 0; i < nin; ++i) {
      float x = input[i];
      float *row = w + (size_t)i * HID;
      float *prev = dw + (size_t)i * HID;
      for (int j = 0; j < HID; ++j) {
        float change = ETA * deltaH[j] * x + MOMENTUM * prev[j];
        row[j] += change;
        prev[j] = change;
      }
    }
  }
  double ms = timer.stop();

  bench::report("backprop", "omp", args, ms);
  std::printf("output=%.6f\n", output);
  bench::writeOutput(args, net.wIH);
  bench::writeOutput(args, hidden, HID);
  bench::writeOutput(args, net.dwIH);
  return 0;
}
