// RUN: cucpu-opt %s -split-input-file --simt-eliminate-barriers="remarks=1 remarks-missed=1" -verify-diagnostics -allow-unregistered-dialect | FileCheck %s

// Each thread reads back only its own element: nothing to order.
// CHECK-LABEL: func.func @own_element
// CHECK-NOT: simt.barrier
func.func @own_element(%b: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(256 : i64) : i64
  %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    %i1 = arith.index_cast %tx : index to i64
    %a = llvm.getelementptr %sh[%i1] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %v, %a : f32, !llvm.ptr
    // expected-remark @below {{barrier removed}}
    simt.barrier(%tx)
    %i2 = arith.index_cast %tx : index to i64
    %a2 = llvm.getelementptr %sh[%i2] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %x = llvm.load %a2 : !llvm.ptr -> f32
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// Reads on both sides need no order.
// CHECK-LABEL: func.func @read_read
// CHECK-NOT: simt.barrier
func.func @read_read(%p: !llvm.ptr, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    %x = llvm.load %p : !llvm.ptr -> f32
    // expected-remark @below {{barrier removed}}
    simt.barrier(%tx)
    %i3 = arith.index_cast %tx : index to i64
    %a = llvm.getelementptr %p[%i3] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %y = llvm.load %a : !llvm.ptr -> f32
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// A neighbour's element is read after the barrier: it stays, and the
// missed remark names the two accesses.
// CHECK-LABEL: func.func @neighbour
// CHECK: simt.barrier
func.func @neighbour(%b: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(257 : i64) : i64
  %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    %i4 = arith.index_cast %tx : index to i64
    %a = llvm.getelementptr %sh[%i4] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    // expected-note @below {{this access before it}}
    llvm.store %v, %a : f32, !llvm.ptr
    // expected-remark @below {{barrier kept}}
    simt.barrier(%tx)
    %t1 = arith.addi %tx, %c1 : index
    %i5 = arith.index_cast %t1 : index to i64
    %a2 = llvm.getelementptr %sh[%i5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    // expected-note @below {{may conflict with this access after it}}
    %x = llvm.load %a2 : !llvm.ptr -> f32
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// Two barriers that each make the other unnecessary: only one goes (the
// later one), the first still orders the store and the load.
// CHECK-LABEL: func.func @pair
// CHECK-COUNT-1: simt.barrier
// CHECK-NOT: simt.barrier
func.func @pair(%b: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(1 : i64) : i64
  %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    %c = arith.cmpi eq, %tx, %c0 : index
    scf.if %c {
      // expected-note @below {{this access before it}}
      llvm.store %v, %sh : f32, !llvm.ptr
    }
    // expected-remark @below {{barrier kept}}
    simt.barrier(%tx)
    // expected-remark @below {{barrier removed}}
    simt.barrier(%tx)
    // expected-note @below {{may conflict with this access after it}}
    %x = llvm.load %sh : !llvm.ptr -> f32
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// Two pointer arguments may be the same array: a write through one before
// the barrier and a write through the other after it stay ordered.
// CHECK-LABEL: func.func @arguments
// CHECK: simt.barrier
func.func @arguments(%p: !llvm.ptr, %q: !llvm.ptr, %b: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    %i6 = arith.index_cast %tx : index to i64
    %a = llvm.getelementptr %p[%i6] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    // expected-note @below {{this access before it}}
    llvm.store %v, %a : f32, !llvm.ptr
    // expected-remark @below {{barrier kept}}
    simt.barrier(%tx)
    // expected-note @below {{may conflict with this access after it}}
    llvm.store %v, %q : f32, !llvm.ptr
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}
