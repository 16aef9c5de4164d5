// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// Barrier lowering does not exist yet: a clear error at the barrier's line.

__global__ void k(float *a) {
  a[threadIdx.x] = 1.0f;
  __syncthreads();
  a[threadIdx.x] += a[0];
}

int main() { return 0; }

// CHECK: barrier-not-lowered.cu:7:3: error: __syncthreads() is not supported yet: barrier lowering is not implemented
// CHECK-NEXT: __syncthreads();
// CHECK-NEXT: ^
