// RUN: cucpu --emit-mlir %s | FileCheck %s

// Signedness decides division, remainder, shifts, comparisons and conversions.

__device__ int signedOps(int a, int b) { return (a / b) + (a % b) + (a >> 1); }
// CHECK-LABEL: func.func private @_Z9signedOpsii
// CHECK: arith.divsi
// CHECK: arith.remsi
// CHECK: arith.shrsi

__device__ unsigned unsignedOps(unsigned a, unsigned b) {
  return (a / b) + (a % b) + (a >> 1) + (a < b);
}
// CHECK-LABEL: func.func private @_Z11unsignedOpsjj
// CHECK: arith.divui
// CHECK: arith.remui
// CHECK: arith.shrui
// CHECK: arith.cmpi ult

__device__ double conversions(char c, unsigned short s, long long l, float f) {
  return c + s + l + f;
}
// CHECK-LABEL: func.func private @_Z11conversionsctxf
// CHECK: arith.extsi %{{.*}} : i8 to i32
// CHECK: arith.extui %{{.*}} : i16 to i32
// CHECK: arith.sitofp %{{.*}} : i64 to f32
// CHECK: arith.extf %{{.*}} : f32 to f64

__device__ bool logic(int a, float x) { return a && x > 0.5f; }
// CHECK-LABEL: func.func private @_Z5logicif
// CHECK: arith.cmpi ne
// CHECK: scf.if %{{.*}} -> (i1)
// CHECK: arith.cmpf ogt

__device__ float *advance(float *p, int n) { return p + n; }
// CHECK-LABEL: func.func private @_Z7advancePfi
// CHECK: arith.extsi %{{.*}} : i32 to i64
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32

__global__ void use(int *i, unsigned *u, double *d, bool *b, float **p) {
  i[0] = signedOps(i[1], i[2]);
  u[0] = unsignedOps(u[1], u[2]);
  d[0] = conversions(1, 2, 3, 4.0f);
  b[0] = logic(i[3], 1.0f);
  p[0] = advance(p[1], i[4]);
}

int main() { return 0; }
