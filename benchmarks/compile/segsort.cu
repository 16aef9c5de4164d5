// A block-level segmented sort: each block sorts a tile of (key, value)
// pairs in shared memory so that every segment of the tile (given by segment
// heads) ends up sorted by key, and segments stay where they are. Two
// algorithms, both templated on the key and value types, the block size and
// the items per thread: a bitonic network on (segment, key) pairs, and an
// odd-even transposition sort of each thread's registers merged across the
// block. Several instantiations, each checked against std::stable_sort.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

template <typename K> struct Less {
  __host__ __device__ bool operator()(const K &a, const K &b) const {
    return a < b;
  }
};

// Orders by segment first, then by key, then by original position: a total
// order, so the sort is stable within a segment.
template <typename K, typename Cmp>
__device__ inline bool before(int sa, const K &ka, int ia, int sb,
                              const K &kb, int ib, Cmp cmp) {
  if (sa != sb)
    return sa < sb;
  if (cmp(ka, kb))
    return true;
  if (cmp(kb, ka))
    return false;
  return ia < ib;
}

// Marks each tile element with its segment number: an inclusive scan of the
// head flags in shared memory (Hillis-Steele).
template <int kThreads, int kPer>
__device__ void segmentIds(const int *heads, int base, int n, int *seg) {
  const int kTile = kThreads * kPer;
#pragma unroll
  for (int k = 0; k < kPer; ++k) {
    int i = threadIdx.x + k * kThreads;
    seg[i] = (base + i < n) ? heads[base + i] : 1;
  }
  __syncthreads();
  for (int off = 1; off < kTile; off <<= 1) {
    int tmp[kPer];
#pragma unroll
    for (int k = 0; k < kPer; ++k) {
      int i = threadIdx.x + k * kThreads;
      tmp[k] = seg[i] + (i >= off ? seg[i - off] : 0);
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < kPer; ++k)
      seg[threadIdx.x + k * kThreads] = tmp[k];
    __syncthreads();
  }
}

template <typename K, typename V, int kThreads, int kPer, typename Cmp>
__global__ void bitonicSegSort(K *keys, V *vals, const int *heads, int n,
                               Cmp cmp) {
  const int kTile = kThreads * kPer;
  __shared__ K sk[kTile];
  __shared__ V sv[kTile];
  __shared__ int ss[kTile];
  __shared__ int si[kTile];
  int base = blockIdx.x * kTile;
  segmentIds<kThreads, kPer>(heads, base, n, ss);
#pragma unroll
  for (int k = 0; k < kPer; ++k) {
    int i = threadIdx.x + k * kThreads;
    if (base + i < n) {
      sk[i] = keys[base + i];
      sv[i] = vals[base + i];
    } else {
      // Past the end: a segment of its own after every real one.
      ss[i] = kTile + 1;
      sk[i] = K();
      sv[i] = V();
    }
    si[i] = i;
  }
  __syncthreads();
  for (int size = 2; size <= kTile; size <<= 1) {
    for (int stride = size >> 1; stride > 0; stride >>= 1) {
#pragma unroll
      for (int k = 0; k < kPer / 2; ++k) {
        int t = threadIdx.x + k * kThreads;
        int lo = 2 * t - (t & (stride - 1));
        int hi = lo + stride;
        bool up = (lo & size) == 0;
        bool swap = before(ss[hi], sk[hi], si[hi], ss[lo], sk[lo], si[lo],
                           cmp) == up;
        if (swap) {
          K tk = sk[lo];
          sk[lo] = sk[hi];
          sk[hi] = tk;
          V tv = sv[lo];
          sv[lo] = sv[hi];
          sv[hi] = tv;
          int ts = ss[lo];
          ss[lo] = ss[hi];
          ss[hi] = ts;
          int ti = si[lo];
          si[lo] = si[hi];
          si[hi] = ti;
        }
      }
      __syncthreads();
    }
  }
#pragma unroll
  for (int k = 0; k < kPer; ++k) {
    int i = threadIdx.x + k * kThreads;
    if (base + i < n) {
      keys[base + i] = sk[i];
      vals[base + i] = sv[i];
    }
  }
}

