// RUN: cucpu-opt %s -split-input-file -verify-diagnostics -cucpu-lower-gpu-math | FileCheck %s

// Single-precision transcendental functions become polynomials; operations
// with an NVPTX instruction stay.

// CHECK-LABEL: func.func @single
// CHECK-NOT: math.exp
// CHECK-NOT: math.sin
// CHECK-NOT: math.log
// CHECK-NOT: math.tanh
// CHECK-DAG: math.sqrt %{{.*}} : f32
// CHECK-DAG: math.sqrt %{{.*}} : f64
// CHECK-DAG: math.floor %{{.*}} : f64
// CHECK: return
func.func @single(%x: f32, %d: f64) -> (f32, f64) {
  %0 = math.exp %x : f32
  %1 = math.sin %x : f32
  %2 = math.log %x : f32
  %3 = math.tanh %x : f32
  %4 = math.sqrt %x : f32
  %5 = arith.addf %0, %1 : f32
  %6 = arith.addf %2, %3 : f32
  %7 = arith.addf %5, %6 : f32
  %8 = arith.addf %7, %4 : f32
  %9 = math.sqrt %d : f64
  %10 = math.floor %9 : f64
  return %8, %10 : f32, f64
}

// -----

// Double-precision exp and log are computed here (their accuracy is tested in
// gpu-math-accuracy.test): a range reduction to 2^k (exponent bits) and a
// series of fused multiply-adds; log2 and log10 scale log.

// CHECK-LABEL: func.func @double_exp_log
// CHECK-NOT: math.exp
// CHECK-NOT: math.log
// CHECK: math.roundeven %{{.*}} : f64
// CHECK: arith.fptosi %{{.*}} : f64 to i64
// CHECK: arith.shli
// CHECK: arith.bitcast %{{.*}} : i64 to f64
// CHECK: arith.divf
// CHECK: math.fma
// CHECK: return
func.func @double_exp_log(%d: f64) -> (f64, f64, f64, f64, f32) {
  %0 = math.exp %d : f64
  %1 = math.log %d : f64
  %2 = math.log2 %d : f64
  %3 = math.log10 %d : f64
  %f = arith.truncf %d : f64 to f32
  %4 = math.log10 %f : f32
  return %0, %1, %2, %3, %4 : f64, f64, f64, f64, f32
}

// -----

func.func @double(%d: f64) -> f64 {
  // expected-error @+1 {{'sin' on 'f64' has no implementation on the GPU target yet}}
  %0 = math.sin %d : f64
  return %0 : f64
}
