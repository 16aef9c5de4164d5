// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// A recursive device function cannot be inlined into the launch, so it cannot
// read threadIdx.

__device__ int depth(int n) { return n == 0 ? (int)threadIdx.x : depth(n - 1); }

__global__ void k(int *a) { a[0] = depth(a[1]); }

int main() { return 0; }

// CHECK: recursion-with-thread-index.cu:6:52: error: threadIdx used in a device function that could not be inlined into its kernel (is it recursive?)
