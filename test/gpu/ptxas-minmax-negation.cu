// RUN: %cucpu --cuda-gpu-arch=sm_90 -O2 -S %s -o - | FileCheck %s

// ptxas (CUDA 13.0) fuses max(max(a, -x), x) into one three-input max that
// drops the negation (on an H100 this kernel stored max(m, i, 5) = 5 for
// i = -100, not 100). The GPU target folds the pair into abs first, for
// max and min, whichever operand order the chain has.

// CHECK-LABEL: .entry _Z9largestOfPKiPii(
// CHECK: abs.s32 [[ABS:%r[0-9]+]], [[I:%r[0-9]+]];
// CHECK-NOT: neg.s32
// CHECK: max.s32 {{.*}}[[ABS]]
// CHECK: ret;
__global__ void largestOf(const int *in, int *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int i = in[t];
  int m = i;
  if (5 > m)
    m = 5;
  if (-i > m)
    m = -i;
  if (i % 13 * 20 > m)
    m = i % 13 * 20;
  out[t] = m;
}

// CHECK-LABEL: .entry _Z8smallestPKiPii(
// CHECK: abs.s32 [[ABS2:%r[0-9]+]], {{%r[0-9]+}};
// CHECK: neg.s32 [[NEGABS:%r[0-9]+]], [[ABS2]];
// CHECK: min.s32 {{.*}}[[NEGABS]]
// CHECK: ret;
__global__ void smallest(const int *in, int *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int i = in[t];
  out[t] = min(min(i * 7 + 3, -i), i);
}
