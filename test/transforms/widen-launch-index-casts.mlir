// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-widen-launch-index-casts))' | FileCheck %s

// The casts of the block and thread indices to i32 become truncations
// without wrap, and the kernel's int arithmetic that the address extends
// (row = by * 16 + ty, row * n + tx + 1) is done in 64 bits: the address
// has no sign extension of a launch index left.
// CHECK-LABEL: func.func @tile
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i64
// CHECK: scf.parallel (%[[BX:.*]], %[[BY:.*]], %{{.*}}) =
// CHECK: scf.parallel (%[[TX:.*]], %[[TY:.*]], %{{.*}}) =
// CHECK-DAG: %[[BYW:.*]] = arith.index_castui %[[BY]] : index to i64
// CHECK-DAG: %[[TYW:.*]] = arith.index_castui %[[TY]] : index to i64
// CHECK-DAG: %[[TXW:.*]] = arith.index_castui %[[TX]] : index to i64
// CHECK-DAG: %[[T:.*]] = arith.trunci %[[TXW]] overflow<nsw, nuw> : i64 to i32
// CHECK: %[[ROWS:.*]] = arith.muli %[[BYW]], %[[C16]] overflow<nsw> : i64
// CHECK: %[[ROW:.*]] = arith.addi %[[ROWS]], %[[TYW]] overflow<nsw> : i64
// CHECK: %[[N:.*]] = arith.extsi %arg0 : i32 to i64
// CHECK: %[[START:.*]] = arith.muli %[[ROW]], %[[N]] overflow<nsw> : i64
// CHECK: %[[COL:.*]] = arith.addi %[[START]], %[[TXW]] overflow<nsw> : i64
// CHECK: %[[AT:.*]] = arith.addi %[[COL]], %[[C1]] overflow<nsw> : i64
// CHECK: llvm.getelementptr %arg1[%[[AT]]]
// The i32 comparison keeps its truncated operand.
// CHECK: arith.cmpi slt, %[[T]], %arg0 : i32
// CHECK-NOT: arith.extsi
// CHECK: scf.reduce
func.func @tile(%n: i32, %a: !llvm.ptr, %gx: index, %gy: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %c16_i32 = arith.constant 16 : i32
  %f = arith.constant 1.0 : f32
  scf.parallel (%bx, %by, %bz) = (%c0, %c0, %c0) to (%gx, %gy, %c1)
      step (%c1, %c1, %c1) {
    scf.parallel (%tx, %ty, %tz) = (%c0, %c0, %c0) to (%c16, %c16, %c1)
        step (%c1, %c1, %c1) {
      %by32 = arith.index_castui %by : index to i32
      %ty32 = arith.index_castui %ty : index to i32
      %tx32 = arith.index_castui %tx : index to i32
      %rows = arith.muli %by32, %c16_i32 overflow<nsw> : i32
      %row = arith.addi %rows, %ty32 overflow<nsw> : i32
      %start = arith.muli %row, %n overflow<nsw> : i32
      %col = arith.addi %start, %tx32 overflow<nsw> : i32
      %at = arith.addi %col, %c1_i32 overflow<nsw> : i32
      %at64 = arith.extsi %at : i32 to i64
      %p = llvm.getelementptr %a[%at64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %in = arith.cmpi slt, %tx32, %n : i32
      scf.if %in {
        llvm.store %f, %p : f32, !llvm.ptr
      }
      scf.reduce
    }
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Arithmetic that may wrap keeps its 32 bits and its extension; so does
// the cast of an index that is not a launch loop's.
// CHECK-LABEL: func.func @wrapping
// CHECK: %[[T:.*]] = arith.trunci %{{.*}} overflow<nsw, nuw> : i64 to i32
// CHECK: %[[SUM:.*]] = arith.addi %[[T]], %arg0 : i32
// CHECK: arith.extsi %[[SUM]] : i32 to i64
// CHECK: %[[K:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: arith.extsi %[[K]] : i32 to i64
func.func @wrapping(%n: i32, %a: !llvm.ptr, %gx: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%bx) = (%c0) to (%gx) step (%c1) {
    %b32 = arith.index_castui %bx : index to i32
    %sum = arith.addi %b32, %n : i32
    %sum64 = arith.extsi %sum : i32 to i64
    %p = llvm.getelementptr %a[%sum64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %f, %p : f32, !llvm.ptr
    scf.for %k = %c0 to %gx step %c1 {
      %k32 = arith.index_castui %k : index to i32
      %k64 = arith.extsi %k32 : i32 to i64
      %q = llvm.getelementptr %a[%k64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %f, %q : f32, !llvm.ptr
    }
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
