// RUN: cucpu-opt --split-input-file --simt-interchange-uniform-loops="jam=1" %s | FileCheck %s

// A column sum: a[d * n + i] is consecutive across threads and strided along
// the loop. The loop becomes the outer one; its counter stays a scalar, the
// per-thread sum lives in a per-thread buffer, and the guard `i < n`, a pure
// function of the thread index, is recomputed in each new thread loop.

// CHECK-LABEL: func.func @column_sums
// CHECK: scf.parallel (%[[B:.*]]) =
// CHECK:   %[[SUMS:.*]] = llvm.alloca %{{.*}} x f32
// CHECK:   scf.parallel (%[[T0:.*]]) =
// CHECK:     scf.if
// CHECK:       llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK-NOT:   scf.while
// CHECK:   } {cucpu.loop = "thread"}
// CHECK:   %[[D:.*]] = scf.while (%[[DA:.*]] = %c0_i32) : (i32) -> i32 {
// CHECK:     arith.cmpi slt, %[[DA]], %[[DIM:.*]] : i32
// CHECK:   } do {
// CHECK:   ^bb0(%[[DB:.*]]: i32):
// CHECK:     scf.parallel (%[[T1:.*]]) =
// CHECK:       %[[X:.*]] = arith.index_castui %[[T1]]
// CHECK:       %[[I:.*]] = arith.addi %{{.*}}, %[[X]]
// CHECK:       %[[IN:.*]] = arith.cmpi slt, %[[I]]
// CHECK:       scf.if %[[IN]] {
// CHECK:         %[[SLOT:.*]] = llvm.getelementptr %[[SUMS]]
// CHECK:         %[[S:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> f32
// CHECK:         arith.muli %[[DB]]
// CHECK:         %[[SUM:.*]] = arith.addf %[[S]]
// CHECK:         %[[SLOT2:.*]] = llvm.getelementptr %[[SUMS]]
// CHECK:         llvm.store %[[SUM]], %[[SLOT2]]
// CHECK:     } {cucpu.loop = "thread"}
// CHECK:     arith.addi %[[DB]], %c1_i32
// CHECK:     scf.yield
// CHECK:   scf.parallel
// CHECK:     scf.if
// CHECK:       %[[FINAL:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK:       llvm.store %[[FINAL]], %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr
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

// A row sum: a[i * dim + d] is consecutive along the loop already and would
// become strided across threads. The loop stays.

