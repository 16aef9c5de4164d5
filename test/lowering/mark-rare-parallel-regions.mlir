// RUN: cucpu-opt %s --cucpu-mark-rare-parallel-regions | FileCheck %s

// The OpenMP regions in the else branch of a rare-fallback version start
// with a call of the marker, which the translation to LLVM IR turns into
// `optnone` on the function the region becomes. The then branch, versions
// without the mark, and a region holding the whole version (fused across
// it) are left as they are.

// CHECK-LABEL: func.func @versions
// CHECK: scf.if
// CHECK: omp.parallel {
// CHECK-NOT: llvm.call @__cucpu_rare_region
// CHECK: } else {
// CHECK: omp.parallel {
// CHECK-NEXT: llvm.call @__cucpu_rare_region() : () -> ()
// CHECK: } {cucpu.rare_fallback}
// CHECK: scf.if
// CHECK: omp.parallel {
// CHECK-NOT: llvm.call @__cucpu_rare_region
// CHECK: } else {
// CHECK: omp.parallel {
// CHECK-NOT: llvm.call @__cucpu_rare_region
// CHECK: } {cucpu.version}
// CHECK: omp.parallel {
// CHECK-NOT: llvm.call @__cucpu_rare_region
// CHECK: scf.if
// CHECK: return
// CHECK: llvm.func @__cucpu_rare_region()
func.func @versions(%n: index, %p: !llvm.ptr, %v: f32, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    omp.parallel {
      omp.wsloop {
        omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
          llvm.store %v, %p : f32, !llvm.ptr
          omp.yield
        }
      }
      omp.terminator
    }
  } else {
    omp.parallel {
      omp.wsloop {
        omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
          llvm.store %v, %p : f32, !llvm.ptr
          omp.yield
        }
      }
      omp.terminator
    }
  } {cucpu.rare_fallback}
  scf.if %c {
    omp.parallel {
      omp.terminator
    }
  } else {
    omp.parallel {
      omp.terminator
    }
  } {cucpu.version}
  omp.parallel {
    scf.if %c {
      llvm.store %v, %p : f32, !llvm.ptr
    } else {
      llvm.store %v, %p : f32, !llvm.ptr
    } {cucpu.rare_fallback}
    omp.terminator
  }
  return
}
