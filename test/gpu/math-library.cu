// RUN: %cucpu --cuda-gpu-arch=sm_80 -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %cucpu --cuda-gpu-arch=sm_80 -O2 -S %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}

// Math without an NVPTX instruction comes from cucpu's GPU math library
// (runtime-shim/lib/DeviceMath.cpp, NVPTX bitcode): the calls and `math`
// operations become calls to __cucpu_math_<name>, and the driver links in
// what the module calls, with internal linkage. The common single-precision
// functions (expf, sinf, logf, powf) are computed inline instead.

#include <math.h>

// IR-LABEL: define {{.*}}@_Z10doubleMathPd(
// IR-DAG: call double @__cucpu_math_sin(
// IR-DAG: call double @__cucpu_math_pow(
// IR-DAG: call double @__cucpu_math_erfc(
// IR-DAG: call double @__cucpu_math_fmod(
// IR-DAG: call double @__cucpu_math_lgamma(
// IR-DAG: call double @__cucpu_math_frexp(double %{{.*}}, ptr
__global__ void doubleMath(double *x) {
  int e;
  x[threadIdx.x] = sin(x[0]) + pow(x[1], x[2]) + erfc(x[3]) +
                   fmod(x[4], x[5]) + lgamma(x[6]) + frexp(x[7], &e) + e;
}

// IR-LABEL: define {{.*}}@_Z9floatMathPf(
// IR-DAG: call float @__cucpu_math_tanf(
// IR-DAG: call float @__cucpu_math_hypotf(
// IR-DAG: call float @__cucpu_math_tgammaf(
// IR-NOT: __cucpu_math_expf
// IR-NOT: __cucpu_math_sinf
// IR-NOT: __cucpu_math_powf
// IR: ret void
__global__ void floatMath(float *x) {
  x[threadIdx.x] = expf(x[0]) + sinf(x[1]) + powf(x[2], x[3]) + tanf(x[4]) +
                   hypotf(x[5], x[6]) + tgammaf(x[7]);
}

// Only what is called is linked, and no C library name is left.
// IR-NOT: declare {{.*}}@sin(
// IR-NOT: declare {{.*}}@lgamma(
// IR-NOT: declare {{.*}}@__cucpu_gpu
// IR-DAG: define internal double @__cucpu_math_sin(
// IR-DAG: define internal double @__cucpu_math_lgamma(
// IR-DAG: define internal float @__cucpu_math_tanf(
// IR-NOT: @__cucpu_math_cosh(

// PTX: .entry _Z10doubleMathPd(
// PTX: .entry _Z9floatMathPf(
// PTX-NOT: .extern
