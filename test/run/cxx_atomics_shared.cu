// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Atomics on __shared__ memory combined with __syncthreads: per-block
// histograms with atomicAdd, atomicMin/atomicMax/atomicAnd/atomicOr/
// atomicXor on shared words, a shared ticket counter handing out unique
// slots (atomicAdd return values), atomicCAS-based float max, atomicExch,
// atomicInc wrap-around, and the per-block results merged into global
// memory with global atomics.

#include <cstdio>

#define BINS 16

__device__ float atomicMaxFloat(float *addr, float v) {
  int *ia = reinterpret_cast<int *>(addr);
  int old = *ia, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v)
      break;
    old = atomicCAS(ia, assumed, __float_as_int(v));
  } while (old != assumed);
  return __int_as_float(old);
}

__global__ void kernel(const int *data, int n, int *ghist, int *blockInfo, int *slots, float *gmax,
                       unsigned *gbits) {
  __shared__ int hist[BINS];
  __shared__ int smin, smax, ticket;
  __shared__ unsigned sand, sor, sxor, sinc;
  __shared__ float fmaxv;
  __shared__ int order[256];
  __shared__ int exch;
  int tid = threadIdx.x;
  if (tid < BINS)
    hist[tid] = 0;
  if (tid == 0) {
    smin = 0x7fffffff;
    smax = -0x7fffffff - 1;
    ticket = 0;
    sand = 0xffffffffu;
    sor = 0;
    sxor = 0;
    sinc = 0;
    fmaxv = -1e30f;
    exch = -1;
  }
  __syncthreads();
  int i = blockIdx.x * blockDim.x + tid;
  if (i < n) {
    int v = data[i];
    atomicAdd(&hist[(v & 0x7fffffff) % BINS], 1);
    atomicMin(&smin, v);
    atomicMax(&smax, v);
    atomicAnd(&sand, (unsigned)v | 0x80000000u);
    atomicOr(&sor, 1u << (v & 31));
    atomicXor(&sxor, (unsigned)v);
    atomicInc(&sinc, 9u);                  // wraps to 0 after 9
    atomicMaxFloat(&fmaxv, (float)v * 0.5f);
    int slot = atomicAdd(&ticket, 1);      // unique per participating thread
    order[slot] = tid;
    atomicExch(&exch, tid);
  }
  __syncthreads();
  // after the barrier every thread sees the complete shared results
  int count = ticket;
  if (tid < BINS)
    atomicAdd(&ghist[tid], hist[tid]);
  if (tid == 0) {
    int *b = blockInfo + blockIdx.x * 8;
    b[0] = smin;
    b[1] = smax;
    b[2] = (int)sand;
    b[3] = (int)sor;
    b[4] = (int)sxor;
    b[5] = (int)sinc;
    b[6] = count;
    b[7] = (exch >= 0 && exch < count) ? 1 : 0;
    atomicMaxFloat(gmax, fmaxv);
    atomicOr(gbits, sor);
  }
  // every slot was handed out exactly once: check by marking
  __shared__ int seen[256];
  seen[tid] = 0;
  __syncthreads();
  if (tid < count)
    atomicAdd(&seen[order[tid]], 1);
  __syncthreads();
  slots[blockIdx.x * blockDim.x + tid] = seen[tid];
}

int main() {
  const int n = 1000, bs = 256, nb = (n + bs - 1) / bs;
  static int data[n];
  unsigned s = 88172645u;
  for (int i = 0; i < n; ++i) {
    s ^= s << 13; s ^= s >> 17; s ^= s << 5;
    data[i] = (int)(s % 200001) - 100000;
  }
  int *dd, *dhist, *dinfo, *dslots;
  float *dmax;
  unsigned *dbits;
  cudaMalloc(&dd, sizeof data);
  cudaMalloc(&dhist, BINS * sizeof(int));
  cudaMalloc(&dinfo, nb * 8 * sizeof(int));
  cudaMalloc(&dslots, nb * bs * sizeof(int));
  cudaMalloc(&dmax, sizeof(float));
  cudaMalloc(&dbits, sizeof(unsigned));
  cudaMemcpy(dd, data, sizeof data, cudaMemcpyHostToDevice);
  cudaMemset(dhist, 0, BINS * sizeof(int));
  cudaMemset(dbits, 0, sizeof(unsigned));
  float init = -1e30f;
  cudaMemcpy(dmax, &init, sizeof init, cudaMemcpyHostToDevice);
  kernel<<<nb, bs>>>(dd, n, dhist, dinfo, dslots, dmax, dbits);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  int hist[BINS], info[nb * 8], slots[nb * bs];
  float gmax;
  unsigned gbits;
  cudaMemcpy(hist, dhist, sizeof hist, cudaMemcpyDeviceToHost);
  cudaMemcpy(info, dinfo, sizeof info, cudaMemcpyDeviceToHost);
  cudaMemcpy(slots, dslots, sizeof slots, cudaMemcpyDeviceToHost);
  cudaMemcpy(&gmax, dmax, sizeof gmax, cudaMemcpyDeviceToHost);
  cudaMemcpy(&gbits, dbits, sizeof gbits, cudaMemcpyDeviceToHost);
  int rhist[BINS] = {};
  float rmax = -1e30f;
  unsigned rbits = 0;
  for (int b = 0; b < nb; ++b) {
    int mn = 0x7fffffff, mx = -0x7fffffff - 1, cnt = 0;
    unsigned a = 0xffffffffu, o = 0, x = 0;
    for (int i = b * bs; i < (b + 1) * bs && i < n; ++i) {
      int v = data[i];
      rhist[(v & 0x7fffffff) % BINS]++;
      mn = v < mn ? v : mn;
      mx = v > mx ? v : mx;
      a &= (unsigned)v | 0x80000000u;
      o |= 1u << (v & 31);
      x ^= (unsigned)v;
      if ((float)v * 0.5f > rmax) rmax = (float)v * 0.5f;
      ++cnt;
    }
    rbits |= o;
    int ref[8] = {mn, mx, (int)a, (int)o, (int)x, cnt % 10, cnt, 1};
    for (int k = 0; k < 8; ++k)
      if (info[b * 8 + k] != ref[k]) {
        printf("FAIL: block %d field %d: got %d expected %d\n", b, k, info[b * 8 + k], ref[k]);
        return 1;
      }
    for (int t = 0; t < bs; ++t)
      if (slots[b * bs + t] != (b * bs + t < n ? 1 : 0)) {
        printf("FAIL: block %d thread %d got ticket count %d\n", b, t, slots[b * bs + t]);
        return 1;
      }
  }
  for (int k = 0; k < BINS; ++k)
    if (hist[k] != rhist[k]) {
      printf("FAIL: hist[%d] = %d expected %d\n", k, hist[k], rhist[k]);
      return 1;
    }
  if (gmax != rmax || gbits != rbits) {
    printf("FAIL: global max %g (expected %g) bits %08x (expected %08x)\n", gmax, rmax, gbits, rbits);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
