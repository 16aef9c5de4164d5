// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-coarsen-blocks))' | FileCheck %s
// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-coarsen-blocks{factor=1}))' | FileCheck %s --check-prefix=OFF
// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-coarsen-blocks{remarks-missed=1}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSED

// With remarks-missed, each 2D block loop left alone says why (the first
// two functions are coarsened or lack a launch size):
// MISSED-NOT: remark
// MISSED: remark: cucpu: neighbouring blocks not coarsened: the blocks along x hold far-apart rows
// MISSED: remark: cucpu: neighbouring blocks not coarsened: values pass from one phase to the next in per-thread buffers
// MISSED: remark: cucpu: neighbouring blocks not coarsened: its phases sit inside a loop or branch whose path may differ between blocks
// MISSED: remark: cucpu: neighbouring blocks not coarsened: {{.*}}its phases sit inside a loop or branch whose path may differ between blocks
// MISSED-NOT: remark

// A 16x16 tiling of a row-major array with a run-time pitch, launched with
// 16x16 blocks: under a check of the block size, 8 neighbouring blocks
// along x run together. The phase that reads rows is a loop over the rows
// with the group's blocks and then x inside; each block has its own copy of
// the shared tile; the original loop stays for other block sizes.

// CHECK-LABEL: func.func @rows
// CHECK: %[[EQX:.*]] = arith.cmpi eq, %arg2, %{{.*}} : index
// CHECK: %[[EQY:.*]] = arith.cmpi eq, %arg3, %{{.*}} : index
// CHECK: scf.if
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[GROUPS:.*]] = arith.ceildivui %arg0, %[[C8]]
// CHECK: %[[COPIES:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK: scf.parallel (%[[BO:.*]], %{{.*}}, %{{.*}}) = {{.*}} to (%[[GROUPS]],
// CHECK: %[[FIRST:.*]] = arith.muli %[[BO]], %[[C8]]
// CHECK: %[[LEFT:.*]] = arith.subi %arg0, %[[FIRST]]
// CHECK: %[[MEMBERS:.*]] = arith.minui %[[C8]], %[[LEFT]]
// CHECK: %[[TILE:.*]] = llvm.alloca %[[COPIES]] x !llvm.array<64 x i8>
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) =
// CHECK: scf.for %[[M:.*]] = %{{.*}} to %[[MEMBERS]]
// CHECK: %[[BX:.*]] = arith.addi %[[FIRST]], %[[M]]
// CHECK: %[[MI:.*]] = arith.index_cast %[[M]] : index to i64
// CHECK: %[[MYTILE:.*]] = llvm.getelementptr %[[TILE]][%[[MI]]] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<64 x i8>
// CHECK: arith.muli %[[BX]],
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}})
// CHECK: llvm.load
// CHECK: llvm.getelementptr %[[MYTILE]]
// CHECK: } else {
// CHECK: scf.parallel
// CHECK: llvm.alloca %{{.*}} x !llvm.array<64 x i8>
// CHECK: scf.parallel (%{{.*}}, %{{.*}}, %{{.*}}) =

