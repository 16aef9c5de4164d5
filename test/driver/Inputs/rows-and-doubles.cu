// Kernels for the prefer-vector-width tests: rows of 16 threads and of 256,
// computing with floats and with doubles.
__global__ void shortRow(float *a) {
  a[(blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x] *= 2.0f;
}

__global__ void shortRowDoubles(double *a) {
  a[(blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x] *= 2.0;
}

__global__ void longRow(float *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] += 1.0f;
}

__global__ void longRowDoubles(double *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] += 1.0;
}

void launch(float *a, double *d) {
  shortRow<<<4, dim3(16, 16)>>>(a);
  shortRowDoubles<<<4, dim3(16, 16)>>>(d);
  longRow<<<4, 256>>>(a);
  longRowDoubles<<<4, 256>>>(d);
}
