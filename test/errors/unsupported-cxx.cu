// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// C++ constructs the frontend does not translate yet: each is an error at its
// own location, none is a crash or silently wrong code.

__device__ int twice(int x) { return 2 * x; }
__device__ int sum(int n, ...) { return n; }

__global__ void k(int *a, int n) {
  int (*fn)(int) = twice;
  a[2] = fn(n);
  // CHECK-DAG: unsupported-cxx.cu:[[@LINE-2]]:20: error: the cast 'FunctionToPointerDecay' is not supported in device code yet
  // CHECK-DAG: unsupported-cxx.cu:[[@LINE-2]]:10: error: an indirect call is not supported in device code yet
  a[3] = sum(2, 3, 4);
  // CHECK-DAG: unsupported-cxx.cu:[[@LINE-1]]:10: error: a call to a variadic function is not supported in device code yet
}

int main() { return 0; }
