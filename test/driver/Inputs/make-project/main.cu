// Host code: launches a kernel of kernel.cu, which calls a device function
// of scale.cu (from libscale.a); report.cpp prints the verdict.
#include "params.h"
#include <vector>

__global__ void rotateScale(float *a, int n);
void report(bool ok);

int main() {
  std::vector<float> h(kElements), r(kElements);
  for (int i = 0; i < kElements; ++i)
    h[i] = float(i % 13);
  float *d;
  cudaMalloc(&d, kElements * sizeof(float));
  cudaMemcpy(d, h.data(), kElements * sizeof(float), cudaMemcpyHostToDevice);
  rotateScale<<<kElements / kBlock, kBlock>>>(d, kElements);
  cudaMemcpy(r.data(), d, kElements * sizeof(float), cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int i = 0; i < kElements; ++i) {
    int b = i / kBlock, t = i % kBlock;
    ok = ok && r[i] == h[b * kBlock + (t + 1) % kBlock] * kFactor + float(t);
  }
  report(ok);
  return ok ? 0 : 1;
}
