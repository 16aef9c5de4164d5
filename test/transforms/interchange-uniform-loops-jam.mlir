// RUN: cucpu-opt --split-input-file --simt-interchange-uniform-loops %s | FileCheck %s
// RUN: cucpu-opt --split-input-file --simt-interchange-uniform-loops="jam=2" %s | FileCheck %s --check-prefix=JAM2

// Unroll and jam of an interchanged loop. A column sum: the first while runs
// 4 iterations per pass over the threads, as long as all 4 conditions hold
// (each counted only where the one before held); the sum a thread carries
// is loaded from its slot once, added to 4 times and stored once. A second
// while runs the iterations left, one per pass.

// CHECK-LABEL: func.func @column_sums
// CHECK:   %[[SUMS:.*]] = llvm.alloca %{{.*}} x f32
// CHECK:   %[[MAIN:.*]] = scf.while (%[[U:.*]] = %c0_i32) : (i32) -> i32 {
// CHECK-DAG: %[[U1:.*]] = arith.addi %[[U]], %c1_i32
// CHECK-DAG: %[[U2:.*]] = arith.addi %[[U1]], %c1_i32
// CHECK-DAG: %[[U3:.*]] = arith.addi %[[U2]], %c1_i32
// CHECK-DAG: %[[C3:.*]] = arith.cmpi slt, %[[U3]], %[[DIM:.*]] : i32
// CHECK-DAG: %[[C2:.*]] = arith.cmpi slt, %[[U2]], %[[DIM]] : i32
// CHECK-DAG: %[[C1:.*]] = arith.cmpi slt, %[[U1]], %[[DIM]] : i32
// CHECK-DAG: %[[C0:.*]] = arith.cmpi slt, %[[U]], %[[DIM]] : i32
// CHECK-DAG: %[[S2:.*]] = arith.select %[[C2]], %[[C3]], %false
// CHECK-DAG: %[[S1:.*]] = arith.select %[[C1]], %[[S2]], %false
// CHECK-DAG: %[[S0:.*]] = arith.select %[[C0]], %[[S1]], %false
// CHECK:     scf.condition(%[[S0]]) %[[U]] : i32
// CHECK:   } do {
// CHECK:   ^bb0(%[[V:.*]]: i32):
// CHECK:     scf.parallel
// CHECK:       scf.if
// CHECK:         %[[S:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK-NOT:     llvm.store
// CHECK:         %[[A:.*]] = arith.addf %[[S]]
// CHECK-NOT:     llvm.store
// CHECK:         %[[B:.*]] = arith.addf %[[A]]
// CHECK-NOT:     llvm.store
// CHECK:         %[[C:.*]] = arith.addf %[[B]]
// CHECK-NOT:     llvm.store
// CHECK:         %[[D:.*]] = arith.addf %[[C]]
// CHECK-NOT:     llvm.load
// CHECK:         llvm.store %[[D]], %{{.*}} : f32, !llvm.ptr
// CHECK-NEXT:  }
// CHECK:     } {cucpu.loop = "thread"}
// CHECK:     scf.yield
// CHECK:   }
// CHECK:   scf.while (%[[R:.*]] = %[[MAIN]]) : (i32) -> i32 {
// CHECK:     arith.cmpi slt, %[[R]], %[[DIM]] : i32
// CHECK:   } do {
// CHECK:     scf.parallel
// CHECK:       scf.if
// CHECK:         llvm.load
// CHECK:         arith.addf
// CHECK-NOT:     arith.addf
// CHECK:         llvm.store
// CHECK:     } {cucpu.loop = "thread"}

