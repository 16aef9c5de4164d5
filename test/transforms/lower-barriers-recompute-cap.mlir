// RUN: cucpu-opt %s -pass-pipeline='builtin.module(func.func(simt-lower-barriers),canonicalize)' | FileCheck %s --check-prefix=RECOMPUTE
// RUN: cucpu-opt %s -pass-pipeline='builtin.module(func.func(simt-lower-barriers{max-recompute=3 remarks-missed=true}),canonicalize)' -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=CAP

// A value used after a barrier is recomputed there from what is stored, up
// to max-recompute operations (32 by default); past that it is stored
// itself. Without the bound, a value carried across many barriers (`acc +=
// s[...]` between each pair) would be recomputed after each from all of its
// history: code quadratic in the number of barriers.

// Five operations from the load: recomputed after the split by default.
// RECOMPUTE-LABEL: func.func @chain
// RECOMPUTE: scf.parallel
// RECOMPUTE: llvm.alloca %{{.*}} x f32 {alignment = 16 : i64, cucpu.per_thread}
// RECOMPUTE: scf.parallel
// RECOMPUTE: %[[X:.*]] = llvm.load
// RECOMPUTE: llvm.store %[[X]]
// RECOMPUTE: scf.parallel
// RECOMPUTE: llvm.load
// RECOMPUTE-COUNT-3: arith.mulf
// RECOMPUTE: llvm.store

// With a bound of 3, the result is stored and nothing is recomputed.
// CAP: remark: cucpu: value kept in memory across a barrier: recomputing it would take more than 3 operations
// CAP-LABEL: func.func @chain
// CAP: scf.parallel
// CAP: scf.parallel
// CAP-COUNT-3: arith.mulf
// CAP: llvm.store
// CAP: scf.parallel
// CAP: %[[R:.*]] = llvm.load
// CAP-NOT: arith.mulf
// CAP: llvm.store %[[R]]
func.func @chain(%g: index, %b: index, %p: !llvm.ptr, %out: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%bid) = (%c0) to (%g) step (%c1) {
    scf.parallel (%tid) = (%c0) to (%b) step (%c1) {
      %i = arith.index_cast %tid : index to i64
      %pa = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %x = llvm.load %pa : !llvm.ptr -> f32
      %a1 = arith.mulf %x, %x : f32
      %a2 = arith.addf %a1, %x : f32
      %a3 = arith.mulf %a2, %a2 : f32
      %a4 = arith.addf %a3, %a1 : f32
      %a5 = arith.mulf %a4, %a4 : f32
      simt.barrier(%tid)
      %o = llvm.getelementptr %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %a5, %o : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}
