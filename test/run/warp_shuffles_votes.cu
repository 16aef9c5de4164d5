// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Warp shuffles, votes and reductions, against a plain C++ model of the
// warp: lanes are the block's threads in x-major order, 32 at a time.

#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>

constexpr int kWarp = 32;

// Shuffles of every kind and width, in several types.
__global__ void shuffles(const int *in, int *idx, int *up, int *down, int *bfly,
                         int *idx16, int *up8, long long *wide, double *dbl) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[t];
  int lane = threadIdx.x % kWarp;
  idx[t] = __shfl_sync(0xffffffffu, v, 3);
  up[t] = __shfl_up_sync(0xffffffffu, v, 5);
  down[t] = __shfl_down_sync(0xffffffffu, v, 7);
  bfly[t] = __shfl_xor_sync(0xffffffffu, v, 9);
  idx16[t] = __shfl_sync(0xffffffffu, v, lane + 5, 16);
  up8[t] = __shfl_up_sync(0xffffffffu, v, 3, 8);
  long long w = (long long)v * 1000003LL * 1000003LL;
  wide[t] = __shfl_xor_sync(0xffffffffu, w, 1);
  double d = v * 0.25 + 1e-300;
  dbl[t] = __shfl_down_sync(0xffffffffu, d, 16);
}

// Halves move as their bits; a __half2 as two halves.
__global__ void halfShuffles(const int *in, float *halves, float *pairs) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  __half h = __int2half_rn(in[t]);
  halves[t] = __half2float(__shfl_xor_sync(0xffffffffu, h, 2));
  __half2 pair = __halves2half2(h, __int2half_rn(2 * in[t]));
  __half2 moved = __shfl_down_sync(0xffffffffu, pair, 1);
  pairs[t] = __low2float(moved) + 1000.0f * __high2float(moved);
}

// The usual warp reductions: a tree with __shfl_down_sync (the sum reaches
// lane 0), a butterfly with __shfl_xor_sync (every lane gets it), and an
// inclusive scan with __shfl_up_sync.
__global__ void reductions(const float *in, float *warpSums, float *allSums,
                           int *scans) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[t];
  for (int offset = kWarp / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if (threadIdx.x % kWarp == 0)
    warpSums[t / kWarp] = v;

  float b = in[t];
  for (int mask = 1; mask < kWarp; mask *= 2)
    b += __shfl_xor_sync(0xffffffffu, b, mask);
  allSums[t] = b;

  int s = (int)in[t];
  int lane = threadIdx.x % kWarp;
  for (int offset = 1; offset < kWarp; offset *= 2) {
    int other = __shfl_up_sync(0xffffffffu, s, offset);
    if (lane >= offset)
      s += other;
  }
  scans[t] = s;
}

// A block reduction: shared memory down to one warp, then shuffles in the
// first warp only.
__global__ void blockSum(const int *in, int n, int *out) {
  __shared__ int partial[kWarp];
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    sum += in[i];
  for (int offset = kWarp / 2; offset > 0; offset /= 2)
    sum += __shfl_down_sync(0xffffffffu, sum, offset);
  int warp = threadIdx.x / kWarp, lane = threadIdx.x % kWarp;
  if (lane == 0)
    partial[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    sum = lane < (int)(blockDim.x / kWarp) ? partial[lane] : 0;
    for (int offset = kWarp / 2; offset > 0; offset /= 2)
      sum += __shfl_down_sync(0xffffffffu, sum, offset);
    if (lane == 0)
      out[blockIdx.x] = sum;
  }
}

// Votes and reductions, with the full mask and with half of it.
__global__ void votes(const int *in, unsigned *ballot, int *any, int *all,
                      unsigned *lowBallot, int *lowAll, int *sums, int *mins,
                      unsigned *umaxs, unsigned *ors, unsigned *ands,
                      unsigned *xors) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[t];
  int lane = threadIdx.x % kWarp;
  ballot[t] = __ballot_sync(0xffffffffu, v & 1);
  any[t] = __any_sync(0xffffffffu, v > 90);
  all[t] = __all_sync(0xffffffffu, v > -50);
  if (lane < 16) {
    lowBallot[t] = __ballot_sync(0x0000ffffu, v > 0);
    lowAll[t] = __all_sync(0x0000ffffu, v > -40);
  }
  sums[t] = __reduce_add_sync(0xffffffffu, v);
  mins[t] = __reduce_min_sync(0xffffffffu, v);
  umaxs[t] = __reduce_max_sync(0xffffffffu, (unsigned)v);
  ors[t] = __reduce_or_sync(0xffffffffu, (unsigned)v);
  ands[t] = __reduce_and_sync(0xffffffffu, (unsigned)v | 0x100u);
  xors[t] = __reduce_xor_sync(0xffffffffu, (unsigned)v);
}

