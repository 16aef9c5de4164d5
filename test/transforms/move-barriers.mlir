// RUN: cucpu-opt %s -split-input-file --simt-move-barriers="remarks=1" -verify-diagnostics | FileCheck %s
// RUN: cucpu-opt %s -split-input-file --simt-move-barriers --simt-eliminate-barriers | FileCheck %s --check-prefix=ELIM

// The unrolled-reduction shape: a barrier ends a uniform if. It moves
// after the if; the barrier that followed the if already is then next to
// it, and elimination keeps one of the two.
// CHECK-LABEL: func.func @end_of_branch
// CHECK: scf.if
// CHECK: llvm.store
// CHECK-NOT: simt.barrier
// CHECK: }
// CHECK-NEXT: simt.barrier
// CHECK-NEXT: simt.barrier
// ELIM-LABEL: func.func @end_of_branch
// ELIM-COUNT-1: simt.barrier
// ELIM-NOT: simt.barrier
func.func @end_of_branch(%b: index, %c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(256 : i64) : i64
  %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    %i = arith.index_cast %tx : index to i64
    %a = llvm.getelementptr %sh[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    scf.if %c {
      llvm.store %v, %a : f32, !llvm.ptr
      // expected-remark @below {{barrier moved out of a conditional (to after it)}}
      simt.barrier(%tx)
      %unused = arith.addf %v, %v : f32
    }
    simt.barrier(%tx)
    %j = arith.subi %n, %i : i64
    %a2 = llvm.getelementptr %sh[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %x = llvm.load %a2 : !llvm.ptr -> f32
    llvm.store %x, %a : f32, !llvm.ptr
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// Both branches start with a barrier (after pure code): one barrier in
// front of the if replaces them.
// CHECK-LABEL: func.func @start_of_both_branches
// ELIM-LABEL: func.func @start_of_both_branches
// CHECK: simt.barrier
// CHECK-NEXT: scf.if
// CHECK-NOT: simt.barrier
// CHECK: return
func.func @start_of_both_branches(%b: index, %c: i1, %p: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    %i = arith.index_cast %tx : index to i64
    %a = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %x = llvm.load %p : !llvm.ptr -> f32
    llvm.store %x, %a : f32, !llvm.ptr
    scf.if %c {
      %y = arith.addf %x, %x : f32
      // expected-remark @below {{barrier moved out of a conditional (to before it)}}
      simt.barrier(%tx)
      llvm.store %y, %p : f32, !llvm.ptr
    } else {
      simt.barrier(%tx)
      llvm.store %x, %p : f32, !llvm.ptr
    }
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// A barrier travels out of nested ifs.
// CHECK-LABEL: func.func @nested
// CHECK: scf.if
// CHECK: scf.if
// CHECK-NOT: simt.barrier
// CHECK: }
// CHECK-NOT: simt.barrier
// CHECK: }
// CHECK-NEXT: simt.barrier
func.func @nested(%b: index, %c: i1, %d: i1, %p: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    scf.if %c {
      scf.if %d {
        llvm.store %v, %p : f32, !llvm.ptr
        // expected-remark @below {{barrier moved out of a conditional (to after it)}}
        simt.barrier(%tx)
      }
    }
    %x = llvm.load %p : !llvm.ptr -> f32
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// Memory accesses on both sides of the barrier inside the branch: it stays.
// CHECK-LABEL: func.func @stays
// CHECK: scf.if
// CHECK-NEXT: llvm.store
// CHECK-NEXT: simt.barrier
// CHECK-NEXT: llvm.load
func.func @stays(%b: index, %c: i1, %p: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    scf.if %c {
      llvm.store %v, %p : f32, !llvm.ptr
      simt.barrier(%tx)
      %x = llvm.load %p : !llvm.ptr -> f32
    }
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// Barriers ending both branches become one; it synchronizes the block
// unless both were warp barriers (__syncwarp), which the GPU target tells
// apart.
// CHECK-LABEL: func.func @merged_warp_and_block
// CHECK: } else {
// CHECK-NEXT: }
// CHECK-NEXT: simt.barrier(%{{.*}}){{$}}
// CHECK-LABEL: func.func @merged_warps
// CHECK: } else {
// CHECK-NEXT: }
// CHECK-NEXT: simt.barrier(%{{.*}}) {cucpu.warp_sync}
func.func @merged_warp_and_block(%b: index, %c: i1, %p: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    scf.if %c {
      llvm.store %v, %p : f32, !llvm.ptr
      // expected-remark @+1 {{barrier moved out of a conditional (to after it)}}
      simt.barrier(%tx) {cucpu.warp_sync}
    } else {
      simt.barrier(%tx)
    }
    %x = llvm.load %p : !llvm.ptr -> f32
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}
func.func @merged_warps(%b: index, %c: i1, %p: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    scf.if %c {
      llvm.store %v, %p : f32, !llvm.ptr
      // expected-remark @+1 {{barrier moved out of a conditional (to after it)}}
      simt.barrier(%tx) {cucpu.warp_sync}
    } else {
      simt.barrier(%tx) {cucpu.warp_sync}
    }
    %x = llvm.load %p : !llvm.ptr -> f32
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}
