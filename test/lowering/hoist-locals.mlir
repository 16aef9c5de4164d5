// RUN: cucpu-opt %s -cucpu-hoist-locals-to-parallel-region | FileCheck %s

// A thread's locals move to the start of the OpenMP region: one copy per
// OpenMP thread, not one stack slot per loop iteration.

// CHECK-LABEL: func.func @locals
// CHECK: omp.parallel {
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[SLOT:.*]] = llvm.alloca %[[ONE]] x f32
// CHECK: omp.wsloop
// CHECK-NOT: memref.alloca_scope
// CHECK-NOT: llvm.alloca
// CHECK: llvm.store %{{.*}}, %[[SLOT]]
func.func @locals(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        memref.alloca_scope {
          %one = arith.constant 1 : i64
          %slot = llvm.alloca %one x f32 : (i64) -> !llvm.ptr
          llvm.store %v, %slot : f32, !llvm.ptr
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// The dynamic shared memory of a block, sized by the launch, moves too.
// CHECK-LABEL: func.func @dynamic_shared
// CHECK-SAME: (%[[N:.*]]: index, %[[BYTES:.*]]: i64)
// CHECK: omp.parallel {
// CHECK-NEXT: %[[BUF:.*]] = llvm.alloca %[[BYTES]] x i8
// CHECK: omp.wsloop
// CHECK-NOT: llvm.alloca
// CHECK: llvm.store %{{.*}}, %[[BUF]]
func.func @dynamic_shared(%n: index, %bytes: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 0 : i8
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %buf = llvm.alloca %bytes x i8 : (i64) -> !llvm.ptr
        llvm.store %v, %buf : i8, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
