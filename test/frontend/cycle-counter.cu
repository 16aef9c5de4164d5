// RUN: cucpu --emit-mlir=launch %s | FileCheck %s

// clock64() and clock() read LLVM's cycle counter: the time-stamp counter on
// x86, %clock64 on NVIDIA GPUs (test/gpu/kernels.cu).

// CHECK-LABEL: func.func @__cucpu_entry__Z5timerPx
// CHECK: llvm.call_intrinsic "llvm.readcyclecounter"() : () -> i64
// CHECK: llvm.call_intrinsic "llvm.readcyclecounter"() : () -> i64
// CHECK: llvm.call_intrinsic "llvm.readcyclecounter"() : () -> i64
// CHECK-NOT: func.call
__global__ void timer(long long *out) {
  long long start = clock64();
  out[1] = clock();
  out[0] = clock64() - start;
}

int main() { return 0; }
