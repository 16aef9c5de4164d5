// RUN: cucpu-opt --split-input-file --simt-hoist-uniform-ifs=remarks=true --verify-diagnostics %s | FileCheck %s

// `if (blockIdx.x >= nq) return;`: the guard around all of the thread loop's
// work depends only on the block index. It is taken once per block, around
// the thread loop, which now holds the work directly (barrier included).

// CHECK-LABEL: func.func @early_return_on_block
// CHECK: scf.parallel (%[[B:.*]]) =
// CHECK:   %[[BI:.*]] = arith.index_castui %[[B]] : index to i32
// CHECK:   %[[IN:.*]] = arith.cmpi slt, %[[BI]], %arg2 : i32
// CHECK:   scf.if %[[IN]] {
// CHECK:     scf.parallel (%[[T:.*]]) =
// CHECK-NOT:   scf.if
// CHECK:       llvm.store
// CHECK:       simt.barrier(%[[T]])
// CHECK:       llvm.load
// CHECK:     } {cucpu.loop = "thread"}
func.func @early_return_on_block(%p: !llvm.ptr, %blocks: index, %nq: i32,
                                 %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %bi = arith.index_castui %b : index to i32
      %ti = arith.index_castui %t : index to i32
      %in = arith.cmpi slt, %bi, %nq : i32
      // expected-remark @below {{condition shared by the block's threads taken once for the block}}
      scf.if %in {
        llvm.store %ti, %p : i32, !llvm.ptr
        simt.barrier(%t)
        %v = llvm.load %p : !llvm.ptr -> i32
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// A guard on the thread index is not the block's to take: it stays.

// CHECK-LABEL: func.func @guard_on_thread
// CHECK: scf.parallel
// CHECK:   scf.parallel
// CHECK:     scf.if
func.func @guard_on_thread(%p: !llvm.ptr, %blocks: index, %n: i32,
                           %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %ti = arith.index_castui %t : index to i32
      %in = arith.cmpi slt, %ti, %n : i32
      scf.if %in {
        llvm.store %ti, %p : i32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Work outside the guard runs in every block: the guard stays.

// CHECK-LABEL: func.func @work_outside_guard
// CHECK: scf.parallel
// CHECK:   scf.parallel
// CHECK:     llvm.store
// CHECK:     scf.if
func.func @work_outside_guard(%p: !llvm.ptr, %q: !llvm.ptr, %blocks: index,
                              %nq: i32, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %bi = arith.index_castui %b : index to i32
      %in = arith.cmpi slt, %bi, %nq : i32
      llvm.store %bi, %q : i32, !llvm.ptr
      scf.if %in {
        llvm.store %bi, %p : i32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
