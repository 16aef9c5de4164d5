// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// Every unsupported construct is reported, each at its own line.

__global__ void k(int *a, int n) {
  switch (n) {
  case 0:
    a[0] = 1;
  }
  // CHECK-DAG: unsupported-statements.cu:[[@LINE-4]]:3: error: a switch statement is not supported in device code yet
again:
  // CHECK-DAG: unsupported-statements.cu:[[@LINE-1]]:1: error: goto is not supported in device code yet
  if (n-- > 0)
    goto again;
  __shared__ int tile[32];
  // CHECK-DAG: unsupported-statements.cu:[[@LINE-1]]:18: error: a __shared__ variable is not supported in device code yet
  tile[0] = 0;
}
// The uses of the variable add no further errors.
// CHECK: 3 errors generated

int main() { return 0; }
