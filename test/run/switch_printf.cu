// RUN: %cucpu -O2 %s -o %t && %t > %t.out && FileCheck %s < %t.out
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 %s -o %t && env CUCPU_NUM_THREADS=2 %t | FileCheck %s --check-prefix=LINES

// switch with fall-through, default, break and continue inside loops, and
// device-side printf whose lines never interleave.

#include <cstdio>

__host__ __device__ int classify(int v) {
  int r = 0;
  switch (v % 7) {
  case 0:
    r += 100;
    // fall through
  case 1:
  case 2:
    r += 10;
    break;
  case 3: {
    int t = v * 2;
    r = t;
    break;
  }
  default:
    r = -1;
  case 6:
    r += 5;
  }
  return r;
}

__host__ __device__ int loopWithSwitch(int n) {
  int acc = 0;
  for (int i = 0; i < n; ++i) {
    switch (i & 3) {
    case 0:
      continue;          // the loop's continue
    case 1:
      acc += i;
      break;             // the switch's break
    case 2:
      if (i > 40)
        return acc + 1000;   // leaves the function
      acc -= 1;
      break;
    default:
      acc *= 2;
      acc %= 100003;
    }
    acc += 1;
  }
  return acc;
}

__global__ void kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[2 * i] = classify(i - 50);
  out[2 * i + 1] = loopWithSwitch(i);
  if (i % 50 == 7)
    printf("thread %d of block %d: value %d, %s %.2f\n", (int)threadIdx.x,
           (int)blockIdx.x, out[2 * i], "ratio", i / 4.0f);
}

int main() {
  const int n = 300;
  int *dout;
  cudaMalloc(&dout, 2 * n * sizeof(int));
  kernel<<<(n + 63) / 64, 64>>>(dout, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  fflush(stdout);
  static int out[2 * n];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (out[2 * i] != classify(i - 50) || out[2 * i + 1] != loopWithSwitch(i)) {
      printf("FAIL: %d: %d %d, expected %d %d\n", i, out[2 * i],
             out[2 * i + 1], classify(i - 50), loopWithSwitch(i));
      return 1;
    }
  printf("PASS\n");
  return 0;
}

// CHECK-DAG: thread 7 of block 0: value 4, ratio 1.75
// CHECK-DAG: thread 57 of block 0: value 110, ratio 14.25
// CHECK-DAG: thread 43 of block 1: value 10, ratio 26.75
// CHECK-DAG: thread 29 of block 2: value 10, ratio 39.25
// CHECK-DAG: thread 15 of block 3: value 314, ratio 51.75
// CHECK-DAG: thread 1 of block 4: value 4, ratio 64.25
// CHECK: PASS
// LINES-COUNT-6: {{^thread [0-9]+ of block [0-9]+: value -?[0-9]+, ratio [0-9.]+$}}
// LINES-NEXT: PASS
