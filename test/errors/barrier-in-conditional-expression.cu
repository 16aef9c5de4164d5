// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// A barrier reached through a conditional expression cannot be lowered: the
// expression's value would have to cross the barrier inside the expression.
// (The barrier orders the neighbour's write, so it is not removed first.)

__device__ int syncAndRead(int *a) {
  a[threadIdx.x] = 1;
  __syncthreads();
  return a[threadIdx.x + 1];
}

__global__ void k(int *a, int n) { a[0] = n > 0 ? syncAndRead(a) : 0; }

int main() { return 0; }

// CHECK: barrier-in-conditional-expression.cu:13:43: error: __syncthreads inside a conditional expression is not supported
