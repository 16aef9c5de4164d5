// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-serialize-thread-loops))' -verify-diagnostics -allow-unregistered-dialect | FileCheck %s

// The thread loop becomes serial loops with x innermost; the block loop stays
// parallel.

// CHECK-LABEL: func.func @serialize
// CHECK: scf.parallel (%[[B:.*]]) =
// CHECK-NEXT: scf.for %[[Z:.*]] = %{{.*}} to %arg3
// CHECK-NEXT: scf.for %[[Y:.*]] = %{{.*}} to %arg2
// CHECK-NEXT: scf.for %[[X:.*]] = %{{.*}} to %arg1
// CHECK-NEXT: "test.use"(%[[B]], %[[X]], %[[Y]], %[[Z]])
// CHECK-NOT: scf.parallel
func.func @serialize(%g: index, %bx: index, %by: index, %bz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x, %y, %z) = (%c0, %c0, %c0) to (%bx, %by, %bz) step (%c1, %c1, %c1) {
      "test.use"(%b, %x, %y, %z) : (index, index, index, index) -> ()
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A lone parallel loop is a block loop: it stays parallel.
// CHECK-LABEL: func.func @outer_only
// CHECK: scf.parallel
// CHECK-NOT: scf.for
func.func @outer_only(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%n) step (%c1) {
    "test.use"(%b) : (index) -> ()
    scf.reduce
  }
  return
}

// -----

