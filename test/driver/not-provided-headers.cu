// RUN: not %cucpu -DLIB=1 %s -o %t 2>&1 | FileCheck %s --check-prefix=BLAS
// RUN: not %cucpu -DLIB=2 %s -o %t 2>&1 | FileCheck %s --check-prefix=RAND
// RUN: not %cucpu -DLIB=3 %s -o %t 2>&1 | FileCheck %s --check-prefix=WMMA

// Headers of NVIDIA libraries cucpu does not implement yet are cucpu's own
// stand-ins: including one is a clear error naming the library, never
// NVIDIA's header from a system directory (where a CUDA toolkit installs
// them, as in /usr/local/include) clashing with cucpu's headers.

#if LIB == 1
#include <cublas_v2.h>
// BLAS: error: static assertion failed: cucpu does not provide cuBLAS (cublas_v2.h) yet
#elif LIB == 2
#include <curand_kernel.h>
// RAND: error: static assertion failed: cucpu does not provide cuRAND (curand_kernel.h) yet
#else
#include <mma.h>
// WMMA: error: static assertion failed: cucpu does not provide warp matrix functions (WMMA) (mma.h) yet
#endif
// BLAS-NOT: redefinition
// RAND-NOT: redefinition

int main() { return 0; }
