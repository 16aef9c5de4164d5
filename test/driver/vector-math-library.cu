// Math in a thread loop calls the vector math library: one call per vector of
// threads. -fveclib=none keeps one scalar call per thread.
// REQUIRES: libmvec
// RUN: %cucpu -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=MVEC
// RUN: %cucpu -O2 -fveclib=libmvec -S -emit-llvm %s -o - | FileCheck %s --check-prefix=MVEC
// RUN: %cucpu -O2 -fveclib=none -S -emit-llvm %s -o - | FileCheck %s --check-prefix=NONE
// RUN: %cucpu -O2 -### %s -o %t 2>&1 | FileCheck %s --check-prefix=LINK
// RUN: %cucpu -O2 -fveclib=none -### %s -o %t 2>&1 | FileCheck %s --check-prefix=NOLINK
// RUN: not %cucpu -O2 -fveclib=SVML %s -o %t 2>&1 | FileCheck %s --check-prefix=BAD

// MVEC: call {{.*}}<{{[0-9]+}} x float> @_ZGV{{[bcde]}}N{{[0-9]+}}v_expf(
// MVEC: call {{.*}}<{{[0-9]+}} x float> @_ZGV{{[bcde]}}N{{[0-9]+}}v_sinf(
// NONE-NOT: @_ZGV
// NONE: call float @llvm.exp.f32(
// NONE-NOT: @_ZGV
// LINK: "-lmvec" "-lm"
// NOLINK-NOT: -lmvec
// BAD: error: unsupported -fveclib library 'SVML' (libmvec or none)

__global__ void expSin(const float *x, float *e, float *s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    e[i] = expf(x[i]);
    s[i] = sinf(x[i]);
  }
}
