// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-version-exact-float-sums{remarks=true}))' -verify-diagnostics | FileCheck %s

// An in-order float sum over an array (the shape of `for (i = 0; i < n; i++)
// s += a[i];` after mem2reg): versioned on one pass that adds in double
// precision (reassociable, so that it vectorizes) and one that checks every
// element against the grid the total allows; the original loop is the
// fallback.

// CHECK-LABEL: func.func @in_order_sum
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[START:.*]], %[[N:.*]] : i32
// CHECK: %[[END:.*]] = arith.select %[[RUNS]], %[[N]], %[[START]] : i32
// CHECK: %[[SUMS:.*]]:2 = scf.for
// CHECK:   llvm.load
// CHECK:   arith.extf %{{.*}} : f32 to f64
// CHECK:   arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f64
// CHECK:   math.absf
// CHECK:   arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f64
// CHECK: %[[GRID:.*]] = scf.for
// CHECK:   math.trunc
// CHECK:   arith.cmpf oeq
// CHECK:   arith.andi
// CHECK: %[[SMALL:.*]] = arith.cmpf olt, %[[SUMS]]#1
// CHECK: %[[EXACT:.*]] = arith.andi %[[SMALL]], %[[GRID]]
// CHECK: %[[R:.*]]:2 = scf.if %[[EXACT]] -> (f32, i32) {
// CHECK:   %[[T:.*]] = arith.truncf %[[SUMS]]#0 : f64 to f32
// CHECK:   scf.yield %[[T]], %[[END]] : f32, i32
// CHECK: } else {
// CHECK:   %[[W:.*]]:2 = scf.while
// CHECK:     arith.addf
// CHECK:   scf.yield %[[W]]#0, %[[W]]#1 : f32, i32
// CHECK: } {cucpu.exact_sum}
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @in_order_sum(%a: !llvm.ptr, %n: i32) -> (f32, i32) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @+1 {{cucpu: in-order float sum versioned: added in any order when no addition can round}}
  %r:2 = scf.while (%s = %zero, %i = %c0) : (f32, i32) -> (f32, i32) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %s, %i : f32, i32
  } do {
  ^bb0(%s: f32, %i: i32):
    %e = arith.extsi %i : i32 to i64
    %p = llvm.getelementptr %a[%e] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
    %t = arith.addf %s, %v fastmath<contract> : f32
    %j = arith.addi %i, %c1 overflow<nsw> : i32
    scf.yield %t, %j : f32, i32
  }
  return %r#0, %r#1 : f32, i32
}

// -----

// A loop that also stores, one whose step is not 1, and a double sum (whose
// additions could round where a float's cannot be checked this way) are
// left alone.

// CHECK-LABEL: func.func @not_sums
// CHECK-NOT: cucpu.exact_sum
// CHECK: return
func.func @not_sums(%a: !llvm.ptr, %b: !llvm.ptr, %n: i32) -> (f32, f32) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r:2 = scf.while (%s = %zero, %i = %c0) : (f32, i32) -> (f32, i32) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %s, %i : f32, i32
  } do {
  ^bb0(%s: f32, %i: i32):
    %e = arith.extsi %i : i32 to i64
    %p = llvm.getelementptr %a[%e] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
    %t = arith.addf %s, %v : f32
    llvm.store %t, %b : f32, !llvm.ptr
    %j = arith.addi %i, %c1 : i32
    scf.yield %t, %j : f32, i32
  }
  %q:2 = scf.while (%s = %zero, %i = %c0) : (f32, i32) -> (f32, i32) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %s, %i : f32, i32
  } do {
  ^bb0(%s: f32, %i: i32):
    %e = arith.extsi %i : i32 to i64
    %p = llvm.getelementptr %a[%e] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
    %t = arith.addf %s, %v : f32
    %j = arith.addi %i, %c2 : i32
    scf.yield %t, %j : f32, i32
  }
  return %r#0, %q#0 : f32, f32
}

// -----

// CHECK-LABEL: func.func @double_sum
// CHECK-NOT: cucpu.exact_sum
func.func @double_sum(%a: !llvm.ptr, %n: i32) -> f64 {
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%s = %zero, %i = %c0) : (f64, i32) -> (f64, i32) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %s, %i : f64, i32
  } do {
  ^bb0(%s: f64, %i: i32):
    %e = arith.extsi %i : i32 to i64
    %p = llvm.getelementptr %a[%e] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %v = llvm.load %p {alignment = 8 : i64} : !llvm.ptr -> f64
    %t = arith.addf %s, %v : f64
    %j = arith.addi %i, %c1 : i32
    scf.yield %t, %j : f64, i32
  }
  return %r#0 : f64
}
