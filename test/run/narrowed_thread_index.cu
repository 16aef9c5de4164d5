// Thread indices narrowed inside the thread loop (`t % 16`, `t & 31`,
// `(unsigned char)t`) next to 32-bit indices of the same loop. LLVM 22's
// vectorizer dropped the check that such an index does not wrap and loaded
// table[1..16] as one vector for `table[t % 16]` over 96 threads (found by
// differential fuzzing, seed 770021, under -fno-cucpu-widen-index-casts).
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-widen-index-casts %s -o %t2 && %t2 | FileCheck %s
// RUN: %cucpu -O3 -fno-cucpu-widen-index-casts %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS
#include <cstdio>

__constant__ double table[16];

// The seed's shape: a 32-bit index (gid + 1) and a table read at t % 16,
// stored per thread across a barrier, then a guarded store.
__global__ void modTable(const int *in, const double *limit, unsigned *out) {
  const int gid = blockIdx.x * 96 + threadIdx.x;
  unsigned d = (unsigned)in[gid + 1];
  unsigned zeroOrOne = d != 0u ? 0u / d : 1u;
  double v = table[threadIdx.x % 16u];
  __syncthreads_or(gid);
  if (v > limit[(unsigned)gid * 2u % 256u])
    out[gid] = ~(0u - (351939654u & zeroOrOne));
}

// A lane id into a 32-entry table and a byte-sized index into a 256-entry
// one, over blocks of 128 threads (both wrap inside the thread loop).
__global__ void laneAndByte(const int *laneTable, const int *byteTable,
                            const int *in, int *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x & 31u;
  unsigned char byte = (unsigned char)(threadIdx.x * 3u);
  out[gid] = laneTable[lane] * 1000 + byteTable[byte] + in[gid + 1];
}

int main() {
  const int blocks = 3;
  int hostIn[blocks * 128 + 1];
  double hostLimit[256], hostTable[16];
  for (int i = 0; i <= blocks * 128; ++i)
    hostIn[i] = (i % 3) - 1;
  for (int i = 0; i < 256; ++i)
    hostLimit[i] = (i % 7) - 3;
  for (int i = 0; i < 16; ++i)
    hostTable[i] = (i % 5) - 2;
  int hostLane[32], hostByte[256];
  for (int i = 0; i < 32; ++i)
    hostLane[i] = 7 * i + 1;
  for (int i = 0; i < 256; ++i)
    hostByte[i] = 11 * i % 97;

  unsigned expectModTable[blocks * 96];
  for (int gid = 0; gid < blocks * 96; ++gid) {
    unsigned t = gid % 96;
    unsigned d = (unsigned)hostIn[gid + 1];
    unsigned zeroOrOne = d != 0u ? 0u / d : 1u;
    expectModTable[gid] =
        hostTable[t % 16u] > hostLimit[(unsigned)gid * 2u % 256u]
            ? ~(0u - (351939654u & zeroOrOne))
            : 0u;
  }
  int expectLane[blocks * 128];
  for (int gid = 0; gid < blocks * 128; ++gid) {
    unsigned t = gid % 128;
    expectLane[gid] = hostLane[t & 31u] * 1000 +
                      hostByte[(unsigned char)(t * 3u)] + hostIn[gid + 1];
  }

  cudaMemcpyToSymbol(table, hostTable, sizeof hostTable);
  int *in, *lane, *byte, *laneOut;
  double *limit;
  unsigned *out;
  cudaMalloc(&in, sizeof hostIn);
  cudaMalloc(&limit, sizeof hostLimit);
  cudaMalloc(&out, sizeof expectModTable);
  cudaMalloc(&lane, sizeof hostLane);
  cudaMalloc(&byte, sizeof hostByte);
  cudaMalloc(&laneOut, sizeof expectLane);
  cudaMemcpy(in, hostIn, sizeof hostIn, cudaMemcpyHostToDevice);
  cudaMemcpy(limit, hostLimit, sizeof hostLimit, cudaMemcpyHostToDevice);
  cudaMemcpy(lane, hostLane, sizeof hostLane, cudaMemcpyHostToDevice);
  cudaMemcpy(byte, hostByte, sizeof hostByte, cudaMemcpyHostToDevice);
  cudaMemset(out, 0, sizeof expectModTable);

  modTable<<<blocks, 96>>>(in, limit, out);
  laneAndByte<<<blocks, 128>>>(lane, byte, in, laneOut);

  unsigned gotModTable[blocks * 96];
  int gotLane[blocks * 128];
  cudaMemcpy(gotModTable, out, sizeof gotModTable, cudaMemcpyDeviceToHost);
  cudaMemcpy(gotLane, laneOut, sizeof gotLane, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < blocks * 96; ++i)
    if (gotModTable[i] != expectModTable[i] && bad++ < 4)
      printf("modTable[%d] = %u, expected %u\n", i, gotModTable[i],
             expectModTable[i]);
  for (int i = 0; i < blocks * 128; ++i)
    if (gotLane[i] != expectLane[i] && bad++ < 8)
      printf("laneAndByte[%d] = %d, expected %d\n", i, gotLane[i],
             expectLane[i]);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
