// RUN: cucpu-opt %s -split-input-file --simt-promote-locals -allow-unregistered-dialect | FileCheck %s

// A local stored in both branches of an if becomes the if's result.
// CHECK-LABEL: func.func @if_result
// CHECK-NOT: llvm.alloca
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : i32
// CHECK: return %[[R]]
func.func @if_result(%c: i1, %a: i32, %b: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %p = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  scf.if %c {
    llvm.store %a, %p : i32, !llvm.ptr
  } else {
    llvm.store %b, %p : i32, !llvm.ptr
  }
  %v = llvm.load %p : !llvm.ptr -> i32
  return %v : i32
}

// -----

// A local stored in a while loop becomes a loop-carried value; a missing
// else keeps the incoming value.
// CHECK-LABEL: func.func @while_sum
// CHECK-NOT: llvm.alloca
// CHECK: %[[W:.*]]:2 = scf.while (%[[S:.*]] = %{{.*}}, %[[I:.*]] = %{{.*}}) : (f32, i32) -> (f32, i32)
// CHECK: scf.condition(%{{.*}}) %[[S]], %[[I]] : f32, i32
// CHECK: scf.yield %{{.*}}, %{{.*}} : f32, i32
// CHECK: return %[[W]]#0
func.func @while_sum(%data: !llvm.ptr, %n: i32) -> f32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %zero = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %fzero = arith.constant 0.0 : f32
  %sum = llvm.alloca %one x f32 : (i64) -> !llvm.ptr
  %i = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  llvm.store %fzero, %sum : f32, !llvm.ptr
  llvm.store %zero, %i : i32, !llvm.ptr
  scf.while : () -> () {
    %iv = llvm.load %i : !llvm.ptr -> i32
    %c = arith.cmpi slt, %iv, %n : i32
    scf.condition(%c)
  } do {
    %iv = llvm.load %i : !llvm.ptr -> i32
    %addr = llvm.getelementptr %data[%iv] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %x = llvm.load %addr : !llvm.ptr -> f32
    %s = llvm.load %sum : !llvm.ptr -> f32
    %s2 = arith.addf %s, %x : f32
    llvm.store %s2, %sum : f32, !llvm.ptr
    %next = arith.addi %iv, %c1 : i32
    llvm.store %next, %i : i32, !llvm.ptr
    scf.yield
  }
  %r = llvm.load %sum : !llvm.ptr -> f32
  return %r : f32
}

// -----

// A local whose address escapes, or that is stored inside a parallel loop,
// stays in memory.
// CHECK-LABEL: func.func @not_promoted
// CHECK: %[[E:.*]] = llvm.alloca
// CHECK: %[[P:.*]] = llvm.alloca
// CHECK: "test.escape"(%[[E]])
// CHECK: llvm.store %{{.*}}, %[[P]]
func.func @not_promoted(%n: index, %a: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %p = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  "test.escape"(%e) : (!llvm.ptr) -> ()
  scf.parallel (%t) = (%c0) to (%n) step (%c1) {
    llvm.store %a, %p : i32, !llvm.ptr
    scf.reduce
  }
  %v = llvm.load %p : !llvm.ptr -> i32
  return %v : i32
}

// -----

