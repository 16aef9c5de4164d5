// RUN: cucpu-opt %s -split-input-file --simt-forward-shared-stores=remarks=1 -verify-diagnostics -allow-unregistered-dialect | FileCheck %s

// Every write to the tile is at [tx]: a thread's element changes only by its
// own stores. The load after the barrier gets the stored value. The first
// store stays: other threads could read it after the barrier (the pass does
// not look further); the last store stays because a neighbour reads it.
// CHECK-LABEL: func.func @owned
// CHECK: scf.parallel
// CHECK: llvm.store %arg1
// CHECK-NEXT: simt.barrier
// CHECK-NEXT: %[[M:.*]] = arith.mulf %arg1, %arg1
// CHECK-NEXT: llvm.store %[[M]]
// CHECK: simt.barrier
// CHECK: llvm.load
func.func @owned(%b: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(257 : i64) : i64
  %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    %i1 = arith.index_cast %tx : index to i64
    %a = llvm.getelementptr %sh[%i1] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %v, %a : f32, !llvm.ptr
    simt.barrier(%tx)
    // expected-remark @below {{load of a shared element replaced}}
    %x = llvm.load %a : !llvm.ptr -> f32
    %m = arith.mulf %x, %x : f32
    llvm.store %m, %a : f32, !llvm.ptr
    simt.barrier(%tx)
    %t1 = arith.addi %tx, %c1 : index
    %i2 = arith.index_cast %t1 : index to i64
    %a2 = llvm.getelementptr %sh[%i2] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %y = llvm.load %a2 : !llvm.ptr -> f32
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// Another thread writes the neighbour's element: no forwarding.
// CHECK-LABEL: func.func @shared_writes
// CHECK: simt.barrier
// CHECK-NEXT: llvm.load
func.func @shared_writes(%b: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(257 : i64) : i64
  %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    %i3 = arith.index_cast %tx : index to i64
    %a = llvm.getelementptr %sh[%i3] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %v, %a : f32, !llvm.ptr
    %t1 = arith.addi %tx, %c1 : index
    %i4 = arith.index_cast %t1 : index to i64
    %a2 = llvm.getelementptr %sh[%i4] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %v, %a2 : f32, !llvm.ptr
    simt.barrier(%tx)
    %x = llvm.load %a : !llvm.ptr -> f32
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}
