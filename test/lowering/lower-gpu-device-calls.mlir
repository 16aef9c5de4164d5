// RUN: cucpu-opt %s -split-input-file -verify-diagnostics -cucpu-lower-gpu-device-calls | FileCheck %s

// printf becomes vprintf with its arguments in one struct buffer per
// function; the device assert becomes __assertfail.

// CHECK-LABEL: func.func @print
// CHECK: %[[BUF:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i32, f64)> {alignment = 8 : i64}
// CHECK: scf.for
// CHECK: %[[F0:.*]] = llvm.getelementptr %[[BUF]][0, 0]
// CHECK: llvm.store %{{.*}}, %[[F0]] : i32, !llvm.ptr
// CHECK: %[[F1:.*]] = llvm.getelementptr %[[BUF]][0, 1]
// CHECK: llvm.store %{{.*}}, %[[F1]] : f64, !llvm.ptr
// CHECK: llvm.call @vprintf(%{{.*}}, %[[BUF]]) : (!llvm.ptr, !llvm.ptr) -> i32
// CHECK-LABEL: func.func @plain
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: llvm.call @vprintf(%{{.*}}, %[[NULL]])
// CHECK-LABEL: func.func @check
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: llvm.call @__assertfail(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ONE]])
// CHECK-NOT: @printf
// CHECK-NOT: @__cucpu_device_assert_fail
llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.func @__cucpu_device_assert_fail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr)
func.func @print(%fmt: !llvm.ptr, %x: i32, %y: f64) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %r = llvm.call @printf(%fmt, %x, %y) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, f64) -> i32
  }
  return
}
func.func @plain(%fmt: !llvm.ptr) {
  %r = llvm.call @printf(%fmt) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
  return
}
func.func @check(%e: !llvm.ptr, %f: !llvm.ptr, %line: i32, %fn: !llvm.ptr, %ids: !llvm.ptr) {
  llvm.call @__cucpu_device_assert_fail(%e, %f, %line, %fn, %ids) : (!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr) -> ()
  return
}

// -----

// The functions of the GPU math library become calls to it (linked in after
// translation); the C library's declaration goes.
// CHECK-LABEL: func.func @gamma
// CHECK: llvm.call @__cucpu_math_lgammaf(%{{.*}}) : (f32) -> f32
// CHECK: llvm.call @__cucpu_math_frexp(%{{.*}}, %{{.*}}) : (f64, !llvm.ptr) -> f64
// CHECK-NOT: llvm.func @lgammaf
// CHECK-DAG: llvm.func @__cucpu_math_lgammaf(f32) -> f32
// CHECK-DAG: llvm.func @__cucpu_math_frexp(f64, !llvm.ptr) -> f64
llvm.func @lgammaf(f32) -> f32
llvm.func @frexp(f64, !llvm.ptr) -> f64
func.func @gamma(%x: f32, %d: f64, %e: !llvm.ptr) -> (f32, f64) {
  %r = llvm.call @lgammaf(%x) : (f32) -> f32
  %m = llvm.call @frexp(%d, %e) : (f64, !llvm.ptr) -> f64
  return %r, %m : f32, f64
}

// -----

// Other functions without a body have no GPU implementation.
llvm.func @strlen(!llvm.ptr) -> i64
func.func @length(%s: !llvm.ptr) -> i64 {
  // expected-error @+1 {{'strlen' has no implementation on the GPU target}}
  %r = llvm.call @strlen(%s) : (!llvm.ptr) -> i64
  return %r : i64
}
