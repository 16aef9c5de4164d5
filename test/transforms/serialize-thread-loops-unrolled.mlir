// RUN: cucpu-opt %s -pass-pipeline='builtin.module(func.func(simt-serialize-thread-loops{rolled-inner-loops=false}))' | FileCheck %s

// Without rolled-inner-loops the innermost loop carries only its parallel
// accesses, and LLVM may unroll it.
// CHECK: #[[LOOP:.*]] = #llvm.loop_annotation<parallelAccesses =
// CHECK-NOT: unroll
// CHECK-LABEL: func.func @unrolled
// CHECK: scf.for
// CHECK: } {llvm.loop_annotation = #[[LOOP]]}
func.func @unrolled(%g: index, %bx: index, %p: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x) = (%c0) to (%bx) step (%c1) {
      %v = llvm.load %p : !llvm.ptr -> f32
      llvm.store %v, %p : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}
