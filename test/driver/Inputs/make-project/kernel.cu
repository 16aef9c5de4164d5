#include "params.h"
__device__ float rotateAndScale(float x);

__global__ void rotateScale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float r = rotateAndScale(i < n ? a[i] : 0.0f);
  if (i < n)
    a[i] = r;
}
