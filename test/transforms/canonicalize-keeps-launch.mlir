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

// A short-circuit `a && b` and a conditional index with small pure branches
// become selects, so that barrier lowering can recompute them and thread-loop
// narrowing can read their comparisons.
// CHECK-LABEL: func.func @speculate_pure_if
// CHECK-NOT: scf.if
// CHECK: arith.select
// CHECK: llvm.store
func.func @speculate_pure_if(%i: i32, %n: i32, %p: !llvm.ptr) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %false = arith.constant false
  %ge = arith.cmpi sge, %i, %c0 : i32
  %in = scf.if %ge -> (i1) {
    %lt = arith.cmpi slt, %i, %n : i32
    scf.yield %lt : i1
  } else {
    scf.yield %false : i1
  }
  %next = scf.if %in -> (i32) {
    %j = arith.addi %i, %c1 : i32
    scf.yield %j : i32
  } else {
    scf.yield %i : i32
  }
  llvm.store %next, %p : i32, !llvm.ptr
  return
}

// A remainder or quotient whose divisor may be zero (or -1, signed) stays
// under its guard: MLIR calls arith.remsi pure, but computed for every
// thread `if (d != 0) r = x % d` traps where d is 0. A constant nonzero
// divisor may run anywhere.
// CHECK-LABEL: func.func @keep_guarded_division
// CHECK: scf.if
// CHECK-NEXT: arith.remsi
// CHECK: scf.if
// CHECK-NEXT: arith.divui
// CHECK-NOT: scf.if
// CHECK: arith.remsi %{{.*}}, %c7
// CHECK: arith.select
func.func @keep_guarded_division(%x: i32, %d: i32, %p: !llvm.ptr) {
  %c0 = arith.constant 0 : i32
  %m1 = arith.constant -1 : i32
  %c7 = arith.constant 7 : i32
  %nz = arith.cmpi ne, %d, %c0 : i32
  %r = scf.if %nz -> (i32) {
    %v = arith.remsi %x, %d : i32
    scf.yield %v : i32
  } else {
    scf.yield %m1 : i32
  }
  llvm.store %r, %p : i32, !llvm.ptr
  %q = scf.if %nz -> (i32) {
    %v = arith.divui %x, %d : i32
    scf.yield %v : i32
  } else {
    scf.yield %c0 : i32
  }
  llvm.store %q, %p : i32, !llvm.ptr
  %s = scf.if %nz -> (i32) {
    %v = arith.remsi %x, %c7 : i32
    scf.yield %v : i32
  } else {
    scf.yield %c0 : i32
  }
  llvm.store %s, %p : i32, !llvm.ptr
  return
}

// A branch that reads memory stays a branch.
// CHECK-LABEL: func.func @keep_reading_if
// CHECK: scf.if
// CHECK: llvm.load
func.func @keep_reading_if(%c: i1, %p: !llvm.ptr) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = scf.if %c -> (i32) {
    %v = llvm.load %p : !llvm.ptr -> i32
    scf.yield %v : i32
  } else {
    scf.yield %c0 : i32
  }
  return %r : i32
}

// `max(a, b)` with its parameters in locals: clang's `a > b ? a : b` selects
// an address. Both locals are read and the value selected.
// CHECK-LABEL: func.func @load_of_selected_locals
// CHECK: %[[A:.*]] = llvm.load %[[PA:.*]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[B:.*]] = llvm.load %[[PB:.*]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[GT:.*]] = arith.cmpi sgt, %[[A]], %[[B]]
// CHECK: %[[VA:.*]] = llvm.load %[[PA]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[VB:.*]] = llvm.load %[[PB]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: arith.select %[[GT]], %[[VA]], %[[VB]] : i32
func.func @load_of_selected_locals(%x: i32, %y: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %pa = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %pb = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  llvm.store %x, %pa {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.store %y, %pb {alignment = 4 : i64} : i32, !llvm.ptr
  %a = llvm.load %pa {alignment = 4 : i64} : !llvm.ptr -> i32
  %b = llvm.load %pb {alignment = 4 : i64} : !llvm.ptr -> i32
  %gt = arith.cmpi sgt, %a, %b : i32
  %p = arith.select %gt, %pa, %pb : !llvm.ptr
  %r = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> i32
  return %r : i32
}

// A select between a local and another pointer (`c ? in[i] : here`): the
// pointer may not be valid to read when not selected, so each side is read
// in its own branch; the local is then only loaded and stored.
// CHECK-LABEL: func.func @load_of_selected_pointer
// CHECK: %[[PA:.*]] = llvm.alloca
// CHECK-NOT: arith.select
// CHECK: scf.if %arg0 -> (i32) {
// CHECK-NEXT: llvm.load %[[PA]]
// CHECK: } else {
// CHECK-NEXT: llvm.load %arg1
func.func @load_of_selected_pointer(%c: i1, %q: !llvm.ptr) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %pa = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %p = arith.select %c, %pa, %q : !llvm.ptr
  %r = llvm.load %p : !llvm.ptr -> i32
  return %r : i32
}

// `if (i >= n) {} else { W }` (an early return whose flag was promoted)
// becomes `if (i < n) { W }`.
// CHECK-LABEL: func.func @swap_empty_then
// CHECK: %[[LT:.*]] = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT: scf.if %[[LT]] {
// CHECK-NEXT: llvm.store
// CHECK-NEXT: }
// CHECK-NOT: else
func.func @swap_empty_then(%i: i32, %n: i32, %p: !llvm.ptr) {
  %done = arith.cmpi sge, %i, %n : i32
  scf.if %done {
  } else {
    llvm.store %i, %p : i32, !llvm.ptr
  }
  return
}

// `t > s && t < 15 - s` with the counter s in a local: the branch reads the
// local, which cannot fault, so the short-circuit `if` becomes a select.
// CHECK-LABEL: func.func @speculate_load_of_local
// CHECK-NOT: scf.if
// CHECK: arith.select
// UPSTREAM-LABEL: func.func @speculate_load_of_local
// UPSTREAM: scf.if
func.func @speculate_load_of_local(%t: i32, %c: i1) -> i1 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %c15 = arith.constant 15 : i32
  %false = arith.constant false
  %s = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  llvm.store %t, %s : i32, !llvm.ptr
  %r = scf.if %c -> (i1) {
    %v = llvm.load %s : !llvm.ptr -> i32
    %b = arith.subi %c15, %v : i32
    %lt = arith.cmpi slt, %t, %b : i32
    scf.yield %lt : i1
  } else {
    scf.yield %false : i1
  }
  return %r : i1
}

// A load through a pointer that may not point anywhere stays in its branch.
// CHECK-LABEL: func.func @keep_load_of_pointer
// CHECK: scf.if
// CHECK: llvm.load
func.func @keep_load_of_pointer(%p: !llvm.ptr, %c: i1) -> i32 {
  %zero = arith.constant 0 : i32
  %r = scf.if %c -> (i32) {
    %v = llvm.load %p : !llvm.ptr -> i32
    scf.yield %v : i32
  } else {
    scf.yield %zero : i32
  }
  return %r : i32
}
