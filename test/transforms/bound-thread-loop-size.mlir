// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-bound-thread-loop-size{max-ops=10 remarks=1}))' -verify-diagnostics | FileCheck %s

// A thread loop of more than max-ops operations gets a barrier after every
// max-ops / 2 operations or so of its body, never right before the end.
// CHECK-LABEL: func.func @straight
// CHECK: scf.parallel
// CHECK: scf.parallel (%[[T:.*]]) =
// CHECK-COUNT-5: llvm.store
// CHECK-NEXT: simt.barrier(%[[T]])
// CHECK-COUNT-5: llvm.store
// CHECK-NEXT: simt.barrier(%[[T]])
// CHECK-COUNT-2: llvm.store
// CHECK-NOT: simt.barrier
// CHECK: scf.reduce
func.func @straight(%g: index, %n: index, %p: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    // expected-remark @below {{thread loop of 14 operations cut in 3 to bound the compile time}}
    scf.parallel (%t) = (%c0) to (%n) step (%c1) {
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.store %v, %p : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// The rest of a kernel after an early return is the body of an `if` that
// holds most of the loop: the cuts go there. Not into the loop in it.
// CHECK-LABEL: func.func @after_return
// CHECK: scf.if
// CHECK: scf.for
// CHECK-COUNT-6: llvm.store
// CHECK-NEXT: }
// CHECK-NEXT: simt.barrier
// CHECK-COUNT-3: llvm.store
// CHECK-NOT: simt.barrier
// CHECK: scf.reduce
func.func @after_return(%g: index, %n: index, %p: !llvm.ptr, %v: f32, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    // expected-remark @below {{thread loop of 15 operations cut in 2 to bound the compile time}}
    scf.parallel (%t) = (%c0) to (%n) step (%c1) {
      scf.if %c {
        scf.for %i = %c0 to %n step %c1 {
          llvm.store %v, %p : f32, !llvm.ptr
          llvm.store %v, %p : f32, !llvm.ptr
          llvm.store %v, %p : f32, !llvm.ptr
          llvm.store %v, %p : f32, !llvm.ptr
          llvm.store %v, %p : f32, !llvm.ptr
          llvm.store %v, %p : f32, !llvm.ptr
        }
        llvm.store %v, %p : f32, !llvm.ptr
        llvm.store %v, %p : f32, !llvm.ptr
        llvm.store %v, %p : f32, !llvm.ptr
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// At most max-ops operations: left alone.
// CHECK-LABEL: func.func @small
// CHECK-NOT: simt.barrier
func.func @small(%g: index, %n: index, %p: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    scf.parallel (%t) = (%c0) to (%n) step (%c1) {
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.store %v, %p : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}
