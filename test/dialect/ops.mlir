// RUN: cucpu-opt %s | cucpu-opt | FileCheck %s

// CHECK-LABEL: func.func @queries
// CHECK: simt.thread_id x
// CHECK: simt.block_id y
// CHECK: simt.block_dim z
// CHECK: simt.grid_dim x
func.func @queries() -> (index, index, index, index) {
  %0 = simt.thread_id x
  %1 = simt.block_id y
  %2 = simt.block_dim z
  %3 = simt.grid_dim x
  return %0, %1, %2, %3 : index, index, index, index
}

// CHECK-LABEL: func.func @barriers
// CHECK: simt.barrier{{$}}
// CHECK: scf.parallel (%[[X:.*]], %[[Y:.*]]) =
// CHECK: simt.barrier(%[[X]], %[[Y]])
func.func @barriers(%n: index) {
  simt.barrier
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%x, %y) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    simt.barrier(%x, %y)
    scf.reduce
  }
  return
}