// Matches (lanes holding equal values), and the forms before CUDA 9.
__global__ void matches(const int *in, unsigned *any, unsigned *all,
                        int *allPred, unsigned *anyDouble, int *legacy) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[t] % 3;
  any[t] = __match_any_sync(0xffffffffu, v);
  anyDouble[t] = __match_any_sync(0xffffffffu, (double)(v == 1) * 0.5);
  int same = threadIdx.x / 32 == 1 ? 7 : v;
  all[t] = __match_all_sync(0xffffffffu, same, &allPred[t]);
  legacy[t] = __shfl_down(in[t], 1) + __shfl_xor(in[t], 4) * 1000 +
              (int)(__ballot(in[t] > 0) & 1) * 1000000 +
              __any(in[t] > 95) * 10000000 + __all(in[t] > -100) * 100000000;
}

// A 2D block: warps are taken from the linear thread index. A block of 48
// threads has a partial second warp, whose missing lanes do not vote.
__global__ void layout(int *linear, unsigned *ballot) {
  int id = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int t = blockIdx.x * blockDim.x * blockDim.y * blockDim.z + id;
  linear[t] = __shfl_xor_sync(0xffffffffu, id, 17);
  ballot[t] = __ballot_sync(0xffffffffu, 1);
}

static int failures = 0;

template <class T> static void expect(const char *what, int i, T got, T want) {
  if (got != want && failures++ < 10)
    printf("FAIL: %s[%d] = %lld, expected %lld\n", what, i, (long long)got,
           (long long)want);
}

template <class T> static T *device(int n) {
  T *p;
  cudaMalloc(&p, n * sizeof(T));
  cudaMemset(p, 0, n * sizeof(T));
  return p;
}

template <class T> static void fetch(T *host, const T *dev, int n) {
  cudaMemcpy(host, dev, n * sizeof(T), cudaMemcpyDeviceToHost);
}

