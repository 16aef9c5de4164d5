// RUN: cucpu-opt %s -split-input-file -simt-run-blocks-in-rows -allow-unregistered-dialect | FileCheck %s

// The block loop hands out runs of neighbouring blocks along x: the run
// width is the blocks per (team size x 32) runs, clamped to [1, gx]; a
// serial loop inside runs the blocks of a run, with the body's allocation
// in it (the OpenMP lowering gives each worker one copy).
// CHECK-LABEL: llvm.func @omp_get_max_threads() -> i32
// CHECK-LABEL: func.func @grid
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[GY:.*]] = arith.subi %arg1, %[[C0]] : index
// CHECK: %[[NY:.*]] = arith.ceildivui %[[GY]], %[[C1]] : index
// CHECK: %[[XY:.*]] = arith.muli %arg0, %[[NY]] : index
// CHECK: %[[GZ:.*]] = arith.subi %arg2, %[[C0]] : index
// CHECK: %[[NZ:.*]] = arith.ceildivui %[[GZ]], %[[C1]] : index
// CHECK: %[[ALL:.*]] = arith.muli %[[XY]], %[[NZ]] : index
// CHECK: %[[T32:.*]] = llvm.call @omp_get_max_threads() : () -> i32
// CHECK: %[[T:.*]] = arith.index_castui %[[T32]] : i32 to index
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[RUNS:.*]] = arith.muli %[[T]], %[[C32]] : index
// CHECK: %[[W0:.*]] = arith.ceildivui %[[ALL]], %[[RUNS]] : index
// CHECK: %[[W1:.*]] = arith.minui %[[W0]], %arg0 : index
// CHECK: %[[W:.*]] = arith.maxui %[[W1]], %[[ONE:.*]] : index
// CHECK: %[[RX:.*]] = arith.ceildivui %arg0, %[[W]] : index
// CHECK: scf.parallel (%[[R:.*]], %[[Y:.*]], %[[Z:.*]]) = (%[[C0]], %[[C0]], %[[C0]]) to (%[[RX]], %arg1, %arg2)
// CHECK: %[[FIRST:.*]] = arith.muli %[[R]], %[[W]] : index
// CHECK: %[[END:.*]] = arith.addi %[[FIRST]], %[[W]] : index
// CHECK: %[[LAST:.*]] = arith.minui %[[END]], %arg0 : index
// CHECK: scf.for %[[X:.*]] = %[[FIRST]] to %[[LAST]] step %[[ONE]] {
// CHECK: %[[TILE:.*]] = llvm.alloca
// CHECK: "test.block"(%[[X]], %[[Y]], %[[Z]], %[[TILE]])
// CHECK: }
// CHECK: scf.reduce
// CHECK: } {cucpu.loop = "block"}
func.func @grid(%gx: index, %gy: index, %gz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%x, %y, %z) = (%c0, %c0, %c0) to (%gx, %gy, %gz)
      step (%c1, %c1, %c1) {
    %one = llvm.mlir.constant(1 : i64) : i64
    %tile = llvm.alloca %one x !llvm.array<256 x f32> : (i64) -> !llvm.ptr
    "test.block"(%x, %y, %z, %tile) : (index, index, index, !llvm.ptr) -> ()
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// An allocation sized in the loop would be made once per block of a run:
// the loop stays as it is. So does a parallel loop that is not a block loop.
// CHECK-LABEL: func.func @sized_in_loop
// CHECK-NOT: scf.for
// CHECK-NOT: omp_get_max_threads
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%arg0)
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%arg0)
// CHECK-NOT: scf.for
func.func @sized_in_loop(%gx: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%x) = (%c0) to (%gx) step (%c1) {
    %n = arith.index_cast %x : index to i64
    %buffer = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    "test.block"(%x, %buffer) : (index, !llvm.ptr) -> ()
    scf.reduce
  } {cucpu.loop = "block"}
  scf.parallel (%x) = (%c0) to (%gx) step (%c1) {
    "test.block"(%x) : (index) -> ()
    scf.reduce
  }
  return
}
