// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-lower-barriers))' -allow-unregistered-dialect | FileCheck %s
// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-lower-barriers{uniform-locals=false}))' -allow-unregistered-dialect | FileCheck %s --check-prefix=OFF

// A counted loop with a barrier: its counter is a uniform local. It gets one
// slot per thread, but every thread loop that reads it before storing to it
// reads the first thread's slot once, before the loop, so that the counter
// is an invariant of the thread loop. The increment reads it before its
// store, too; a read after a store in the same thread loop stays per thread.

// CHECK-LABEL: func.func @counter
// CHECK: %[[STEP:.*]] = llvm.alloca %{{.*}} x i32
// CHECK: scf.while
// The condition, evaluated by the first thread.
// CHECK: %[[C:.*]] = llvm.load %[[STEP]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: scf.parallel
// CHECK: arith.cmpi slt, %[[C]]
// CHECK: } do {
// CHECK: %[[S:.*]] = llvm.load %[[STEP]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: scf.parallel (%[[T:.*]]) =
// CHECK-NOT: llvm.load
// CHECK: "test.first"(%[[T]], %[[S]])
// CHECK: scf.reduce
// CHECK: %[[S2:.*]] = llvm.load %[[STEP]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: scf.parallel (%[[T2:.*]]) =
// CHECK: arith.addi %[[S2]]
// CHECK: llvm.store
// CHECK: %[[AGAIN:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK: "test.second"(%[[T2]], %[[AGAIN]])
// CHECK: scf.reduce
// CHECK: scf.yield

