// RUN: cucpu-opt %s -split-input-file --simt-parallel-licm=remarks=1 -verify-diagnostics -allow-unregistered-dialect | FileCheck %s

// The paper's Figure 1: every thread sums the whole input. The sum only
// reads memory that nothing before it writes, so it leaves the thread loop
// and then the block loop: it runs once per launch.
// CHECK-LABEL: func.func @normalize
// CHECK: %[[SUM:.*]]:2 = scf.while
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: arith.divf %{{.*}}, %[[SUM]]#0
func.func @normalize(%out: !llvm.ptr, %in: !llvm.ptr, %n: i32, %g: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %f0 = arith.constant 0.0 : f32
  scf.parallel (%bx) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
      // expected-remark @below {{hoisted out of the block's thread loop}}
      // expected-remark @below {{hoisted out of the grid's block loop}}
      %s:2 = scf.while (%acc = %f0, %i = %z) : (f32, i32) -> (f32, i32) {
        %c = arith.cmpi slt, %i, %n : i32
        scf.condition(%c) %acc, %i : f32, i32
      } do {
      ^bb0(%acc: f32, %i: i32):
        %a = llvm.getelementptr %in[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
        %x = llvm.load %a : !llvm.ptr -> f32
        %acc2 = arith.addf %acc, %x : f32
        %i2 = arith.addi %i, %one : i32
        scf.yield %acc2, %i2 : f32, i32
      }
      %t = arith.index_cast %tx : index to i32
      %a = llvm.getelementptr %in[%t] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %x = llvm.load %a : !llvm.ptr -> f32
      %q = arith.divf %x, %s#0 : f32
      %o = llvm.getelementptr %out[%t] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      llvm.store %q, %o : f32, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// A load after a store that may write the same memory stays; so does one
// after a barrier that orders other threads' writes to it.
// CHECK-LABEL: func.func @conflicts
// CHECK: scf.parallel
// CHECK: llvm.store
// CHECK: llvm.load %arg1
// CHECK: simt.barrier
// CHECK-NEXT: llvm.load
func.func @conflicts(%p: !llvm.ptr, %q: !llvm.ptr, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  %v = arith.constant 1.0 : f32
  %sh = llvm.alloca %one x f32 : (i64) -> !llvm.ptr
  scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
    llvm.store %v, %p : f32, !llvm.ptr
    %x = llvm.load %q : !llvm.ptr -> f32
    %c = arith.cmpi eq, %tx, %c0 : index
    scf.if %c {
      llvm.store %x, %sh : f32, !llvm.ptr
    }
    simt.barrier(%tx)
    %y = llvm.load %sh : !llvm.ptr -> f32
    "test.use"(%x, %y) : (f32, f32) -> ()
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// Under a condition, the loop may not run at all: it is memoized. The value
// is the same in every block, so the memo sits in front of the block loop,
// one per worker thread.
// CHECK-LABEL: func.func @guarded
// CHECK: %[[FLAG:.*]] = llvm.alloca %{{.*}} x i1 {cucpu.memo, cucpu.per_worker}
// CHECK: llvm.store %{{.*}}, %[[FLAG]] {cucpu.per_worker}
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: scf.if
// CHECK: %[[DONE:.*]] = llvm.load %[[FLAG]]
// CHECK: scf.if %[[DONE]] -> (f32, i32)
// CHECK: } else {
// CHECK: scf.while
func.func @guarded(%in: !llvm.ptr, %n: i32, %g: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %f0 = arith.constant 0.0 : f32
  scf.parallel (%bx) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tx) = (%c0) to (%b) step (%c1) {
      %t = arith.index_cast %tx : index to i32
      %c = arith.cmpi slt, %t, %n : i32
      scf.if %c {
        // expected-remark @below {{hoisted out of the kernel's grid}}
        %s:2 = scf.while (%acc = %f0, %i = %z) : (f32, i32) -> (f32, i32) {
          %cc = arith.cmpi slt, %i, %n : i32
          scf.condition(%cc) %acc, %i : f32, i32
        } do {
        ^bb0(%acc: f32, %i: i32):
          %a = llvm.getelementptr %in[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
          %x = llvm.load %a : !llvm.ptr -> f32
          %acc2 = arith.addf %acc, %x : f32
          %i2 = arith.addi %i, %one : i32
          scf.yield %acc2, %i2 : f32, i32
        }
        "test.use"(%s#0) : (f32) -> ()
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
