// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-lower-barriers))' -verify-diagnostics -allow-unregistered-dialect | FileCheck %s

// A barrier in an if: the if splits at the barrier into two ifs on the same
// condition, and the barrier splits the thread loop. Threads whose condition
// is false (e.g. threads that returned early) count as arrived.

// CHECK-LABEL: func.func @barrier_in_if
// CHECK: scf.parallel
// CHECK: scf.parallel (%[[T1:.*]]) =
// CHECK: %[[C:.*]] = arith.cmpi ult, %[[T1]]
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: "test.before"(%[[T1]])
// CHECK: scf.reduce
// The condition is cheaper to recompute than to store.
// CHECK: scf.parallel (%[[T2:.*]]) =
// CHECK: %[[C2:.*]] = arith.cmpi ult, %[[T2]]
// CHECK: scf.if %[[C2]] {
// CHECK-NEXT: "test.after"(%[[T2]])
// CHECK-NOT: simt.barrier
func.func @barrier_in_if(%g: index, %b: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %c = arith.cmpi ult, %tid, %n : index
      scf.if %c {
        "test.before"(%tid) : (index) -> ()
        simt.barrier(%tid)
        "test.after"(%tid) : (index) -> ()
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A barrier in a while loop: the loop is interchanged with the thread loop.
// It runs outside; each of its regions holds a thread loop, and a per-thread
// active flag keeps threads that left the loop out of later iterations.

// CHECK-LABEL: func.func @barrier_in_while
// CHECK: scf.parallel
// CHECK-DAG: %[[ACTIVE:.*]] = llvm.alloca %{{.*}} x i8 {alignment = 16 : i64, cucpu.per_thread}
// CHECK-DAG: %[[ANY:.*]] = llvm.alloca %{{.*}} x i8 {alignment = 1 : i64}
// The threads all start active.
// CHECK: scf.parallel
// CHECK: llvm.store %{{.*}}, %{{.*}} : i8, !llvm.ptr
// CHECK: scf.while
// CHECK: llvm.store %{{.*}}, %[[ANY]]
// CHECK: scf.parallel
// CHECK: scf.if
// CHECK: "test.cond"
// CHECK: scf.reduce
// CHECK: llvm.load %[[ANY]]
// CHECK: scf.condition
// CHECK: } do {
// The body, split at its barrier, runs for the active threads.
// CHECK: scf.parallel
// CHECK: "test.first_half"
// CHECK: scf.reduce
// CHECK: scf.parallel
// CHECK: "test.second_half"
// CHECK: scf.reduce
// CHECK: scf.yield
// CHECK-NOT: simt.barrier
func.func @barrier_in_while(%g: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      scf.while : () -> () {
        %go = "test.cond"(%tid) : (index) -> i1
        scf.condition(%go)
      } do {
        "test.first_half"(%tid) : (index) -> ()
        simt.barrier(%tid)
        "test.second_half"(%tid) : (index) -> ()
        scf.yield
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Per-thread local variables become slices of a per-block array, so that
// they keep their value across the split.

// CHECK-LABEL: func.func @locals
// CHECK: scf.parallel
// CHECK: %[[ARRAY:.*]] = llvm.alloca %{{.*}} x i32 {alignment = 16 : i64, cucpu.per_thread}
// CHECK: scf.parallel (%[[T:.*]]) =
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %[[ARRAY]]
// CHECK: llvm.store %{{.*}}, %[[SLOT]]
// CHECK: scf.parallel
// CHECK: %[[SLOT2:.*]] = llvm.getelementptr %[[ARRAY]]
// CHECK: llvm.load %[[SLOT2]]
func.func @locals(%g: index, %b: index, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %one = arith.constant 1 : i64
      %local = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
      llvm.store %v, %local : i32, !llvm.ptr
      simt.barrier(%tid)
      %x = llvm.load %local : !llvm.ptr -> i32
      "test.use"(%x) : (i32) -> ()
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A while that carries values (an accumulator Mem2Reg kept in SSA form)
// around a barrier: its values go through per-thread slots, one set for
// the before block's arguments and one for the after block's and the
// results, so the loop carries nothing when it is interchanged.

// CHECK-LABEL: func.func @value_carrying_loop
// CHECK: scf.while : () -> () {
// CHECK: %[[I:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: "test.cond"(%[[I]], %{{.*}})
// CHECK: scf.condition(%{{[0-9]+}}){{$}}
// CHECK: } do {
// CHECK: %[[J:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: "test.use"(%[[J]])
// CHECK: "test.step"
// CHECK: } {cucpu.loop = "thread"}
// CHECK-NEXT: scf.yield{{$}}
// CHECK: %[[R:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: "test.result"(%[[R]])
// CHECK-NOT: simt.barrier
func.func @value_carrying_loop(%g: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %r = scf.while (%i = %c0) : (index) -> index {
        %go = "test.cond"(%i, %tid) : (index, index) -> i1
        scf.condition(%go) %i : index
      } do {
      ^bb0(%j: index):
        "test.use"(%j) : (index) -> ()
        simt.barrier(%tid)
        %next = "test.step"(%j) : (index) -> index
        scf.yield %next : index
      }
      "test.result"(%r) : (index) -> ()
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A value of aggregate type (a half2 or a small struct held in registers)
// computed before a barrier in an if and used after it: the first if
// yields it, and zero where the condition is false.

// CHECK-LABEL: func.func @aggregate_across_barrier_in_if
// CHECK: scf.if %{{.*}} -> (!llvm.array<4 x i8>) {
// CHECK: "test.make"
// CHECK: } else {
// CHECK: llvm.mlir.zero : !llvm.array<4 x i8>
// CHECK: "test.use"
func.func @aggregate_across_barrier_in_if(%g: index, %b: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %c = arith.cmpi ult, %tid, %n : index
      scf.if %c {
        %v = "test.make"(%tid) : (index) -> !llvm.array<4 x i8>
        simt.barrier(%tid)
        "test.use"(%v) : (!llvm.array<4 x i8>) -> ()
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A local at the top of the thread loop whose field address is computed in
// an if before a barrier and used after it: splitting the if yields the
// address, so the local is used on both sides of the thread loop's split,
// through the if's result. It becomes per-thread storage; a single alloca
// would be one slot that every thread overwrites.

// CHECK-LABEL: func.func @field_address_across_barrier_in_if
// CHECK: scf.parallel
// CHECK: llvm.alloca %{{.*}} x !llvm.array<8 x i8> {{{.*}}cucpu.per_thread}
// CHECK: scf.parallel
// CHECK-NOT: llvm.alloca
// CHECK: scf.reduce
func.func @field_address_across_barrier_in_if(%g: index, %b: index, %n: index,
                                              %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %local = llvm.alloca %one x !llvm.array<8 x i8> : (i64) -> !llvm.ptr
      %c = arith.cmpi ult, %tid, %n : index
      scf.if %c {
        %field = llvm.getelementptr %local[4] : (!llvm.ptr) -> !llvm.ptr, i8
        llvm.store %v, %field : f32, !llvm.ptr
        simt.barrier(%tid)
        %x = llvm.load %field : !llvm.ptr -> f32
        "test.use"(%x) : (f32) -> ()
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}
