// RUN: cucpu-opt %s --simt-wrap-shared-indices | FileCheck %s

// Indices into the block's shared memory that were zero-extended from 32
// bits are sign-extended: a GPU's 32-bit shared addresses wrap, so `p[~x]`
// reaches the element before `p` there. Also through a thread's pointer
// variable that holds a shared address. Global memory (a kernel argument)
// and a thread's own memory keep C's zero extension.
// CHECK-LABEL: func.func @indices
// CHECK: %[[S1:.*]] = arith.extsi %[[I:.*]] : i32 to i64
// CHECK-NEXT: llvm.getelementptr %{{.*}}[%[[S1]]]
// CHECK: %[[S2:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK-NEXT: llvm.getelementptr %[[VIA:.*]][%[[S2]]]
// CHECK: %[[G:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK-NEXT: llvm.getelementptr %arg2[%[[G]]]
// CHECK: %[[L:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK-NEXT: llvm.getelementptr %{{.*}}[%[[L]]]
func.func @indices(%blocks: index, %threads: index, %global: !llvm.ptr, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(64 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    %shared = llvm.alloca %n x i32 : (i64) -> !llvm.ptr
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %not = arith.xori %x, %x : i32
      %wide1 = arith.extui %not : i32 to i64
      %a = llvm.getelementptr %shared[%wide1] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      %v = llvm.load %a : !llvm.ptr -> i32
      %slot = llvm.alloca %one x !llvm.ptr : (i64) -> !llvm.ptr
      %mid = llvm.getelementptr %shared[32] : (!llvm.ptr) -> !llvm.ptr, i32
      llvm.store %mid, %slot : !llvm.ptr, !llvm.ptr
      %p = llvm.load %slot : !llvm.ptr -> !llvm.ptr
      %wide2 = arith.extui %v : i32 to i64
      %b2 = llvm.getelementptr %p[%wide2] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      %w = llvm.load %b2 : !llvm.ptr -> i32
      %wide3 = arith.extui %w : i32 to i64
      %g = llvm.getelementptr %global[%wide3] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      llvm.store %w, %g : i32, !llvm.ptr
      %own = llvm.alloca %n x i32 : (i64) -> !llvm.ptr
      %wide4 = arith.extui %w : i32 to i64
      %o = llvm.getelementptr %own[%wide4] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      llvm.store %w, %o : i32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}
