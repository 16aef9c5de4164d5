// RUN: not %cucpu --cuda-gpu-arch=sm_80 -DDOUBLE_SIN -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SIN
// RUN: not %cucpu --cuda-gpu-arch=sm_80 -DLGAMMA -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LGAMMA
// RUN: %cucpu --cuda-gpu-arch=sm_80 -S %s -o %t.ptx 2>&1 | FileCheck %s --allow-empty --check-prefix=FLOAT
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// What the GPU target cannot compile yet is an error at the source location,
// not a crash in the backend: double-precision transcendental functions other
// than exp and log (the CPU target uses libm, a GPU would need libdevice) and
// C library functions
// without an MLIR operation.

#include <math.h>

#ifdef DOUBLE_SIN
// SIN: error: 'sin' on 'f64' has no implementation on the GPU target yet
// SIN: errors.cu:[[@LINE+3]]:{{[0-9]+}}: note: called from
// SIN-NEXT: sin(x[threadIdx.x])
__global__ void doubleSin(double *x) {
  x[threadIdx.x] = sin(x[threadIdx.x]);
}
#endif

#ifdef LGAMMA
// The call is in our math header; the notes lead to the kernel's call.
// LGAMMA: error: 'lgammaf' has no implementation on the GPU target
// LGAMMA: errors.cu:[[@LINE+2]]:{{[0-9]+}}: note: called from
// LGAMMA-NEXT: gammaFloat
__global__ void gammaFloat(float *x) { x[threadIdx.x] = lgammaf(x[0]); }
#endif

// Single-precision transcendental functions are polynomial approximations,
// square roots and rounding are instructions; no call remains.
// FLOAT-NOT: error
// PTX-LABEL: .entry _Z9floatMathPf(
// PTX: sqrt.rn.f32
// PTX-NOT: call
// PTX: ret;
__global__ void floatMath(float *x) {
  x[threadIdx.x] = expf(x[0]) + sinf(x[1]) + logf(x[2]) + powf(x[3], x[4]) +
                   sqrtf(x[5]) + floorf(x[6]) + tanhf(x[7]);
}
