// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// c[i] = a[i] + b[i] over a 1D grid whose size is not a multiple of the block.
#include <cstdio>
#include <vector>

__global__ void vecAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

__global__ void vecAddInt(const int *a, const int *b, int *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  c[i] = a[i] + b[i];
}

static bool check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
    return false;
  }
  return true;
}

int main() {
  const int n = 10007;
  std::vector<float> a(n), b(n), c(n + 1, -1.0f);
  std::vector<int> ia(n), ib(n), ic(n + 1, -7);
  for (int i = 0; i < n; ++i) {
    a[i] = (float)(i % 97) * 0.5f - 3.25f;
    b[i] = (float)((i * 7) % 131) * 0.25f;
    ia[i] = i * 3 - 5000;
    ib[i] = (i % 17) * -11;
  }
  float *da, *db, *dc;
  int *dia, *dib, *dic;
  if (!check(cudaMalloc(&da, n * sizeof(float)), "malloc") ||
      !check(cudaMalloc(&db, n * sizeof(float)), "malloc") ||
      !check(cudaMalloc(&dc, (n + 1) * sizeof(float)), "malloc") ||
      !check(cudaMalloc(&dia, n * sizeof(int)), "malloc") ||
      !check(cudaMalloc(&dib, n * sizeof(int)), "malloc") ||
      !check(cudaMalloc(&dic, (n + 1) * sizeof(int)), "malloc"))
    return 1;
  cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c.data(), (n + 1) * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dia, ia.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dib, ib.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dic, ic.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice);

  int block = 256;
  int grid = (n + block - 1) / block;
  vecAdd<<<grid, block>>>(da, db, dc, n);
  if (!check(cudaGetLastError(), "launch vecAdd")) return 1;
  vecAddInt<<<grid, block>>>(dia, dib, dic, n);
  if (!check(cudaGetLastError(), "launch vecAddInt")) return 1;
  if (!check(cudaDeviceSynchronize(), "sync")) return 1;

  cudaMemcpy(c.data(), dc, (n + 1) * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(ic.data(), dic, (n + 1) * sizeof(int), cudaMemcpyDeviceToHost);

  for (int i = 0; i < n; ++i) {
    float ref = a[i] + b[i]; // exact: small binary fractions
    if (c[i] != ref) {
      printf("FAIL: c[%d] = %f, expected %f\n", i, c[i], ref);
      return 1;
    }
    int iref = ia[i] + ib[i];
    if (ic[i] != iref) {
      printf("FAIL: ic[%d] = %d, expected %d\n", i, ic[i], iref);
      return 1;
    }
  }
  // The element past the end must be untouched (bounds check).
  if (c[n] != -1.0f || ic[n] != -7) {
    printf("FAIL: wrote past n: c[n] = %f, ic[n] = %d\n", c[n], ic[n]);
    return 1;
  }
  cudaFree(da); cudaFree(db); cudaFree(dc);
  cudaFree(dia); cudaFree(dib); cudaFree(dic);
  printf("PASS\n");
  return 0;
}
