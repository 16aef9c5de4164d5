// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// A builtin the frontend does not translate is an error at the call.

__global__ void k(int *a) { a[0] = __builtin_clrsb(a[1]); }

int main() { return 0; }

// CHECK: unsupported-builtin.cu:5:36: error: the builtin '__builtin_clrsb' is not supported in device code yet
// CHECK-NOT: PLEASE submit a bug report
