// RUN: cucpu-opt %s -pass-pipeline='builtin.module(func.func(simt-lower-barriers),canonicalize)' | FileCheck %s --check-prefix=MINCUT
// RUN: cucpu-opt %s -pass-pipeline='builtin.module(func.func(simt-lower-barriers{mode=distribute}),canonicalize)' | FileCheck %s --check-prefix=DIST

// A barrier directly in the thread loop splits it. Four values computed
// before the barrier are used after it. `distribute` stores all four per
// thread; the minimum cut stores only the two loads (8 bytes instead of 16)
// and recomputes the arithmetic from them (as in the paper's Figure 6).

// MINCUT-LABEL: func.func @split
// MINCUT: scf.parallel
// MINCUT-COUNT-2: llvm.alloca %{{.*}} x f32 {alignment = 16 : i64, cucpu.per_thread}
// MINCUT-NOT: llvm.alloca
// MINCUT: scf.parallel
// MINCUT: %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// MINCUT: %[[Y:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// MINCUT-NOT: arith.addf
// MINCUT: llvm.store %[[X]]
// MINCUT: llvm.store %[[Y]]
// MINCUT-NOT: llvm.store
// MINCUT: scf.reduce
// MINCUT: scf.parallel
// MINCUT: %[[X2:.*]] = llvm.load
// MINCUT: %[[Y2:.*]] = llvm.load
// MINCUT: %[[S:.*]] = arith.addf %[[X2]], %[[Y2]]
// MINCUT: %[[D:.*]] = arith.mulf %[[S]], %[[S]]
// MINCUT: arith.subf %[[D]], %[[X2]]
// MINCUT: arith.divf
// MINCUT-NOT: simt.barrier

// DIST-LABEL: func.func @split
// DIST: scf.parallel
// DIST-COUNT-4: llvm.alloca %{{.*}} x f32 {alignment = 16 : i64, cucpu.per_thread}
// DIST: scf.parallel
// DIST: arith.divf
// DIST-COUNT-4: llvm.store
// DIST: scf.reduce
// DIST: scf.parallel
// DIST-COUNT-4: llvm.load
// DIST-NOT: arith.mulf
// DIST-NOT: simt.barrier
func.func @split(%g: index, %b: index, %p: !llvm.ptr, %q: !llvm.ptr, %out: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %i = arith.index_cast %tid : index to i64
      %px = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %qy = llvm.getelementptr %q[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %x = llvm.load %px : !llvm.ptr -> f32
      %y = llvm.load %qy : !llvm.ptr -> f32
      %s = arith.addf %x, %y : f32
      %d = arith.mulf %s, %s : f32
      %e = arith.subf %d, %x : f32
      %f = arith.divf %e, %y : f32
      simt.barrier(%tid)
      %o = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %r1 = arith.addf %s, %d : f32
      %r2 = arith.addf %e, %f : f32
      %r = arith.addf %r1, %r2 : f32
      llvm.store %r, %o : f32, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
