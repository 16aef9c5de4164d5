// RUN: %cucpu --cuda-gpu-arch=sm_80 -O2 -S %s -o - | FileCheck %s --check-prefix=FUSED
// RUN: %cucpu --cuda-gpu-arch=sm_80 -O2 --fmad=false -S %s -o - | FileCheck %s --check-prefix=EXACT

// On the GPU path the `contract` flags become PTX's fma.rn, as nvcc's
// default (--fmad=true) compiles the same source; __fmul_rn and __fadd_rn
// stay a mul.rn and an add.rn in both modes.

__global__ void multiplyAdd(const float *a, const float *b, const float *c,
                            float *fused, float *rounded) {
  int i = threadIdx.x;
  fused[i] = a[i] * b[i] + c[i];
  rounded[i] = __fadd_rn(__fmul_rn(a[i], b[i]), c[i]);
}

// FUSED-LABEL: .entry
// FUSED: fma.rn.f32
// FUSED: mul.rn.f32
// FUSED: add.rn.f32
// FUSED-NOT: fma.rn.f32
// EXACT-LABEL: .entry
// EXACT-NOT: fma.rn.f32
// EXACT: mul.rn.f32
// EXACT: add.rn.f32
// EXACT: mul.rn.f32
// EXACT: add.rn.f32
// EXACT-NOT: fma.rn.f32
