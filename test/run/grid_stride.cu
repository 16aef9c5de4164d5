// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Grid-stride loops: a small grid (3 blocks of 64) covers a large n, so each
// thread handles many elements.
#include <cstdio>
#include <vector>

__global__ void scaleShift(const float *in, float *out, int n, float s, float t) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i] * s + t;
}

// Each element records which global thread wrote it and how many times it was
// visited (counted by incrementing).
__global__ void owner(int *who, int *visits, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = blockDim.x * gridDim.x;
  for (int i = tid; i < n; i += stride) {
    who[i] = tid;
    visits[i] += 1;
  }
}

static bool ok(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
    return false;
  }
  return true;
}

int main() {
  const int n = 100003;
  std::vector<float> in(n), out(n);
  for (int i = 0; i < n; ++i)
    in[i] = (float)(i % 1024) - 512.0f;
  float *din, *dout;
  int *dwho, *dvis;
  if (!ok(cudaMalloc(&din, n * sizeof(float)), "malloc") ||
      !ok(cudaMalloc(&dout, n * sizeof(float)), "malloc") ||
      !ok(cudaMalloc(&dwho, n * sizeof(int)), "malloc") ||
      !ok(cudaMalloc(&dvis, n * sizeof(int)), "malloc"))
    return 1;
  cudaMemcpy(din, in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(dwho, 0xff, n * sizeof(int));
  cudaMemset(dvis, 0, n * sizeof(int));

  scaleShift<<<3, 64>>>(din, dout, n, 0.5f, 3.0f);
  if (!ok(cudaGetLastError(), "launch scaleShift")) return 1;
  owner<<<3, 64>>>(dwho, dvis, n);
  if (!ok(cudaGetLastError(), "launch owner")) return 1;
  // A second configuration with an odd grid and block.
  owner<<<5, 37>>>(dwho, dvis, n);
  if (!ok(cudaGetLastError(), "launch owner 2")) return 1;
  if (!ok(cudaDeviceSynchronize(), "sync")) return 1;

  std::vector<int> who(n), vis(n);
  cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(who.data(), dwho, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(vis.data(), dvis, n * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    float ref = in[i] * 0.5f + 3.0f; // exact
    if (out[i] != ref) {
      printf("FAIL: out[%d] = %f, expected %f\n", i, out[i], ref);
      return 1;
    }
    int wref = i % (5 * 37);
    if (who[i] != wref) {
      printf("FAIL: who[%d] = %d, expected %d\n", i, who[i], wref);
      return 1;
    }
    if (vis[i] != 2) {
      printf("FAIL: visits[%d] = %d, expected 2\n", i, vis[i]);
      return 1;
    }
  }
  cudaFree(din); cudaFree(dout); cudaFree(dwho); cudaFree(dvis);
  printf("PASS\n");
  return 0;
}
