// RUN: cucpu-opt %s --cucpu-run-blocks-concurrently=max-workers=64 | FileCheck %s

// A launcher whose blocks wait on each other: its region gets one thread per
// block (the product of the loop nest's trip counts), at most max-workers.
// CHECK-LABEL: func.func @waiting
// CHECK: %[[X:.*]] = arith.ceildivsi
// CHECK: %[[Y:.*]] = arith.ceildivsi
// CHECK: %[[XY:.*]] = arith.muli %{{.*}}, %[[Y]] : i64
// CHECK: %[[CAP:.*]] = arith.minsi %[[XY]], %{{.*}} : i64
// CHECK: %[[N:.*]] = arith.maxsi %[[CAP]], %{{.*}} : i64
// CHECK: %[[T:.*]] = arith.trunci %[[N]] : i64 to i32
// CHECK: omp.parallel num_threads(%[[T]] : i32)
func.func @waiting(%gx: index, %p: !llvm.ptr, %v: f32) attributes {cucpu.concurrent_blocks} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i, %j) : index = (%c0, %c0) to (%gx, %c1) step (%c1, %c1) {
        llvm.store %v, %p : f32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// Other launchers keep the worker count of the runtime.
// CHECK-LABEL: func.func @independent
// CHECK: omp.parallel {
func.func @independent(%n: index, %p: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        llvm.store %v, %p : f32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
