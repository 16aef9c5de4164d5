//===- srad_omp.cpp - Speckle reducing anisotropic diffusion, OpenMP --------===//
//
// Per iteration: the ROI's mean and variance (a parallel reduction), then one
// parallel pass computing the directional differences and the diffusion
// coefficient of every pixel, then one parallel pass applying the divergence.
// Image borders replicate the edge pixel.
//
//===----------------------------------------------------------------------===//

#include "bench.h"
#include "srad_input.h"

#include <vector>

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int side = static_cast<int>(args.pick(srad::kSmallSide, srad::kDefaultSide));
  int rows = side, cols = side;
  int iterations = srad::iterationsFor(args);
  srad::Roi roi = srad::roiFor(rows, cols);
  std::vector<float> image = srad::makeImage(rows, cols);

  size_t pixels = static_cast<size_t>(rows) * cols;
  std::vector<float> coeff(pixels), dN(pixels), dS(pixels), dW(pixels),
      dE(pixels);
  float *J = image.data(), *C = coeff.data();
  float *pN = dN.data(), *pS = dS.data(), *pW = dW.data(), *pE = dE.data();
  double roiSize = static_cast<double>(roi.rowEnd) * roi.colEnd;
  float step = 0.25f * srad::kLambda;

  bench::Timer timer;
  timer.start();
  for (int iter = 0; iter < iterations; ++iter) {
    double sum = 0.0, sumSq = 0.0;
#pragma omp parallel for reduction(+ : sum, sumSq)
    for (int i = 0; i < roi.rowEnd; ++i)
      for (int j = 0; j < roi.colEnd; ++j) {
        double v = J[static_cast<size_t>(i) * cols + j];
        sum += v;
        sumSq += v * v;
      }
    double mean = sum / roiSize;
    double var = sumSq / roiSize - mean * mean;
    float q0sqr = static_cast<float>(var / (mean * mean));

#pragma omp parallel for
    for (int i = 0; i < rows; ++i) {
      const float *row = J + static_cast<size_t>(i) * cols;
      const float *up = J + static_cast<size_t>(i > 0 ? i - 1 : 0) * cols;
      const float *down =
          J + static_cast<size_t>(i < rows - 1 ? i + 1 : rows - 1) * cols;
      for (int j = 0; j < cols; ++j) {
        size_t idx = static_cast<size_t>(i) * cols + j;
        float center = row[j];
        float n = up[j] - center;
        float s = down[j] - center;
        float w = row[j > 0 ? j - 1 : 0] - center;
        float e = row[j < cols - 1 ? j + 1 : cols - 1] - center;

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

        C[idx] = c;
        pN[idx] = n;
        pS[idx] = s;
        pW[idx] = w;
        pE[idx] = e;
      }
    }

#pragma omp parallel for
    for (int i = 0; i < rows; ++i) {
      const float *crow = C + static_cast<size_t>(i) * cols;
      const float *cdown =
          C + static_cast<size_t>(i < rows - 1 ? i + 1 : rows - 1) * cols;
      for (int j = 0; j < cols; ++j) {
        size_t idx = static_cast<size_t>(i) * cols + j;
        float cCenter = crow[j];
        float cEast = crow[j < cols - 1 ? j + 1 : cols - 1];
        float div = cCenter * pN[idx] + cdown[j] * pS[idx] +
                    cCenter * pW[idx] + cEast * pE[idx];
        J[idx] += step * div;
      }
    }
  }
  double ms = timer.stop();

  bench::report("srad", "omp", args, ms);
  bench::writeOutput(args, image);
  return 0;
}
