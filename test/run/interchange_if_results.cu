// RUN: %cucpu -O2 --fmad=false -Rpass=cucpu %s -o %t 2> %t.remarks && %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %cucpu -O2 --fmad=false -fno-cucpu-loop-interchange %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS
// REMARK: interchange_if_results.cu:{{[0-9]+}}:{{[0-9]+}}: remark: cucpu: loop interchanged with the thread loop
//
// A uniform loop under two ifs that yield values (w and v are assigned in
// both branches of the inner if and after it): interchanged, the first new
// thread loop keeps the ifs without results and the last rebuilds them, the
// inner else yielding a value computed before it (x), the outer else the
// values from before the outer if. Threads past n keep those. --fmad=false:
// the host reference below is compiled without contraction.
#include <cmath>
#include <cstdio>
#include <vector>

__global__ void scoreOrCopy(const int *offsets, const float *img, float *out, int n,
                  int count, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float w = -1.0f, v = -2.0f;
  if (i < n) {
    float x = img[i] * 2.0f;
    if (i % 3 != 0) {
      float s = 0.0f;
      int hits = 0;
      for (int q = 0; q < count; ++q) {
        s += img[(i + offsets[q]) % n];
        hits += offsets[q] & 1;
      }
      w = expf(s * -0.01f) + hits;
      v = x + s;
    } else {
      w = x;
    }
    v += 1.0f;
  }
  if (i < m) {
    out[2 * i] = w;
    out[2 * i + 1] = v;
  }
}

int main() {
  const int n = 777, count = 29, m = 790;
  std::vector<int> off(count);
  std::vector<float> img(n);
  for (int j = 0; j < count; ++j)
    off[j] = (j * 41) % 97;
  for (int j = 0; j < n; ++j)
    img[j] = (j * 13 % 101) * 0.5f;
  int *dOff;
  float *dImg, *dOut;
  cudaMalloc(&dOff, count * 4);
  cudaMalloc(&dImg, n * 4);
  cudaMalloc(&dOut, 2 * m * 4);
  cudaMemcpy(dOff, off.data(), count * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dImg, img.data(), n * 4, cudaMemcpyHostToDevice);
  scoreOrCopy<<<(m + 127) / 128, 128>>>(dOff, dImg, dOut, n, count, m);
  std::vector<float> out(2 * m);
  cudaMemcpy(out.data(), dOut, 2 * m * 4, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < m; ++i) {
    float w = -1.0f, v = -2.0f;
    if (i < n) {
      float x = img[i] * 2.0f;
      if (i % 3 != 0) {
        float s = 0.0f;
        int hits = 0;
        for (int q = 0; q < count; ++q) {
          s += img[(i + off[q]) % n];
          hits += off[q] & 1;
        }
        w = expf(s * -0.01f) + hits;
        v = x + s;
      } else
        w = x;
      v += 1.0f;
    }
    if ((fabsf(out[2 * i] - w) > 1e-5f * fabsf(w) + 1e-6f ||
         out[2 * i + 1] != v) &&
        bad++ < 5)
      printf("%d: %g %g vs %g %g\n", i, out[2 * i], out[2 * i + 1], w, v);
  }
  printf(bad ? "FAIL\n" : "PASS\n");
}