// Odd-even transposition over the whole tile, kTile rounds; each thread
// handles kPer / 2 compare-exchanges per round.
template <typename K, typename V, int kThreads, int kPer, typename Cmp>
__global__ void oddEvenSegSort(K *keys, V *vals, const int *heads, int n,
                               Cmp cmp) {
  const int kTile = kThreads * kPer;
  __shared__ K sk[kTile];
  __shared__ V sv[kTile];
  __shared__ int ss[kTile];
  int base = blockIdx.x * kTile;
  segmentIds<kThreads, kPer>(heads, base, n, ss);
#pragma unroll
  for (int k = 0; k < kPer; ++k) {
    int i = threadIdx.x + k * kThreads;
    if (base + i < n) {
      sk[i] = keys[base + i];
      sv[i] = vals[base + i];
    } else {
      ss[i] = kTile + 1;
      sk[i] = K();
      sv[i] = V();
    }
  }
  __syncthreads();
  for (int round = 0; round < kTile; ++round) {
#pragma unroll
    for (int k = 0; k < kPer / 2; ++k) {
      int lo = 2 * (threadIdx.x + k * kThreads) + (round & 1);
      int hi = lo + 1;
      // Only within a segment: a transposition sort is stable, so no index
      // is needed.
      if (hi < kTile && ss[lo] == ss[hi] && cmp(sk[hi], sk[lo])) {
        K tk = sk[lo];
        sk[lo] = sk[hi];
        sk[hi] = tk;
        V tv = sv[lo];
        sv[lo] = sv[hi];
        sv[hi] = tv;
      }
    }
    __syncthreads();
  }
#pragma unroll
  for (int k = 0; k < kPer; ++k) {
    int i = threadIdx.x + k * kThreads;
    if (base + i < n) {
      keys[base + i] = sk[i];
      vals[base + i] = sv[i];
    }
  }
}

template <typename K> static K makeKey(unsigned r) { return K(r % 1000); }
template <> float makeKey<float>(unsigned r) { return (r % 100000) * 0.01f; }

enum Algo { Bitonic, OddEven };

template <typename K, typename V, int kThreads, int kPer>
static bool check(Algo algo, int n, unsigned seed) {
  const int kTile = kThreads * kPer;
  std::vector<K> k(n);
  std::vector<V> v(n);
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) {
    seed = seed * 1664525u + 1013904223u;
    k[i] = makeKey<K>(seed >> 8);
    v[i] = V(i);
    // Segments of random length; every tile starts one.
    h[i] = (i % kTile == 0) || ((seed >> 3) % 37 == 0);
  }
  K *dk;
  V *dv;
  int *dh;
  cudaMalloc(&dk, n * sizeof(K));
  cudaMalloc(&dv, n * sizeof(V));
  cudaMalloc(&dh, n * sizeof(int));
  cudaMemcpy(dk, k.data(), n * sizeof(K), cudaMemcpyHostToDevice);
  cudaMemcpy(dv, v.data(), n * sizeof(V), cudaMemcpyHostToDevice);
  cudaMemcpy(dh, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  int blocks = (n + kTile - 1) / kTile;
  if (algo == Bitonic)
    bitonicSegSort<K, V, kThreads, kPer><<<blocks, kThreads>>>(dk, dv, dh, n,
                                                               Less<K>());
  else
    oddEvenSegSort<K, V, kThreads, kPer><<<blocks, kThreads>>>(dk, dv, dh, n,
                                                               Less<K>());
  std::vector<K> rk(n);
  std::vector<V> rv(n);
  cudaMemcpy(rk.data(), dk, n * sizeof(K), cudaMemcpyDeviceToHost);
  cudaMemcpy(rv.data(), dv, n * sizeof(V), cudaMemcpyDeviceToHost);
  cudaFree(dk);
  cudaFree(dv);
  cudaFree(dh);
  // The reference: a stable sort of each segment.
  std::vector<std::pair<K, V>> ref(n);
  for (int i = 0; i < n; ++i)
    ref[i] = {k[i], v[i]};
  for (int s = 0; s < n;) {
    int e = s + 1;
    while (e < n && !h[e])
      ++e;
    std::stable_sort(ref.begin() + s, ref.begin() + e,
                     [](const std::pair<K, V> &a, const std::pair<K, V> &b) {
                       return a.first < b.first;
                     });
    s = e;
  }
  for (int i = 0; i < n; ++i)
    if (rk[i] != ref[i].first || rv[i] != ref[i].second)
      return false;
  return true;
}

int main() {
  bool ok = true;
  ok &= check<int, int, 64, 2>(Bitonic, 1000, 1);
  ok &= check<int, int, 128, 4>(Bitonic, 5000, 2);
  ok &= check<float, int, 64, 4>(Bitonic, 3000, 3);
  ok &= check<unsigned, float, 32, 8>(Bitonic, 2000, 4);
  ok &= check<double, long long, 128, 2>(Bitonic, 4000, 5);
  ok &= check<int, int, 32, 2>(OddEven, 700, 6);
  ok &= check<float, double, 64, 4>(OddEven, 1500, 7);
  ok &= check<long long, int, 32, 4>(OddEven, 900, 8);
  printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
