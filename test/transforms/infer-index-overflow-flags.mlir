// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-infer-index-overflow-flags{remarks=true}))' -verify-diagnostics | FileCheck %s

// blockIdx.y * 16 + threadIdx.y fits in 31 bits for every grid (at most
// 65535 blocks along y): flagged in place, no copy of the loop.
// CHECK-LABEL: func.func @rows
// CHECK-NOT: scf.if
// CHECK: arith.muli %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK: arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// An unknown kernel argument bounds nothing.
// CHECK: arith.addi %{{.*}}, %arg0 : i32
func.func @rows(%n: i32, %a: !llvm.ptr, %gx: index, %gy: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c16_i32 = arith.constant 16 : i32
  %f = arith.constant 1.0 : f32
  scf.parallel (%bx, %by, %bz) = (%c0, %c0, %c0) to (%gx, %gy, %c1)
      step (%c1, %c1, %c1) {
    scf.parallel (%tx, %ty, %tz) = (%c0, %c0, %c0) to (%c16, %c16, %c1)
        step (%c1, %c1, %c1) {
      %by32 = arith.index_castui %by : index to i32
      %ty32 = arith.index_castui %ty : index to i32
      %rows = arith.muli %by32, %c16_i32 : i32
      %row = arith.addi %rows, %ty32 : i32
      %at = arith.addi %row, %n : i32
      %at64 = arith.extsi %at : i32 to i64
      %p = llvm.getelementptr %a[%at64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %f, %p : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// blockIdx.x * blockDim.x + threadIdx.x - 1 can wrap for 2^31 - 1 blocks of
// 256 threads, not for 2^20: the block loop is copied for grids of at most
// 2^28 / 256 blocks along x, and only the copy has the flags. The
// subtraction can wrap below zero in both (x = 0): it gets nsw only.
// CHECK-LABEL: func.func @columns
// CHECK: %[[SMALL:.*]] = arith.cmpi ule, %arg2, %c1048576 : index
// CHECK: scf.if %[[SMALL]] {
// CHECK: arith.muli %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK: %[[I:.*]] = arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK: arith.subi %[[I]], %{{.*}} overflow<nsw> : i32
// CHECK: } else {
// CHECK: arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: %[[J:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: arith.subi %[[J]], %{{.*}} : i32
// The larger grids are a rare fallback.
// CHECK: } {cucpu.rare_fallback}
func.func @columns(%n: i32, %a: !llvm.ptr, %gx: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c256_i32 = arith.constant 256 : i32
  %c1_i32 = arith.constant 1 : i32
  %f = arith.constant 1.0 : f32
  // expected-remark @below {{block loop versioned for grids of at most 1048576 blocks along x}}
  scf.parallel (%bx, %by, %bz) = (%c0, %c0, %c0) to (%gx, %c1, %c1)
      step (%c1, %c1, %c1) {
    scf.parallel (%tx, %ty, %tz) = (%c0, %c0, %c0) to (%c256, %c1, %c1)
        step (%c1, %c1, %c1) {
      %bx32 = arith.index_castui %bx : index to i32
      %tx32 = arith.index_castui %tx : index to i32
      %start = arith.muli %bx32, %c256_i32 : i32
      %i = arith.addi %start, %tx32 : i32
      %prev = arith.subi %i, %c1_i32 : i32
      %at64 = arith.extsi %prev : i32 to i64
      %p = llvm.getelementptr %a[%at64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %f, %p : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// A launcher (the launch ABI's arguments: grid and block sizes, shared
// bytes, argument array) reading blockDim.x as the i32 its thread loop's
// bound is cast from: at most 1024, so the copy is for grids of at most
// 2^18 blocks.
// CHECK-LABEL: func.func @dynamic_block
// CHECK: %[[GX:.*]] = arith.index_castui %arg0 : i32 to index
// CHECK: arith.cmpi ule, %[[GX]], %c262144 : index
// CHECK: arith.muli %{{.*}}, %arg3 overflow<nsw, nuw> : i32
func.func @dynamic_block(%gx32: i32, %gy32: i32, %gz32: i32, %bdx: i32,
    %bdy: i32, %bdz: i32, %shared: i64, %a: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %gx = arith.index_castui %gx32 : i32 to index
  %nt = arith.index_castui %bdx : i32 to index
  // expected-remark @below {{block loop versioned for grids of at most 262144 blocks along x}}
  scf.parallel (%bx, %by, %bz) = (%c0, %c0, %c0) to (%gx, %c1, %c1)
      step (%c1, %c1, %c1) {
    scf.parallel (%tx, %ty, %tz) = (%c0, %c0, %c0) to (%nt, %c1, %c1)
        step (%c1, %c1, %c1) {
      %bx32 = arith.index_castui %bx : index to i32
      %tx32 = arith.index_castui %tx : index to i32
      %start = arith.muli %bx32, %bdx : i32
      %i = arith.addi %start, %tx32 : i32
      %at64 = arith.extsi %i : i32 to i64
      %p = llvm.getelementptr %a[%at64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %f, %p : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// The launches write one block size (cucpu.launch_block): block-size
// specialization made a copy for it, and this loop with a run-time block
// size is the fallback for other sizes; it is not versioned.
// CHECK-LABEL: func.func @generic_fallback
// CHECK-NOT: scf.if
// CHECK: arith.muli %{{.*}}, %arg3 : i32
func.func @generic_fallback(%gx32: i32, %gy32: i32, %gz32: i32, %bdx: i32,
    %bdy: i32, %bdz: i32, %shared: i64, %a: !llvm.ptr)
    attributes {cucpu.launch_block = array<i64: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %gx = arith.index_castui %gx32 : i32 to index
  %nt = arith.index_castui %bdx : i32 to index
  scf.parallel (%bx, %by, %bz) = (%c0, %c0, %c0) to (%gx, %c1, %c1)
      step (%c1, %c1, %c1) {
    scf.parallel (%tx, %ty, %tz) = (%c0, %c0, %c0) to (%nt, %c1, %c1)
        step (%c1, %c1, %c1) {
      %bx32 = arith.index_castui %bx : index to i32
      %tx32 = arith.index_castui %tx : index to i32
      %start = arith.muli %bx32, %bdx : i32
      %i = arith.addi %start, %tx32 : i32
      %at64 = arith.extsi %i : i32 to i64
      %p = llvm.getelementptr %a[%at64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %f, %p : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Ranges follow values through regions (IntegerRangeAnalysis): an offset
// chosen by an scf.if (8 or 16) added to threadIdx.y * 16 fits, unsigned
// too.
// CHECK-LABEL: func.func @through_if
// CHECK: %[[OFF:.*]] = scf.if
// CHECK: arith.addi %{{.*}}, %[[OFF]] overflow<nsw, nuw> : i32
func.func @through_if(%c: i1, %a: !llvm.ptr, %gx: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c8_i32 = arith.constant 8 : i32
  %c16_i32 = arith.constant 16 : i32
  %f = arith.constant 1.0 : f32
  scf.parallel (%bx) = (%c0) to (%gx) step (%c1) {
    scf.parallel (%ty) = (%c0) to (%c16) step (%c1) {
      %ty32 = arith.index_castui %ty : index to i32
      %row = arith.muli %ty32, %c16_i32 : i32
      %off = scf.if %c -> (i32) {
        scf.yield %c8_i32 : i32
      } else {
        scf.yield %c16_i32 : i32
      }
      %at = arith.addi %row, %off : i32
      %at64 = arith.extsi %at : i32 to i64
      %p = llvm.getelementptr %a[%at64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %f, %p : f32, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
