// RUN: cucpu-opt %s -split-input-file -verify-diagnostics -cucpu-lower-gpu-math | FileCheck %s

// Single-precision exp, sin and log are computed inline, tanh by the GPU math
// library; operations with an NVPTX instruction stay.

// CHECK-LABEL: func.func @single
// CHECK-NOT: math.exp
// CHECK-NOT: math.sin
// CHECK-NOT: math.log
// CHECK-NOT: math.tanh
// CHECK-DAG: llvm.call @__cucpu_math_tanhf(%{{.*}}) : (f32) -> f32
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

// The other functions become calls to the GPU math library, declared once:
// double precision all of them, single precision those not computed inline.

// CHECK-LABEL: func.func @library
// CHECK-NEXT: %[[SIN:.*]] = llvm.call @__cucpu_math_sin(%arg0) : (f64) -> f64
// CHECK-NEXT: %[[SIN2:.*]] = llvm.call @__cucpu_math_sin(%[[SIN]]) : (f64) -> f64
// CHECK-NEXT: %[[POW:.*]] = llvm.call @__cucpu_math_pow(%[[SIN2]], %arg0) : (f64, f64) -> f64
// CHECK-NEXT: %[[ATAN2:.*]] = llvm.call @__cucpu_math_atan2f(%arg1, %arg1) : (f32, f32) -> f32
// CHECK-NEXT: %[[FMOD:.*]] = llvm.call @__cucpu_math_fmod(%[[POW]], %arg0) : (f64, f64) -> f64
// CHECK-NEXT: %[[FMODF:.*]] = llvm.call @__cucpu_math_fmodf(%[[ATAN2]], %arg1) : (f32, f32) -> f32
// CHECK-NEXT: %[[ERFC:.*]] = llvm.call @__cucpu_math_erfcf(%[[FMODF]]) : (f32) -> f32
// CHECK-NEXT: return %[[FMOD]], %[[ERFC]]
// CHECK-DAG: llvm.func @__cucpu_math_sin(f64) -> f64
// CHECK-DAG: llvm.func @__cucpu_math_pow(f64, f64) -> f64
func.func @library(%d: f64, %f: f32) -> (f64, f32) {
  %0 = math.sin %d : f64
  %1 = math.sin %0 : f64
  %2 = math.powf %1, %d : f64
  %3 = math.atan2 %f, %f : f32
  %4 = arith.remf %2, %d : f64
  %5 = arith.remf %3, %f : f32
  %6 = math.erfc %5 : f32
  return %4, %6 : f64, f32
}

// -----

// Vectors (which the GPU pipeline does not make) are not supported.
func.func @vector(%d: vector<2xf64>) -> vector<2xf64> {
  // expected-error @+1 {{'sin' on 'vector<2xf64>' has no implementation on the GPU target yet}}
  %0 = math.sin %d : vector<2xf64>
  return %0 : vector<2xf64>
}

// -----

// Operations with an NVPTX instruction are not expanded: an fma split into a
// multiply and an add would round twice. fpowi, which has none, is.

// CHECK-LABEL: func.func @instructions_kept
// CHECK-DAG: math.fma %{{.*}}, %{{.*}}, %{{.*}} : f64
// CHECK-DAG: math.fma %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-DAG: math.ceil %{{.*}} : f32
// CHECK-DAG: math.round %{{.*}} : f32
// CHECK-DAG: math.roundeven %{{.*}} : f64
// CHECK-DAG: math.ctlz %{{.*}} : i32
// CHECK-NOT: math.fpowi
// CHECK: return
func.func @instructions_kept(%d: f64, %f: f32, %i: i32)
    -> (f64, f32, f32, f32, f64, i32, f32) {
  %0 = math.fma %d, %d, %d : f64
  %1 = math.fma %f, %f, %f : f32
  %2 = math.ceil %f : f32
  %3 = math.round %f : f32
  %4 = math.roundeven %d : f64
  %5 = math.ctlz %i : i32
  %6 = math.fpowi %f, %i : f32, i32
  return %0, %1, %2, %3, %4, %5, %6 : f64, f32, f32, f32, f64, i32, f32
}
