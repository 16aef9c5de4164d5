// RUN: cucpu-opt --simt-hoist-version-checks --simt-canonicalize %s | FileCheck %s
// RUN: cucpu-opt --simt-hoist-version-checks="max-ops=10" --simt-canonicalize %s | FileCheck %s --check-prefix=SMALL

// A check on the group member's column (`j0 + 15 < n`, with j0 = 16 * m) in
// the loop over a coarsened group's members, inside the loop over a block's
// rows: it is made once for all members before the row loop, and the copy
// for when it holds has no check.
// CHECK-LABEL: func.func @member_check
// CHECK:      scf.parallel
// CHECK:        %[[ALL:.*]] = scf.for %[[M:.*]] = %c0 to %[[COUNT:.*]] step %c1 iter_args(%[[ACC:.*]] = %true) -> (i1) {
// CHECK:          %[[FITS:.*]] = arith.cmpi slt
// CHECK:          %[[BOTH:.*]] = arith.andi %[[ACC]], %[[FITS]] : i1
// CHECK:          scf.yield %[[BOTH]] : i1
// CHECK:        scf.if %[[ALL]] {
// CHECK-NEXT:     scf.parallel
// CHECK-NEXT:       scf.for
// CHECK-NOT:          scf.if
// CHECK:              llvm.store %{{.*}}, %{{.*}} {fast}
// CHECK-NOT:          llvm.store
// CHECK:          } {cucpu.loop = "thread"}
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.parallel
// CHECK-NEXT:       scf.for
// CHECK:              scf.if %{{.*}} {
// CHECK-NOT:            cucpu.version
// CHECK:                llvm.store %{{.*}}, %{{.*}} {fast}
// CHECK:              } else {
// CHECK:                llvm.store %{{.*}}, %{{.*}} {slow}
// With a limit on the nest's size below the row loop's, the check stays.
// SMALL-LABEL: func.func @member_check
// SMALL-NOT: iter_args
// SMALL-LABEL: func.func @row_check
func.func @member_check(%out: !llvm.ptr, %n: i32, %count: index,
                        %blocks: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c15_i32 = arith.constant 15 : i32
  %c16_i32 = arith.constant 16 : i32
  %f = arith.constant 1.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%y) = (%c0) to (%c16) step (%c1) {
      scf.for %m = %c0 to %count step %c1 {
        %mi = arith.index_castui %m : index to i32
        %j0 = arith.muli %mi, %c16_i32 : i32
        %last = arith.addi %j0, %c15_i32 : i32
        %fits = arith.cmpi slt, %last, %n : i32
        %yi = arith.index_cast %y : index to i64
        %p = llvm.getelementptr %out[%yi] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        scf.if %fits {
          llvm.store %f, %p {fast} : f32, !llvm.ptr
        } else {
          llvm.store %f, %p {slow} : f32, !llvm.ptr
        } {cucpu.version}
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// The condition depends on the row (the thread loop's index): the check is
// made before the loop over the members, inside the row loop.
// CHECK-LABEL: func.func @row_check
// CHECK:      scf.parallel (%[[Y:.*]]) = (%c0) to (%c16)
// CHECK:        %[[YI:.*]] = arith.index_cast %[[Y]] : index to i32
// CHECK:        %[[ALL:.*]] = scf.for {{.*}} iter_args
// CHECK:        scf.if %[[ALL]] {
// CHECK-NEXT:     scf.for
// CHECK-NOT:        scf.if
// CHECK:            llvm.store %{{.*}}, %{{.*}} {fast}
// CHECK-NEXT:     }
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.for
// CHECK:            scf.if
func.func @row_check(%out: !llvm.ptr, %n: i32, %count: index,
                     %blocks: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c16_i32 = arith.constant 16 : i32
  %f = arith.constant 1.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%y) = (%c0) to (%c16) step (%c1) {
      %yi = arith.index_cast %y : index to i32
      scf.for %m = %c0 to %count step %c1 {
        %mi = arith.index_castui %m : index to i32
        %j0 = arith.muli %mi, %c16_i32 : i32
        %cell = arith.addi %j0, %yi : i32
        %fits = arith.cmpi slt, %cell, %n : i32
        scf.if %fits {
          llvm.store %f, %out {fast} : f32, !llvm.ptr
        } else {
          llvm.store %f, %out {slow} : f32, !llvm.ptr
        } {cucpu.version}
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// Two checks in one nest: one copy of the nest, for when both hold (not one
// per combination).
// CHECK-LABEL: func.func @two_checks
// CHECK:        %[[A:.*]] = scf.for {{.*}} iter_args
// CHECK:        %[[B:.*]] = scf.for {{.*}} iter_args
// CHECK:        %[[BOTH:.*]] = arith.andi %[[A]], %[[B]] : i1
// CHECK:        scf.if %[[BOTH]] {
// CHECK-NOT:      scf.if
// CHECK:        } else {
// CHECK-COUNT-2:  scf.if %
func.func @two_checks(%out: !llvm.ptr, %n: i32, %k: i32, %count: index,
                      %blocks: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c16_i32 = arith.constant 16 : i32
  %f = arith.constant 1.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%y) = (%c0) to (%c16) step (%c1) {
      scf.for %m = %c0 to %count step %c1 {
        %mi = arith.index_castui %m : index to i32
        %j0 = arith.muli %mi, %c16_i32 : i32
        %fits = arith.cmpi slt, %j0, %n : i32
        %above = arith.cmpi sgt, %j0, %k : i32
        scf.if %fits {
          llvm.store %f, %out {fast} : f32, !llvm.ptr
        } else {
          llvm.store %f, %out {slow} : f32, !llvm.ptr
        } {cucpu.version}
        scf.if %above {
          llvm.store %f, %out {fast} : f32, !llvm.ptr
        } else {
          llvm.store %f, %out {slow} : f32, !llvm.ptr
        } {cucpu.version}
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// Conditions that cannot be computed ahead stay: a bound loaded in the loop
// (the load could depend on the loop's stores), and a division by a value
// that may be zero in the iterations the code does not reach. An `if`
// without the version attribute is left alone.
// CHECK-LABEL: func.func @loaded_bound
// CHECK-NOT: iter_args
// CHECK-COUNT-3: scf.if %
// CHECK-NOT: iter_args
// CHECK: return
func.func @loaded_bound(%out: !llvm.ptr, %bound: !llvm.ptr, %n: i32, %d: i32,
                        %count: index, %blocks: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c16_i32 = arith.constant 16 : i32
  %f = arith.constant 1.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%y) = (%c0) to (%c16) step (%c1) {
      scf.for %m = %c0 to %count step %c1 {
        %mi = arith.index_castui %m : index to i32
        %j0 = arith.muli %mi, %c16_i32 : i32
        %limit = llvm.load %bound : !llvm.ptr -> i32
        %fits = arith.cmpi slt, %j0, %limit : i32
        scf.if %fits {
          llvm.store %f, %out {fast} : f32, !llvm.ptr
        } else {
          llvm.store %f, %out {slow} : f32, !llvm.ptr
        } {cucpu.version}
        %q = arith.divsi %n, %mi : i32
        %small = arith.cmpi slt, %q, %d : i32
        scf.if %small {
          llvm.store %f, %out {fast} : f32, !llvm.ptr
        } else {
          llvm.store %f, %out {slow} : f32, !llvm.ptr
        } {cucpu.version}
        %plain = arith.cmpi slt, %j0, %n : i32
        scf.if %plain {
          llvm.store %f, %out {fast} : f32, !llvm.ptr
        } else {
          llvm.store %f, %out {slow} : f32, !llvm.ptr
        }
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
