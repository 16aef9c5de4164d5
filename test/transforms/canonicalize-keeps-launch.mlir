// RUN: cucpu-opt %s -allow-unregistered-dialect -simt-canonicalize | FileCheck %s
// RUN: cucpu-opt %s -allow-unregistered-dialect -canonicalize | FileCheck %s --check-prefix=UPSTREAM

// Upstream canonicalization merges the thread loop into the block loop; ours
// keeps the two loops apart but still folds the arithmetic.

// CHECK-LABEL: func.func @nest
// CHECK: scf.parallel (%{{.*}}) =
// CHECK-NEXT: scf.parallel (%[[X:.*]]) =
// CHECK-NEXT: "test.use"(%[[X]])
// UPSTREAM-LABEL: func.func @nest
// UPSTREAM: scf.parallel (%{{.*}}, %{{.*}}) =
// UPSTREAM-NOT: scf.parallel
func.func @nest(%g: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x) = (%c0) to (%b) step (%c1) {
      %y = arith.addi %x, %c0 : index
      "test.use"(%y) : (index) -> ()
      scf.reduce
    }
    scf.reduce
  }
  return
}

// The flag of an early return (`if (i >= n) return;`): inside the guard
// `i < n` the flag is false, so the loop after it tests its own condition only;
// in the else branch the comparisons fold the other way.

// CHECK-LABEL: func.func @early_return_flag
// CHECK-SAME: (%[[I:.*]]: i32, %[[N:.*]]: i32, %[[K:.*]]: i32, %[[P:.*]]: !llvm.ptr)
// CHECK: scf.if
// CHECK:   scf.while
// CHECK:     %[[GO:.*]] = arith.cmpi slt, %{{.*}}, %[[K]]
// CHECK-NEXT: scf.condition(%[[GO]])
// CHECK: } else {
// CHECK:   llvm.store %true, %[[P]]
func.func @early_return_flag(%i: i32, %n: i32, %k: i32, %p: !llvm.ptr) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %false = arith.constant false
  %returned = arith.cmpi sge, %i, %n : i32
  %live = arith.cmpi slt, %i, %n : i32
  scf.if %live {
    %r = scf.while (%j = %c0) : (i32) -> i32 {
      %go = scf.if %returned -> (i1) {
        scf.yield %false : i1
      } else {
        %more = arith.cmpi slt, %j, %k : i32
        scf.yield %more : i1
      }
      scf.condition(%go) %j : i32
    } do {
    ^bb0(%j: i32):
      %next = arith.addi %j, %c1 : i32
      scf.yield %next : i32
    }
    llvm.store %r, %p : i32, !llvm.ptr
  } else {
    llvm.store %returned, %p : i1, !llvm.ptr
  }
  return
}
