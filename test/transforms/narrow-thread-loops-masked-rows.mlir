// RUN: cucpu-opt --simt-narrow-thread-loops="version-rows=false" --canonicalize %s | FileCheck %s
// RUN: cucpu-opt --simt-narrow-thread-loops --canonicalize %s | FileCheck %s --check-prefix=ROWS
// RUN: cucpu-opt --simt-narrow-thread-loops="mask-rows-up-to=0" --canonicalize %s | FileCheck %s --check-prefix=NARROW

// A kernel launched with 16 threads along x (cucpu.launch_block): its
// comparison of x (`tx > s`) stays in the guard, as a mask over the whole
// row; its comparison of y still narrows the rows.
// CHECK-LABEL: func.func @tile
// CHECK: scf.if
// CHECK:   scf.parallel (%[[X:.*]], %[[Y:.*]]) = (%c0, %{{.*}}) to (%{{.*}}, %{{.*}})
// CHECK:     %[[XI:.*]] = arith.index_castui %[[X]] : index to i32
// CHECK:     %[[IN:.*]] = arith.cmpi sgt, %[[XI]], %arg2 : i32
// CHECK:     scf.if %[[IN]] {
// CHECK:       llvm.store
// With the limit at 0 both comparisons narrow.
// NARROW-LABEL: func.func @tile
// NARROW: scf.if
// NARROW:   scf.parallel
// NARROW-NOT: arith.cmpi
// NARROW:     llvm.store
// With version-rows (the default), the loop, whose guarded work loads from
// an address the row's threads share (`in[y]`), first gets a copy for the
// blocks in which `tx > s` holds for the whole row (s + 1 <= 0, the narrowed
// lower bound is the loop's), without the comparison; that copy narrows its
// rows only. The other blocks run the masked loop.
// ROWS-LABEL: func.func @tile
// ROWS: %[[LO:.*]] = arith.maxsi %{{.*}}, %c0_i64 : i64
// ROWS: %[[WHOLE:.*]] = arith.cmpi eq, %[[LO]], %c0_i64 : i64
// ROWS: %[[OK:.*]] = arith.andi %{{.*}}, %[[WHOLE]] : i1
// ROWS: scf.if %[[OK]] {
// ROWS:   scf.parallel
// ROWS-NOT: arith.cmpi
// ROWS:     llvm.store
// ROWS:   } else {
// ROWS:     scf.parallel
// ROWS:       arith.cmpi sgt
// ROWS: } else {
// ROWS:   scf.parallel
// ROWS:     %[[XI:.*]] = arith.index_castui
// ROWS:     arith.cmpi sgt, %[[XI]], %arg2 : i32
// ROWS:     scf.if
func.func @tile(%out: !llvm.ptr, %in: !llvm.ptr, %s: i32, %blocks: index,
                %bx: index, %tx: index, %ty: index)
    attributes {cucpu.launch_block = array<i64: 16, 16, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t, %u) = (%c0, %c0) to (%tx, %ty) step (%c1, %c1) {
      %x = arith.index_castui %t : index to i32
      %y = arith.index_castui %u : index to i32
      %cx = arith.cmpi sgt, %x, %s : i32
      %cy = arith.cmpi sgt, %y, %s : i32
      %live = arith.andi %cx, %cy : i1
      scf.if %live {
        %yi = arith.extsi %y : i32 to i64
        %q = llvm.getelementptr %in[%yi] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        %v = llvm.load %q : !llvm.ptr -> f32
        %xi = arith.extsi %x : i32 to i64
        %p = llvm.getelementptr %out[%xi] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %v, %p : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// Without a load that the row's threads share the masks stay, and there is
// no copy (srad was slower with one).
// ROWS-LABEL: func.func @no_row_uniform_load
// ROWS-NOT: arith.cmpi eq
// ROWS-LABEL: func.func @x_only
func.func @no_row_uniform_load(%out: !llvm.ptr, %one: f32, %s: i32,
                               %blocks: index, %tx: index, %ty: index)
    attributes {cucpu.launch_block = array<i64: 16, 16, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t, %u) = (%c0, %c0) to (%tx, %ty) step (%c1, %c1) {
      %x = arith.index_castui %t : index to i32
      %y = arith.index_castui %u : index to i32
      %cx = arith.cmpi sgt, %x, %s : i32
      %cy = arith.cmpi sgt, %y, %s : i32
      %live = arith.andi %cx, %cy : i1
      scf.if %live {
        %xi = arith.extsi %x : i32 to i64
        %p = llvm.getelementptr %out[%xi] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %one, %p : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// A 2D loop that only a comparison of x guards (lud's `if (tx > k)`) is
// still narrowed, row by row, in short rows: measured faster than masked.
// CHECK-LABEL: func.func @x_only
// CHECK: scf.if
// CHECK:   scf.parallel
// CHECK:     scf.for
// CHECK-NOT:   arith.cmpi
// CHECK:       llvm.store
func.func @x_only(%out: !llvm.ptr, %one: f32, %s: i32, %blocks: index,
                  %tx: index, %ty: index)
    attributes {cucpu.launch_block = array<i64: 16, 16, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t, %u) = (%c0, %c0) to (%tx, %ty) step (%c1, %c1) {
      %x = arith.index_castui %t : index to i32
      %cx = arith.cmpi sgt, %x, %s : i32
      scf.if %cx {
        %xi = arith.extsi %x : i32 to i64
        %p = llvm.getelementptr %out[%xi] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %one, %p : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