// CHECK-LABEL: func.func @row_sums
// CHECK: scf.parallel
// CHECK:   scf.parallel
// CHECK:     scf.while
// CHECK-NOT: scf.parallel
func.func @row_sums(%a: !llvm.ptr, %out: !llvm.ptr, %dim: i32,
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
        %row = arith.muli %i, %dim overflow<nsw> : i32
        %k = arith.addi %row, %d overflow<nsw> : i32
        %k64 = arith.extsi %k : i32 to i64
        %p = llvm.getelementptr %a[%k64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        %v = llvm.load %p : !llvm.ptr -> f32
        %s2 = arith.addf %s, %v : f32
        %d2 = arith.addi %d, %c1_i32 : i32
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

// Sixteen iterations counted with constants: LLVM unrolls the loop, which
// makes the thread loop innermost without a buffer. The loop stays.

// CHECK-LABEL: func.func @fixed_column_sums
// CHECK: scf.parallel
// CHECK:   scf.parallel
// CHECK:     scf.while
// CHECK-NOT: scf.parallel
func.func @fixed_column_sums(%a: !llvm.ptr, %out: !llvm.ptr, %n: i32,
                             %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c16_i32 = arith.constant 16 : i32
  %zero = arith.constant 0.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %i = arith.index_castui %t : index to i32
      %sum:2 = scf.while (%s = %zero, %d = %c0_i32) : (f32, i32) -> (f32, i32) {
        %go = arith.cmpi slt, %d, %c16_i32 : i32
        scf.condition(%go) %s, %d : f32, i32
      } do {
      ^bb0(%s: f32, %d: i32):
        %row = arith.muli %d, %n : i32
        %k = arith.addi %row, %i : i32
        %k64 = arith.extsi %k : i32 to i64
        %p = llvm.getelementptr %a[%k64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        %v = llvm.load %p : !llvm.ptr -> f32
        %s2 = arith.addf %s, %v : f32
        %d2 = arith.addi %d, %c1_i32 : i32
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

// The trip count depends on the thread (d < i): the threads do not share the
// loop's iterations. The loop stays.

// CHECK-LABEL: func.func @triangle_sums
// CHECK: scf.parallel
// CHECK:   scf.parallel
// CHECK:     scf.while
// CHECK-NOT: scf.parallel
func.func @triangle_sums(%a: !llvm.ptr, %out: !llvm.ptr, %n: i32,
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
        %go = arith.cmpi slt, %d, %i : i32
        scf.condition(%go) %s, %d : f32, i32
      } do {
      ^bb0(%s: f32, %d: i32):
        %row = arith.muli %d, %n : i32
        %k = arith.addi %row, %i : i32
        %k64 = arith.extsi %k : i32 to i64
        %p = llvm.getelementptr %a[%k64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        %v = llvm.load %p : !llvm.ptr -> f32
        %s2 = arith.addf %s, %v : f32
        %d2 = arith.addi %d, %c1_i32 : i32
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

// Two ifs lead to the loop, the second on a loaded value: that value and the
// condition are stored per thread (the condition as a byte) (they cannot be recomputed) and read back
// under the first condition, which is recomputed, in the loop's thread loop
// and in the one after it. `twice`, pure, is recomputed where the code after
// the loop uses it; the store after the inner if stays in its place under the
// outer one.

// CHECK-LABEL: func.func @guarded_sums
// CHECK: scf.parallel
// CHECK:   %[[SUMS:.*]] = llvm.alloca %{{.*}} x f32
// CHECK:   %[[POSBUF:.*]] = llvm.alloca %{{.*}} x i8
// CHECK:   %[[KBUF:.*]] = llvm.alloca %{{.*}} x i32
// CHECK:   scf.parallel
// CHECK:     scf.if
// CHECK:       %[[K:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK:       %[[KSLOT:.*]] = llvm.getelementptr %[[KBUF]]
// CHECK:       llvm.store %[[K]], %[[KSLOT]] : i32, !llvm.ptr
// CHECK:       %[[POS:.*]] = arith.cmpi sgt, %[[K]], %c0_i32
// CHECK:       %[[POSBYTE:.*]] = arith.extui %[[POS]] : i1 to i8
// CHECK:       %[[POSSLOT:.*]] = llvm.getelementptr %[[POSBUF]]
// CHECK:       llvm.store %[[POSBYTE]], %[[POSSLOT]] : i8, !llvm.ptr
// CHECK:       scf.if %[[POS]] {
// CHECK:         llvm.store %cst, %{{.*}} : f32, !llvm.ptr
// CHECK:   scf.while
// CHECK:   do {
// CHECK:     scf.parallel
// CHECK:       %[[IN:.*]] = arith.cmpi slt
// CHECK:       scf.if %[[IN]] {
// CHECK:         %[[POSLB:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i8
// CHECK:         %[[POSL:.*]] = arith.trunci %[[POSLB]] : i8 to i1
// CHECK:         scf.if %[[POSL]] {
// CHECK:           %[[KL:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK:           arith.sitofp %[[KL]]
// CHECK:           arith.addf
// CHECK:   scf.parallel
// CHECK:     scf.if %{{.*}} {
// CHECK:       %[[POSPB:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i8
// CHECK:       %[[POSP:.*]] = arith.trunci %[[POSPB]] : i8 to i1
// CHECK:       scf.if %[[POSP]] {
// CHECK:         %[[TWICE:.*]] = arith.muli %{{.*}}, %c2_i32
// CHECK:         arith.sitofp %[[TWICE]]
// CHECK:       }
// CHECK:       %[[KP:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK:       llvm.store %[[KP]], %{{.*}} : i32, !llvm.ptr
func.func @guarded_sums(%a: !llvm.ptr, %scale: !llvm.ptr, %out: !llvm.ptr,
                        %seen: !llvm.ptr, %n: i32, %dim: i32,
                        %blocks: index, %threads: index, %bdim: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %zero = arith.constant 0.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    %b32 = arith.index_castui %b : index to i32
    %base = arith.muli %b32, %bdim : i32
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %i = arith.addi %base, %x : i32
      %twice = arith.muli %i, %c2_i32 overflow<nsw> : i32
      %in = arith.cmpi slt, %i, %n : i32
      scf.if %in {
        %i64 = arith.extsi %i : i32 to i64
        %kp = llvm.getelementptr %scale[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
        %k = llvm.load %kp : !llvm.ptr -> i32
        %pos = arith.cmpi sgt, %k, %c0_i32 : i32
        scf.if %pos {
          %sum:2 = scf.while (%s = %zero, %d = %c0_i32) : (f32, i32) -> (f32, i32) {
            %go = arith.cmpi slt, %d, %dim : i32
            scf.condition(%go) %s, %d : f32, i32
          } do {
          ^bb0(%s: f32, %d: i32):
            %row = arith.muli %d, %n overflow<nsw> : i32
            %j = arith.addi %row, %i overflow<nsw> : i32
            %j64 = arith.extsi %j : i32 to i64
            %p = llvm.getelementptr %a[%j64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
            %v = llvm.load %p : !llvm.ptr -> f32
            %kf = arith.sitofp %k : i32 to f32
            %w = arith.mulf %v, %kf : f32
            %s2 = arith.addf %s, %w : f32
            %d2 = arith.addi %d, %c1_i32 overflow<nsw> : i32
            scf.yield %s2, %d2 : f32, i32
          }
          %tf = arith.sitofp %twice : i32 to f32
          %r = arith.addf %sum#0, %tf : f32
          %q = llvm.getelementptr %out[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
          llvm.store %r, %q : f32, !llvm.ptr
        }
        %sp = llvm.getelementptr %seen[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
        llvm.store %k, %sp : i32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Forces against shared particles (lavaMD's shape): every thread reads the
// same shared element per iteration (no access gains or loses), but each
// accumulates a float in its own slot of a per-thread buffer (a local living
// across barriers). LLVM does not reassociate the sum to vectorize the loop
// over j; across threads it needs no reassociation, so the loop is
// interchanged.

// CHECK-LABEL: func.func @accumulate_in_slot
// CHECK: scf.parallel
// CHECK:   scf.while
// CHECK:   } do {
// CHECK:     scf.parallel
// CHECK:       math.exp
// CHECK:     } {cucpu.loop = "thread"}
func.func @accumulate_in_slot(%shared: !llvm.ptr, %acc: !llvm.ptr, %m: i32,
                              %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %t64 = arith.index_cast %t : index to i64
      %slot = llvm.getelementptr %acc[%t64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %r = scf.while (%j = %c0_i32) : (i32) -> i32 {
        %go = arith.cmpi slt, %j, %m : i32
        scf.condition(%go) %j : i32
      } do {
      ^bb0(%j: i32):
        %j64 = arith.extsi %j : i32 to i64
        %p = llvm.getelementptr %shared[%j64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        %v = llvm.load %p : !llvm.ptr -> f32
        %e = math.exp %v : f32
        %s = llvm.load %slot : !llvm.ptr -> f32
        %s2 = arith.addf %s, %e : f32
        llvm.store %s2, %slot : f32, !llvm.ptr
        %j2 = arith.addi %j, %c1_i32 overflow<nsw> : i32
        scf.yield %j2 : i32
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// The same loop counting integers per thread: LLVM vectorizes an integer
// reduction itself, and nothing becomes consecutive, so it stays.

// CHECK-LABEL: func.func @count_in_slot
// CHECK: scf.parallel
// CHECK:   scf.parallel
// CHECK:     scf.while
// CHECK:   } {cucpu.loop = "thread"}
func.func @count_in_slot(%shared: !llvm.ptr, %acc: !llvm.ptr, %m: i32,
                         %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %t64 = arith.index_cast %t : index to i64
      %slot = llvm.getelementptr %acc[%t64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      %r = scf.while (%j = %c0_i32) : (i32) -> i32 {
        %go = arith.cmpi slt, %j, %m : i32
        scf.condition(%go) %j : i32
      } do {
      ^bb0(%j: i32):
        %j64 = arith.extsi %j : i32 to i64
        %p = llvm.getelementptr %shared[%j64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
        %v = llvm.load %p : !llvm.ptr -> i32
        %s = llvm.load %slot : !llvm.ptr -> i32
        %s2 = arith.addi %s, %v : i32
        llvm.store %s2, %slot : i32, !llvm.ptr
        %j2 = arith.addi %j, %c1_i32 overflow<nsw> : i32
        scf.yield %j2 : i32
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Sixteen centres around 32 features (k-means' distances), both counted
// with constants: unrolled completely the nest would have thousands of
// operations, more than LLVM unrolls, and the thread loop would not be
// innermost. The outer loop is interchanged, then the inner one (32 copies
// of its body are also above the limit).

// CHECK-LABEL: func.func @nested_fixed_loops
// CHECK: scf.parallel
// CHECK:   scf.while
// CHECK:   } do {
// CHECK:     scf.while
// CHECK:     } do {
// CHECK:       scf.parallel
// CHECK:         arith.subf
// CHECK:       } {cucpu.loop = "thread"}
func.func @nested_fixed_loops(%a: !llvm.ptr, %c: !llvm.ptr, %out: !llvm.ptr,
                              %n: i32, %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c16_i32 = arith.constant 16 : i32
  %c32_i32 = arith.constant 32 : i32
  %zero = arith.constant 0.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %i = arith.index_castui %t : index to i32
      %best:2 = scf.while (%m = %zero, %k = %c0_i32) : (f32, i32) -> (f32, i32) {
        %go = arith.cmpi slt, %k, %c16_i32 : i32
        scf.condition(%go) %m, %k : f32, i32
      } do {
      ^bb0(%m: f32, %k: i32):
        %dist:2 = scf.while (%s = %zero, %f = %c0_i32) : (f32, i32) -> (f32, i32) {
          %go2 = arith.cmpi slt, %f, %c32_i32 : i32
          scf.condition(%go2) %s, %f : f32, i32
        } do {
        ^bb0(%s: f32, %f: i32):
          %row = arith.muli %f, %n : i32
          %idx = arith.addi %row, %i : i32
          %idx64 = arith.extsi %idx : i32 to i64
          %p = llvm.getelementptr %a[%idx64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
          %v = llvm.load %p : !llvm.ptr -> f32
          %kf = arith.muli %k, %c32_i32 : i32
          %ci = arith.addi %kf, %f : i32
          %ci64 = arith.extsi %ci : i32 to i64
          %q = llvm.getelementptr %c[%ci64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
          %w = llvm.load %q : !llvm.ptr -> f32
          %diff = arith.subf %v, %w : f32
          %sq = arith.mulf %diff, %diff : f32
          %s2 = arith.addf %s, %sq : f32
          %f2 = arith.addi %f, %c1_i32 : i32
          scf.yield %s2, %f2 : f32, i32
        }
        %m2 = arith.maximumf %m, %dist#0 : f32
        %k2 = arith.addi %k, %c1_i32 : i32
        scf.yield %m2, %k2 : f32, i32
      }
      %i64 = arith.extsi %i : i32 to i64
      %o = llvm.getelementptr %out[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %best#0, %o : f32, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// hotspot3d's walk along z: the index is carried (`c += plane`) from a start
// that is consecutive across threads, so in[c] is consecutive across threads
// in every iteration and strided by a plane along the loop. The loop is
// interchanged.

// CHECK-LABEL: func.func @carried_plane_index
// CHECK: scf.parallel
// CHECK:   scf.while
// CHECK:   } do {
// CHECK:     scf.parallel
// CHECK:       llvm.load
// CHECK:       llvm.store
// CHECK:     } {cucpu.loop = "thread"}
func.func @carried_plane_index(%in: !llvm.ptr, %out: !llvm.ptr, %plane: i32,
                               %nz: i32, %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %r:2 = scf.while (%c = %x, %z = %c0_i32) : (i32, i32) -> (i32, i32) {
        %go = arith.cmpi slt, %z, %nz : i32
        scf.condition(%go) %c, %z : i32, i32
      } do {
      ^bb0(%c: i32, %z: i32):
        %c64 = arith.extsi %c : i32 to i64
        %p = llvm.getelementptr %in[%c64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        %v = llvm.load %p : !llvm.ptr -> f32
        %sum = arith.addf %v, %v : f32
        %q = llvm.getelementptr %out[%c64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %sum, %q : f32, !llvm.ptr
        %next = arith.addi %c, %plane overflow<nsw> : i32
        %z2 = arith.addi %z, %c1_i32 : i32
        scf.yield %next, %z2 : i32, i32
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// particlefilter's score: a loop over a table of offsets whose accesses are
// gathers either way (neither consecutive across threads nor along the
// loop), inside an if that yields the thread's weight, with `exp` of the
// score after it. Interchanged so that the exp, and the rest of the thread
// loop, vectorize across threads. The first thread loop keeps the if
// without results; the last one rebuilds it with its results (the else
// yields the value from before the if), and the store after it uses them.

// CHECK-LABEL: func.func @math_around
// CHECK: scf.parallel
// CHECK:   scf.parallel
// CHECK:     scf.if %{{.*}} {
// CHECK-NOT:   scf.while
// CHECK:     } {cucpu.loop = "thread"}
// CHECK:   scf.while
// CHECK:   } do {
// CHECK:     scf.parallel
// CHECK:       llvm.load
// CHECK:     } {cucpu.loop = "thread"}
// CHECK:   scf.parallel
// CHECK:     %[[W:.*]] = scf.if %{{.*}} -> (f64) {
// CHECK:       %[[E:.*]] = math.exp
// CHECK:       scf.yield %[[E]] : f64
// CHECK:     } else {
// CHECK:       scf.yield %[[ZERO:.*]] : f64
// CHECK:     }
// CHECK:     llvm.store %[[W]]
// CHECK:   } {cucpu.loop = "thread"}
func.func @math_around(%frame: !llvm.ptr, %offsets: !llvm.ptr, %out: !llvm.ptr,
                       %n: i32, %count: i32, %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f64
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %i = arith.index_castui %t : index to i32
      %in = arith.cmpi slt, %i, %n : i32
      %w = scf.if %in -> (f64) {
        %r:2 = scf.while (%s = %c0_i32, %k = %c0_i32) : (i32, i32) -> (i32, i32) {
          %go = arith.cmpi slt, %k, %count : i32
          scf.condition(%go) %s, %k : i32, i32
        } do {
        ^bb0(%s: i32, %k: i32):
          %k64 = arith.extsi %k : i32 to i64
          %po = llvm.getelementptr %offsets[%k64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %off = llvm.load %po : !llvm.ptr -> i32
          %at = arith.addi %i, %off : i32
          %at64 = arith.extsi %at : i32 to i64
          %pf = llvm.getelementptr %frame[%at64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %v = llvm.load %pf : !llvm.ptr -> i32
          %s2 = arith.addi %s, %v : i32
          %k2 = arith.addi %k, %c1_i32 : i32
          scf.yield %s2, %k2 : i32, i32
        }
        %f = arith.sitofp %r#0 : i32 to f64
        %e = math.exp %f : f64
        scf.yield %e : f64
      } else {
        scf.yield %zero : f64
      }
      %i64 = arith.extsi %i : i32 to i64
      %q = llvm.getelementptr %out[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f64
      llvm.store %w, %q : f64, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// The same loop without math around it: nothing gains, it stays.

// CHECK-LABEL: func.func @no_math_around
// CHECK: scf.parallel
// CHECK:   scf.parallel
// CHECK:     scf.if
// CHECK:       scf.while
func.func @no_math_around(%frame: !llvm.ptr, %offsets: !llvm.ptr,
                          %out: !llvm.ptr, %n: i32, %count: i32,
                          %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %i = arith.index_castui %t : index to i32
      %in = arith.cmpi slt, %i, %n : i32
      %w = scf.if %in -> (i32) {
        %r:2 = scf.while (%s = %c0_i32, %k = %c0_i32) : (i32, i32) -> (i32, i32) {
          %go = arith.cmpi slt, %k, %count : i32
          scf.condition(%go) %s, %k : i32, i32
        } do {
        ^bb0(%s: i32, %k: i32):
          %k64 = arith.extsi %k : i32 to i64
          %po = llvm.getelementptr %offsets[%k64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %off = llvm.load %po : !llvm.ptr -> i32
          %at = arith.addi %i, %off : i32
          %at64 = arith.extsi %at : i32 to i64
          %pf = llvm.getelementptr %frame[%at64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
          %v = llvm.load %pf : !llvm.ptr -> i32
          %s2 = arith.addi %s, %v : i32
          %k2 = arith.addi %k, %c1_i32 : i32
          scf.yield %s2, %k2 : i32, i32
        }
        scf.yield %r#0 : i32
      } else {
        scf.yield %c0_i32 : i32
      }
      %i64 = arith.extsi %i : i32 to i64
      %q = llvm.getelementptr %out[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      llvm.store %w, %q : i32, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// A column sum kept in a local of the thread (a struct field the frontend
// left in memory), with a local filled before the loop and read in it: each
// thread's locals must outlive the first new thread loop, so both move to
// per-thread buffers whose slots every new thread loop addresses from its
// thread index (left as allocas of the thread loop, the new loops would
// share one copy: every thread would read and sum into the last thread's).
// A local used only before the loop stays an alloca.

// CHECK-LABEL: func.func @column_sums_in_locals
// CHECK: scf.parallel (%[[B:.*]]) =
// CHECK-DAG: %[[ACC:.*]] = llvm.alloca %{{.*}} x !llvm.array<8 x i8> {alignment = 16 : i64, cucpu.per_thread}
// CHECK-DAG: %[[OWN:.*]] = llvm.alloca %{{.*}} x !llvm.array<4 x i8> {alignment = 16 : i64, cucpu.per_thread}
// CHECK:   scf.parallel (%[[T0:.*]]) =
// CHECK:     %[[SCRATCH:.*]] = llvm.alloca %{{.*}} x !llvm.array<4 x i8> {alignment = 4 : i64}
// CHECK-NOT: llvm.alloca
// CHECK:   } {cucpu.loop = "thread"}
// CHECK:   scf.while
// CHECK:     scf.parallel (%[[T1:.*]]) =
// CHECK:       %[[X1:.*]] = arith.index_cast{{.*}} %[[T1]]
// CHECK:       llvm.getelementptr %[[OWN]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<4 x i8>
// CHECK:       llvm.getelementptr %[[ACC]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<8 x i8>
// CHECK:     } {cucpu.loop = "thread"}
// CHECK:   scf.parallel
// CHECK:     llvm.getelementptr %[[ACC]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<8 x i8>
// CHECK:   } {cucpu.loop = "thread"}
func.func @column_sums_in_locals(%a: !llvm.ptr, %out: !llvm.ptr, %n: i32,
                                 %dim: i32, %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %one = arith.constant 1 : i64
  %zero = arith.constant 0.0 : f32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %acc = llvm.alloca %one x !llvm.array<8 x i8> {alignment = 4 : i64} : (i64) -> !llvm.ptr
      %own = llvm.alloca %one x !llvm.array<4 x i8> {alignment = 4 : i64} : (i64) -> !llvm.ptr
      %scratch = llvm.alloca %one x !llvm.array<4 x i8> {alignment = 4 : i64} : (i64) -> !llvm.ptr
      %i = arith.index_castui %t : index to i32
      %i64 = arith.extsi %i : i32 to i64
      %pi = llvm.getelementptr %a[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %vi = llvm.load %pi {alignment = 4 : i64} : !llvm.ptr -> f32
      llvm.store %vi, %scratch {alignment = 4 : i64} : f32, !llvm.ptr
      %vs = llvm.load %scratch {alignment = 4 : i64} : !llvm.ptr -> f32
      llvm.store %vs, %own {alignment = 4 : i64} : f32, !llvm.ptr
      %acc1 = llvm.getelementptr %acc[4] : (!llvm.ptr) -> !llvm.ptr, i8
      llvm.store %zero, %acc1 {alignment = 4 : i64} : f32, !llvm.ptr
      %d = scf.while (%d = %c0_i32) : (i32) -> i32 {
        %go = arith.cmpi slt, %d, %dim : i32
        scf.condition(%go) %d : i32
      } do {
      ^bb0(%d: i32):
        %row = arith.muli %d, %n overflow<nsw> : i32
        %k = arith.addi %row, %i overflow<nsw> : i32
        %k64 = arith.extsi %k : i32 to i64
        %p = llvm.getelementptr %a[%k64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
        %w = llvm.load %own {alignment = 4 : i64} : !llvm.ptr -> f32
        %vw = arith.mulf %v, %w : f32
        %s = llvm.load %acc1 {alignment = 4 : i64} : !llvm.ptr -> f32
        %s2 = arith.addf %s, %vw : f32
        llvm.store %s2, %acc1 {alignment = 4 : i64} : f32, !llvm.ptr
        %d2 = arith.addi %d, %c1_i32 overflow<nsw> : i32
        scf.yield %d2 : i32
      }
      %sum = llvm.load %acc1 {alignment = 4 : i64} : !llvm.ptr -> f32
      %q = llvm.getelementptr %out[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %sum, %q {alignment = 4 : i64} : f32, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
