// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 %s -o %t2 && %t2 | FileCheck %s
// RUN: %cucpu -O3 %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// In-place permutations of __shared__ arrays by the lanes of one warp, in
// one statement each (texture compressors sort a block's colors this way:
// `colors[rank[t]] = colors[t]`). A warp reads every element before any
// lane writes; the CPU must give the same result, not what a thread loop
// that runs lane 0's write before lane 1's read would. Scalars, structs,
// and a reversal by arithmetic, against the permutation done on the host.

#include <cstdio>

enum { kLanes = 16, kBlocks = 3 };

struct Color {
  float r, g, b;
};

__global__ void permute(const int *rank, float *values, Color *colors,
                        int *reversed) {
  __shared__ float sv[kLanes];
  __shared__ Color sc[kLanes];
  __shared__ int sr[2][kLanes];
  int t = threadIdx.x;
  int b = blockIdx.x;
  if (t < kLanes) {
    sv[t] = b * 100.0f + t;
    sc[t] = Color{(float)t, b + 0.5f, -(float)t};
    sr[1][t] = b * 1000 + t;
  }
  __syncthreads();
  if (t < kLanes) {
    int to = rank[b * kLanes + t];
    sv[to] = sv[t];
    sc[to] = sc[t];
    sr[1][kLanes - 1 - t] = sr[1][t] * 2;
  }
  __syncthreads();
  if (t < kLanes) {
    values[b * kLanes + t] = sv[t];
    colors[b * kLanes + t] = sc[t];
    reversed[b * kLanes + t] = sr[1][t];
  }
}

int main() {
  int *rank, *reversed;
  float *values;
  Color *colors;
  const int n = kBlocks * kLanes;
  cudaMallocManaged(&rank, n * sizeof(int));
  cudaMallocManaged(&values, n * sizeof(float));
  cudaMallocManaged(&colors, n * sizeof(Color));
  cudaMallocManaged(&reversed, n * sizeof(int));
  // A different permutation per block (a rotation by 7, by 5, and a swap
  // of neighbours): every lane writes an element another lane reads.
  for (int b = 0; b < kBlocks; ++b)
    for (int t = 0; t < kLanes; ++t)
      rank[b * kLanes + t] = b == 0   ? (t + 7) % kLanes
                             : b == 1 ? (t * 5 + 3) % kLanes
                                      : t ^ 1;
  permute<<<kBlocks, 32>>>(rank, values, colors, reversed);
  cudaDeviceSynchronize();

  int failures = 0;
  for (int b = 0; b < kBlocks; ++b)
    for (int t = 0; t < kLanes; ++t) {
      int i = b * kLanes + t;
      int to = rank[i];
      float wantValue = b * 100.0f + t;
      Color got = colors[b * kLanes + to];
      bool ok = values[b * kLanes + to] == wantValue && got.r == (float)t &&
                got.g == b + 0.5f && got.b == -(float)t &&
                reversed[b * kLanes + kLanes - 1 - t] == (b * 1000 + t) * 2;
      if (!ok && failures++ < 5)
        printf("block %d lane %d: value %g color %g %g %g reversed %d\n", b,
               t, values[b * kLanes + to], got.r, got.g, got.b,
               reversed[b * kLanes + kLanes - 1 - t]);
    }
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
