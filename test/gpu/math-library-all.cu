// RUN: %cucpu --cuda-gpu-arch=sm_80 -O0 -S -emit-llvm %s -o - \
// RUN:   | grep -o 'call [a-z0-9]* @__cucpu_math_[a-z0-9_]*' | sort -u | wc -l \
// RUN:   | FileCheck %s --check-prefix=CALLS
// RUN: %cucpu --cuda-gpu-arch=sm_80 -O1 -S %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}

// Every C math function below is routed to the GPU math library, and so are
// CUDA's own without a C name (91 different __cucpu_math_ functions are
// called: 47 double, 44 float; sincos is two of them), and the library
// defines each (a missing one would be an error at link time, "does not
// define"); no call to a C library name is left in the PTX.

// CALLS: {{^}}91{{$}}

#include <math.h>

// CHECK: .entry _Z7doublesPdPi(
// CHECK: .entry _Z6floatsPfPi(
// CHECK-NOT: .extern
__global__ void doubles(double *x, int *e) {
  double s, c, i;
  sincos(x[0], &s, &c);
  x[1] = sin(x[0]) + cos(x[0]) + s + c + tan(x[0]) + asin(x[2]) + acos(x[2]) +
         atan(x[0]) + atan2(x[0], x[1]) + sinh(x[0]) + cosh(x[0]) + tanh(x[0]) +
         asinh(x[0]) + acosh(x[3]) + atanh(x[2]) + pow(x[0], x[1]) +
         exp2(x[0]) + cbrt(x[0]) + erf(x[0]) + erfc(x[0]) + lgamma(x[0]) +
         tgamma(x[0]) + hypot(x[0], x[1]) + fmod(x[0], x[1]) +
         remainder(x[0], x[1]) + fdim(x[0], x[1]) + ldexp(x[0], e[0]) +
         scalbn(x[0], e[1]) + ilogb(x[0]) + logb(x[0]) +
         nextafter(x[0], x[1]) + frexp(x[0], e + 2) + modf(x[0], &i) + i +
         erfinv(x[2]) + erfcinv(x[2]) + erfcx(x[0]) + normcdf(x[0]) +
         normcdfinv(x[2]) + rcbrt(x[0]) + sinpi(x[0]) + cospi(x[0]) + j0(x[0]) +
         j1(x[0]) + jn(e[0], x[0]) + y0(x[0]) + y1(x[0]) + yn(e[0], x[0]) +
         cyl_bessel_i0(x[0]) + cyl_bessel_i1(x[0]);
}

__global__ void floats(float *x, int *e) {
  float i;
  x[1] = tanf(x[0]) + asinf(x[2]) + acosf(x[2]) + atanf(x[0]) +
         atan2f(x[0], x[1]) + sinhf(x[0]) + coshf(x[0]) + tanhf(x[0]) +
         asinhf(x[0]) + acoshf(x[3]) + atanhf(x[2]) + exp2f(x[0]) +
         cbrtf(x[0]) + erff(x[0]) + erfcf(x[0]) + lgammaf(x[0]) +
         tgammaf(x[0]) + hypotf(x[0], x[1]) + fmodf(x[0], x[1]) +
         remainderf(x[0], x[1]) + fdimf(x[0], x[1]) + ldexpf(x[0], e[0]) +
         scalbnf(x[0], e[1]) + ilogbf(x[0]) + logbf(x[0]) +
         nextafterf(x[0], x[1]) + frexpf(x[0], e + 2) + modff(x[0], &i) + i +
         erfinvf(x[2]) + erfcinvf(x[2]) + erfcxf(x[0]) + normcdff(x[0]) +
         normcdfinvf(x[2]) + rcbrtf(x[0]) + sinpif(x[0]) + cospif(x[0]) +
         j0f(x[0]) + j1f(x[0]) + jnf(e[0], x[0]) + y0f(x[0]) + y1f(x[0]) +
         ynf(e[0], x[0]) + cyl_bessel_i0f(x[0]) + cyl_bessel_i1f(x[0]);
}
