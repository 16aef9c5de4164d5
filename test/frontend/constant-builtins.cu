// RUN: cucpu --emit-mlir %s | FileCheck %s

// Builtins whose value is known at compile time (the C library's INFINITY,
// NAN and HUGE_VAL macros expand to them) are constants.

#include <cmath>

// CHECK-LABEL: func.func private @_Z6limitsPfPd
// CHECK-DAG: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-DAG: arith.negf %[[INF]]
// CHECK-DAG: arith.constant 0x7FC00000 : f32
// CHECK-DAG: arith.constant 0x7FF0000000000000 : f64
// CHECK-DAG: arith.constant 4 : i32
// CHECK-NOT: llvm.call
__global__ void limits(float *f, double *d) {
  f[0] = -INFINITY;
  f[1] = NAN;
  d[0] = HUGE_VAL;
  f[2] = __builtin_popcount(0xf0);
}

int main() { return 0; }
