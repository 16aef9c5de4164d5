// RUN: cucpu-opt %s -split-input-file --simt-insert-lockstep-barriers=remarks=1 -verify-diagnostics | FileCheck %s

// Warp-synchronous exchange: each thread stores its element, then loads its
// neighbour's with no barrier between. A lock-step barrier goes between.
// CHECK-LABEL: func.func @neighbour
// CHECK: llvm.store
// CHECK: simt.barrier(%{{.*}}) {cucpu.lockstep, cucpu.warp_sync}
// CHECK-NEXT: llvm.load
func.func @neighbour(%blocks: index, %threads: index, %v: f32, %out: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(33 : i64) : i64
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%tx) = (%c0) to (%threads) step (%c1) {
      %i = arith.index_cast %tx : index to i64
      %a = llvm.getelementptr %sh[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %v, %a : f32, !llvm.ptr
      %t1 = arith.addi %tx, %c1 : index
      %j = arith.index_cast %t1 : index to i64
      %b = llvm.getelementptr %sh[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      // expected-remark @below {{lock-step barrier before this load of shared memory}}
      %x = llvm.load %b : !llvm.ptr -> f32
      %o = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %x, %o : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Nothing to add: a barrier separates the store from the load; a thread
// reads back its own element; the thread's own memory (allocated in the
// thread loop) and memory from outside the launch are not block-shared.
// CHECK-LABEL: func.func @separated
// CHECK-NOT: cucpu.lockstep
func.func @separated(%blocks: index, %threads: index, %v: f32, %global: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(33 : i64) : i64
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%tx) = (%c0) to (%threads) step (%c1) {
      %own = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
      %i = arith.index_cast %tx : index to i64
      %t1 = arith.addi %tx, %c1 : index
      %j = arith.index_cast %t1 : index to i64
      %a = llvm.getelementptr %sh[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %b = llvm.getelementptr %sh[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %v, %a : f32, !llvm.ptr
      %x = llvm.load %a : !llvm.ptr -> f32
      simt.barrier(%tx)
      %y = llvm.load %b : !llvm.ptr -> f32
      %oa = llvm.getelementptr %own[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %ob = llvm.getelementptr %own[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %x, %oa : f32, !llvm.ptr
      %z = llvm.load %ob : !llvm.ptr -> f32
      %ga = llvm.getelementptr %global[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %gb = llvm.getelementptr %global[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %y, %ga : f32, !llvm.ptr
      %w = llvm.load %gb : !llvm.ptr -> f32
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// The store comes before a loop that loads: one barrier before the loop,
// not one in every iteration. A store of one iteration is not checked
// against the next iteration's loads (a block-stride loop reaches other
// elements in each).
// CHECK-LABEL: func.func @before_loop
// CHECK: llvm.store
// CHECK-NEXT: simt.barrier(%{{.*}}) {cucpu.lockstep, cucpu.warp_sync}
// CHECK-NEXT: scf.for
// CHECK-NOT: simt.barrier
// CHECK: return
func.func @before_loop(%blocks: index, %threads: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %n = llvm.mlir.constant(64 : i64) : i64
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%tx) = (%c0) to (%threads) step (%c1) {
      %i = arith.index_cast %tx : index to i64
      %a = llvm.getelementptr %sh[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %v, %a : f32, !llvm.ptr
      scf.for %k = %c0 to %c8 step %c1 {
        %kk = arith.addi %tx, %k : index
        %j = arith.index_cast %kk : index to i64
        %b = llvm.getelementptr %sh[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        // expected-remark @below {{lock-step barrier before this load of shared memory}}
        %x = llvm.load %b : !llvm.ptr -> f32
        %c = llvm.getelementptr %sh[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %x, %c : f32, !llvm.ptr
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A barrier under a condition is reached by all threads or by none: a store
// under the same condition did not run where the barrier did not either.
// CHECK-LABEL: func.func @same_condition
// CHECK-NOT: cucpu.lockstep
func.func @same_condition(%blocks: index, %threads: index, %v: f32, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(64 : i64) : i64
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%tx) = (%c0) to (%threads) step (%c1) {
      %i = arith.index_cast %tx : index to i64
      %t1 = arith.addi %tx, %c1 : index
      %j = arith.index_cast %t1 : index to i64
      %a = llvm.getelementptr %sh[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %b = llvm.getelementptr %sh[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      scf.if %c {
        llvm.store %v, %a : f32, !llvm.ptr
      }
      scf.if %c {
        simt.barrier(%tx)
      }
      scf.if %c {
        %x = llvm.load %b : !llvm.ptr -> f32
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A warp scan step in place, `s[t] += s[t - 1]`, after a fence (the mark of
// warp-synchronous code): every lane loads its neighbour's element before
// any lane stores. The store gets a barrier after the loads, or lane t + 1
// would read what lane t stored in the same step.
// CHECK-LABEL: func.func @store_after_neighbour_load
// CHECK: llvm.load
// CHECK: llvm.load
// CHECK: arith.addf
// CHECK-NEXT: simt.barrier(%{{.*}}) {cucpu.lockstep, cucpu.warp_sync}
// CHECK-NEXT: llvm.store
func.func @store_after_neighbour_load(%blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(64 : i64) : i64
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%tx) = (%c0) to (%threads) step (%c1) {
      %i = arith.index_cast %tx : index to i64
      %one = llvm.mlir.constant(1 : i64) : i64
      %im1 = arith.subi %i, %one : i64
      %own = llvm.getelementptr %sh[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %left = llvm.getelementptr %sh[%im1] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.fence seq_cst
      %x = llvm.load %own : !llvm.ptr -> f32
      %y = llvm.load %left : !llvm.ptr -> f32
      %s = arith.addf %x, %y : f32
      // expected-remark @below {{lock-step barrier before this store to shared memory}}
      llvm.store %s, %own : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// The same step without a fence or a volatile access: a tree reduction's
// `s[t] += s[t + stride]` between two __syncthreads touches disjoint
// elements, and gets no barrier.
// CHECK-LABEL: func.func @unmarked_store_after_load
// CHECK-NOT: cucpu.lockstep
func.func @unmarked_store_after_load(%blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(64 : i64) : i64
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%tx) = (%c0) to (%threads) step (%c1) {
      %i = arith.index_cast %tx : index to i64
      %eight = llvm.mlir.constant(8 : i64) : i64
      %ip8 = arith.addi %i, %eight : i64
      %own = llvm.getelementptr %sh[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %right = llvm.getelementptr %sh[%ip8] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %x = llvm.load %own : !llvm.ptr -> f32
      %y = llvm.load %right : !llvm.ptr -> f32
      %s = arith.addf %x, %y : f32
      llvm.store %s, %own : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Warp-synchronous code over global memory: a loop whose threads run
// different iterations (from the thread index, step 32) fills a row, then
// thread 0 alone reads it. A warp reconverges after the loop on a GPU; a
// lock-step barrier goes before the code thread 0 alone runs.
// CHECK-LABEL: func.func @lane_loop_then_one_lane
// CHECK: scf.for
// CHECK: llvm.store
// CHECK: simt.barrier(%{{.*}}) {cucpu.lockstep, cucpu.warp_sync}
// CHECK-NEXT: scf.if
func.func @lane_loop_then_one_lane(%blocks: index, %threads: index, %n: index, %v: f32, %row: !llvm.ptr, %out: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%tx) = (%c0) to (%threads) step (%c1) {
      scf.for %k = %tx to %n step %c32 {
        %i = arith.index_cast %k : index to i64
        %a = llvm.getelementptr %row[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %v, %a : f32, !llvm.ptr
      }
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
          %i = arith.index_cast %k : index to i64
          %a = llvm.getelementptr %row[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
          // expected-remark @below {{lock-step barrier before this load: a loop whose iterations differ between threads stored to this memory}}
          %x = llvm.load %a : !llvm.ptr -> f32
          %s = arith.addf %acc, %x : f32
          scf.yield %s : f32
        }
        llvm.store %sum, %out : f32, !llvm.ptr
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Nothing to add for global memory: a loop every thread runs the same
// iterations of (each thread its own elements, as race-free code); a read
// after a lane-strided loop that every thread makes; and one that thread 0
// alone makes, of another array than the loop stored to.
// CHECK-LABEL: func.func @global_not_lockstep
// CHECK-NOT: cucpu.lockstep
func.func @global_not_lockstep(%blocks: index, %threads: index, %n: index, %v: f32, %row: !llvm.ptr, %out: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%tx) = (%c0) to (%threads) step (%c1) {
      %t = arith.index_cast %tx : index to i64
      scf.for %k = %c0 to %n step %c1 {
        %i = arith.index_cast %k : index to i64
        %j = arith.addi %i, %t : i64
        %a = llvm.getelementptr %row[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %v, %a : f32, !llvm.ptr
      }
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        %a = llvm.getelementptr %row[%t] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        %x = llvm.load %a : !llvm.ptr -> f32
        llvm.store %x, %out : f32, !llvm.ptr
      }
      scf.for %k = %tx to %n step %c32 {
        %i = arith.index_cast %k : index to i64
        %a = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %v, %a : f32, !llvm.ptr
      }
      %y = llvm.load %out : !llvm.ptr -> f32
      %b = llvm.getelementptr %row[%t] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %y, %b : f32, !llvm.ptr
      scf.if %first {
        %z = llvm.load %row : !llvm.ptr -> f32
        llvm.store %z, %b : f32, !llvm.ptr
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}