// Barriers must have been lowered before the thread loop is serialized.
func.func @barrier(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%n) step (%c1) {
    scf.parallel (%x) = (%c0) to (%n) step (%c1) {
      // expected-error @+1 {{__syncthreads() is not supported yet: barrier lowering is not implemented}}
      simt.barrier(%x)
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// The serial thread loops tell LLVM that threads do not depend on one
// another through plain accesses; atomics and volatile accesses are left out.
// The kernel's launches have 16 threads along x: the innermost loop is also
// kept rolled (unroll disabled), for the loop vectorizer. Both loops name the
// same access group.
// CHECK-DAG: #[[GROUP:.*]] = #llvm.access_group<
// CHECK-DAG: #[[XLOOP:.*]] = #llvm.loop_annotation<unroll = #{{.*}}, parallelAccesses = #[[GROUP]]>
// CHECK-DAG: #[[YLOOP:.*]] = #llvm.loop_annotation<parallelAccesses = #[[GROUP]]>
// CHECK-LABEL: func.func @parallel_accesses
// CHECK: scf.for
// CHECK: scf.for
// CHECK: llvm.load %{{.*}} {access_groups = [#[[GROUP]]]}
// CHECK-NEXT: llvm.store %{{.*}} {access_groups = [#[[GROUP]]]}
// CHECK-NEXT: llvm.store volatile
// CHECK-NOT: access_groups
// CHECK-NEXT: llvm.atomicrmw
// CHECK: } {llvm.loop_annotation = #[[XLOOP]]}
// CHECK: } {llvm.loop_annotation = #[[YLOOP]]}
func.func @parallel_accesses(%g: index, %bx: index, %by: index, %p: !llvm.ptr, %v: f32, %i: i32)
    attributes {cucpu.launch_block = array<i64: 16, 16, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x, %y) = (%c0, %c0) to (%bx, %by) step (%c1, %c1) {
      %l = llvm.load %p : !llvm.ptr -> f32
      llvm.store %l, %p : f32, !llvm.ptr
      llvm.store volatile %v, %p : f32, !llvm.ptr
      %a = llvm.atomicrmw add %p, %i monotonic : !llvm.ptr, i32
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// One CPU thread runs the block: atomics on the block's shared memory become
// plain read-modify-writes; those on global memory stay atomic. Threads share
// the demoted load and store's address, so they are not in the loop's group
// of independent accesses (the vectorizer would lose updates).
// CHECK-LABEL: func.func @block_atomics
// CHECK: %[[OLD:.*]] = llvm.load %[[SH:[0-9a-z_]+]] : !llvm.ptr -> f32
// CHECK-NEXT: %[[NEW:.*]] = arith.addf %[[OLD]], %arg4
// CHECK-NEXT: llvm.store %[[NEW]], %[[SH]] : f32, !llvm.ptr
// CHECK: llvm.atomicrmw fadd %arg3
func.func @block_atomics(%g: index, %bx: index, %by: index, %p: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(1 : i64) : i64
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%x, %y) = (%c0, %c0) to (%bx, %by) step (%c1, %c1) {
      %a = llvm.atomicrmw fadd %sh, %v monotonic : !llvm.ptr, f32
      %b2 = llvm.atomicrmw fadd %p, %v monotonic : !llvm.ptr, f32
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A thread's local variable (an alloca inside the thread loop) is private
// only while it is allocated per iteration; hoisted out of the serial loop,
// every thread reuses its slot. Its accesses get no access group; those to
// shared memory (an alloca of the block) and to global memory keep theirs.
// CHECK-LABEL: func.func @thread_locals
// CHECK: scf.for
// CHECK: %[[LOCAL:.*]] = llvm.alloca
// CHECK-NEXT: %[[ELEM:.*]] = llvm.getelementptr %[[LOCAL]]
// CHECK-NEXT: llvm.store %{{.*}}, %[[ELEM]] : f32, !llvm.ptr
// CHECK-NEXT: %[[PICK:.*]] = arith.select %{{.*}}, %[[LOCAL]], %arg3
// CHECK-NEXT: llvm.load %[[PICK]] : !llvm.ptr -> f32
// CHECK-NEXT: llvm.store %{{.*}}, %[[SH:.*]] {access_groups = [#[[GROUP:.*]]]}
// CHECK-NEXT: llvm.store %{{.*}}, %arg3 {access_groups = [#[[GROUP]]]}
// CHECK: } {llvm.loop_annotation =
func.func @thread_locals(%g: index, %bx: index, %i: i32, %p: !llvm.ptr, %v: f32, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = llvm.mlir.constant(1 : i64) : i64
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    %sh = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%x) = (%c0) to (%bx) step (%c1) {
      %local = llvm.alloca %n x !llvm.array<4 x f32> : (i64) -> !llvm.ptr
      %elem = llvm.getelementptr %local[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      llvm.store %v, %elem : f32, !llvm.ptr
      %pick = arith.select %c, %local, %p : !llvm.ptr
      %l = llvm.load %pick : !llvm.ptr -> f32
      llvm.store %l, %sh : f32, !llvm.ptr
      llvm.store %l, %p : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A thread loop nested in another (block coarsening's x loop inside its
// rows): the inner accesses keep the inner loop's access group and join the
// outer one's, so that both loops stay marked parallel.
// CHECK-DAG: #[[INNER:.*]] = #llvm.access_group<id = distinct[0]<>>
// CHECK-DAG: #[[OUTER:.*]] = #llvm.access_group<id = distinct[1]<>>
// CHECK-DAG: #[[INNERLOOP:.*]] = #llvm.loop_annotation<unroll = #{{.*}}, parallelAccesses = #[[INNER]]>
// CHECK-DAG: #[[OUTERLOOP:.*]] = #llvm.loop_annotation<parallelAccesses = #[[OUTER]]>
// CHECK-LABEL: func.func @nested_thread_loops
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: llvm.load %{{.*}} {access_groups = [#[[INNER]], #[[OUTER]]]}
// CHECK: } {llvm.loop_annotation = #[[INNERLOOP]]}
// CHECK: } {llvm.loop_annotation = #[[OUTERLOOP]]}
func.func @nested_thread_loops(%g: index, %ny: index, %m: index, %nx: index,
                               %a: !llvm.ptr) 
    attributes {cucpu.launch_block = array<i64: 16, 16, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    scf.parallel (%y) = (%c0) to (%ny) step (%c1) {
      scf.for %k = %c0 to %m step %c1 {
        scf.parallel (%x) = (%c0) to (%nx) step (%c1) {
          %i = arith.index_cast %x : index to i64
          %p = llvm.getelementptr %a[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
          %v = llvm.load %p : !llvm.ptr -> f32
          llvm.store %v, %p : f32, !llvm.ptr
          scf.reduce
        }
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A dimension of one iteration (z of a 2D block, the single thread that
// computes a barrier's uniform condition) gets no loop: its index is the
// lower bound.
// CHECK-LABEL: func.func @single_iteration_dims
// CHECK: scf.parallel (%[[B:.*]]) =
// CHECK-NEXT: scf.for %[[Y:.*]] = %{{.*}} to %arg2
// CHECK-NEXT: scf.for %[[X:.*]] = %{{.*}} to %arg1
// CHECK-NEXT: "test.use"(%[[B]], %[[X]], %[[Y]], %c0)
// CHECK-NOT: scf.for
// CHECK: "test.use"(%c0, %c0)
func.func @single_iteration_dims(%g: index, %bx: index, %by: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x, %y, %z) = (%c0, %c0, %c0) to (%bx, %by, %c1) step (%c1, %c1, %c1) {
      "test.use"(%b, %x, %y, %z) : (index, index, index, index) -> ()
      scf.reduce
    }
    scf.parallel (%x, %y) = (%c0, %c0) to (%c1, %c1) step (%c1, %c1) {
      "test.use"(%x, %y) : (index, index) -> ()
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Every thread stores the same value to the same address (barrier lowering's
// update of a uniform local, `s + 1` computed in the loop): the stores run
// once, when the loop has a thread.
// CHECK-LABEL: func.func @invariant_stores
// CHECK: %[[NEXT:.*]] = arith.addi %arg3, %{{.*}} : i32
// CHECK: %[[XNE:.*]] = arith.cmpi slt, %{{.*}}, %arg1 : index
// CHECK: %[[YNE:.*]] = arith.cmpi slt, %{{.*}}, %arg2 : index
// CHECK: %[[NE:.*]] = arith.andi %[[XNE]], %[[YNE]] : i1
// CHECK: scf.if %[[NE]] {
// CHECK-NEXT: llvm.store %[[NEXT]], %arg4
// CHECK-NEXT: llvm.store %arg3, %arg5
// CHECK-NEXT: }
// CHECK-NOT: scf.for
// A store of a per-thread value keeps its loop.
// CHECK-LABEL: func.func @varying_store
// CHECK: scf.for
// CHECK: scf.for
// CHECK: llvm.store
func.func @invariant_stores(%g: index, %bx: index, %by: index, %s: i32,
                            %p: !llvm.ptr, %q: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x, %y) = (%c0, %c0) to (%bx, %by) step (%c1, %c1) {
      %next = arith.addi %s, %one : i32
      llvm.store %next, %p : i32, !llvm.ptr
      llvm.store %s, %q : i32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}
func.func @varying_store(%g: index, %bx: index, %by: index, %p: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x, %y) = (%c0, %c0) to (%bx, %by) step (%c1, %c1) {
      %v = arith.index_cast %x : index to i32
      llvm.store %v, %p : i32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A thread loop with a loop inside is not the loop LLVM vectorizes: it is
// not kept rolled.
// CHECK-DAG: #[[PLAIN:.*]] = #llvm.loop_annotation<parallelAccesses =
// CHECK-LABEL: func.func @loop_in_thread_loop
// CHECK: scf.for
// CHECK: scf.for
// CHECK: } {llvm.loop_annotation = #[[PLAIN]]}
func.func @loop_in_thread_loop(%g: index, %bx: index, %n: index, %p: !llvm.ptr)
    attributes {cucpu.launch_block = array<i64: 16, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x) = (%c0) to (%bx) step (%c1) {
      scf.for %k = %c0 to %n step %c1 {
        %v = llvm.load %p : !llvm.ptr -> f32
        llvm.store %v, %p : f32, !llvm.ptr
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Without a recorded launch size (or with rows longer than 32 threads) the
// innermost loop is left to LLVM's unroller.
// CHECK-DAG: #[[PLAIN:.*]] = #llvm.loop_annotation<parallelAccesses =
// CHECK-LABEL: func.func @long_rows
// CHECK: } {llvm.loop_annotation = #[[PLAIN]]}
// CHECK-LABEL: func.func @unknown_rows
// CHECK: } {llvm.loop_annotation = #[[PLAIN2:.*]]}
// CHECK-NOT: unroll
func.func @long_rows(%g: index, %bx: index, %p: !llvm.ptr)
    attributes {cucpu.launch_block = array<i64: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x) = (%c0) to (%bx) step (%c1) {
      %v = llvm.load %p : !llvm.ptr -> f32
      llvm.store %v, %p : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}
func.func @unknown_rows(%g: index, %bx: index, %p: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x) = (%c0) to (%bx) step (%c1) {
      %v = llvm.load %p : !llvm.ptr -> f32
      llvm.store %v, %p : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}
