// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-specialize-block-size))' -allow-unregistered-dialect | FileCheck %s

// A launcher with a recorded block size: its body runs as a copy with the
// size as constants when the launch's size (arguments 3 to 5) matches, and
// as it was otherwise.
// CHECK-LABEL: func.func @launcher
// CHECK: %[[C16:.*]] = arith.constant 16 : i32
// CHECK: %[[X:.*]] = arith.cmpi eq, %arg3, %[[C16]]
// CHECK: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: %[[Y:.*]] = arith.cmpi eq, %arg4, %[[C4]]
// CHECK: %[[XY:.*]] = arith.andi %[[X]], %[[Y]]
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: %[[Z:.*]] = arith.cmpi eq, %arg5, %[[C1]]
// CHECK: %[[ALL:.*]] = arith.andi %[[XY]], %[[Z]]
// CHECK: scf.if %[[ALL]] {
// CHECK: %[[NX:.*]] = arith.index_castui %[[C16]] : i32 to index
// CHECK: %[[NY:.*]] = arith.index_castui %[[C4]] : i32 to index
// CHECK: "test.threads"(%[[NX]], %[[NY]])
// CHECK: } else {
// CHECK: %[[OX:.*]] = arith.index_castui %arg3 : i32 to index
// CHECK: %[[OY:.*]] = arith.index_castui %arg4 : i32 to index
// CHECK: "test.threads"(%[[OX]], %[[OY]])
// Other block sizes are a rare fallback, compiled for size.
// CHECK: } {cucpu.rare_fallback}
// CHECK-NEXT: return
func.func @launcher(%gx: i32, %gy: i32, %gz: i32, %bx: i32, %by: i32,
                    %bz: i32, %shared: i64, %argv: !llvm.ptr)
    attributes {cucpu.launch_block = array<i64: 16, 4, 1>} {
  %nx = arith.index_castui %bx : i32 to index
  %ny = arith.index_castui %by : i32 to index
  "test.threads"(%nx, %ny) : (index, index) -> ()
  return
}

// -----

// Without a recorded size nothing changes.
// CHECK-LABEL: func.func @unknown_size
// CHECK-NOT: scf.if
func.func @unknown_size(%gx: i32, %gy: i32, %gz: i32, %bx: i32, %by: i32,
                        %bz: i32, %shared: i64, %argv: !llvm.ptr) {
  %nx = arith.index_castui %bx : i32 to index
  "test.threads"(%nx) : (index) -> ()
  return
}
