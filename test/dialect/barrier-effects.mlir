// RUN: cucpu-opt %s -split-input-file -simt-print-barrier-effects -verify-diagnostics

// The barrier's memory effects are the accesses other threads can make
// before or after it. An address indexed by the thread index is private to
// the thread; a fixed element of a shared array is not.

func.func @shared_and_private(%g: index, %b: index, %out: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i64 = arith.constant 0 : i64
  %v = arith.constant 1.0 : f32
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    %n = arith.constant 1024 : i64
    %shared = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %i = arith.index_cast %tid : index to i64
      // Only this thread accesses its element of out: not ordered by the
      // barrier.
      %mine = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %v, %mine : f32, !llvm.ptr
      // Element 0 of shared is read by every thread: ordered by the barrier.
      // expected-remark @+1 {{read across a barrier}}
      %first = llvm.getelementptr %shared[%c0_i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %x = llvm.load %first : !llvm.ptr -> f32
      simt.barrier(%tid)
      %y = llvm.load %first : !llvm.ptr -> f32
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

// A location another thread writes.
func.func @neighbour(%g: index, %b: index, %out: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1_i64 = arith.constant 1 : i64
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    %n = arith.constant 1024 : i64
    %shared = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %i = arith.index_cast %tid : index to i64
      // Thread t writes element t and reads element t + 1, which thread t + 1
      // writes: both accesses are ordered by the barrier.
      // expected-remark @+1 {{written across a barrier}}
      %mine = llvm.getelementptr %shared[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %j = arith.addi %i, %c1_i64 : i64
      // expected-remark @+1 {{read across a barrier}}
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

// tile[ty][tx] is private when both dimensions index it; a thread's local
// variables are always private. This barrier orders nothing.
func.func @tile_and_locals(%g: index, %bx: index, %by: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    %n = arith.constant 16 : i64
    %tile = llvm.alloca %n x !llvm.array<64 x i8> : (i64) -> !llvm.ptr
    scf.parallel (%tx, %ty) = (%c0, %c0) to (%bx, %by) step (%c1, %c1) {
      %x = arith.index_cast %tx : index to i64
      %y = arith.index_cast %ty : index to i64
      %row = llvm.getelementptr %tile[%y] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<64 x i8>
      %cell = llvm.getelementptr %row[%x] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %v, %cell : f32, !llvm.ptr
      %one = arith.constant 1 : i64
      %local = llvm.alloca %one x f32 : (i64) -> !llvm.ptr
      llvm.store %v, %local : f32, !llvm.ptr
      simt.barrier(%tx, %ty)
      %r = llvm.load %cell : !llvm.ptr -> f32
      %l = llvm.load %local : !llvm.ptr -> f32
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Indexed by x alone while the code also uses y: threads (x, 0) and (x, 1)
// share the element.
func.func @missing_dimension(%g: index, %bx: index, %by: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    %n = arith.constant 64 : i64
    %a = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%tx, %ty) = (%c0, %c0) to (%bx, %by) step (%c1, %c1) {
      %x = arith.index_cast %tx : index to i64
      %y = arith.index_cast %ty : index to i64
      // expected-remark @+1 {{written across a barrier}}
      %p = llvm.getelementptr %a[%x] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %q = llvm.getelementptr %a[%y] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %v, %p : f32, !llvm.ptr
      simt.barrier(%tx, %ty)
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Two pointer arguments may overlap with an offset (k<<<…>>>(p, p + 1)), so
// a[t] written before the barrier and b[t] read after it are both ordered.
func.func @arguments_may_overlap(%g: index, %bx: index, %a: !llvm.ptr, %b: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tx) = (%c0) to (%bx) step (%c1) {
      %x = arith.index_cast %tx : index to i64
      // expected-remark @+1 {{written across a barrier}}
      %p = llvm.getelementptr %a[%x] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %v, %p : f32, !llvm.ptr
      simt.barrier(%tx)
      // expected-remark @+1 {{read across a barrier}}
      %q = llvm.getelementptr %b[%x] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %r = llvm.load %q : !llvm.ptr -> f32
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Atomics are how threads share: never private, even at a[threadIdx.x]
// (threads differing in a dimension the code does not read add to the same
// element). The LLVM dialect's atomics do not describe their effects, so
// the barrier orders all memory.
func.func @atomics(%g: index, %bx: index, %by: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    %n = arith.constant 64 : i64
    %a = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%tx, %ty) = (%c0, %c0) to (%bx, %by) step (%c1, %c1) {
      %x = arith.index_cast %tx : index to i64
      %p = llvm.getelementptr %a[%x] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %old = llvm.atomicrmw fadd %p, %v monotonic : !llvm.ptr, f32
      // expected-remark @+2 {{orders all memory (read across a barrier)}}
      // expected-remark @+1 {{orders all memory (written across a barrier)}}
      simt.barrier(%tx, %ty)
      scf.reduce
    }
    scf.reduce
  }
  return
}
