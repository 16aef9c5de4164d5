// backprop: problem sizes and the deterministic input shared by the CUDA and
// the OpenMP version.
//
// Network: NIN input units -> HID (16) hidden units -> 1 output unit, sigmoid
// activations. Every training step runs the forward pass, the output and
// hidden error terms and a momentum weight update; the same input pattern and
// target are presented STEPS times.
#ifndef BACKPROP_INPUT_H
#define BACKPROP_INPUT_H

#include "bench.h"

#include <cmath>
#include <vector>

namespace backprop {

constexpr int HID = 16;            // hidden units (also the tile width)
constexpr float ETA = 0.3f;        // learning rate
constexpr float MOMENTUM = 0.3f;   // momentum coefficient
constexpr float TARGET = 0.1f;     // desired output value

constexpr long long SMALL_IN = 4096;     // input units, --size small
constexpr long long DEFAULT_IN = 1 << 20; // input units, --size default
constexpr int SMALL_STEPS = 3;
constexpr int DEFAULT_STEPS = 12;

struct Net {
  int nin = 0;
  std::vector<float> input;    // nin values, scaled to unit-ish norm
  std::vector<float> wIH;      // nin x HID, row-major: weight of input i to hidden j
  std::vector<float> dwIH;     // previous change of wIH (momentum), starts at 0
  std::vector<float> biasH;    // HID
  std::vector<float> dbiasH;   // HID
  std::vector<float> wHO;      // HID
  std::vector<float> dwHO;     // HID
  float biasO = 0.0f, dbiasO = 0.0f;
};

/// Rounds the requested input count up to a multiple of the tile width.
inline int inputCount(long long requested) {
  long long n = (requested + HID - 1) / HID * HID;
  return (int)n;
}

inline Net makeNet(int nin) {
  bench::Rng rng(0xbac4905ull);
  Net net;
  net.nin = nin;
  net.input.resize(nin);
  net.wIH.resize((size_t)nin * HID);
  net.dwIH.assign((size_t)nin * HID, 0.0f);
  // Inputs in [0, 1) scaled by 1/sqrt(nin) so that the weighted sums stay in
  // the sigmoid's sensitive range whatever the layer width.
  float scale = 1.0f / std::sqrt((float)nin);
  for (int i = 0; i < nin; ++i)
    net.input[i] = (float)rng.uniform() * scale;
  for (size_t k = 0; k < net.wIH.size(); ++k)
    net.wIH[k] = (float)rng.uniform(-1.0, 1.0);
  net.biasH.resize(HID);
  net.dbiasH.assign(HID, 0.0f);
  net.wHO.resize(HID);
  net.dwHO.assign(HID, 0.0f);
  for (int j = 0; j < HID; ++j) {
    net.biasH[j] = (float)rng.uniform(-0.5, 0.5);
    net.wHO[j] = (float)rng.uniform(-1.0, 1.0);
  }
  net.biasO = (float)rng.uniform(-0.5, 0.5);
  return net;
}

} // namespace backprop

#endif
