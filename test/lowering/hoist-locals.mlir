// RUN: cucpu-opt %s -cucpu-hoist-locals-to-parallel-region | FileCheck %s

// A thread's locals move to the start of the OpenMP region: one copy per
// OpenMP thread, not one stack slot per loop iteration.

// CHECK-LABEL: func.func @locals
// CHECK: omp.parallel {
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[SLOT:.*]] = llvm.alloca %[[ONE]] x f32
// CHECK: omp.wsloop
// CHECK-NOT: memref.alloca_scope
// CHECK-NOT: llvm.alloca
// CHECK: llvm.store %{{.*}}, %[[SLOT]]
func.func @locals(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        memref.alloca_scope {
          %one = arith.constant 1 : i64
          %slot = llvm.alloca %one x f32 : (i64) -> !llvm.ptr
          llvm.store %v, %slot : f32, !llvm.ptr
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// The dynamic shared memory of a block, sized by the launch, moves too.
// CHECK-LABEL: func.func @dynamic_shared
// CHECK-SAME: (%[[N:.*]]: index, %[[BYTES:.*]]: i64)
// CHECK: omp.parallel {
// CHECK-NEXT: %[[BUF:.*]] = llvm.alloca %[[BYTES]] x i8
// CHECK: omp.wsloop
// CHECK-NOT: llvm.alloca
// CHECK: llvm.store %{{.*}}, %[[BUF]]
func.func @dynamic_shared(%n: index, %bytes: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 0 : i8
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %buf = llvm.alloca %bytes x i8 : (i64) -> !llvm.ptr
        llvm.store %v, %buf : i8, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// A per-worker memo (parallel LICM's flag in front of a block loop) that two
// parallel regions use, as the two versions of a block loop do: each region
// gets a copy of the alloca and of its initializing store.
// CHECK-LABEL: func.func @memo_in_two_regions
// CHECK: scf.if
// CHECK-NEXT: omp.parallel {
// CHECK-NEXT: %[[A:.*]] = llvm.alloca %{{.*}} x i1 {cucpu.memo, cucpu.per_worker}
// CHECK-NEXT: llvm.store %{{.*}}, %[[A]] {cucpu.per_worker}
// CHECK-NEXT: llvm.load %[[A]]
// CHECK: } else {
// CHECK-NEXT: omp.parallel {
// CHECK-NEXT: %[[B:.*]] = llvm.alloca %{{.*}} x i1 {cucpu.memo, cucpu.per_worker}
// CHECK-NEXT: llvm.store %{{.*}}, %[[B]] {cucpu.per_worker}
// CHECK-NEXT: llvm.load %[[B]]
func.func @memo_in_two_regions(%small: i1, %p: !llvm.ptr) {
  %c1 = arith.constant 1 : i64
  %false = arith.constant false
  %flag = llvm.alloca %c1 x i1 {cucpu.memo, cucpu.per_worker} : (i64) -> !llvm.ptr
  llvm.store %false, %flag {cucpu.per_worker} : i1, !llvm.ptr
  scf.if %small {
    omp.parallel {
      %v = llvm.load %flag : !llvm.ptr -> i1
      llvm.store %v, %p : i1, !llvm.ptr
      omp.terminator
    }
  } else {
    omp.parallel {
      %v = llvm.load %flag : !llvm.ptr -> i1
      llvm.store %v, %p : i1, !llvm.ptr
      omp.terminator
    }
  }
  return
}
