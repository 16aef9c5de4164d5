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
