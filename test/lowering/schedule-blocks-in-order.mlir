// RUN: cucpu-opt %s --cucpu-schedule-blocks-in-order=chunks=64 | FileCheck %s

// A launcher's block loop takes its blocks in chunks of a 64th of the grid,
// handed out in index order (monotonic: not libomp's static stealing).
// CHECK-LABEL: func.func @launcher
// CHECK: arith.muli
// CHECK: %[[TRIPS:.*]] = arith.muli %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: %[[PARTS:.*]] = arith.constant 64 : i64
// CHECK-NEXT: %[[C:.*]] = arith.ceildivsi %[[TRIPS]], %[[PARTS]] : i64
// CHECK: %[[ATLEAST:.*]] = arith.maxsi %[[C]], %{{.*}} : i64
// CHECK: %[[CHUNK:.*]] = arith.index_cast %[[ATLEAST]] : i64 to index
// CHECK: omp.parallel
// CHECK: omp.wsloop schedule(dynamic = %[[CHUNK]] : index, monotonic)
func.func @launcher(%gx: index, %gy: index, %p: !llvm.ptr, %v: f32) attributes {cucpu.kernel_name = "k"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i, %j) : index = (%c0, %c0) to (%gy, %gx) step (%c1, %c1) {
        llvm.store %v, %p : f32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// Blocks that wait on each other keep a thread each; functions that are no
// launchers are left alone.
// CHECK-LABEL: func.func @waiting
// CHECK: omp.wsloop {
// CHECK-LABEL: func.func @helper
// CHECK: omp.wsloop {
func.func @waiting(%n: index, %p: !llvm.ptr, %v: f32) attributes {cucpu.kernel_name = "w", cucpu.concurrent_blocks} {
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
func.func @helper(%n: index, %p: !llvm.ptr, %v: f32) {
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
