// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// C++ errors are clang's own diagnostics, reported once.

__global__ void k(int *a) { a[0] = 1 }

int main() { return 0; }

// CHECK: syntax-error.cu:5:37: error: expected ';' after expression
// CHECK: 1 error generated
// CHECK-NOT: error:
