// A warp-synchronous inclusive scan in place, as written for GPUs that run
// a warp in lock step: `s[i] += s[i - 1]; s[i] += s[i - 2]; ...` with no
// barrier, a fence between the steps. Every lane loads its neighbour's
// element before any lane stores its own. Run thread after thread, lane t + 1 read
// what lane t had already stored in the same step; the lock-step pass now
// also separates such a store from the other lanes' loads (HeCBench fpdc
// computed its chunk sizes 46x too large).
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__global__ void scan(const int *in, int *out, int *totals) {
  __shared__ int buf[4 * 48];
  int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
  int i = warp * 48 + lane;
  buf[i] = 0; // 16 zeros before each warp's 32 elements
  __threadfence_block();
  i += 16;
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  buf[i] = v;
  __threadfence_block();
  buf[i] += buf[i - 1];
  __threadfence_block();
  buf[i] += buf[i - 2];
  __threadfence_block();
  buf[i] += buf[i - 4];
  __threadfence_block();
  buf[i] += buf[i - 8];
  __threadfence_block();
  buf[i] += buf[i - 16];
  __threadfence_block();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[i];
  int total = buf[warp * 48 + 47];
  buf[i] = -1; // overwritten after every lane read the total
  if (lane == 0)
    totals[blockIdx.x * 4 + warp] = total;
}

int main() {
  const int blocks = 3, n = blocks * 128;
  int in[n], out[n], totals[blocks * 4];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 7) % 11 - 3;
  int *din, *dout, *dtotals;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dtotals, sizeof totals);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  scan<<<blocks, 128>>>(din, dout, dtotals);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(totals, dtotals, sizeof totals, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int w = 0; w < n / 32; ++w) {
    int sum = 0;
    for (int l = 0; l < 32; ++l) {
      sum += in[w * 32 + l];
      if (out[w * 32 + l] != sum && bad++ < 5)
        printf("out[%d] = %d, want %d\n", w * 32 + l, out[w * 32 + l], sum);
    }
    if (totals[w] != sum && bad++ < 5)
      printf("total[%d] = %d, want %d\n", w, totals[w], sum);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
}
