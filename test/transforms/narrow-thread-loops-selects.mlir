// RUN: cucpu-opt --split-input-file --simt-narrow-thread-loops --canonicalize %s | FileCheck %s
// RUN: cucpu-opt --split-input-file --simt-narrow-thread-loops="version-selects=false" --canonicalize %s | FileCheck %s --check-prefix=OFF

// hotspot's neighbour index `left = col > 0 ? tx - 1 : tx`, col = base + tx:
// the thread loop gets a copy, for the blocks in which the comparison holds
// for every thread (base + lo > 0 and base + hi - 1 > 0, which narrowing's
// bounds say as "the narrowed range is the whole range"), where the select
// picks `tx - 1`. The original loop runs in the other blocks.

// CHECK-LABEL: func.func @neighbour
// CHECK: scf.parallel
// CHECK:   %[[LO:.*]] = arith.maxsi
// CHECK:   %[[SAMELO:.*]] = arith.cmpi eq, %[[LO]],
// CHECK:   %[[ALL:.*]] = arith.andi %{{.*}}, %[[SAMELO]]
// CHECK:   scf.if %[[ALL]] {
// CHECK:     scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%{{.*}})
// CHECK-NOT:   arith.select
// CHECK:       %[[X:.*]] = arith.index_castui %[[T]] : index to i32
// CHECK:       arith.addi %[[X]], %c-1_i32
// CHECK-NOT:   arith.select
// CHECK:       llvm.load
// CHECK:     } {cucpu.loop = "thread"}
// CHECK:   } else {
// CHECK:     scf.parallel
// CHECK:       arith.cmpi sgt
// CHECK:       arith.select
// CHECK:       llvm.load
// OFF-LABEL: func.func @neighbour
// OFF-NOT: scf.if
// OFF: arith.select
func.func @neighbour(%tile: !llvm.ptr, %out: !llvm.ptr, %base: i32,
                     %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %minus1 = arith.constant -1 : i32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %col = arith.addi %base, %x overflow<nsw> : i32
      %inside = arith.cmpi sgt, %col, %zero : i32
      %xm1 = arith.addi %x, %minus1 overflow<nsw> : i32
      %left = arith.select %inside, %xm1, %x : i32
      %li = arith.extsi %left : i32 to i64
      %p = llvm.getelementptr %tile[%li] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %v = llvm.load %p : !llvm.ptr -> f32
      %xi = arith.extsi %x : i32 to i64
      %q = llvm.getelementptr %out[%xi] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %v, %q : f32, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// A select of i1 is a short-circuit `&&`, and a select whose condition does
// not compare a thread index is the same in every thread: neither makes a
// copy.
// CHECK-LABEL: func.func @no_copy
// CHECK-NOT: scf.if
// CHECK: arith.select
// CHECK: arith.select
func.func @no_copy(%out: !llvm.ptr, %base: i32, %n: i32, %c: i1,
                   %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %false = arith.constant false
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %col = arith.addi %base, %x overflow<nsw> : i32
      %a = arith.cmpi sgt, %col, %zero : i32
      %bnd = arith.cmpi slt, %col, %n : i32
      %both = arith.select %a, %bnd, %false : i1
      %k = arith.select %c, %x, %zero : i32
      %ext = arith.extui %both : i1 to i32
      %sum = arith.addi %k, %ext : i32
      %xi = arith.extsi %x : i32 to i64
      %q = llvm.getelementptr %out[%xi] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      llvm.store %sum, %q : i32, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
