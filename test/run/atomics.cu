// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// CUDA's atomic functions, from many threads on several CPU workers at once.

#include <cstdio>

__global__ void histogram(const int *data, int n, unsigned *bins, int numBins) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i] % numBins], 1u);
}

struct Results {
  int addInt, subInt, minInt, maxInt, exchInt, andInt, orInt, xorInt;
  unsigned minU, maxU, incWrap, decWrap;
  unsigned long long addULL;
  long long minLL, maxLL;
  float addF;
  double addD;
  int casCount;
  int maxViaCas;
};

__global__ void everyAtomic(Results *r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  atomicAdd(&r->addInt, i);
  __threadfence();
  atomicSub(&r->subInt, 2);
  __threadfence_block();
  atomicMin(&r->minInt, 500 - i);
  atomicMax_block(&r->maxInt, i - 7);
  atomicMin(&r->minU, (unsigned)(i + 10));
  atomicMax_system(&r->maxU, (unsigned)(3 * i));
  atomicExch(&r->exchInt, 42);
  atomicAnd(&r->andInt, ~(1 << (i % 31)));
  atomicOr(&r->orInt, 1 << (i % 20));
  atomicXor(&r->xorInt, i);
  atomicInc(&r->incWrap, 9u);   // counts 0..9 then wraps to 0
  atomicDec(&r->decWrap, 9u);   // counts down from 9 and wraps to 9
  atomicAdd(&r->addULL, 1ull << 33);
  atomicMin(&r->minLL, -(long long)i * 100000000000ll);
  atomicMax(&r->maxLL, (long long)i * 100000000000ll);
  atomicAdd(&r->addF, 0.5f);
  atomicAdd(&r->addD, 0.25);
  // A counter built from atomicCAS.
  int old = r->casCount, assumed;
  do {
    assumed = old;
    old = atomicCAS(&r->casCount, assumed, assumed + 1);
  } while (old != assumed);
  // A maximum built from atomicCAS.
  int seen = r->maxViaCas;
  while (seen < i) {
    int prev = atomicCAS(&r->maxViaCas, seen, i);
    if (prev == seen)
      break;
    seen = prev;
  }
}

int main() {
  const int n = 100003, numBins = 37;
  static int data[n];
  unsigned expectBins[numBins] = {};
  for (int i = 0; i < n; ++i) {
    data[i] = (i * 7919) % 1000;
    ++expectBins[data[i] % numBins];
  }
  int *ddata;
  unsigned *dbins;
  cudaMalloc(&ddata, sizeof data);
  cudaMalloc(&dbins, numBins * sizeof(unsigned));
  cudaMemcpy(ddata, data, sizeof data, cudaMemcpyHostToDevice);
  cudaMemset(dbins, 0, numBins * sizeof(unsigned));
  histogram<<<13, 128>>>(ddata, n, dbins, numBins);
  unsigned bins[numBins];
  cudaMemcpy(bins, dbins, sizeof bins, cudaMemcpyDeviceToHost);
  for (int b = 0; b < numBins; ++b)
    if (bins[b] != expectBins[b]) {
      printf("FAIL: bin %d = %u, expected %u\n", b, bins[b], expectBins[b]);
      return 1;
    }

  const int m = 1000;
  Results init = {};
  init.minInt = 1 << 30;
  init.maxInt = -(1 << 30);
  init.minU = ~0u;
  init.andInt = -1;
  init.decWrap = 0;
  Results *dr;
  cudaMalloc(&dr, sizeof(Results));
  cudaMemcpy(dr, &init, sizeof init, cudaMemcpyHostToDevice);
  everyAtomic<<<(m + 63) / 64, 64>>>(dr, m);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  Results r;
  cudaMemcpy(&r, dr, sizeof r, cudaMemcpyDeviceToHost);

  int expectXor = 0, expectOr = 0, expectAnd = -1;
  for (int i = 0; i < m; ++i) {
    expectXor ^= i;
    expectOr |= 1 << (i % 20);
    expectAnd &= ~(1 << (i % 31));
  }
  // atomicDec from 0 with limit 9: 0 -> 9 -> 8 ... -> 0 -> 9: after m steps.
  unsigned dec = 0, inc = 0;
  for (int i = 0; i < m; ++i) {
    dec = (dec == 0 || dec > 9) ? 9 : dec - 1;
    inc = inc >= 9 ? 0 : inc + 1;
  }
  bool ok = r.addInt == m * (m - 1) / 2 && r.subInt == -2 * m &&
            r.minInt == 500 - (m - 1) && r.maxInt == m - 1 - 7 &&
            r.minU == 10 && r.maxU == 3u * (m - 1) && r.exchInt == 42 &&
            r.andInt == expectAnd && r.orInt == expectOr &&
            r.xorInt == expectXor && r.incWrap == inc && r.decWrap == dec &&
            r.addULL == (unsigned long long)m << 33 &&
            r.minLL == -(long long)(m - 1) * 100000000000ll &&
            r.maxLL == (long long)(m - 1) * 100000000000ll &&
            r.addF == 0.5f * m && r.addD == 0.25 * m && r.casCount == m &&
            r.maxViaCas == m - 1;
  if (!ok) {
    printf("FAIL: add %d sub %d min %d max %d minU %u maxU %u exch %d and %d "
           "or %d xor %d inc %u dec %u addULL %llu minLL %lld maxLL %lld "
           "addF %f addD %f cas %d maxCas %d\n",
           r.addInt, r.subInt, r.minInt, r.maxInt, r.minU, r.maxU, r.exchInt,
           r.andInt, r.orInt, r.xorInt, r.incWrap, r.decWrap, r.addULL,
           r.minLL, r.maxLL, r.addF, r.addD, r.casCount, r.maxViaCas);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