int main() {
  const int blocks = 3, threads = 128, n = blocks * threads;
  static int in[n];
  static float fin[n];
  for (int i = 0; i < n; ++i) {
    in[i] = (i * 37 + 11) % 199 - 99;
    fin[i] = (float)((i * 53) % 17 - 8);
  }
  int *din = device<int>(n);
  float *dfin = device<float>(n);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  cudaMemcpy(dfin, fin, sizeof fin, cudaMemcpyHostToDevice);

  // Shuffles.
  {
    int *d[6];
    for (int k = 0; k < 6; ++k)
      d[k] = device<int>(n);
    long long *dw = device<long long>(n);
    double *dd = device<double>(n);
    shuffles<<<blocks, threads>>>(din, d[0], d[1], d[2], d[3], d[4], d[5], dw,
                                  dd);
    static int h[6][n];
    static long long w[n];
    static double dbl[n];
    for (int k = 0; k < 6; ++k)
      fetch(h[k], d[k], n);
    fetch(w, dw, n);
    fetch(dbl, dd, n);
    for (int i = 0; i < n; ++i) {
      int lane = i % kWarp, base = i - lane;
      expect("idx", i, h[0][i], in[base + 3]);
      expect("up", i, h[1][i], lane >= 5 ? in[i - 5] : in[i]);
      expect("down", i, h[2][i], lane + 7 < kWarp ? in[i + 7] : in[i]);
      expect("xor", i, h[3][i], in[base + (lane ^ 9)]);
      int group16 = lane & ~15;
      expect("idx16", i, h[4][i], in[base + group16 + ((lane + 5) & 15)]);
      expect("up8", i, h[5][i], (lane & 7) >= 3 ? in[i - 3] : in[i]);
      expect("wide", i, w[i],
             (long long)in[base + (lane ^ 1)] * 1000003LL * 1000003LL);
      double want = lane + 16 < kWarp ? in[i + 16] * 0.25 + 1e-300
                                      : in[i] * 0.25 + 1e-300;
      if (memcmp(&dbl[i], &want, sizeof want) != 0 && failures++ < 10)
        printf("FAIL: double[%d] = %g, expected %g\n", i, dbl[i], want);
    }
  }

  // Half-precision shuffles.
  {
    float *dh = device<float>(n), *dp = device<float>(n);
    halfShuffles<<<blocks, threads>>>(din, dh, dp);
    static float h[n], p[n];
    fetch(h, dh, n);
    fetch(p, dp, n);
    for (int i = 0; i < n; ++i) {
      int lane = i % kWarp, base = i - lane;
      int source = lane + 1 < kWarp ? i + 1 : i;
      expect("half xor", i, (int)h[i], in[base + (lane ^ 2)]);
      expect("half2 down", i, (int)p[i], in[source] + 2000 * in[source]);
    }
  }

  // Reductions built from shuffles.
  {
    float *dws = device<float>(n / kWarp), *das = device<float>(n);
    int *dsc = device<int>(n);
    reductions<<<blocks, threads>>>(dfin, dws, das, dsc);
    static float ws[n / kWarp], as[n];
    static int sc[n];
    fetch(ws, dws, n / kWarp);
    fetch(as, das, n);
    fetch(sc, dsc, n);
    for (int w = 0; w < n / kWarp; ++w) {
      float sum = 0;
      for (int l = 0; l < kWarp; ++l)
        sum += fin[w * kWarp + l];
      expect("warp sum", w, (int)ws[w], (int)sum);
      int prefix = 0;
      for (int l = 0; l < kWarp; ++l) {
        int i = w * kWarp + l;
        prefix += (int)fin[i];
        expect("butterfly sum", i, (int)as[i], (int)sum);
        expect("scan", i, sc[i], prefix);
      }
    }
  }

  // A block reduction over more elements than threads.
  {
    const int count = 100000, sumBlocks = 5, sumThreads = 256;
    static int data[count];
    long long total = 0;
    for (int i = 0; i < count; ++i)
      total += data[i] = (i * 7919) % 1001 - 500;
    int *ddata = device<int>(count), *dout = device<int>(sumBlocks);
    cudaMemcpy(ddata, data, sizeof data, cudaMemcpyHostToDevice);
    blockSum<<<sumBlocks, sumThreads>>>(ddata, count, dout);
    int out[sumBlocks];
    fetch(out, dout, sumBlocks);
    long long got = 0;
    for (int b = 0; b < sumBlocks; ++b)
      got += out[b];
    expect("block sums", 0, got, total);
  }

  // Votes and reductions.
  {
    unsigned *dballot = device<unsigned>(n), *dlow = device<unsigned>(n);
    int *dany = device<int>(n), *dall = device<int>(n),
        *dlowAll = device<int>(n), *dsum = device<int>(n),
        *dmin = device<int>(n);
    unsigned *dumax = device<unsigned>(n), *dor = device<unsigned>(n),
             *dand = device<unsigned>(n), *dxor = device<unsigned>(n);
    votes<<<blocks, threads>>>(din, dballot, dany, dall, dlow, dlowAll, dsum,
                               dmin, dumax, dor, dand, dxor);
    static unsigned ballot[n], low[n], umax[n], ors[n], ands[n], xors[n];
    static int any[n], all[n], lowAll[n], sum[n], mins[n];
    fetch(ballot, dballot, n);
    fetch(low, dlow, n);
    fetch(any, dany, n);
    fetch(all, dall, n);
    fetch(lowAll, dlowAll, n);
    fetch(sum, dsum, n);
    fetch(mins, dmin, n);
    fetch(umax, dumax, n);
    fetch(ors, dor, n);
    fetch(ands, dand, n);
    fetch(xors, dxor, n);
    for (int i = 0; i < n; ++i) {
      int lane = i % kWarp, base = i - lane;
      unsigned wantBallot = 0, wantLow = 0, wantMax = 0, wantOr = 0,
               wantAnd = ~0u, wantXor = 0;
      int wantAny = 0, wantAll = 1, wantLowAll = 1, wantSum = 0,
          wantMin = 1 << 30;
      for (int l = 0; l < kWarp; ++l) {
        int v = in[base + l];
        unsigned u = (unsigned)v;
        wantBallot |= (unsigned)(v & 1) << l;
        wantAny |= v > 90;
        wantAll &= v > -50;
        if (l < 16) {
          wantLow |= (unsigned)(v > 0) << l;
          wantLowAll &= v > -40;
        }
        wantSum += v;
        wantMin = v < wantMin ? v : wantMin;
        wantMax = u > wantMax ? u : wantMax;
        wantOr |= u;
        wantAnd &= u | 0x100u;
        wantXor ^= u;
      }
      expect("ballot", i, ballot[i], wantBallot);
      expect("any", i, any[i], wantAny);
      expect("all", i, all[i], wantAll);
      if (lane < 16) {
        expect("ballot of half", i, low[i], wantLow);
        expect("all of half", i, lowAll[i], wantLowAll);
      }
      expect("reduce add", i, sum[i], wantSum);
      expect("reduce min", i, mins[i], wantMin);
      expect("reduce max", i, umax[i], wantMax);
      expect("reduce or", i, ors[i], wantOr);
      expect("reduce and", i, ands[i], wantAnd);
      expect("reduce xor", i, xors[i], wantXor);
    }
  }

  // Matches and the forms before CUDA 9.
  {
    unsigned *dany = device<unsigned>(n), *dall = device<unsigned>(n),
             *danyDouble = device<unsigned>(n);
    int *dpred = device<int>(n), *dlegacy = device<int>(n);
    matches<<<blocks, threads>>>(din, dany, dall, dpred, danyDouble, dlegacy);
    static unsigned any[n], all[n], anyDouble[n];
    static int pred[n], legacy[n];
    fetch(any, dany, n);
    fetch(all, dall, n);
    fetch(anyDouble, danyDouble, n);
    fetch(pred, dpred, n);
    fetch(legacy, dlegacy, n);
    for (int i = 0; i < n; ++i) {
      int lane = i % kWarp, base = i - lane;
      unsigned wantAny = 0, wantAnyDouble = 0;
      for (int l = 0; l < kWarp; ++l) {
        wantAny |= (unsigned)(in[base + l] % 3 == in[i] % 3) << l;
        wantAnyDouble |= (unsigned)((in[base + l] % 3 == 1) == (in[i] % 3 == 1))
                         << l;
      }
      // The second warp of each block holds 7 everywhere; the others differ.
      bool uniform = (i % threads) / kWarp == 1;
      expect("match any", i, any[i], wantAny);
      expect("match any of doubles", i, anyDouble[i], wantAnyDouble);
      expect("match all", i, all[i], uniform ? 0xffffffffu : 0u);
      expect("match all predicate", i, pred[i], uniform ? 1 : 0);
      int down = lane + 1 < kWarp ? in[i + 1] : in[i];
      int ballot = 0, anyBig = 0, allAbove = 1;
      ballot = in[base] > 0;
      for (int l = 0; l < kWarp; ++l) {
        anyBig |= in[base + l] > 95;
        allAbove &= in[base + l] > -100;
      }
      expect("legacy", i, legacy[i],
             down + in[base + (lane ^ 4)] * 1000 + ballot * 1000000 +
                 anyBig * 10000000 + allAbove * 100000000);
    }
  }

  // Warps of a 3D block, and a block with a partial warp.
  {
    dim3 shape(8, 4, 2);
    const int per = 64, count = 2 * per;
    int *dlin = device<int>(count);
    unsigned *dballot = device<unsigned>(count);
    layout<<<2, shape>>>(dlin, dballot);
    int lin[count];
    unsigned ballot[count];
    fetch(lin, dlin, count);
    fetch(ballot, dballot, count);
    for (int i = 0; i < count; ++i) {
      expect("3D lanes", i, lin[i], (i % per) ^ 17);
      expect("3D ballot", i, ballot[i], ~0u);
    }
    const int partial = 48;
    layout<<<1, partial>>>(dlin, dballot);
    fetch(ballot, dballot, partial);
    for (int i = 0; i < partial; ++i)
      expect("partial ballot", i, ballot[i], i < kWarp ? ~0u : 0xffffu);
  }

  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(err));
    return 1;
  }
  if (failures) {
    printf("FAIL: %d mismatches\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
