// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// __shared__ arrays (static, 2D, in a __device__ function) and extern
// __shared__ buffers sized by the launch, each block with its own copy. No
// barriers: every thread reads only what it wrote itself.

#include <cstdio>

__device__ float *scratch() {
  static __shared__ float perThread[256];
  return &perThread[threadIdx.x];
}

__global__ void staticShared(const float *in, float *out, int n) {
  __shared__ float tile[256];
  __shared__ int grid2d[16][16];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : 0.0f;
  grid2d[threadIdx.x / 16][threadIdx.x % 16] = blockIdx.x;
  *scratch() = tile[threadIdx.x] * 2.0f;
  if (i < n)
    out[i] = *scratch() + grid2d[threadIdx.x / 16][threadIdx.x % 16];
}

extern __shared__ float dynamicFloats[];

__global__ void dynamicShared(const int *in, int *out, int n) {
  // Two views of one buffer, as CUDA programs carve it up.
  extern __shared__ int dynamicInts[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  dynamicInts[threadIdx.x] = i < n ? in[i] : 0;
  dynamicFloats[blockDim.x + threadIdx.x] = 0.5f;
  if (i < n)
    out[i] = dynamicInts[threadIdx.x] * 3 +
             (int)(dynamicFloats[blockDim.x + threadIdx.x] * 4);
}

// Many blocks with a large dynamic buffer each: the buffer must be reused, not
// allocated anew on the stack for every block.
__global__ void manyBlocks(int *out) {
  extern __shared__ int big[];
  big[threadIdx.x * 256] = blockIdx.x;
  if (threadIdx.x == 0)
    out[blockIdx.x] = big[0] + 1;
}

int main() {
  const int n = 1000, threads = 256, blocks = (n + threads - 1) / threads;
  float hin[n], hout[n];
  int iin[n], iout[n];
  for (int i = 0; i < n; ++i) {
    hin[i] = 0.25f * i;
    iin[i] = 7 * i - 50;
  }
  float *din, *dout;
  int *diin, *diout;
  cudaMalloc(&din, sizeof hin);
  cudaMalloc(&dout, sizeof hout);
  cudaMalloc(&diin, sizeof iin);
  cudaMalloc(&diout, sizeof iout);
  cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
  cudaMemcpy(diin, iin, sizeof iin, cudaMemcpyHostToDevice);

  staticShared<<<blocks, threads>>>(din, dout, n);
  dynamicShared<<<blocks, threads, 2 * threads * sizeof(int)>>>(diin, diout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
  cudaMemcpy(iout, diout, sizeof iout, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    float expect = hin[i] * 2.0f + i / threads;
    if (hout[i] != expect) {
      printf("FAIL: static out[%d] = %f, expected %f\n", i, hout[i], expect);
      return 1;
    }
    if (iout[i] != iin[i] * 3 + 2) {
      printf("FAIL: dynamic out[%d] = %d\n", i, iout[i]);
      return 1;
    }
  }
  const int manyCount = 200000;
  int *dmany;
  cudaMalloc(&dmany, manyCount * sizeof(int));
  manyBlocks<<<manyCount, 32, 32 * 256 * sizeof(int)>>>(dmany);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: manyBlocks launch\n");
    return 1;
  }
  static int many[manyCount];
  cudaMemcpy(many, dmany, sizeof many, cudaMemcpyDeviceToHost);
  for (int b = 0; b < manyCount; ++b)
    if (many[b] != b + 1) {
      printf("FAIL: manyBlocks[%d] = %d\n", b, many[b]);
      return 1;
    }
  printf("PASS\n");
  return 0;
}
