// RUN: cucpu-opt %s -pass-pipeline='builtin.module(func.func(simt-serialize-thread-loops))' | FileCheck %s

// The thread loops in the else branch of a version marked
// cucpu.rare_fallback (a block size other than the launches', a grid too
// large for 32-bit indices) are compiled for size: LLVM neither vectorizes
// nor unrolls them. They keep their parallel accesses. The then branch, and
// the else branch of a version without the mark, are left to LLVM.
// CHECK-DAG: #[[NOVEC:.*]] = #llvm.loop_vectorize<disable = true>
// CHECK-DAG: #[[NOUNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[FAST1:.*]] = #llvm.loop_annotation<parallelAccesses =
// CHECK-NEXT: #[[SIZE:.*]] = #llvm.loop_annotation<vectorize = #[[NOVEC]], unroll = #[[NOUNROLL]], parallelAccesses =
// CHECK-NEXT: #[[FAST2:.*]] = #llvm.loop_annotation<parallelAccesses =
// CHECK-NEXT: #[[FAST3:.*]] = #llvm.loop_annotation<parallelAccesses =

// CHECK-LABEL: func.func @rare
// CHECK: scf.if
// CHECK: scf.for
// CHECK: } {llvm.loop_annotation = #[[FAST1]]}
// CHECK: } else {
// CHECK: scf.for
// CHECK: } {llvm.loop_annotation = #[[SIZE]]}
func.func @rare(%g: index, %bx: index, %p: !llvm.ptr, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.if %c {
    scf.parallel (%b) = (%c0) to (%g) step (%c1) {
      scf.parallel (%x) = (%c0) to (%c64) step (%c1) {
        %v = llvm.load %p : !llvm.ptr -> f32
        llvm.store %v, %p : f32, !llvm.ptr
        scf.reduce
      }
      scf.reduce
    }
  } else {
    scf.parallel (%b) = (%c0) to (%g) step (%c1) {
      scf.parallel (%x) = (%c0) to (%bx) step (%c1) {
        %v = llvm.load %p : !llvm.ptr -> f32
        llvm.store %v, %p : f32, !llvm.ptr
        scf.reduce
      }
      scf.reduce
    }
  } {cucpu.rare_fallback}
  return
}

// CHECK-LABEL: func.func @common
// CHECK: scf.if
// CHECK: scf.for
// CHECK: } {llvm.loop_annotation = #[[FAST2]]}
// CHECK: } else {
// CHECK: scf.for
// CHECK: } {llvm.loop_annotation = #[[FAST3]]}
func.func @common(%g: index, %bx: index, %p: !llvm.ptr, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.if %c {
    scf.parallel (%b) = (%c0) to (%g) step (%c1) {
      scf.parallel (%x) = (%c0) to (%c64) step (%c1) {
        %v = llvm.load %p : !llvm.ptr -> f32
        llvm.store %v, %p : f32, !llvm.ptr
        scf.reduce
      }
      scf.reduce
    }
  } else {
    scf.parallel (%b) = (%c0) to (%g) step (%c1) {
      scf.parallel (%x) = (%c0) to (%bx) step (%c1) {
        %v = llvm.load %p : !llvm.ptr -> f32
        llvm.store %v, %p : f32, !llvm.ptr
        scf.reduce
      }
      scf.reduce
    }
  } {cucpu.version}
  return
}
