// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// Every unsupported construct is reported, each at its own line.

__global__ void k(int *a, int n) {
  switch (n) {
  case 0 ... 3:
    a[0] = 1;
  }
  // CHECK-DAG: unsupported-statements.cu:[[@LINE-3]]:3: error: a case range is not supported in device code yet
again:
  // CHECK-DAG: unsupported-statements.cu:[[@LINE-1]]:1: error: goto is not supported in device code yet
  if (n-- > 0)
    goto again;
  a[1] = __builtin_clrsb(n);
  // CHECK-DAG: unsupported-statements.cu:[[@LINE-1]]:10: error: the builtin '__builtin_clrsb' is not supported in device code yet
}
// CHECK: 3 errors generated

int main() { return 0; }