// With a barrier in the loop, the counter stays in memory for barrier
// lowering; after it (keep-barrier-regions=false) it would be promoted.
// CHECK-LABEL: func.func @barrier_region
// CHECK: llvm.alloca
// CHECK: simt.barrier
func.func @barrier_region(%n: index, %m: i32) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  scf.parallel (%t) = (%c0) to (%n) step (%c1) {
    %i = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    llvm.store %zero, %i : i32, !llvm.ptr
    scf.while : () -> () {
      %iv = llvm.load %i : !llvm.ptr -> i32
      %c = arith.cmpi slt, %iv, %m : i32
      scf.condition(%c)
    } do {
      simt.barrier(%t)
      %iv = llvm.load %i : !llvm.ptr -> i32
      %next = arith.addi %iv, %k1 : i32
      llvm.store %next, %i : i32, !llvm.ptr
      scf.yield
    }
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// A local used only between two barriers of one loop body, starting with a
// store, holds nothing across them: it is promoted there.
// CHECK-LABEL: func.func @between_barriers
// CHECK: scf.while
// CHECK: simt.barrier
// CHECK-NEXT: %[[V:.*]] = arith.addi
// CHECK-NEXT: "test.use"(%[[V]])
// CHECK-NEXT: simt.barrier
func.func @between_barriers(%n: index, %m: i32, %x: i32) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%t) = (%c0) to (%n) step (%c1) {
    %local = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    scf.while : () -> () {
      %c = arith.cmpi slt, %x, %m : i32
      scf.condition(%c)
    } do {
      simt.barrier(%t)
      %v = arith.addi %x, %x : i32
      llvm.store %v, %local : i32, !llvm.ptr
      %w = llvm.load %local : !llvm.ptr -> i32
      "test.use"(%w) : (i32) -> ()
      simt.barrier(%t)
      scf.yield
    }
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// hotspot's `bool live = false; for (...) { live = ...; if (live) ...;
// __syncthreads(); if (live) ...; }`: every read follows the store at the top
// of the loop body, so the store before the loop is dead and the local is
// promoted in the body, across its barrier.
// CHECK-LABEL: func.func @set_first_in_body
// CHECK-NOT: llvm.alloca
// CHECK: scf.while
// CHECK: } do {
// CHECK-NEXT: %[[V:.*]] = arith.cmpi slt
// CHECK-NEXT: "test.use"(%[[V]])
// CHECK-NEXT: simt.barrier
// CHECK-NEXT: "test.use"(%[[V]])
// CHECK-NOT: llvm.load
func.func @set_first_in_body(%n: index, %m: i32, %x: i32) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  scf.parallel (%t) = (%c0) to (%n) step (%c1) {
    %live = llvm.alloca %one x i1 : (i64) -> !llvm.ptr
    llvm.store %false, %live : i1, !llvm.ptr
    scf.while : () -> () {
      %c = arith.cmpi slt, %x, %m : i32
      scf.condition(%c)
    } do {
      %v = arith.cmpi slt, %x, %m : i32
      llvm.store %v, %live : i1, !llvm.ptr
      %a = llvm.load %live : !llvm.ptr -> i1
      "test.use"(%a) : (i1) -> ()
      simt.barrier(%t)
      %b = llvm.load %live : !llvm.ptr -> i1
      "test.use"(%b) : (i1) -> ()
      scf.yield
    }
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// A read before the loop sees the store before it: nothing is sunk.
// CHECK-LABEL: func.func @read_before_loop
// CHECK: llvm.alloca
func.func @read_before_loop(%n: index, %m: i32, %x: i32) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  scf.parallel (%t) = (%c0) to (%n) step (%c1) {
    %live = llvm.alloca %one x i1 : (i64) -> !llvm.ptr
    llvm.store %false, %live : i1, !llvm.ptr
    scf.while : () -> () {
      %c = arith.cmpi slt, %x, %m : i32
      scf.condition(%c)
    } do {
      %a = llvm.load %live : !llvm.ptr -> i1
      "test.use"(%a) : (i1) -> ()
      simt.barrier(%t)
      %v = arith.cmpi slt, %x, %m : i32
      llvm.store %v, %live : i1, !llvm.ptr
      scf.yield
    }
    scf.reduce
  } {cucpu.loop = "thread"}
  return
}

// -----

// `__shared__ bool found;` is an alloca of the block loop, outside the thread
// loop: every thread stores false, one stores true after a barrier, and
// every thread reads it after another. It is the block's memory, not a local
// of the thread that stores first: it stays where it is.
// CHECK-LABEL: func.func @shared_flag_stays
// CHECK: %[[FOUND:.*]] = llvm.alloca
// CHECK-NEXT: scf.parallel
// CHECK-NEXT: llvm.store %{{.*}}, %[[FOUND]]
// CHECK: %[[F:.*]] = llvm.load %[[FOUND]]
// CHECK-NEXT: "test.use"(%[[F]])
func.func @shared_flag_stays(%n: index, %me: index) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  scf.parallel (%b) = (%c0) to (%n) step (%c1) {
    %found = llvm.alloca %one x i1 : (i64) -> !llvm.ptr
    scf.parallel (%t) = (%c0) to (%n) step (%c1) {
      llvm.store %false, %found : i1, !llvm.ptr
      simt.barrier(%t)
      %mine = arith.cmpi eq, %t, %me : index
      scf.if %mine {
        llvm.store %true, %found : i1, !llvm.ptr
      }
      simt.barrier(%t)
      %f = llvm.load %found : !llvm.ptr -> i1
      "test.use"(%f) : (i1) -> ()
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
