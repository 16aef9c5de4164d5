// RUN: cucpu --emit-mlir %s | FileCheck %s

// The launcher of a kernel records the block size that every launch in the
// file writes with constants: a local dim3, a dim3 temporary, a plain
// integer, a local variable given a constant by its initializer or by the
// last assignment before the launch in the same block. Launches with
// different or unknown sizes record none, and so do variables changed in
// other ways (in a branch, through their address or a reference, a member
// or compound assignment).

__global__ void tiled(float *a) { a[threadIdx.y * 16 + threadIdx.x] = 0; }
__global__ void flat(float *a) { a[threadIdx.x] = 0; }
__global__ void twoSizes(float *a) { a[threadIdx.x] = 0; }
__global__ void runtimeSize(float *a) { a[threadIdx.x] = 0; }
__global__ void assigned(float *a) { a[threadIdx.x] = 0; }
__global__ void reassigned(float *a) { a[threadIdx.x] = 0; }
__global__ void assignedRuntime(float *a) { a[threadIdx.x] = 0; }
__global__ void initialized(float *a) { a[threadIdx.x] = 0; }
__global__ void memberChanged(float *a) { a[threadIdx.x] = 0; }
__global__ void scaled(float *a) { a[threadIdx.x] = 0; }
__global__ void branchChanged(float *a) { a[threadIdx.x] = 0; }
__global__ void addressTaken(float *a) { a[threadIdx.x] = 0; }
__global__ void referenceChanged(float *a) { a[threadIdx.x] = 0; }

void chooseSize(int *size);
void adjustSize(int &size);

int main(int argc, char **) {
  float *a = nullptr;
  dim3 block(16, 16);
  tiled<<<4, block>>>(a);
  tiled<<<dim3(2, 2), dim3(16, 16, 1)>>>(a);
  flat<<<4, 256>>>(a);
  twoSizes<<<4, 128>>>(a);
  twoSizes<<<4, 64>>>(a);
  runtimeSize<<<4, argc * 32>>>(a);
  int threads = 32;
  initialized<<<4, threads>>>(a);
  threads = 128;
  assigned<<<4, threads>>>(a);
  reassigned<<<4, threads>>>(a);
  threads = 64;
  reassigned<<<4, threads>>>(a);
  assigned<<<1, 128>>>(a);
  threads = argc;
  assignedRuntime<<<4, threads>>>(a);
  dim3 shape(8, 8);
  shape.x = argc;
  memberChanged<<<1, shape>>>(a);
  int width = 32;
  width *= argc;
  scaled<<<1, width>>>(a);
  // Changed after the launch, in a branch: the launch in the loop may see
  // either value.
  int rows = 128;
  for (int i = 0; i < argc; ++i) {
    branchChanged<<<1, rows>>>(a);
    if (i == 2)
      rows = 64;
  }
  int chosen = 256;
  chooseSize(&chosen);
  addressTaken<<<1, chosen>>>(a);
  int adjusted = 256;
  adjustSize(adjusted);
  referenceChanged<<<1, adjusted>>>(a);
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
// CHECK-LABEL: func.func @__cucpu_entry__Z8assignedPf
// CHECK-SAME: cucpu.launch_block = array<i64: 128, 1, 1>
// CHECK-LABEL: func.func @__cucpu_entry__Z10reassignedPf
// CHECK-NOT: cucpu.launch_block
// CHECK-SAME: {
// CHECK-LABEL: func.func @__cucpu_entry__Z15assignedRuntimePf
// CHECK-NOT: cucpu.launch_block
// CHECK-SAME: {
// CHECK-LABEL: func.func @__cucpu_entry__Z11initializedPf
// CHECK-SAME: cucpu.launch_block = array<i64: 32, 1, 1>
// CHECK-LABEL: func.func @__cucpu_entry__Z13memberChangedPf
// CHECK-NOT: cucpu.launch_block
// CHECK-SAME: {
// CHECK-LABEL: func.func @__cucpu_entry__Z6scaledPf
// CHECK-NOT: cucpu.launch_block
// CHECK-SAME: {
// CHECK-LABEL: func.func @__cucpu_entry__Z13branchChangedPf
// CHECK-NOT: cucpu.launch_block
// CHECK-SAME: {
// CHECK-LABEL: func.func @__cucpu_entry__Z12addressTakenPf
// CHECK-NOT: cucpu.launch_block
// CHECK-SAME: {
// CHECK-LABEL: func.func @__cucpu_entry__Z16referenceChangedPf
// CHECK-NOT: cucpu.launch_block
// CHECK-SAME: {
