// RUN: %cucpu --cuda-gpu-arch=sm_80 -S %s -o - | FileCheck %s
// On the GPU target __activemask is the hardware's mask, not the CPU's
// exchange through shared memory.
// CHECK-LABEL: .visible .entry _Z5masksPj(
// CHECK: activemask.b32
// CHECK-NOT: bar.warp.sync
// CHECK: ret;
__global__ void masks(unsigned *out) { out[threadIdx.x] = __activemask(); }
