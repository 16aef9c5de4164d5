// RUN: %cucpu -O2 --cuda-device-only -S -emit-llvm %s -o - | FileCheck %s

// The OpenMP loop over a 2D grid's blocks recovers each block's x and y by
// dividing its one induction variable by the grid's extents. The divided
// value is frozen first, so that ScalarEvolution (loop strength reduction,
// IV users) does not model divisions nothing can reduce; the block index
// arithmetic itself is unchanged.

// CHECK-LABEL: define internal void @__cucpu_entry__Z5scalePfi..omp_par
// CHECK-SAME:  #[[HOT:[0-9]+]] {
// CHECK:       %[[FROZEN:index.frozen[0-9]*]] = freeze i64
// CHECK:       {{urem|udiv}} i64 %[[FROZEN]],
// CHECK:       attributes #[[HOT]] = { nounwind

__global__ void scale(float *data, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width)
    data[y * width + x] *= 2.0f;
}

int main() {
  float *data;
  cudaMalloc(&data, 64 * 64 * sizeof(float));
  scale<<<dim3(4, 64), dim3(16, 1)>>>(data, 64);
  cudaDeviceSynchronize();
  return 0;
}
