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

// A per-thread copy of a large local (32 KiB in each of up to 1024 threads)
// would overflow the worker's stack: it comes from the heap, once per
// worker, and is freed where the region ends. A small one stays on the
// stack.
// CHECK-LABEL: func.func @large_per_thread
// CHECK: omp.parallel {
// CHECK: %[[BYTES:.*]] = llvm.mul %{{.*}}, %{{.*}} : i64
// CHECK: %[[HEAP:.*]] = llvm.call @malloc(%[[BYTES]])
// CHECK: llvm.alloca %{{.*}} x i32
// CHECK: llvm.store %{{.*}}, %[[HEAP]]
// CHECK: llvm.call @free(%[[HEAP]])
// CHECK-NEXT: omp.terminator
func.func @large_per_thread(%n: index, %threads: i64, %v: i8, %w: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    %big = llvm.alloca %threads x !llvm.array<32768 x i8> {alignment = 16 : i64, cucpu.per_thread} : (i64) -> !llvm.ptr
    %small = llvm.alloca %threads x i32 {alignment = 16 : i64, cucpu.per_thread} : (i64) -> !llvm.ptr
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        llvm.store %v, %big : i8, !llvm.ptr
        llvm.store %w, %small : i32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
