// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-lower-barriers{uniform-locals=false}))' -allow-unregistered-dialect | FileCheck %s

// hotspot's step loop: `live = tx > s` is computed from the loop counter s
// (a local kept in memory across the barriers) before the first barrier and
// used after it. The counter's per-thread slot is not written before the
// split, so the thread reads it again after the split and recomputes `live`
// instead of keeping an i1 per thread.

// CHECK-LABEL: func.func @reload_counter
// CHECK-NOT: x i1 {alignment = 16
// CHECK: scf.while
// CHECK: } do {
// CHECK: scf.parallel (%[[T:.*]]) =
// CHECK: %[[S:.*]] = llvm.load
// CHECK: %[[LIVE:.*]] = arith.cmpi sgt, %{{.*}}, %[[S]] : i32
// CHECK: scf.if %[[LIVE]]
// CHECK: "test.update"
// CHECK: scf.reduce
// The second thread loop reads the counter again.
// CHECK: scf.parallel (%[[T2:.*]]) =
// CHECK: %[[S2:.*]] = llvm.load
// CHECK: %[[LIVE2:.*]] = arith.cmpi sgt, %{{.*}}, %[[S2]] : i32
// CHECK: scf.if %[[LIVE2]]
// CHECK: "test.copy"
func.func @reload_counter(%g: index, %b: index, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %step = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
      %t = arith.index_castui %tid : index to i32
      llvm.store %c0_i32, %step {alignment = 4 : i64} : i32, !llvm.ptr
      scf.while : () -> () {
        %s = llvm.load %step {alignment = 4 : i64} : !llvm.ptr -> i32
        %go = arith.cmpi slt, %s, %n : i32
        scf.condition(%go)
      } do {
        %s = llvm.load %step {alignment = 4 : i64} : !llvm.ptr -> i32
        %live = arith.cmpi sgt, %t, %s : i32
        scf.if %live {
          "test.update"(%tid) : (index) -> ()
        }
        simt.barrier(%tid)
        scf.if %live {
          "test.copy"(%tid) : (index) -> ()
        }
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

// The local is written after the read and before the barrier: reading it
// again after the split would see the new value, so the value read is kept
// per thread.

// CHECK-LABEL: func.func @written_before_split
// CHECK: %[[KEPT:.*]] = llvm.alloca %{{.*}} x i32 {alignment = 16 : i64, cucpu.per_thread}
// CHECK: scf.parallel
// CHECK: %[[OLD:.*]] = llvm.load
// CHECK: llvm.store %[[OLD]], %{{.*}} : i32, !llvm.ptr
// CHECK: scf.parallel
// CHECK: %[[KEPT_OLD:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK: "test.use"(%{{.*}}, %[[KEPT_OLD]])
func.func @written_before_split(%g: index, %b: index, %p: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %c7_i32 = arith.constant 7 : i32
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %local = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
      %t = arith.index_castui %tid : index to i32
      llvm.store %t, %local {alignment = 4 : i64} : i32, !llvm.ptr
      "test.first"(%tid) : (index) -> ()
      simt.barrier(%tid)
      %old = llvm.load %local {alignment = 4 : i64} : !llvm.ptr -> i32
      llvm.store %c7_i32, %local {alignment = 4 : i64} : i32, !llvm.ptr
      simt.barrier(%tid)
      "test.use"(%tid, %old) : (index, i32) -> ()
      %new = llvm.load %local {alignment = 4 : i64} : !llvm.ptr -> i32
      "test.use"(%tid, %new) : (index, i32) -> ()
      scf.reduce
    }
    scf.reduce
  }
  return
}