// JAM2-LABEL: func.func @column_sums
// JAM2:       arith.select
// JAM2-NOT:   arith.select
// JAM2:       scf.condition
func.func @column_sums(%a: !llvm.ptr, %out: !llvm.ptr, %n: i32, %dim: i32,
                       %blocks: index, %threads: index, %bdim: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    %b32 = arith.index_castui %b : index to i32
    %base = arith.muli %b32, %bdim : i32
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %i = arith.addi %base, %x : i32
      %in = arith.cmpi slt, %i, %n : i32
      scf.if %in {
        %sum:2 = scf.while (%s = %zero, %d = %c0_i32) : (f32, i32) -> (f32, i32) {
          %go = arith.cmpi slt, %d, %dim : i32
          scf.condition(%go) %s, %d : f32, i32
        } do {
        ^bb0(%s: f32, %d: i32):
          %row = arith.muli %d, %n overflow<nsw> : i32
          %k = arith.addi %row, %i overflow<nsw> : i32
          %k64 = arith.extsi %k : i32 to i64
          %p = llvm.getelementptr %a[%k64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
          %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
          %s2 = arith.addf %s, %v : f32
          %d2 = arith.addi %d, %c1_i32 overflow<nsw> : i32
          scf.yield %s2, %d2 : f32, i32
        }
        %i64 = arith.extsi %i : i32 to i64
        %q = llvm.getelementptr %out[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %sum#0, %q {alignment = 4 : i64} : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// The counter's next value divides by a run-time value: computing it ahead
// of the loop's condition could divide by zero. Interchanged, not jammed:
// one while, with one addition per pass.

// CHECK-LABEL: func.func @halving
// CHECK:       scf.while
// CHECK-NOT:     arith.select
// CHECK:         scf.condition
// CHECK:       } do {
// CHECK:         scf.parallel
// CHECK:           arith.addf
// CHECK-NOT:       arith.addf
// CHECK:         } {cucpu.loop = "thread"}
// CHECK:         arith.divsi
// CHECK:       }
// CHECK-NOT:   scf.while
func.func @halving(%a: !llvm.ptr, %out: !llvm.ptr, %n: i32, %start: i32,
                   %k: i32, %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %zero = arith.constant 0.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %i = arith.index_castui %t : index to i32
      %sum:2 = scf.while (%s = %zero, %d = %start) : (f32, i32) -> (f32, i32) {
        %go = arith.cmpi sgt, %d, %c0_i32 : i32
        scf.condition(%go) %s, %d : f32, i32
      } do {
      ^bb0(%s: f32, %d: i32):
        %row = arith.muli %d, %n overflow<nsw> : i32
        %j = arith.addi %row, %i overflow<nsw> : i32
        %j64 = arith.extsi %j : i32 to i64
        %p = llvm.getelementptr %a[%j64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        %v = llvm.load %p : !llvm.ptr -> f32
        %s2 = arith.addf %s, %v : f32
        %d2 = arith.divsi %d, %k : i32
        scf.yield %s2, %d2 : f32, i32
      }
      %i64 = arith.extsi %i : i32 to i64
      %q = llvm.getelementptr %out[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %sum#0, %q : f32, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// A loop inside the interchanged one: the outer loop is interchanged, not
// jammed (that would copy the inner loop); the inner loop, interchanged in
// turn, has no loop inside and is jammed.

// CHECK-LABEL: func.func @nested
// CHECK:       scf.while
// CHECK-NOT:     arith.select
// CHECK:         scf.condition
// CHECK:       } do {
// CHECK:         scf.parallel
// CHECK:         scf.while
// CHECK-COUNT-3:   arith.select
// CHECK:           scf.condition
func.func @nested(%a: !llvm.ptr, %out: !llvm.ptr, %n: i32, %dim: i32,
                  %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %i = arith.index_castui %t : index to i32
      %sum:2 = scf.while (%s = %zero, %d = %c0_i32) : (f32, i32) -> (f32, i32) {
        %go = arith.cmpi slt, %d, %dim : i32
        scf.condition(%go) %s, %d : f32, i32
      } do {
      ^bb0(%s: f32, %d: i32):
        %row = arith.muli %d, %n overflow<nsw> : i32
        %inner:2 = scf.while (%s1 = %s, %e = %c0_i32) : (f32, i32) -> (f32, i32) {
          %go1 = arith.cmpi slt, %e, %dim : i32
          scf.condition(%go1) %s1, %e : f32, i32
        } do {
        ^bb0(%s1: f32, %e: i32):
          %r2 = arith.addi %row, %e overflow<nsw> : i32
          %r3 = arith.muli %r2, %n overflow<nsw> : i32
          %j = arith.addi %r3, %i overflow<nsw> : i32
          %j64 = arith.extsi %j : i32 to i64
          %p = llvm.getelementptr %a[%j64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
          %v = llvm.load %p : !llvm.ptr -> f32
          %s3 = arith.addf %s1, %v : f32
          %e2 = arith.addi %e, %c1_i32 overflow<nsw> : i32
          scf.yield %s3, %e2 : f32, i32
        }
        %d2 = arith.addi %d, %c1_i32 overflow<nsw> : i32
        scf.yield %inner#0, %d2 : f32, i32
      }
      %i64 = arith.extsi %i : i32 to i64
      %q = llvm.getelementptr %out[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %sum#0, %q : f32, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
