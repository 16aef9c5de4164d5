// RUN: cucpu-opt %s --simt-expand-active-mask | FileCheck %s

// Each block starts with a zeroed presence area; a caller marks its byte,
// meets its warp at a barrier, gathers the marks of its warp's lanes that
// exist in the block, meets them again, and clears its byte.
// CHECK-LABEL: func.func @mask
// CHECK: scf.parallel
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64)
// CHECK-NEXT: %[[AREA:.*]] = llvm.alloca %[[ONE]] x !llvm.array<1024 x i8>
// CHECK: "llvm.intr.memset"(%[[AREA]]
// CHECK: scf.parallel (%[[TX:.*]], %[[TY:.*]]) =
// CHECK: %[[MINE:.*]] = llvm.getelementptr %[[AREA]][%{{.*}}]
// CHECK: llvm.store %{{.*}}, %[[MINE]] : i8
// CHECK: simt.barrier(%[[TX]], %[[TY]]) {cucpu.warp_sync}
// CHECK: scf.for
// CHECK: arith.cmpi ult
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> i8
// CHECK: arith.shli
// CHECK: arith.ori
// CHECK: simt.barrier(%[[TX]], %[[TY]]) {cucpu.warp_sync}
// CHECK: %[[MINE2:.*]] = llvm.getelementptr %[[AREA]][%{{.*}}]
// CHECK: llvm.store %{{.*}}, %[[MINE2]] : i8
// CHECK: %[[M:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: llvm.store %[[M]], %{{.*}} : i32
// CHECK-NOT: simt.active_mask
func.func @mask(%blocks: index, %x: index, %y: index, %out: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%bx) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%tx, %ty) = (%c0, %c0) to (%x, %y) step (%c1, %c1) {
      %m = simt.active_mask
      llvm.store %m, %out : i32, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
