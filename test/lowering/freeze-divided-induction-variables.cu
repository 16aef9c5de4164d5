// RUN: %cucpu -O2 --cuda-device-only -S -emit-llvm %s -o - | FileCheck %s

// The OpenMP loop over a 2D grid's blocks recovers each block's x and y by
// dividing its one induction variable by the grid's extents. The divided
// value is frozen first, so that ScalarEvolution (loop strength reduction,
// IV users) does not model divisions nothing can reduce; the block index
// arithmetic itself is unchanged. (Ordinary launches hand out chunks of
// blocks dynamically, where the chunk loop starts from bounds the runtime
// gives, already frozen, and InstCombine folds the freeze away; the kernel
// below waits on other blocks, so its launch keeps a static schedule.)

// CHECK-LABEL: define internal void @__cucpu_entry__Z5scalePfPi..omp_par
// CHECK-SAME:  #[[HOT:[0-9]+]] {
// CHECK:       %[[FROZEN:index.frozen[0-9]*]] = freeze i64
// CHECK:       {{urem|udiv}} i64 %[[FROZEN]],
// CHECK:       attributes #[[HOT]] = { nounwind

__global__ void scale(float *data, int *ready) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (threadIdx.x == 0 && blockIdx.x > 0)
    while (atomicAdd(&ready[blockIdx.y], 0) == 0) {
    }
  data[y * 64 + x] *= 2.0f;
  if (threadIdx.x == 0 && blockIdx.x == 0)
    atomicAdd(&ready[blockIdx.y], 1);
}

int main() {
  float *data;
  int *ready;
  cudaMalloc(&data, 64 * 64 * sizeof(float));
  cudaMalloc(&ready, 64 * sizeof(int));
  cudaMemset(ready, 0, 64 * sizeof(int));
  scale<<<dim3(4, 64), dim3(16, 1)>>>(data, ready);
  cudaDeviceSynchronize();
  return 0;
}
