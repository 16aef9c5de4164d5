// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// Hillis-Steele inclusive scan with two shared buffers swapped every step
// (the buffer index is a loop-carried value), float and int instantiations.

#include <cstdio>

template <typename T>
__global__ void inclusiveScan(const T *in, T *out, int n) {
  __shared__ T buf[2][256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  int cur = 0;
  buf[cur][t] = i < n ? in[i] : T(0);
  __syncthreads();
  for (int off = 1; off < blockDim.x; off <<= 1) {
    int nxt = 1 - cur;
    T v = buf[cur][t];
    if (t >= off)
      v += buf[cur][t - off];
    buf[nxt][t] = v;
    cur = nxt;
    __syncthreads();
  }
  if (i < n)
    out[i] = buf[cur][t];
}

int main() {
  const int n = 3001, bs = 256, blocks = (n + bs - 1) / bs;
  int hi[n], ri[n];
  float hf[n], rf[n];
  for (int i = 0; i < n; ++i) {
    hi[i] = (i % 13) - 6;
    hf[i] = (float)(i % 5) * 0.25f;
  }
  int *di, *dio;
  float *df, *dfo;
  cudaMalloc(&di, sizeof hi);
  cudaMalloc(&dio, sizeof ri);
  cudaMalloc(&df, sizeof hf);
  cudaMalloc(&dfo, sizeof rf);
  cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
  cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
  inclusiveScan<int><<<blocks, bs>>>(di, dio, n);
  // A smaller block: only 100 of the 256 slots are used.
  inclusiveScan<float><<<(n + 99) / 100, 100>>>(df, dfo, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(ri, dio, sizeof ri, cudaMemcpyDeviceToHost);
  cudaMemcpy(rf, dfo, sizeof rf, cudaMemcpyDeviceToHost);
  int si = 0;
  for (int i = 0; i < n; ++i) {
    si = (i % bs == 0) ? hi[i] : si + hi[i];
    if (ri[i] != si) {
      printf("FAIL: int[%d] = %d expected %d\n", i, ri[i], si);
      return 1;
    }
  }
  float sf = 0;
  for (int i = 0; i < n; ++i) {
    sf = (i % 100 == 0) ? hf[i] : sf + hf[i];
    // Multiples of 0.25 with small sums: exact in any order.
    if (rf[i] != sf) {
      printf("FAIL: float[%d] = %f expected %f\n", i, rf[i], sf);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
