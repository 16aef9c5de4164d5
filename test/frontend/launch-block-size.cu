// RUN: cucpu --emit-mlir %s | FileCheck %s

// The launcher of a kernel records the block size that every launch in the
// file writes with constants: a local dim3, a dim3 temporary, a plain
// integer. Launches with different or unknown sizes record none.

__global__ void tiled(float *a) { a[threadIdx.y * 16 + threadIdx.x] = 0; }
__global__ void flat(float *a) { a[threadIdx.x] = 0; }
__global__ void twoSizes(float *a) { a[threadIdx.x] = 0; }
__global__ void runtimeSize(float *a) { a[threadIdx.x] = 0; }

int main(int argc, char **) {
  float *a = nullptr;
  dim3 block(16, 16);
  tiled<<<4, block>>>(a);
  tiled<<<dim3(2, 2), dim3(16, 16, 1)>>>(a);
  flat<<<4, 256>>>(a);
  twoSizes<<<4, 128>>>(a);
  twoSizes<<<4, 64>>>(a);
  runtimeSize<<<4, argc * 32>>>(a);
  return 0;
}

// CHECK-LABEL: func.func @__cucpu_entry__Z5tiledPf
// CHECK-SAME: cucpu.launch_block = array<i64: 16, 16, 1>
// CHECK-LABEL: func.func @__cucpu_entry__Z4flatPf
// CHECK-SAME: cucpu.launch_block = array<i64: 256, 1, 1>
// CHECK-LABEL: func.func @__cucpu_entry__Z8twoSizesPf
// CHECK-NOT: cucpu.launch_block
// CHECK-SAME: {
// CHECK-LABEL: func.func @__cucpu_entry__Z11runtimeSizePf
// CHECK-NOT: cucpu.launch_block
// CHECK-SAME: {
