// RUN: cucpu --emit-mlir %s | FileCheck %s

// Each kernel becomes a private function using simt queries, plus a launcher
// with the launch ABI: a block loop around a thread loop calling the kernel
// with the arguments read from the argument array.

__global__ void scale(float *data, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}

int main() { return 0; }

// CHECK-LABEL: func.func private @_Z5scalePffi(%{{.*}}: !llvm.ptr, %{{.*}}: f32, %{{.*}}: i32)
// CHECK: simt.block_id x
// CHECK: simt.block_dim x
// CHECK: simt.thread_id x
// CHECK: arith.cmpi slt
// CHECK: scf.if
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: arith.mulf

// CHECK-LABEL: func.func @__cucpu_entry__Z5scalePffi
// CHECK-SAME: (%[[GX:[^:]*]]: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %[[BX:[^:]*]]: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i64, %[[ARGS:[^:]*]]: !llvm.ptr)
// CHECK-SAME: cucpu.kernel_name = "_Z5scalePffi"
// CHECK-SAME: cucpu.kernel_params = array<i64: 8, 8, 4, 4, 4, 4>
// CHECK: %[[SLOT1:.*]] = llvm.getelementptr %[[ARGS]][1]
// CHECK: %[[P1:.*]] = llvm.load %[[SLOT1]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[FACTOR:.*]] = llvm.load %[[P1]] {{.*}} -> f32
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: func.call @_Z5scalePffi(%{{.*}}, %[[FACTOR]], %{{.*}})
// CHECK: {cucpu.loop = "thread"}
// CHECK: {cucpu.loop = "block"}
