// A call tree that multiplies, as a hash's rounds over a field's arithmetic
// do: inlining everything would copy the innermost function 16^3 times
// (HeCBench merkle's device link ran for more than ten minutes). Functions
// that need no launch now stay calls past a bound; their results, through
// values, per-thread arrays and pointers into __shared__ memory, must be
// the host's.
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdint>
#include <cstdio>

__host__ __device__ uint64_t mix(uint64_t x, uint64_t k) {
  x ^= x >> 31;
  x *= 0x7fb5d329728ea185ull + k;
  x ^= x >> 27;
  x *= 0x81dadef4bc2dd44dull;
  return x ^ (x >> 33);
}

#define CALLS4(s) s s s s
#define CALLS16(s) CALLS4(s) CALLS4(s) CALLS4(s) CALLS4(s)

__host__ __device__ void round1(uint64_t *state, uint64_t k) {
  int i = 0;
  CALLS16(state[i & 3] = mix(state[(i + 1) & 3], k + i); ++i;)
}

__host__ __device__ void round2(uint64_t *state, const uint64_t *keys) {
  int i = 0;
  CALLS16(round1(state, keys[i & 7]); ++i;)
}

__host__ __device__ uint64_t permute(uint64_t seed, const uint64_t *keys) {
  uint64_t state[4] = {seed, seed + 1, seed * 3, ~seed};
  int i = 0;
  CALLS16(round2(state, keys + (i & 1)); ++i;)
  return state[0] ^ state[1] ^ state[2] ^ state[3];
}

__global__ void hashAll(const uint64_t *seeds, const uint64_t *keys,
                        uint64_t *out) {
  __shared__ uint64_t sharedKeys[9];
  if (threadIdx.x < 9)
    sharedKeys[threadIdx.x] = keys[threadIdx.x];
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = permute(seeds[i], sharedKeys);
}

int main() {
  const int n = 256;
  uint64_t seeds[n], keys[9], out[n];
  for (int i = 0; i < n; ++i)
    seeds[i] = 0x9e3779b97f4a7c15ull * (i + 1);
  for (int i = 0; i < 9; ++i)
    keys[i] = 1000003ull * i + 17;
  uint64_t *dseeds, *dkeys, *dout;
  cudaMalloc(&dseeds, sizeof seeds);
  cudaMalloc(&dkeys, sizeof keys);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(dseeds, seeds, sizeof seeds, cudaMemcpyHostToDevice);
  cudaMemcpy(dkeys, keys, sizeof keys, cudaMemcpyHostToDevice);
  hashAll<<<n / 64, 64>>>(dseeds, dkeys, dout);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    uint64_t want = permute(seeds[i], keys);
    if (out[i] != want && bad++ < 3)
      printf("out[%d] = %llx, want %llx\n", i, (unsigned long long)out[i],
             (unsigned long long)want);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
}
