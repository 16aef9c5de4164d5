// RUN: cucpu-opt --split-input-file --simt-narrow-thread-loops --canonicalize %s | FileCheck %s

// `if (i < n)` with i = base + x (signed, nsw): the thread loop runs over
// [0, min(threads, n - base)) when the checks hold (here only that x fits in
// i32); the comparison is gone from the narrowed copy, and the original loop
// is the fallback.

// CHECK-LABEL: func.func @below
// CHECK: scf.parallel
// CHECK:   %[[LIMIT:.*]] = arith.subi %{{.*}}, %{{.*}} : i64
// CHECK:   %[[UB:.*]] = arith.minsi %{{.*}}, %[[LIMIT]] : i64
// CHECK:   arith.andi
// CHECK:   %[[OK:.*]] = arith.andi
// CHECK:   %[[UBC:.*]] = arith.maxsi %[[UB]], %{{.*}} : i64
// CHECK:   %[[UBI:.*]] = arith.index_cast %[[UBC]] : i64 to index
// CHECK:   scf.if %[[OK]] {
// CHECK:     scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[UBI]])
// CHECK-NOT:   arith.cmpi
// CHECK:       llvm.store
// CHECK:     } {cucpu.loop = "thread"}
// CHECK:   } else {
// CHECK:     scf.parallel
// CHECK:       arith.cmpi slt
// CHECK:       scf.if
// CHECK:         llvm.store
func.func @below(%out: !llvm.ptr, %n: i32, %base: i32, %blocks: index,
                 %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %i = arith.addi %base, %x overflow<nsw> : i32
      %in = arith.cmpi slt, %i, %n : i32
      scf.if %in {
        %i64 = arith.extsi %i : i32 to i64
        %p = llvm.getelementptr %out[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %one, %p : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// `if (x == 0)` through an early return's negated flag: the loop runs over
// the first thread only.

// CHECK-LABEL: func.func @first_thread
// CHECK: arith.minsi %{{.*}}, %c1_i64 : i64
// CHECK: %[[UB:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: scf.if
// CHECK:   scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[UB]])
// CHECK-NOT: arith.cmpi
// CHECK:     llvm.store
func.func @first_thread(%out: !llvm.ptr, %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %true = arith.constant true
  %one = arith.constant 1.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %other = arith.cmpi ne, %x, %c0_i32 : i32
      %go = arith.xori %other, %true : i1
      scf.if %go {
        llvm.store %one, %out : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Unsigned arithmetic (no nsw) compared unsigned: the checks include that
// base + x does not wrap in 32 bits and is not negative.

// CHECK-LABEL: func.func @unsigned_window
// CHECK: arith.cmpi sge, %{{.*}}, %c-2147483648_i64 : i64
// CHECK: arith.cmpi sle, %{{.*}}, %c2147483647_i64 : i64
// CHECK: arith.cmpi sge, %{{.*}}, %c0_i64 : i64
// CHECK: arith.maxsi
// CHECK: scf.if
// CHECK:   scf.parallel
// CHECK: } else {
// CHECK:   scf.parallel
// CHECK:     arith.cmpi uge
func.func @unsigned_window(%out: !llvm.ptr, %lo: i32, %base: i32,
                           %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %i = arith.addi %base, %x : i32
      %in = arith.cmpi uge, %i, %lo : i32
      scf.if %in {
        llvm.store %one, %out : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Work outside the guard (a store every thread makes): skipping threads
// would lose it. A `!=` guard is not one range. Neither loop changes.

// CHECK-LABEL: func.func @not_narrowed
// CHECK-NOT: arith.minsi
// CHECK-NOT: arith.maxsi
// CHECK: return
func.func @not_narrowed(%out: !llvm.ptr, %flag: !llvm.ptr, %n: i32,
                        %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      llvm.store %x, %flag : i32, !llvm.ptr
      %in = arith.cmpi slt, %x, %n : i32
      scf.if %in {
        llvm.store %one, %out : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %in = arith.cmpi ne, %x, %n : i32
      scf.if %in {
        llvm.store %one, %out : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
