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
// The checks show that base + x does not wrap: in the copy it says so.
// CHECK:     arith.addi %arg2, %{{.*}} overflow<nsw> : i32
// CHECK: } else {
// CHECK:   scf.parallel
// CHECK:     arith.addi %arg2, %{{.*}} : i32
// CHECK:     arith.cmpi uge
// The copy is a version for HoistVersionChecks; the original runs only where
// the index arithmetic would wrap, a rare fallback.
// CHECK: } {cucpu.rare_fallback, cucpu.version}
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
        %ii = arith.extsi %i : i32 to i64
        %p = llvm.getelementptr %out[%ii] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %one, %p : f32, !llvm.ptr
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

// -----

// nw's sweep over a tile's anti-diagonal, `if (tx + ty == diag)`: x's range
// depends on y. The loop becomes a loop over y whose x runs over
// [max(0, diag - y), min(nx, diag - y + 1)), when x fits its cast: at most
// one x, so an `if` on that range being non-empty, with x its start.

// CHECK-LABEL: func.func @anti_diagonal
// CHECK: %[[OK:.*]] = arith.cmpi sle
// CHECK: scf.if %[[OK]] {
// Only the rows that have a cell on the diagonal: y in [diag - nx + 1,
// diag + 1), when y fits its cast.
// CHECK:   %[[DIAG:.*]] = arith.extsi %arg2 : i32 to i64
// CHECK:   %[[NX:.*]] = arith.index_cast %arg3 : index to i64
// CHECK:   %[[NY:.*]] = arith.index_cast %arg4 : index to i64
// CHECK:   %[[YFITS:.*]] = arith.cmpi sle, %[[NY]], %c2147483648_i64 : i64
// CHECK:   %[[FIRSTM:.*]] = arith.subi %[[DIAG]], %[[NX]] : i64
// CHECK:   %[[FIRST:.*]] = arith.addi %[[FIRSTM]], %c1_i64 : i64
// CHECK:   %[[LAST:.*]] = arith.addi %[[DIAG]], %c1_i64 : i64
// CHECK:   %[[YLO:.*]] = arith.maxsi %[[FIRST]], %c0_i64 : i64
// CHECK:   %[[YHI:.*]] = arith.minsi %[[NY]], %[[LAST]] : i64
// CHECK:   %[[YHI2:.*]] = arith.maxsi %[[YHI]], %[[YLO]] : i64
// CHECK:   %[[YLO3:.*]] = arith.select %[[YFITS]], %[[YLO]], %c0_i64 : i64
// CHECK:   %[[YHI3:.*]] = arith.select %[[YFITS]], %[[YHI2]], %[[NY]] : i64
// CHECK:   %[[YLOI:.*]] = arith.index_cast %[[YLO3]] : i64 to index
// CHECK:   %[[YHII:.*]] = arith.index_cast %[[YHI3]] : i64 to index
// CHECK:   scf.parallel (%[[Y:.*]]) = (%[[YLOI]]) to (%[[YHII]])
// CHECK-DAG: %[[D:.*]] = arith.extsi %arg2 : i32 to i64
// CHECK-DAG: %[[YI:.*]] = arith.index_castui %[[Y]] : index to i32
// CHECK:     %[[YW:.*]] = arith.extsi %[[YI]] : i32 to i64
// CHECK:     %[[LIMIT:.*]] = arith.subi %[[D]], %[[YW]] : i64
// CHECK:     %[[LO:.*]] = arith.maxsi %[[LIMIT]], %{{.*}} : i64
// CHECK:     %[[END:.*]] = arith.addi %[[LIMIT]], %{{.*}} : i64
// CHECK:     %[[HI:.*]] = arith.minsi %{{.*}}, %[[END]] : i64
// CHECK:     %[[HI2:.*]] = arith.maxsi %[[HI]], %[[LO]] : i64
// CHECK:     %[[X:.*]] = arith.index_cast %[[LO]] : i64 to index
// CHECK:     %[[ANY:.*]] = arith.cmpi slt, %[[LO]], %[[HI2]] : i64
// CHECK:     scf.if %[[ANY]] {
// CHECK-NOT:   arith.cmpi
// CHECK:       %[[XI:.*]] = arith.index_castui %[[X]] : index to i32
// CHECK:       llvm.store %[[XI]]
// CHECK:   } {cucpu.loop = "thread"}
// CHECK: } else {
// CHECK:   scf.parallel (%{{.*}}, %{{.*}}) =
// CHECK:     arith.cmpi eq
func.func @anti_diagonal(%out: !llvm.ptr, %blocks: index, %diag: i32,
                         %nx: index, %ny: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%tx, %ty) = (%c0, %c0) to (%nx, %ny) step (%c1, %c1) {
      %x = arith.index_castui %tx : index to i32
      %y = arith.index_castui %ty : index to i32
      %sum = arith.addi %x, %y overflow<nsw> : i32
      %on = arith.cmpi eq, %sum, %diag : i32
      scf.if %on {
        llvm.store %x, %out : i32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// `if (x >= nx || y >= ny) return;`: the work is guarded by the negation of
// a disjunction, that is by x < nx and y < ny; both become bounds.

// CHECK-LABEL: func.func @early_return_2d
// CHECK: scf.if
// CHECK:   scf.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%[[UBX:.*]], %[[UBY:.*]])
// CHECK-NOT: arith.cmpi
// CHECK:     llvm.store
// CHECK: } else {
func.func @early_return_2d(%out: !llvm.ptr, %nx: i32, %ny: i32,
                           %blocks: index, %tx: index, %ty: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%x, %y) = (%c0, %c0) to (%tx, %ty) step (%c1, %c1) {
      %xi = arith.index_castui %x : index to i32
      %yi = arith.index_castui %y : index to i32
      %outX = arith.cmpi sge, %xi, %nx : i32
      %outY = arith.cmpi sge, %yi, %ny : i32
      %out2 = arith.select %outX, %true, %outY : i1
      %in = arith.xori %out2, %true : i1
      scf.if %in {
        llvm.store %xi, %out : i32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// hotspot's `tx < 15 - s`: the bound is computed inside the thread loop from
// values all threads share. It is computed before the loop, and the
// comparison becomes the upper bound.

// CHECK-LABEL: func.func @bound_computed_in_loop
// CHECK: %[[BOUND:.*]] = arith.subi %c15_i32, %arg2 overflow<nsw> : i32
// CHECK: %[[WIDE:.*]] = arith.extsi %[[BOUND]] : i32 to i64
// CHECK: arith.minsi %{{.*}}, %[[WIDE]] : i64
// CHECK: scf.if
// CHECK:   scf.parallel
// CHECK-NOT: arith.cmpi
// CHECK:     llvm.store
// CHECK: } else {
func.func @bound_computed_in_loop(%out: !llvm.ptr, %blocks: index, %s: i32,
                                  %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : i32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %bound = arith.subi %c15, %s overflow<nsw> : i32
      %in = arith.cmpi slt, %x, %bound : i32
      scf.if %in {
        llvm.store %x, %out : i32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// normalize: `if (i < n) out[i] = in[i] / sum(in, n)`, the sum memoized by
// parallel LICM under the guard. Once the guard is the loop's bounds, every
// iteration reads the memo: it is read once before the loop (when the loop
// runs), and the loop only divides.

// CHECK-LABEL: func.func @memo_read_before_loop
// CHECK: %[[POISON:.*]] = llvm.mlir.poison : f32
// CHECK: scf.if
// CHECK:   %[[RUNS:.*]] = arith.cmpi sgt, %{{.*}}, %c0 : index
// CHECK:   %[[SUM:.*]] = scf.if %[[RUNS]] -> (f32) {
// CHECK:     %[[DONE:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i1
// CHECK:     scf.if %[[DONE]] -> (f32) {
// CHECK:   scf.yield %[[POISON]] : f32
// CHECK:   scf.parallel
// CHECK-NOT: scf.if
// CHECK:     arith.divf %{{.*}}, %[[SUM]] : f32
// CHECK:   } {cucpu.loop = "thread"}
// CHECK: } else {
func.func @memo_read_before_loop(%in: !llvm.ptr, %out: !llvm.ptr, %n: i32,
                                 %base: i32, %blocks: index,
                                 %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %true = arith.constant true
  %zero = arith.constant 0.0 : f32
  %done = llvm.alloca %one x i1 {cucpu.memo} : (i64) -> !llvm.ptr
  %value = llvm.alloca %one x f32 {cucpu.memo} : (i64) -> !llvm.ptr
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %i = arith.addi %base, %x overflow<nsw> : i32
      %in_range = arith.cmpi slt, %i, %n : i32
      scf.if %in_range {
        %i64 = arith.extsi %i : i32 to i64
        %p = llvm.getelementptr %in[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        %v = llvm.load %p : !llvm.ptr -> f32
        %computed = llvm.load %done : !llvm.ptr -> i1
        %sum = scf.if %computed -> (f32) {
          %s = llvm.load %value : !llvm.ptr -> f32
          scf.yield %s : f32
        } else {
          %s = llvm.load %in : !llvm.ptr -> f32
          llvm.store %s, %value : f32, !llvm.ptr
          llvm.store %true, %done : i1, !llvm.ptr
          scf.yield %s : f32
        }
        %r = arith.divf %v, %sum : f32
        %q = llvm.getelementptr %out[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %r, %q : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// A thread loop in the else branch of a rare fallback (a block size other
// than the launches') is compiled as at -O0: no narrowed copy is made there,
// while the same loop on the common path is narrowed.

// CHECK-LABEL: func.func @rare_not_narrowed
// CHECK:       scf.if
// CHECK:         scf.parallel
// CHECK:           scf.if
// CHECK:             scf.parallel
// CHECK-NOT:           arith.cmpi
// CHECK:               llvm.store
// CHECK:           } {cucpu.rare_fallback, cucpu.version}
// CHECK:       } else {
// CHECK-NEXT:    scf.parallel
// CHECK-NEXT:      arith.index_castui
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      arith.cmpi slt
// CHECK-NEXT:      scf.if
// CHECK:       } {cucpu.rare_fallback}
func.func @rare_not_narrowed(%out: !llvm.ptr, %n: i32, %base: i32,
                             %blocks: index, %threads: index, %common: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %one = arith.constant 1.0 : f32
  scf.if %common {
    scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
      scf.parallel (%t) = (%c0) to (%c128) step (%c1) {
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
  } else {
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
  } {cucpu.rare_fallback}
  return
}
