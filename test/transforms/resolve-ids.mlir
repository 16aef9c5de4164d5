// RUN: cucpu-opt %s -split-input-file -simt-resolve-ids -verify-diagnostics -allow-unregistered-dialect | FileCheck %s

// Each query becomes the matching induction variable or upper bound of the
// launch loops; the barrier gets the thread loop's induction variables.

// CHECK-LABEL: func.func @launch
// CHECK-SAME: (%[[GX:[^:]*]]: index, %[[GY:[^:]*]]: index, %[[BX:[^:]*]]: index, %[[BY:[^:]*]]: index
// CHECK: scf.parallel (%[[BIX:.*]], %[[BIY:.*]]) = {{.*}} to (%[[GX]], %[[GY]])
// CHECK: scf.parallel (%[[TX:.*]], %[[TY:.*]]) = {{.*}} to (%[[BX]], %[[BY]])
// CHECK-NOT: simt.thread_id
// CHECK-NOT: simt.block_id
// CHECK: "test.use"(%[[TY]], %[[BIX]], %[[BY]], %[[GX]])
// CHECK: simt.barrier(%[[TX]], %[[TY]])
func.func @launch(%gx: index, %gy: index, %bx: index, %by: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%gx, %gy) step (%c1, %c1) {
    scf.parallel (%x, %y) = (%c0, %c0) to (%bx, %by) step (%c1, %c1) {
      %t = simt.thread_id y
      %b = simt.block_id x
      %d = simt.block_dim y
      %g = simt.grid_dim x
      "test.use"(%t, %b, %d, %g) : (index, index, index, index) -> ()
      simt.barrier
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// A query outside any launch cannot be resolved.
func.func @outside() -> index {
  // expected-error @+1 {{threadIdx used in a device function that could not be inlined into its kernel}}
  %0 = simt.thread_id x
  return %0 : index
}