// OFF-LABEL: func.func @rows
// OFF-NOT: scf.if
// OFF-NOT: scf.for
func.func @rows(%gx: index, %gy: index, %bdx: index, %bdy: index,
                %a: !llvm.ptr, %n: i64)
    attributes {cucpu.launch_block = array<i64: 16, 16, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  scf.parallel (%x, %y, %z) = (%c0, %c0, %c0) to (%gx, %gy, %c1) step (%c1, %c1, %c1) {
    %tile = llvm.alloca %one x !llvm.array<64 x i8> : (i64) -> !llvm.ptr
    %col0 = arith.muli %x, %c16 : index
    %row0 = arith.muli %y, %c16 : index
    scf.parallel (%tx, %ty, %tz) = (%c0, %c0, %c0) to (%bdx, %bdy, %c1) step (%c1, %c1, %c1) {
      %col = arith.addi %col0, %tx : index
      %row = arith.addi %row0, %ty : index
      %rowi = arith.index_cast %row : index to i64
      %coli = arith.index_cast %col : index to i64
      %off = arith.muli %rowi, %n : i64
      %idx = arith.addi %off, %coli : i64
      %p = llvm.getelementptr %a[%idx] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %v = llvm.load %p : !llvm.ptr -> f32
      %txi = arith.index_cast %tx : index to i64
      %s = llvm.getelementptr %tile[%txi] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %v, %s : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Without a block size from the launches there are no constants to make
// the groups' short loops worth it: nothing changes.
// CHECK-LABEL: func.func @no_launch_size
// OFF-LABEL: func.func @no_launch_size
// CHECK-NOT: scf.if
// CHECK-NOT: scf.for
func.func @no_launch_size(%gx: index, %gy: index, %bdx: index, %bdy: index,
                          %a: !llvm.ptr, %n: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%x, %y, %z) = (%c0, %c0, %c0) to (%gx, %gy, %c1) step (%c1, %c1, %c1) {
    %col0 = arith.muli %x, %c16 : index
    scf.parallel (%tx, %ty, %tz) = (%c0, %c0, %c0) to (%bdx, %bdy, %c1) step (%c1, %c1, %c1) {
      %col = arith.addi %col0, %tx : index
      %rowi = arith.index_cast %ty : index to i64
      %coli = arith.index_cast %col : index to i64
      %off = arith.muli %rowi, %n : i64
      %idx = arith.addi %off, %coli : i64
      %p = llvm.getelementptr %a[%idx] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %v = llvm.load %p : !llvm.ptr -> f32
      llvm.store %v, %p : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Blocks along x that are stacked rows (`(blockIdx.x * 16 + ty) * n + tx`):
// running them together would interleave far-apart rows.
// CHECK-LABEL: func.func @stacked
// CHECK-NOT: scf.if
// CHECK-NOT: scf.for
func.func @stacked(%gx: index, %bdx: index, %bdy: index, %a: !llvm.ptr,
                   %n: i64)
    attributes {cucpu.launch_block = array<i64: 16, 16, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%x, %y, %z) = (%c0, %c0, %c0) to (%gx, %c1, %c1) step (%c1, %c1, %c1) {
    %row0 = arith.muli %x, %c16 : index
    scf.parallel (%tx, %ty, %tz) = (%c0, %c0, %c0) to (%bdx, %bdy, %c1) step (%c1, %c1, %c1) {
      %row = arith.addi %row0, %ty : index
      %rowi = arith.index_cast %row : index to i64
      %coli = arith.index_cast %tx : index to i64
      %off = arith.muli %rowi, %n : i64
      %idx = arith.addi %off, %coli : i64
      %p = llvm.getelementptr %a[%idx] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %v = llvm.load %p : !llvm.ptr -> f32
      llvm.store %v, %p : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A per-thread buffer (a value that crosses a barrier) has one slot per
// thread of one block: the pass leaves such block loops alone.
// CHECK-LABEL: func.func @per_thread_buffer
// CHECK-NOT: scf.if
// CHECK-NOT: scf.for
func.func @per_thread_buffer(%gx: index, %gy: index, %bdx: index,
                             %bdy: index, %a: !llvm.ptr, %n: i64,
                             %slots: i64)
    attributes {cucpu.launch_block = array<i64: 16, 16, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%x, %y, %z) = (%c0, %c0, %c0) to (%gx, %gy, %c1) step (%c1, %c1, %c1) {
    %buf = llvm.alloca %slots x f32 {cucpu.per_thread} : (i64) -> !llvm.ptr
    %col0 = arith.muli %x, %c16 : index
    scf.parallel (%tx, %ty, %tz) = (%c0, %c0, %c0) to (%bdx, %bdy, %c1) step (%c1, %c1, %c1) {
      %col = arith.addi %col0, %tx : index
      %rowi = arith.index_cast %ty : index to i64
      %coli = arith.index_cast %col : index to i64
      %off = arith.muli %rowi, %n : i64
      %idx = arith.addi %off, %coli : i64
      %p = llvm.getelementptr %a[%idx] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %v = llvm.load %p : !llvm.ptr -> f32
      llvm.store %v, %buf : f32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Phases inside a loop of the block (hotspot's steps, with barriers in the
// loop) whose bounds are the same for every block: the loop runs once for
// the group, its thread loop per member.
// CHECK-LABEL: func.func @phases_in_loop
// CHECK: scf.if
// CHECK:   scf.parallel
// CHECK:     scf.for %{{.*}} = %c0{{.*}} to %arg6 step %c1{{.*}} {
// CHECK:       scf.parallel
// CHECK:         scf.for %{{.*}} = %c0{{.*}} to %{{.*}} step %c1{{.*}} {
// CHECK: } else {
// Other block sizes are a rare fallback.
// CHECK: } {cucpu.rare_fallback}
func.func @phases_in_loop(%gx: index, %gy: index, %bdx: index, %bdy: index,
                          %a: !llvm.ptr, %n: i64, %steps: index)
    attributes {cucpu.launch_block = array<i64: 16, 16, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%x, %y, %z) = (%c0, %c0, %c0) to (%gx, %gy, %c1) step (%c1, %c1, %c1) {
    %col0 = arith.muli %x, %c16 : index
    scf.for %s = %c0 to %steps step %c1 {
      scf.parallel (%tx, %ty, %tz) = (%c0, %c0, %c0) to (%bdx, %bdy, %c1) step (%c1, %c1, %c1) {
        %col = arith.addi %col0, %tx : index
        %rowi = arith.index_cast %ty : index to i64
        %coli = arith.index_cast %col : index to i64
        %off = arith.muli %rowi, %n : i64
        %idx = arith.addi %off, %coli : i64
        %p = llvm.getelementptr %a[%idx] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        %v = llvm.load %p : !llvm.ptr -> f32
        llvm.store %v, %p : f32, !llvm.ptr
        scf.reduce
      }
    }
    scf.reduce
  }
  return
}

// -----

// The same loop with a count that depends on the block: blocks of a group
// would need different paths, so the pass leaves it alone.
// CHECK-LABEL: func.func @block_dependent_loop
// CHECK-NOT: scf.if
func.func @block_dependent_loop(%gx: index, %gy: index, %bdx: index,
                                %bdy: index, %a: !llvm.ptr, %n: i64)
    attributes {cucpu.launch_block = array<i64: 16, 16, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%x, %y, %z) = (%c0, %c0, %c0) to (%gx, %gy, %c1) step (%c1, %c1, %c1) {
    %col0 = arith.muli %x, %c16 : index
    %steps = arith.addi %x, %c1 : index
    scf.for %s = %c0 to %steps step %c1 {
      scf.parallel (%tx, %ty, %tz) = (%c0, %c0, %c0) to (%bdx, %bdy, %c1) step (%c1, %c1, %c1) {
        %col = arith.addi %col0, %tx : index
        %rowi = arith.index_cast %ty : index to i64
        %coli = arith.index_cast %col : index to i64
        %off = arith.muli %rowi, %n : i64
        %idx = arith.addi %off, %coli : i64
        %p = llvm.getelementptr %a[%idx] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        %v = llvm.load %p : !llvm.ptr -> f32
        llvm.store %v, %p : f32, !llvm.ptr
        scf.reduce
      }
    }
    scf.reduce
  }
  return
}

// -----

// A block-level local that bounds a loop of phases: every store writes a
// value that is the same in every block, but one store runs in block 0
// only, so blocks of a group would need different paths.
// CHECK-LABEL: func.func @local_stored_in_one_block
// CHECK-NOT: arith.ceildivui
// CHECK: return
func.func @local_stored_in_one_block(%gx: index, %gy: index, %bdx: index,
                                     %bdy: index, %a: !llvm.ptr, %n: i64)
    attributes {cucpu.launch_block = array<i64: 16, 16, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : index
  %five = arith.constant 5 : index
  scf.parallel (%x, %y, %z) = (%c0, %c0, %c0) to (%gx, %gy, %c1) step (%c1, %c1, %c1) {
    %count = llvm.alloca %one x i64 : (i64) -> !llvm.ptr
    %col0 = arith.muli %x, %c16 : index
    %first = arith.cmpi eq, %x, %c0 : index
    scf.parallel (%tx, %ty, %tz) = (%c0, %c0, %c0) to (%bdx, %bdy, %c1) step (%c1, %c1, %c1) {
      %twoi = arith.index_cast %two : index to i64
      llvm.store %twoi, %count : i64, !llvm.ptr
      scf.if %first {
        %fivei = arith.index_cast %five : index to i64
        llvm.store %fivei, %count : i64, !llvm.ptr
      }
      scf.reduce
    }
    %steps64 = llvm.load %count : !llvm.ptr -> i64
    %steps = arith.index_cast %steps64 : i64 to index
    scf.for %s = %c0 to %steps step %c1 {
      scf.parallel (%tx, %ty, %tz) = (%c0, %c0, %c0) to (%bdx, %bdy, %c1) step (%c1, %c1, %c1) {
        %col = arith.addi %col0, %tx : index
        %rowi = arith.index_cast %ty : index to i64
        %coli = arith.index_cast %col : index to i64
        %off = arith.muli %rowi, %n : i64
        %idx = arith.addi %off, %coli : i64
        %p = llvm.getelementptr %a[%idx] : (!llvm.ptr, i64) -> !llvm.ptr, f32
        %v = llvm.load %p : !llvm.ptr -> f32
        llvm.store %v, %p : f32, !llvm.ptr
        scf.reduce
      }
    }
    scf.reduce
  }
  return
}
