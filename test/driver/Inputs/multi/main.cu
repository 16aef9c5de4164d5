// Host code of a program whose kernel is defined in another file. The
// kernel's result is compared with a plain C++ reference.
#include <cstdio>

__global__ void rotateScale(float *a, int n);

int main() {
  const int n = 256, block = 64;
  float h[n];
  for (int i = 0; i < n; ++i)
    h[i] = float(i % 17);
  float *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  rotateScale<<<n / block, block>>>(d, n);
  float r[n];
  cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int b = 0; b < n / block; ++b)
    for (int t = 0; t < block; ++t) {
      float ref = h[b * block + (t + 1) % block] * 2.0f + float(t);
      if (r[b * block + t] != ref)
        ++bad;
    }
  printf("%s\n", bad == 0 && cudaGetLastError() == cudaSuccess ? "PASS"
                                                               : "FAIL");
  return bad != 0;
}
