// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-specialize-block-size{max-ops=5 remarks-missed=1}))' -allow-unregistered-dialect -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=SPECIALIZE
// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-specialize-block-size))' -allow-unregistered-dialect | FileCheck %s --check-prefix=SPECIALIZED
// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-narrow-thread-loops{max-ops=5 remarks-missed=1}))' -allow-unregistered-dialect -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=NARROW
// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-narrow-thread-loops))' -allow-unregistered-dialect | FileCheck %s --check-prefix=NARROWED
// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-coarsen-blocks{max-ops=5 remarks-missed=1}))' -allow-unregistered-dialect -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=COARSEN

// The passes that copy code (a copy of a kernel for its block size, a
// narrowed copy of a thread loop, groups of blocks) leave code larger than
// max-ops operations as it is, with a missed remark: each copy doubles what
// every later pass and LLVM work on (a kernel of 5,000 statements took
// minutes to compile in six versions).

// SPECIALIZE: remark: cucpu: kernel not copied for its launches' block size: it has more than 5 operations
// SPECIALIZE-LABEL: func.func @launcher
// SPECIALIZE-NOT: arith.cmpi eq
// SPECIALIZED-LABEL: func.func @launcher
// SPECIALIZED: arith.cmpi eq, %arg3
// SPECIALIZED: scf.if
// NARROW: remark: cucpu: thread loop not versioned: it has more than 5 operations
// NARROW-LABEL: func.func @launcher
// NARROW: scf.parallel
// NARROW-NEXT: scf.parallel
// NARROW-NOT: scf.parallel
// NARROWED-LABEL: func.func @launcher
// NARROWED: scf.parallel
// NARROWED: scf.if
// NARROWED-NEXT: scf.parallel
// NARROWED: } else {
// NARROWED-NEXT: scf.parallel
// COARSEN: remark: cucpu: neighbouring blocks not coarsened: the block loop has more than 5 operations
func.func @launcher(%gx: i32, %gy: i32, %gz: i32, %bx: i32, %by: i32,
                    %bz: i32, %shared: i64, %out: !llvm.ptr, %n: i32,
                    %base: i32, %blocks: index)
    attributes {cucpu.launch_block = array<i64: 256, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %threads = arith.index_castui %bx : i32 to index
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %i = arith.addi %base, %x overflow<nsw> : i32
      %in = arith.cmpi slt, %i, %n : i32
      scf.if %in {
        %i64 = arith.extsi %i : i32 to i64
        %p = llvm.getelementptr %out[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        llvm.store %one, %p : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
