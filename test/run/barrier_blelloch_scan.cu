// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// Work-efficient (Blelloch) exclusive scan: each block scans its own segment
// of 2*blockDim elements in shared memory with an up-sweep and a down-sweep,
// each a loop with a barrier per level. The segment total is also written out.

#include <cstdio>

#define THREADS 128
#define SEG (2 * THREADS)

__global__ void segmentScan(const unsigned *in, unsigned *out, unsigned *totals,
                            int n) {
  __shared__ unsigned s[SEG];
  int t = threadIdx.x;
  int base = blockIdx.x * SEG;
  s[2 * t] = base + 2 * t < n ? in[base + 2 * t] : 0u;
  s[2 * t + 1] = base + 2 * t + 1 < n ? in[base + 2 * t + 1] : 0u;
  int offset = 1;
  for (int d = SEG >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      int a = offset * (2 * t + 1) - 1;
      int b = offset * (2 * t + 2) - 1;
      s[b] += s[a];
    }
    offset *= 2;
  }
  if (t == 0) {
    totals[blockIdx.x] = s[SEG - 1];
    s[SEG - 1] = 0;
  }
  for (int d = 1; d < SEG; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      int a = offset * (2 * t + 1) - 1;
      int b = offset * (2 * t + 2) - 1;
      unsigned tmp = s[a];
      s[a] = s[b];
      s[b] += tmp;
    }
  }
  __syncthreads();
  if (base + 2 * t < n)
    out[base + 2 * t] = s[2 * t];
  if (base + 2 * t + 1 < n)
    out[base + 2 * t + 1] = s[2 * t + 1];
}

int main() {
  const int n = 1900; // 7 full segments and one partial one
  const int blocks = (n + SEG - 1) / SEG;
  unsigned h[n], r[n], tot[blocks];
  for (int i = 0; i < n; ++i)
    h[i] = (i * 7919u) % 1000u;
  unsigned *din, *dout, *dtot;
  cudaMalloc(&din, sizeof h);
  cudaMalloc(&dout, sizeof r);
  cudaMalloc(&dtot, sizeof tot);
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  segmentScan<<<blocks, THREADS>>>(din, dout, dtot, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  cudaMemcpy(tot, dtot, sizeof tot, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    unsigned run = 0;
    for (int j = b * SEG; j < (b + 1) * SEG && j < n; ++j) {
      if (r[j] != run) {
        printf("FAIL: out[%d] = %u expected %u\n", j, r[j], run);
        return 1;
      }
      run += h[j];
    }
    if (tot[b] != run) {
      printf("FAIL: total[%d] = %u expected %u\n", b, tot[b], run);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
