// Defines the device variables that use.cu declares `extern`.
__device__ int counter;
__constant__ float table[4];
namespace stats {
__device__ unsigned long long total = 0;
}

__global__ void add(int amount) { counter += amount; }

void setCounter(int value) {
  cudaMemcpyToSymbol(counter, &value, sizeof value);
}

void addInDefiningFile(int amount) { add<<<1, 1>>>(amount); }
