// RUN: cucpu-opt %s -split-input-file -cse | FileCheck %s

// Generic passes stay correct around barriers through their memory effects
// alone.

// Only reads of element 0 of %shared cross this barrier (the writes go to
// elements no other thread touches): the second load is the same value as
// the first, CSE merges them, and the barrier, which orders nothing that
// conflicts, is dead.
// CHECK-LABEL: func.func @read_only_across
// CHECK: %[[X:.*]] = llvm.load
// CHECK-NOT: simt.barrier
// CHECK-NOT: llvm.load
// CHECK: arith.addf %[[X]], %[[X]]
func.func @read_only_across(%g: index, %b: index, %out: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i64 = arith.constant 0 : i64
  %v = arith.constant 1.0 : f32
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    %n = arith.constant 1024 : i64
    %shared = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %i = arith.index_cast %tid : index to i64
      %mine = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %v, %mine : f32, !llvm.ptr
      %first = llvm.getelementptr %shared[%c0_i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %x = llvm.load %first : !llvm.ptr -> f32
      simt.barrier(%tid)
      %y = llvm.load %first : !llvm.ptr -> f32
      %s = arith.addf %x, %y : f32
      llvm.store %s, %mine : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Thread t reads element t + 1, which thread t + 1 writes before the barrier:
// the load after the barrier is not merged with the one before, and the
// barrier stays.
// CHECK-LABEL: func.func @neighbour_written
// CHECK: %[[X:.*]] = llvm.load
// CHECK: simt.barrier
// CHECK: %[[Y:.*]] = llvm.load
// CHECK: arith.addf %[[X]], %[[Y]]
func.func @neighbour_written(%g: index, %b: index, %out: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1_i64 = arith.constant 1 : i64
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    %n = arith.constant 1024 : i64
    %shared = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %i = arith.index_cast %tid : index to i64
      %mine = llvm.getelementptr %shared[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %j = arith.addi %i, %c1_i64 : i64
      %next = llvm.getelementptr %shared[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %x = llvm.load %next : !llvm.ptr -> f32
      llvm.store %x, %mine : f32, !llvm.ptr
      simt.barrier(%tid)
      %y = llvm.load %next : !llvm.ptr -> f32
      %o = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %s = arith.addf %x, %y : f32
      llvm.store %s, %o : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A thread's own element, written before the barrier and read after it: no
// other thread touches it, so the barrier orders nothing and is dead.
// CHECK-LABEL: func.func @private_only
// CHECK-NOT: simt.barrier
func.func @private_only(%g: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 2.0 : f32
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    %n = arith.constant 1024 : i64
    %shared = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %i = arith.index_cast %tid : index to i64
      %mine = llvm.getelementptr %shared[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %v, %mine : f32, !llvm.ptr
      simt.barrier(%tid)
      %y = llvm.load %mine : !llvm.ptr -> f32
      %z = arith.mulf %y, %y : f32
      llvm.store %z, %mine : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}
