// Two kernels for the prefer-vector-width tests: one launched with rows of 16
// threads, one with rows of 256.
__global__ void shortRow(float *a) {
  a[(blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x] *= 2.0f;
}

__global__ void longRow(float *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] += 1.0f;
}

void launch(float *a) {
  shortRow<<<4, dim3(16, 16)>>>(a);
  longRow<<<4, 256>>>(a);
}
