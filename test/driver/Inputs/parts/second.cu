// The other file of codegen-parts.test: the same local names as first.cu.
#include <cstdio>

static __device__ int helper(int x) { return x * x; }

__global__ void secondFill(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = helper(i);
  if (i == 0)
    printf("second kernel ran\n");
}

int runSecond() {
  const int n = 1000;
  int *d;
  cudaMalloc(&d, n * sizeof(int));
  secondFill<<<(n + 127) / 128, 128>>>(d, n);
  int h[n];
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += h[i] != i * i;
  printf("second: %d wrong\n", wrong);
  cudaFree(d);
  return 0;
}
