// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Local character arrays initialized from string literals in a kernel (a
// base64 table; a longer array whose tail is zero), and nan("")/nanf("")
// in device code (host functions to clang before, so the kernel did not
// compile).

#include <cmath>
#include <cstdio>
#include <cstring>

__global__ void encode(const unsigned char *in, char *out, char *tail,
                       double *nans, float *nanfs, int n) {
  const char table[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  char padded[12] = "tail";
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = table[in[i] & 63];
    tail[i] = padded[i % 12];
    nans[i] = nan("");
    nanfs[i] = nanf("") + (float)i;
  }
}

int main() {
  const int n = 70;
  unsigned char *in;
  char *out, *tail;
  double *nans;
  float *nanfs;
  cudaMallocManaged(&in, n);
  cudaMallocManaged(&out, n);
  cudaMallocManaged(&tail, n);
  cudaMallocManaged(&nans, n * sizeof(double));
  cudaMallocManaged(&nanfs, n * sizeof(float));
  for (int i = 0; i < n; ++i)
    in[i] = (unsigned char)(i * 5 + 3);
  encode<<<3, 32>>>(in, out, tail, nans, nanfs, n);
  cudaDeviceSynchronize();
  const char *table =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const char padded[12] = "tail";
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if ((out[i] != table[in[i] & 63] || tail[i] != padded[i % 12] ||
         !std::isnan(nans[i]) || !std::isnan(nanfs[i])) &&
        bad++ < 5)
      printf("%d: %c %d %g %g\n", i, out[i], tail[i], nans[i], nanfs[i]);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
