// Kernels whose device module is compiled in parts (codegen-parts.test);
// its local symbols (the helper, the printf format, OpenMP's source
// locations) have the same names as second.cu's.
#include <cstdio>

static __device__ int helper(int x) { return 3 * x + 1; }

__global__ void firstFill(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = helper(i);
  if (i == 0)
    printf("first kernel ran\n");
}

__global__ void firstScale(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] *= 2;
}

int runSecond();

int main() {
  const int n = 1000;
  int *d;
  cudaMalloc(&d, n * sizeof(int));
  firstFill<<<(n + 127) / 128, 128>>>(d, n);
  firstScale<<<(n + 127) / 128, 128>>>(d, n);
  int h[n];
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += h[i] != 2 * (3 * i + 1);
  printf("first: %d wrong\n", wrong);
  cudaFree(d);
  return runSecond();
}
