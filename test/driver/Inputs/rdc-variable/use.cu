// Uses `counter` and `table`, which define.cu defines: kernels of this file
// change them, and host code of this file copies them with the symbol API.
#include <cstdio>

extern __device__ int counter;
extern __constant__ float table[4];
namespace stats {
extern __device__ unsigned long long total;
}

void setCounter(int value);
void addInDefiningFile(int amount);

__global__ void count(int times) {
  atomicAdd(&counter, times);
  atomicAdd(&stats::total, (unsigned long long)(table[threadIdx.x % 4] * 10));
}

int main() {
  setCounter(5);
  float values[4] = {1, 2, 3, 4};
  cudaMemcpyToSymbol(table, values, sizeof values);
  count<<<2, 8>>>(3);
  addInDefiningFile(100);
  cudaDeviceSynchronize();
  int c = 0;
  unsigned long long t = 0;
  cudaMemcpyFromSymbol(&c, counter, sizeof c);
  cudaMemcpyFromSymbol(&t, stats::total, sizeof t);
  // 5 + 16 threads * 3 + 100; each thread adds 10 * table[tid % 4].
  printf("counter=%d total=%llu\n", c, t);
  return 0;
}
