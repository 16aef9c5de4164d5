// -c makes one object from a .cu file; cucpu links it with C++ sources.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cucpu -c -O1 -DFACTOR=5 %s -o %t/prog.o
// RUN: llvm-nm %t/prog.o | FileCheck %s --check-prefix=SYMS
// RUN: %cucpu %t/prog.o %S/Inputs/host_helper.cpp -o %t/prog
// RUN: %t/prog | FileCheck %s
// The stages of --emit-mlir and -S -emit-llvm stop after the device code.
// RUN: %cucpu --emit-mlir=cpu -DFACTOR=5 %s | FileCheck %s --check-prefix=CPU
// RUN: %cucpu --emit-mlir=llvm -DFACTOR=5 %s | FileCheck %s --check-prefix=LLVMDIALECT
// RUN: %cucpu -S -emit-llvm -DFACTOR=5 %s -o - | FileCheck %s --check-prefix=IR
// RUN: %cucpu -v -DFACTOR=5 %s %S/Inputs/host_helper.cpp -o %t/verbose 2>&1 | FileCheck %s --check-prefix=VERBOSE

// SYMS-DAG: T main
// SYMS-DAG: t __cucpu_entry__Z5timesPii
// SYMS-DAG: U __cucpu_register_kernel
// SYMS-DAG: U __cudaRegisterFunction

// CPU: omp.parallel
// CPU: omp.wsloop
// CPU: scf.for
// LLVMDIALECT: llvm.mlir.global_ctors
// IR: define internal void @__cucpu_entry__Z5timesPii
// IR: call void (ptr, i32, ptr, ...) @__kmpc_fork_call
// VERBOSE: clang++" "-x" "cuda" "--cuda-host-only"
// VERBOSE: "-lcucpu_rt"

#include <cstdio>

int hostHelper(int x);

__global__ void times(int *a, int n) {
  int i = threadIdx.x;
  if (i < n)
    a[i] = FACTOR * i;
}

int main() {
  int *a;
  cudaMalloc(&a, 8 * sizeof(int));
  times<<<1, 8>>>(a, 8);
  int h[8];
  cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
  bool ok = h[7] == 35 && hostHelper(h[2]) == 30;
  printf("%s\n", ok ? "PASS" : "FAIL");
  // CHECK: PASS
  return ok ? 0 : 1;
}
