// RUN: cucpu --emit-mlir %s | FileCheck %s --check-prefixes=CHECK,FUSE
// RUN: cucpu --emit-mlir --fmad=true %s | FileCheck %s --check-prefixes=CHECK,FUSE
// RUN: cucpu --emit-mlir -ffp-contract=fast %s | FileCheck %s --check-prefixes=CHECK,FUSE
// RUN: cucpu --emit-mlir --fmad=false %s | FileCheck %s --check-prefixes=CHECK,EXACT
// RUN: cucpu --emit-mlir -ffp-contract=off %s | FileCheck %s --check-prefixes=CHECK,EXACT
// RUN: cucpu --emit-mlir -ffp-contract=on %s | FileCheck %s --check-prefixes=CHECK,EXACT
// RUN: cucpu --emit-mlir --use_fast_math %s | FileCheck %s --check-prefix=FAST
// RUN: not cucpu --emit-mlir --fmad=yes %s 2>&1 | FileCheck %s --check-prefix=BADFMAD
// RUN: not cucpu --emit-mlir -ffp-contract=sometimes %s 2>&1 | FileCheck %s --check-prefix=BADCONTRACT

// CUDA compilers may fuse a multiply and an add into one FMA by default
// (nvcc --fmad=true, clang -ffp-contract=fast): the multiplies, adds,
// subtracts and negations of device code carry `contract`, unless the
// options or a pragma say otherwise.

__device__ float axpy(float a, float x, float y) { return a * x + y; }
// CHECK-LABEL: func.func private @_Z4axpyfff
// FUSE: arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// FUSE: arith.addf %{{.*}}, %{{.*}} fastmath<contract> : f32
// EXACT: arith.mulf %{{.*}}, %{{.*}} : f32
// EXACT: arith.addf %{{.*}}, %{{.*}} : f32

__device__ float pragmaOff(float a, float x, float y) {
#pragma clang fp contract(off)
  return a * x + y;
}
// CHECK-LABEL: func.func private @_Z9pragmaOfffff
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32

__device__ void update(double *row, double m, double p) {
  row[0] -= m * p;
  row[1] = -row[1];
}
// CHECK-LABEL: func.func private @_Z6updatePddd
// FUSE: arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f64
// FUSE: arith.subf %{{.*}}, %{{.*}} fastmath<contract> : f64
// FUSE: arith.negf %{{.*}} fastmath<contract> : f64
// EXACT: arith.mulf %{{.*}}, %{{.*}} : f64
// EXACT: arith.subf %{{.*}}, %{{.*}} : f64
// EXACT: arith.negf %{{.*}} : f64

// The rounding intrinsics are never fused.
__device__ float rounded(float a, float x, float y) {
  return __fadd_rn(__fmul_rn(a, x), y);
}
// CHECK-LABEL: func.func private @_ZL9__fadd_rnff
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-LABEL: func.func private @_ZL9__fmul_rnff
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32

__global__ void kernel(float *out, double *row) {
  out[0] = axpy(out[1], out[2], out[3]) + pragmaOff(out[4], out[5], out[6]) +
           rounded(out[7], out[8], out[9]);
  update(row, row[2], row[3]);
}

// BADFMAD: error: --fmad wants true or false, not 'yes'
// BADCONTRACT: error: -ffp-contract wants fast, on, off or fast-honor-pragmas, not 'sometimes'

// --use_fast_math lets the other operations be reassociated, contracted,
// approximated and divided by reciprocals, but keeps NaNs and infinities
// (LLVM's nnan/ninf would make them poison: nvcc's fast math does not); the
// rounding intrinsics stay exact, and their marker does not outlive it.
// FAST-NOT: cucpu.exact_fp
// FAST-LABEL: func.func private @_Z4axpyfff
// FAST: arith.mulf %{{.*}}, %{{.*}} fastmath<reassoc,arcp,contract,afn> : f32
// FAST: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc,arcp,contract,afn> : f32
// FAST-LABEL: func.func private @_ZL9__fadd_rnff
// FAST: arith.addf %{{.*}}, %{{.*}} : f32
// FAST-LABEL: func.func private @_ZL9__fmul_rnff
// FAST: arith.mulf %{{.*}}, %{{.*}} : f32
// FAST-NOT: cucpu.exact_fp
