// RUN: cucpu-opt %s -split-input-file --simt-interleave-spin-loops=remarks=1 -verify-diagnostics | FileCheck %s

// A spin on a flag in global memory through an atomic add of zero: the loop
// gets a progress barrier and a yield, the launcher its own worker per block.
// CHECK: llvm.func @__cucpu_spin_wait()
// CHECK-LABEL: func.func @flag
// CHECK-SAME: cucpu.concurrent_blocks
// CHECK: scf.while
// CHECK-NEXT: simt.barrier(%{{.*}}) {cucpu.progress}
// CHECK-NEXT: llvm.call @__cucpu_spin_wait()
// CHECK-NEXT: llvm.atomicrmw add
func.func @flag(%blocks: index, %threads: index, %flags: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%tx) = (%c0) to (%threads) step (%c1) {
      // expected-remark @below {{threads wait on other blocks in this loop}}
      scf.while : () -> () {
        %f = llvm.atomicrmw add %flags, %z monotonic : !llvm.ptr, i32
        %wait = arith.cmpi eq, %f, %z : i32
        scf.condition(%wait)
      } do {
        scf.yield
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// A compare-and-swap retry loop writes: it ends by its own write, and is left
// alone. So is a counted loop.
// CHECK-LABEL: func.func @cas_retry
// CHECK-NOT: cucpu.concurrent_blocks
// CHECK-NOT: simt.barrier
// CHECK-NOT: llvm.call
// CHECK: return
func.func @cas_retry(%blocks: index, %threads: index, %p: !llvm.ptr, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%tx) = (%c0) to (%threads) step (%c1) {
      %old0 = llvm.load %p : !llvm.ptr -> i32
      %r = scf.while (%old = %old0) : (i32) -> i32 {
        %new = arith.addi %old, %one : i32
        %pair = llvm.cmpxchg %p, %old, %new monotonic monotonic : !llvm.ptr, i32
        %seen = llvm.extractvalue %pair[0] : !llvm.struct<(i32, i1)>
        %retry = arith.cmpi ne, %seen, %old : i32
        scf.condition(%retry) %seen : i32
      } do {
      ^bb0(%seen: i32):
        scf.yield %seen : i32
      }
      %i = scf.while (%k = %one) : (i32) -> i32 {
        %more = arith.cmpi slt, %k, %n : i32
        scf.condition(%more) %k : i32
      } do {
      ^bb0(%k: i32):
        %k1 = arith.addi %k, %one : i32
        scf.yield %k1 : i32
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Sweeps until no element is missing (as an independent-set or colouring
// kernel does): the flag is a local, set under a condition that reads other
// threads' volatile state in shared memory. The threads of the block take
// turns; the blocks need not run at once, nor yield to each other.
// CHECK-LABEL: func.func @sweep
// CHECK-NOT: cucpu.concurrent_blocks
// CHECK: simt.barrier(%{{.*}}) {cucpu.progress}
// CHECK-NOT: llvm.call
// CHECK: return
func.func @sweep(%blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %n = llvm.mlir.constant(64 : i64) : i64
  %c1_i64 = llvm.mlir.constant(1 : i64) : i64
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    %state = llvm.alloca %n x i32 : (i64) -> !llvm.ptr
    scf.parallel (%tx) = (%c0) to (%threads) step (%c1) {
      %i = arith.index_cast %tx : index to i64
      %mine = llvm.getelementptr %state[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      // expected-remark @below {{threads wait on their block in this loop}}
      scf.while : () -> () {
        %missing = llvm.alloca %c1_i64 x i32 : (i64) -> !llvm.ptr
        llvm.store %z, %missing : i32, !llvm.ptr
        %s = llvm.load volatile %mine : !llvm.ptr -> i32
        %undecided = arith.cmpi eq, %s, %z : i32
        scf.if %undecided {
          llvm.store %one, %missing : i32, !llvm.ptr
        }
        %m = llvm.load %missing : !llvm.ptr -> i32
        %again = arith.cmpi ne, %m, %z : i32
        scf.condition(%again)
      } do {
        scf.yield
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// A plain load may be assumed not to change: no spin loop (the program has a
// data race; a GPU compiler may hoist the load too).
// CHECK-LABEL: func.func @plain
// CHECK-NOT: simt.barrier
// CHECK: return
func.func @plain(%blocks: index, %threads: index, %flags: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%tx) = (%c0) to (%threads) step (%c1) {
      scf.while : () -> () {
        %f = llvm.load %flags : !llvm.ptr -> i32
        %wait = arith.cmpi eq, %f, %z : i32
        scf.condition(%wait)
      } do {
        scf.yield
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// A search whose threads meet at a __syncthreads in each iteration (a merge
// path's diagonal search until some thread sets a volatile shared flag)
// already takes turns: no barrier is added.
// CHECK-LABEL: func.func @synchronized
// CHECK: scf.while
// CHECK-NOT: cucpu.progress
// CHECK: return
func.func @synchronized(%blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %c1_i64 = llvm.mlir.constant(1 : i64) : i64
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    %found = llvm.alloca %c1_i64 x i32 : (i64) -> !llvm.ptr
    scf.parallel (%tx) = (%c0) to (%threads) step (%c1) {
      // expected-remark @below {{threads wait on their block in this loop; its __syncthreads lets them take turns}}
      scf.while : () -> () {
        %f = llvm.load volatile %found : !llvm.ptr -> i32
        %more = arith.cmpi eq, %f, %z : i32
        scf.condition(%more)
      } do {
        simt.barrier(%tx)
        llvm.store volatile %one, %found : i32, !llvm.ptr
        simt.barrier(%tx)
        scf.yield
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
