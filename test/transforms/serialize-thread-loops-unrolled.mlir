// RUN: cucpu-opt %s -pass-pipeline='builtin.module(func.func(simt-serialize-thread-loops{rolled-rows-up-to=0}))' | FileCheck %s

// With rolled-rows-up-to=0 the innermost loop of a kernel launched with 16
// threads along x carries only its parallel accesses, and LLVM may unroll it.
// CHECK: #[[LOOP:.*]] = #llvm.loop_annotation<parallelAccesses =
// CHECK-NOT: unroll
// CHECK-LABEL: func.func @unrolled
// CHECK: scf.for
// CHECK: } {llvm.loop_annotation = #[[LOOP]]}
func.func @unrolled(%g: index, %bx: index, %p: !llvm.ptr)
    attributes {cucpu.launch_block = array<i64: 16, 1, 1>} {
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
