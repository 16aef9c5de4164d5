// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// __constant__ and __device__ variables that no kernel reads still exist on
// the device, as with nvcc: the host copies to and from them by symbol
// (cudaMemcpyToSymbol/FromSymbol, cudaGetSymbolAddress, cudaGetSymbolSize),
// and their initializers are there to read back. cucpu used to create only
// the variables device code used, and answered cudaErrorInvalidSymbol.

#include <cstdio>

__constant__ int unusedTable[16];
__constant__ float unusedScale = 2.5f;
__device__ int unusedCounter[4] = {7, 8, 9, 10};
static __device__ double unusedStatic = 0.125;
__constant__ int usedTable[16];

__global__ void readUsed(int *out) { out[threadIdx.x] = usedTable[threadIdx.x]; }

int main() {
  int bad = 0;
  auto expect = [&](bool ok, const char *what) {
    if (!ok && bad++ < 10)
      printf("FAIL: %s\n", what);
  };
  int table[16], back[16];
  for (int i = 0; i < 16; ++i)
    table[i] = i * 3;
  expect(cudaMemcpyToSymbol(unusedTable, table, sizeof table) == cudaSuccess,
         "copy to an unused __constant__ array");
  expect(cudaMemcpyFromSymbol(back, unusedTable, sizeof back) == cudaSuccess &&
             back[15] == 45,
         "copy back from it");
  float scale = 0;
  expect(cudaMemcpyFromSymbol(&scale, unusedScale, sizeof scale) ==
                 cudaSuccess &&
             scale == 2.5f,
         "an unused __constant__ keeps its initializer");
  int counters[4] = {0};
  expect(cudaMemcpyFromSymbol(counters, unusedCounter, sizeof counters) ==
                 cudaSuccess &&
             counters[0] == 7 && counters[3] == 10,
         "an unused __device__ array keeps its initializer");
  double value = 0;
  expect(cudaMemcpyFromSymbol(&value, unusedStatic, sizeof value) ==
                 cudaSuccess &&
             value == 0.125,
         "a static __device__ variable");
  void *address = nullptr;
  size_t size = 0;
  expect(cudaGetSymbolAddress(&address, unusedCounter) == cudaSuccess &&
             address != nullptr,
         "cudaGetSymbolAddress of an unused variable");
  expect(cudaGetSymbolSize(&size, unusedCounter) == cudaSuccess &&
             size == sizeof counters,
         "cudaGetSymbolSize of an unused variable");

  expect(cudaMemcpyToSymbol(usedTable, table, sizeof table) == cudaSuccess,
         "copy to a used __constant__ array");
  int *out;
  cudaMalloc(&out, sizeof table);
  readUsed<<<1, 16>>>(out);
  cudaMemcpy(back, out, sizeof back, cudaMemcpyDeviceToHost);
  expect(cudaGetLastError() == cudaSuccess && back[7] == 21,
         "a kernel reads the used array");
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
