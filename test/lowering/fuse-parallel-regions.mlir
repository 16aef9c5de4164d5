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

// -----

// A do-while around a barrier (the loop's exit flag is reset, the threads
// run, the flag decides): the region leaves the while. The flag's reset is
// made by one worker, the flag is read by every worker, and a barrier
// behind the read keeps the next reset from overtaking it.
// CHECK-LABEL: func.func @uniform_while
// CHECK: omp.parallel {
// CHECK-NEXT: scf.while
// CHECK-NEXT: omp.single {
// CHECK-NEXT: llvm.store
// CHECK-NEXT: omp.terminator
// CHECK-NEXT: }
// CHECK-NEXT: omp.wsloop
// CHECK: omp.yield
// CHECK: llvm.load
// CHECK-NEXT: omp.barrier
// CHECK-NEXT: arith.cmpi
// CHECK-NEXT: scf.condition
// CHECK-NOT: omp.barrier
// CHECK: omp.terminator
func.func @uniform_while(%nt: index, %flag: !llvm.ptr, %p: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = llvm.mlir.constant(0 : i8) : i8
  scf.while : () -> () {
    llvm.store %false, %flag : i8, !llvm.ptr
    // expected-remark @below {{OpenMP parallel region hoisted out of a serial loop}}
    omp.parallel {
      omp.wsloop {
        omp.loop_nest (%t) : index = (%c0) to (%nt) step (%c1) {
          %v = llvm.load %p : !llvm.ptr -> i8
          llvm.store %v, %flag : i8, !llvm.ptr
          omp.yield
        }
      }
      omp.terminator
    }
    %f = llvm.load %flag : !llvm.ptr -> i8
    %go = arith.cmpi ne, %f, %false : i8
    scf.condition(%go)
  } do {
    scf.yield
  }
  return
}

// -----

// A while loop whose result is used after it cannot move into the region.
// CHECK-LABEL: func.func @while_result_used
// CHECK: scf.while
// CHECK: omp.parallel
func.func @while_result_used(%nt: index, %p: !llvm.ptr) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c9_i32 = arith.constant 9 : i32
  %r = scf.while (%i = %c0_i32) : (i32) -> i32 {
    %go = arith.cmpi slt, %i, %c9_i32 : i32
    scf.condition(%go) %i : i32
  } do {
  ^bb0(%i: i32):
    omp.parallel {
      omp.wsloop {
        omp.loop_nest (%t) : index = (%c0) to (%nt) step (%c1) {
          llvm.store %i, %p : i32, !llvm.ptr
          omp.yield
        }
      }
      omp.terminator
    }
    %n = arith.addi %i, %c1_i32 : i32
    scf.yield %n : i32
  }
  return %r : i32
}
