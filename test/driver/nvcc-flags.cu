// nvcc's flags are accepted: GPU architectures are checked and noted (the
// target stays this CPU; the lowest one sets __CUDA_ARCH__), host compiler
// options reach clang, the ones without meaning here are noted under -v.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cucpu %s -o %t/default && %t/default | FileCheck %s --check-prefix=DEFAULT
// RUN: %cucpu -arch=sm_70 %s -o %t/arch70 && %t/arch70 | FileCheck %s --check-prefix=ARCH70
// RUN: %cucpu -arch sm_80 -code=sm_80,compute_80 %s -o %t/arch80 && %t/arch80 | FileCheck %s --check-prefix=ARCH80
// RUN: %cucpu -gencode arch=compute_61,code=sm_61 -gencode=arch=compute_86,code=[sm_86,compute_86] %s -o %t/gencode && %t/gencode | FileCheck %s --check-prefix=ARCH61
// RUN: %cucpu --gpu-architecture=native %s -o %t/native && %t/native | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: __CUDA_ARCH__ 520 PASS
// ARCH70: __CUDA_ARCH__ 700 PASS
// ARCH80: __CUDA_ARCH__ 800 PASS
// ARCH61: __CUDA_ARCH__ 610 PASS

// All of nvcc's usual flags in one command; -v notes what changes nothing.
// RUN: %cucpu -v -arch=sm_75 -Xptxas -v -lineinfo -maxrregcount=32 -ccbin g++ \
// RUN:   -Wno-deprecated-gpu-targets -m64 -Xcompiler -Wall,-fno-strict-aliasing \
// RUN:   --compiler-options -fPIE --std c++17 -G --expt-relaxed-constexpr -x cu %s -o %t/all 2>%t/all.log
// RUN: FileCheck %s --check-prefix=NOTES < %t/all.log
// RUN: %t/all | FileCheck %s --check-prefix=ARCH75
// NOTES: cucpu: note: -Xptxas -v: ignored, no PTX is assembled
// NOTES: cucpu: note: -lineinfo: device code has no debug information yet
// NOTES: cucpu: note: -maxrregcount: CPU code has no register limit to set
// NOTES: cucpu: note: -ccbin g++: ignored, host code is compiled by
// NOTES: cucpu: note: GPU architectures (sm_75) do not select a target: device code is compiled for this CPU with __CUDA_ARCH__=750
// NOTES: "--cuda-host-only"{{.*}} "-std=c++17"{{.*}} "-m64" "-Wall" "-fno-strict-aliasing" "-fPIE"
// NOTES: (in-process)
// NOTES-NEXT: "--cuda-device-only" "-c" "-arch=sm_75" "--std" "c++17" "-G"
// ARCH75: __CUDA_ARCH__ 750 PASS

// The rest of nvcc's options that build systems pass: noted and ignored, or
// (-cuda, nvcc's own C++ translation) refused with a reason.
// RUN: %cucpu -v -Xcudafe --diag_suppress=177 --diag-suppress=550,177 \
// RUN:   -res-usage --keep-dir %t -t 4 -Werror=all-warnings %s -o %t/more 2>%t/more.log
// RUN: FileCheck %s --check-prefix=MORE < %t/more.log
// RUN: %t/more | FileCheck %s --check-prefix=DEFAULT
// MORE: cucpu: note: -Xcudafe --diag_suppress=177: ignored, clang is the front end
// MORE: cucpu: note: diagnostic numbers (550,177) are nvcc's: ignored
// MORE: cucpu: note: --resource-usage: CPU code has no registers or shared memory per thread to report
// MORE: cucpu: note: --keep-dir
// MORE: cucpu: note: --threads 4: ignored, one compilation per file
// MORE: "--cuda-host-only"{{.*}} "-Werror"
// RUN: not %cucpu -cuda %s -o %t/cuda 2>&1 | FileCheck %s --check-prefix=CUDA
// CUDA: cucpu: error: -cuda writes nvcc's own translation of a .cu file to C++; cucpu has none

// -G compiles device code without optimization; --use_fast_math lets LLVM
// reassociate device floating-point code.
// RUN: %cucpu -S -emit-llvm -G -O3 %s -o - | FileCheck %s --check-prefix=DEBUG
// DEBUG: alloca
// RUN: %cucpu -S -emit-llvm --use_fast_math %s -o - | FileCheck %s --check-prefix=FAST
// RUN: %cucpu -S -emit-llvm %s -o - | FileCheck %s --check-prefix=NOFAST
// FAST: fmul reassoc arcp contract afn float
// NOFAST-NOT: {{fast|reassoc}} float

// Bad values and unknown flags are errors that name them.
// RUN: not %cucpu -arch=sm_7 %s 2>&1 | FileCheck %s --check-prefix=BADARCH
// BADARCH: cucpu: error: unknown GPU architecture 'sm_7' in '-arch'
// RUN: not %cucpu -arch=gfx90a %s 2>&1 | FileCheck %s --check-prefix=NOTNV
// NOTNV: cucpu: error: invalid GPU architecture 'gfx90a' in '-arch' (expected sm_XX or compute_XX)
// RUN: not %cucpu -gencode arch=compute_70 %s 2>&1 | FileCheck %s --check-prefix=GENCODE
// GENCODE: cucpu: error: '-gencode arch=compute_70' expects arch=<arch>,code=<code>
// RUN: not %cucpu -code=sm_70 %s 2>&1 | FileCheck %s --check-prefix=CODE
// CODE: cucpu: error: '-code' needs '-arch'
// RUN: not %cucpu -rdc=maybe %s 2>&1 | FileCheck %s --check-prefix=RDC
// RDC: cucpu: error: '-rdc' expects true or false
// RUN: not %cucpu -maxrregcount=many %s 2>&1 | FileCheck %s --check-prefix=MAXREG
// MAXREG: cucpu: error: '-maxrregcount' expects a number, not 'many'
// RUN: not %cucpu --keep-going-somewhere %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: cucpu: error: unknown argument: '--keep-going-somewhere'
// RUN: not %cucpu -Xptxas 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: cucpu: error: argument to '-Xptxas' is missing (expected 1 value)

#include <cstdio>

__global__ void archAndScale(int *arch, float *x, float s, int n) {
#ifdef __CUDA_ARCH__
  if (threadIdx.x == 0 && blockIdx.x == 0)
    *arch = __CUDA_ARCH__;
#endif
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * s;
}

int main() {
  const int n = 100;
  int *arch;
  float *x;
  cudaMallocManaged(&arch, sizeof(int));
  cudaMallocManaged(&x, n * sizeof(float));
  *arch = 0;
  for (int i = 0; i < n; ++i)
    x[i] = float(i);
  archAndScale<<<4, 32>>>(arch, x, 0.5f, n);
  cudaDeviceSynchronize();
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && x[i] == float(i) * 0.5f;
  printf("__CUDA_ARCH__ %d %s\n", *arch, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
