// RUN: cucpu-opt --split-input-file --simt-drop-versions-in-rare-fallbacks %s | FileCheck %s

// A version inside the else branch of another version keeps only its else
// branch (the general code); versions on the common path stay, and so do
// the outer versions themselves.

// CHECK-LABEL: func.func @nested
// CHECK:       scf.if %arg0 {
// CHECK:         scf.if %arg1 {
// CHECK:           llvm.store %[[FAST:.*]], %arg3
// CHECK:         } else {
// CHECK:           llvm.store %[[GENERAL:.*]], %arg3
// CHECK:         } {cucpu.rare_fallback}
// CHECK:       } else {
// CHECK-NOT:     scf.if
// CHECK:         llvm.store %{{.*}}, %arg4
// CHECK-NEXT:    llvm.store %{{.*}}, %arg4
// CHECK-NEXT:  } {cucpu.rare_fallback}
func.func @nested(%common: i1, %small: i1, %narrow: i1, %a: !llvm.ptr,
                  %b: !llvm.ptr) {
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  scf.if %common {
    scf.if %small {
      llvm.store %one, %a : i32, !llvm.ptr
    } else {
      llvm.store %two, %a : i32, !llvm.ptr
    } {cucpu.rare_fallback}
  } else {
    scf.if %small {
      scf.if %narrow {
        llvm.store %one, %b : i32, !llvm.ptr
      } else {
        llvm.store %two, %b : i32, !llvm.ptr
      } {cucpu.rare_fallback}
    } else {
      llvm.store %three, %b : i32, !llvm.ptr
      scf.if %narrow {
        llvm.store %one, %b : i32, !llvm.ptr
      } else {
        llvm.store %two, %b : i32, !llvm.ptr
      } {cucpu.rare_fallback}
    } {cucpu.rare_fallback}
  } {cucpu.rare_fallback}
  return
}

// -----

// A version with results gives its else branch's values.

// CHECK-LABEL: func.func @results
// CHECK:       } else {
// CHECK-NOT:     scf.if
// CHECK:         %[[SUM:.*]] = arith.addi %arg2, %arg2
// CHECK:         llvm.store %[[SUM]], %arg3
func.func @results(%common: i1, %fast: i1, %x: i32, %out: !llvm.ptr) {
  scf.if %common {
  } else {
    %v = scf.if %fast -> (i32) {
      %m = arith.muli %x, %x : i32
      scf.yield %m : i32
    } else {
      %s = arith.addi %x, %x : i32
      scf.yield %s : i32
    } {cucpu.rare_fallback}
    llvm.store %v, %out : i32, !llvm.ptr
  } {cucpu.rare_fallback}
  return
}
