// A C++ file of the same program that calls the runtime API: it gets
// cucpu's cuda_runtime.h, as the .cu file does.
#include <cuda_runtime.h>

int hostSide() {
  int *p = nullptr;
  if (cudaMalloc(&p, 4 * sizeof(int)) != cudaSuccess)
    return -1;
  int values[4] = {1, 2, 3, 4}, back[4] = {};
  cudaMemcpy(p, values, sizeof values, cudaMemcpyHostToDevice);
  cudaMemcpy(back, p, sizeof back, cudaMemcpyDeviceToHost);
  cudaFree(p);
  return back[0] + back[1] + back[2] + back[3];
}
