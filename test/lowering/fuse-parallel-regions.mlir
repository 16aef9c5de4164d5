// RUN: cucpu-opt %s -split-input-file --cucpu-fuse-parallel-regions=remarks=1 -verify-diagnostics | FileCheck %s

// Two regions in a serial loop (one per thread loop of a block, split at a
// barrier): they fuse, and the fused region leaves the loop.
// CHECK-LABEL: func.func @blocks_in_turn
// CHECK: omp.parallel {
// CHECK-NEXT: scf.for
// CHECK: omp.wsloop
// CHECK: omp.wsloop
// CHECK-NOT: omp.parallel
// CHECK: omp.terminator
func.func @blocks_in_turn(%nb: index, %nt: index, %p: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %b = %c0 to %nb step %c1 {
    // expected-remark @below {{OpenMP parallel regions fused}}
    // expected-remark @below {{OpenMP parallel region hoisted out of a serial loop}}
    omp.parallel {
      omp.wsloop {
        omp.loop_nest (%t) : index = (%c0) to (%nt) step (%c1) {
          llvm.store %v, %p : f32, !llvm.ptr
          omp.yield
        }
      }
      omp.terminator
    }
    %x = arith.addi %b, %c1 : index
    omp.parallel {
      omp.wsloop {
        omp.loop_nest (%t) : index = (%c0) to (%nt) step (%c1) {
          %y = llvm.load %p : !llvm.ptr -> f32
          omp.yield
        }
      }
      omp.terminator
    }
  }
  return
}

// -----

// A store between two regions keeps them apart, and the loop serial.
// CHECK-LABEL: func.func @effect_between
// CHECK: scf.for
// CHECK: omp.parallel
// CHECK: llvm.store
// CHECK: omp.parallel
func.func @effect_between(%nb: index, %nt: index, %p: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %b = %c0 to %nb step %c1 {
    omp.parallel {
      omp.wsloop {
        omp.loop_nest (%t) : index = (%c0) to (%nt) step (%c1) {
          omp.yield
        }
      }
      omp.terminator
    }
    llvm.store %v, %p : f32, !llvm.ptr
    omp.parallel {
      omp.wsloop {
        omp.loop_nest (%t) : index = (%c0) to (%nt) step (%c1) {
          omp.yield
        }
      }
      omp.terminator
    }
  }
  return
}
