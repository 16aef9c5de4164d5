// RUN: %cucpu -O2 --cuda-device-only --emit-mlir=frontend %s -o - | FileCheck %s

// A lambda's captures are read from the closure in field order. They were
// read in the order of a map keyed by addresses, so the device code changed
// from one compile of the same file to the next.

// CHECK-LABEL: func.func private @{{.*}}clEv(%arg0: !llvm.ptr)
// CHECK:       llvm.load %arg0
// CHECK:       llvm.getelementptr %arg0[8]
// CHECK:       llvm.getelementptr %arg0[16]
// CHECK:       llvm.getelementptr %arg0[24]
// CHECK:       return

__global__ void kernel(const int *a, const int *b, const int *c, int *d,
                       int *out) {
  auto sum = [&]() { return a[0] + b[0] + c[0] + d[0]; };
  out[threadIdx.x] = sum();
}
