// RUN: cucpu-opt --split-input-file --simt-split-thread-loops %s | FileCheck %s

// gaussian's staging: two guards on different thread indices, each its own
// loop; the index arithmetic both need is recomputed in each.

// CHECK-LABEL: func.func @two_guards
// CHECK: scf.parallel (%[[B:.*]]) =
// CHECK:   scf.parallel (%[[X0:.*]], %[[Y0:.*]]) =
// CHECK:     arith.index_castui %[[X0]]
// CHECK:     %[[C0:.*]] = arith.cmpi eq
// CHECK:     scf.if %[[C0]] {
// CHECK:       llvm.store
// CHECK-NOT:   llvm.store
// CHECK:     }
// CHECK:   } {cucpu.loop = "thread"}
// CHECK:   scf.parallel (%[[X1:.*]], %[[Y1:.*]]) =
// CHECK:     arith.index_castui %[[Y1]]
// CHECK:     %[[C1:.*]] = arith.cmpi eq
// CHECK:     scf.if %[[C1]] {
// CHECK:       llvm.store
// CHECK-NOT:   llvm.store
// CHECK:     }
// CHECK:   } {cucpu.loop = "thread"}
// CHECK-NOT: scf.parallel
func.func @two_guards(%rows: !llvm.ptr, %cols: !llvm.ptr, %src: !llvm.ptr,
                      %g: index, %tx: index, %ty: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = llvm.mlir.constant(16 : i64) : i64
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    %shA = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    %shB = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    scf.parallel (%x, %y) = (%c0, %c0) to (%tx, %ty) step (%c1, %c1) {
      %xi = arith.index_castui %x : index to i32
      %yi = arith.index_castui %y : index to i32
      %v = llvm.load %src : !llvm.ptr -> f32
      %isX0 = arith.cmpi eq, %xi, %zero : i32
      scf.if %isX0 {
        %p = llvm.getelementptr %shA[%yi] : (!llvm.ptr, i32) -> !llvm.ptr, f32
        llvm.store %v, %p : f32, !llvm.ptr
      }
      %isY0 = arith.cmpi eq, %yi, %zero : i32
      scf.if %isY0 {
        %w = llvm.load %cols : !llvm.ptr -> f32
        %p = llvm.getelementptr %shB[%xi] : (!llvm.ptr, i32) -> !llvm.ptr, f32
        llvm.store %w, %p : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  }
  return
}

// -----

// A guard around work with a nested guard: the outer `if` is split into one
// `if` per part on the same condition, then the loop into one loop per `if`.

// CHECK-LABEL: func.func @nested_guard
// CHECK: scf.parallel
// CHECK:   scf.parallel
// CHECK:     %[[IN:.*]] = arith.cmpi slt
// CHECK:     llvm.getelementptr
// CHECK:     scf.if %[[IN]] {
// CHECK-NEXT:  llvm.load
// CHECK-NEXT:  arith.subf
// CHECK-NEXT:  llvm.store
// CHECK-NEXT: }
// CHECK:   } {cucpu.loop = "thread"}
// CHECK:   scf.parallel
// CHECK:     %[[IN2:.*]] = arith.cmpi slt
// CHECK:     %[[FIRST:.*]] = arith.cmpi eq
// CHECK:     scf.if %[[IN2]] {
// CHECK-NEXT:  scf.if %[[FIRST]] {
// CHECK:         llvm.store
// CHECK:       }
// CHECK-NEXT: }
// CHECK:   } {cucpu.loop = "thread"}
// CHECK-NOT: scf.parallel
func.func @nested_guard(%a: !llvm.ptr, %b: !llvm.ptr, %n: i32, %t: i32,
                        %g: index, %tx: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%blk) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x) = (%c0) to (%tx) step (%c1) {
      %j = arith.index_castui %x : index to i32
      %in = arith.cmpi slt, %j, %n : i32
      scf.if %in {
        %p = llvm.getelementptr %a[%j] : (!llvm.ptr, i32) -> !llvm.ptr, f32
        %old = llvm.load %p : !llvm.ptr -> f32
        %new = arith.subf %old, %one : f32
        llvm.store %new, %p : f32, !llvm.ptr
        %first = arith.cmpi eq, %j, %t : i32
        scf.if %first {
          llvm.store %one, %b : f32, !llvm.ptr
        }
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  }
  return
}

// -----

// A value that an access computes keeps its users in its loop: the guard
// stores what the load before it read, so nothing is split.

// CHECK-LABEL: func.func @loaded_value_used
// CHECK: scf.parallel
// CHECK-COUNT-1: scf.parallel
// CHECK-NOT: scf.parallel
func.func @loaded_value_used(%a: !llvm.ptr, %b: !llvm.ptr, %g: index,
                             %tx: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  scf.parallel (%blk) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x) = (%c0) to (%tx) step (%c1) {
      %j = arith.index_castui %x : index to i32
      %p = llvm.getelementptr %a[%j] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %v = llvm.load %p : !llvm.ptr -> f32
      %first = arith.cmpi eq, %j, %zero : i32
      scf.if %first {
        llvm.store %v, %b : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  }
  return
}

// -----

// A condition that does not compare the thread index (a flag read from
// memory) is not worth a loop of its own: nothing is split.

// CHECK-LABEL: func.func @not_an_index_guard
// CHECK: scf.parallel
// CHECK-COUNT-1: scf.parallel
// CHECK-NOT: scf.parallel
func.func @not_an_index_guard(%a: !llvm.ptr, %flags: !llvm.ptr, %g: index,
                              %tx: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%blk) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x) = (%c0) to (%tx) step (%c1) {
      %j = arith.index_castui %x : index to i32
      %p = llvm.getelementptr %a[%j] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      llvm.store %one, %p : f32, !llvm.ptr
      %fp = llvm.getelementptr %flags[%j] : (!llvm.ptr, i32) -> !llvm.ptr, i1
      %flag = llvm.load %fp : !llvm.ptr -> i1
      scf.if %flag {
        llvm.store %one, %a : f32, !llvm.ptr
      }
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  }
  return
}