// OFF-LABEL: func.func @counter
// OFF: } do {
// OFF-NEXT: scf.parallel
// OFF: llvm.load
// OFF: "test.first"
func.func @counter(%g: index, %b: index, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %step = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
      "test.before"(%tid) : (index) -> ()
      simt.barrier(%tid)
      llvm.store %c0_i32, %step {alignment = 4 : i64} : i32, !llvm.ptr
      scf.while : () -> () {
        %s = llvm.load %step {alignment = 4 : i64} : !llvm.ptr -> i32
        %go = arith.cmpi slt, %s, %n : i32
        scf.condition(%go)
      } do {
        %s = llvm.load %step {alignment = 4 : i64} : !llvm.ptr -> i32
        "test.first"(%tid, %s) : (index, i32) -> ()
        simt.barrier(%tid)
        %s2 = llvm.load %step {alignment = 4 : i64} : !llvm.ptr -> i32
        %next = arith.addi %s2, %c1_i32 : i32
        llvm.store %next, %step {alignment = 4 : i64} : i32, !llvm.ptr
        %again = llvm.load %step {alignment = 4 : i64} : !llvm.ptr -> i32
        "test.second"(%tid, %again) : (index, i32) -> ()
        scf.yield
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// When no thread loop reads the counter after storing to it, every store
// stores a value computed before its thread loop: the same value in every
// thread, which goes into the first slot (the one all reads read) instead of
// one slot per thread.

// CHECK-LABEL: func.func @counter_first_slot
// CHECK: %[[STEP:.*]] = llvm.alloca %{{.*}} x i32
// CHECK: scf.parallel
// CHECK: llvm.store %{{.*}}, %[[STEP]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: scf.while
// CHECK: } do {
// CHECK: "test.first"
// CHECK: %[[S2:.*]] = llvm.load %[[STEP]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: scf.parallel
// CHECK: %[[NEXT:.*]] = arith.addi %[[S2]]
// CHECK-NEXT: llvm.store %[[NEXT]], %[[STEP]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: scf.yield

// OFF-LABEL: func.func @counter_first_slot
// OFF: } do {
// OFF: llvm.getelementptr
// OFF: llvm.store
func.func @counter_first_slot(%g: index, %b: index, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %step = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
      "test.before"(%tid) : (index) -> ()
      simt.barrier(%tid)
      llvm.store %c0_i32, %step {alignment = 4 : i64} : i32, !llvm.ptr
      scf.while : () -> () {
        %s = llvm.load %step {alignment = 4 : i64} : !llvm.ptr -> i32
        %go = arith.cmpi slt, %s, %n : i32
        scf.condition(%go)
      } do {
        %s = llvm.load %step {alignment = 4 : i64} : !llvm.ptr -> i32
        "test.first"(%tid, %s) : (index, i32) -> ()
        simt.barrier(%tid)
        %s2 = llvm.load %step {alignment = 4 : i64} : !llvm.ptr -> i32
        %next = arith.addi %s2, %c1_i32 : i32
        llvm.store %next, %step {alignment = 4 : i64} : i32, !llvm.ptr
        scf.yield
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A local that threads set to their own index is not uniform: its loads stay
// per thread.

// CHECK-LABEL: func.func @per_thread
// CHECK: } do {
// CHECK-NEXT: scf.parallel
// CHECK: llvm.getelementptr
// CHECK: llvm.load
// CHECK: "test.use"
func.func @per_thread(%g: index, %b: index, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %step = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
      %v = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
      %t = arith.index_cast %tid : index to i32
      llvm.store %t, %v {alignment = 4 : i64} : i32, !llvm.ptr
      llvm.store %c0_i32, %step {alignment = 4 : i64} : i32, !llvm.ptr
      scf.while : () -> () {
        %s = llvm.load %step {alignment = 4 : i64} : !llvm.ptr -> i32
        %go = arith.cmpi slt, %s, %n : i32
        scf.condition(%go)
      } do {
        %x = llvm.load %v {alignment = 4 : i64} : !llvm.ptr -> i32
        "test.use"(%tid, %x) : (index, i32) -> ()
        simt.barrier(%tid)
        %s2 = llvm.load %step {alignment = 4 : i64} : !llvm.ptr -> i32
        %next = arith.addi %s2, %c1_i32 : i32
        llvm.store %next, %step {alignment = 4 : i64} : i32, !llvm.ptr
        scf.yield
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// b+tree's descent: one thread publishes the next node in block memory,
// and after the barrier every thread reads it (`node = nextNode;`) with
// nothing writing block memory before the next barrier. All threads read the
// same value, so `node` is a uniform local: the loop reads it once, before
// its thread loop.

// The store `node = nextNode` stores what every thread loads from block
// memory that nothing in its thread loop writes: one value, into the first
// slot, not one slot per thread.

// CHECK-LABEL: func.func @shared_read
// CHECK: %[[NEXTNODE:.*]] = llvm.alloca %{{.*}} x i32 {alignment = 4 : i64}
// CHECK: llvm.store %arg3, %[[NODEBUF:[0-9]+]] {
// CHECK: } do {
// CHECK: %[[NODE:.*]] = llvm.load %[[NODEBUF]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: scf.parallel (%[[T:.*]]) =
// CHECK: "test.search"(%[[T]], %[[NODE]])
// CHECK: scf.parallel
// CHECK: %[[CHOSEN:.*]] = llvm.load %[[NEXTNODE]]
// CHECK-NEXT: llvm.store %[[CHOSEN]], %[[NODEBUF]] {alignment = 4 : i64} : i32, !llvm.ptr

// OFF-LABEL: func.func @shared_read
// OFF: } do {
// OFF-NEXT: scf.parallel
// OFF: llvm.load
// OFF: "test.search"
func.func @shared_read(%g: index, %b: index, %n: i32, %root: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    %next = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %node = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
      %level = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
      llvm.store %root, %node {alignment = 4 : i64} : i32, !llvm.ptr
      llvm.store %c0_i32, %level {alignment = 4 : i64} : i32, !llvm.ptr
      scf.while : () -> () {
        %l = llvm.load %level {alignment = 4 : i64} : !llvm.ptr -> i32
        %go = arith.cmpi slt, %l, %n : i32
        scf.condition(%go)
      } do {
        %v = llvm.load %node {alignment = 4 : i64} : !llvm.ptr -> i32
        %hit = "test.search"(%tid, %v) : (index, i32) -> i1
        scf.if %hit {
          llvm.store %v, %next {alignment = 4 : i64} : i32, !llvm.ptr
        }
        simt.barrier(%tid)
        %chosen = llvm.load %next {alignment = 4 : i64} : !llvm.ptr -> i32
        llvm.store %chosen, %node {alignment = 4 : i64} : i32, !llvm.ptr
        simt.barrier(%tid)
        %l2 = llvm.load %level {alignment = 4 : i64} : !llvm.ptr -> i32
        %l3 = arith.addi %l2, %c1_i32 : i32
        llvm.store %l3, %level {alignment = 4 : i64} : i32, !llvm.ptr
        scf.yield
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A thread writes block memory between the barrier and the read: threads
// may read different values, and `node` stays per thread.

// CHECK-LABEL: func.func @shared_read_after_write
// CHECK: } do {
// CHECK-NEXT: scf.parallel
// CHECK: llvm.load
// CHECK: "test.search"
func.func @shared_read_after_write(%g: index, %b: index, %n: i32, %root: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    %next = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %node = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
      %level = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
      llvm.store %root, %node {alignment = 4 : i64} : i32, !llvm.ptr
      llvm.store %c0_i32, %level {alignment = 4 : i64} : i32, !llvm.ptr
      scf.while : () -> () {
        %l = llvm.load %level {alignment = 4 : i64} : !llvm.ptr -> i32
        %go = arith.cmpi slt, %l, %n : i32
        scf.condition(%go)
      } do {
        %v = llvm.load %node {alignment = 4 : i64} : !llvm.ptr -> i32
        %hit = "test.search"(%tid, %v) : (index, i32) -> i1
        simt.barrier(%tid)
        scf.if %hit {
          llvm.store %v, %next {alignment = 4 : i64} : i32, !llvm.ptr
        }
        %chosen = llvm.load %next {alignment = 4 : i64} : !llvm.ptr -> i32
        llvm.store %chosen, %node {alignment = 4 : i64} : i32, !llvm.ptr
        simt.barrier(%tid)
        %l2 = llvm.load %level {alignment = 4 : i64} : !llvm.ptr -> i32
        %l3 = arith.addi %l2, %c1_i32 : i32
        llvm.store %l3, %level {alignment = 4 : i64} : i32, !llvm.ptr
        scf.yield
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}
