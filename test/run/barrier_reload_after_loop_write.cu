// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O3 %s -o %t3 && %t3 | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Found by the differential tester: `v0 = (int)v1` after a barrier, then a
// loop with a barrier whose body, under a condition on v0, sets v1. Barrier
// lowering recomputed v0 from v1's per-thread slot in every iteration of
// the loop instead of keeping it, so the second iteration saw v0 computed
// from the value the first had written. A reload is only valid where no
// write can come between the first load and it.

#include <cstdio>

__global__ void kernel(const int *index, const float *values, int *out) {
  int t = threadIdx.y;
  float v1 = 0.0f * values[0];
  __syncthreads();
  int v0 = (int)v1;
  int step = 0;
  while (step < 3) {
    if (-(float)v0 < values[t]) {
      out[t + step * 40] = step + 1;
      v1 = values[index[0] & 255];
    }
    __syncthreads();
    ++step;
  }
}

int main() {
  int *index, *out;
  float *values;
  cudaMallocManaged(&index, 256 * sizeof(int));
  cudaMallocManaged(&values, 256 * sizeof(float));
  cudaMallocManaged(&out, 120 * sizeof(int));
  for (int i = 0; i < 256; ++i) {
    index[i] = 200 + i;
    values[i] = (float)((i * 37) % 41 - 12);
  }
  values[200] = -30.0f; // What v1 becomes: v0 would turn -30.
  for (int i = 0; i < 120; ++i)
    out[i] = 0;
  kernel<<<1, dim3(1, 40)>>>(index, values, out);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int t = 0; t < 40; ++t)
    for (int step = 0; step < 3; ++step) {
      int want = 0.0f < values[t] ? step + 1 : 0;
      if (out[t + step * 40] != want && bad++ < 5)
        printf("thread %d step %d: %d, want %d\n", t, step,
               out[t + step * 40], want);
    }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
