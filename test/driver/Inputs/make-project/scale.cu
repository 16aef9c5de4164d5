#include "params.h"
__device__ float rotateAndScale(float x) {
  __shared__ float tile[kBlock];
  tile[threadIdx.x] = x;
  __syncthreads();
  return tile[(threadIdx.x + 1) % blockDim.x] * kFactor + float(threadIdx.x);
}
