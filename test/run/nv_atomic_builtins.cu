// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// CUDA 12.8's built-in atomics with a memory order and a scope
// (__nv_atomic_fetch_add, __nv_atomic_compare_exchange_n, ...), as programs
// written for that version use them when CUDA_VERSION >= 12080: counters,
// a lock taken by compare-exchange, a flag published with a release store
// and read with acquire loads, and the forms that pass values by pointer.
// Each result is checked against what the operations must give in any
// order of the threads.

#include <cstdio>

enum { kBlocks = 6, kThreads = 96 };

struct Results {
  int count;
  unsigned bits;
  unsigned long long wide;
  float fsum;
  double dsum;
  int smallest;
  int largest;
  int lock;
  int inLock;       // incremented only while holding the lock
  int maxInLock;    // threads seen in the lock at once (must stay 1)
  int flag;
  int published;
  int readers;      // threads that saw the flag and the value published
  float swapped;
  int ticket;
  int exchanges;    // exchange_n calls that got a thread's number or -1
  unsigned long long down;
};

__global__ void atomics(Results *r) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  __nv_atomic_fetch_add(&r->count, 1, __NV_ATOMIC_RELAXED,
                        __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_or(&r->bits, 1u << (t % 32), __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_xor(&r->bits, 0u, __NV_ATOMIC_ACQ_REL);
  __nv_atomic_fetch_add(&r->wide, (unsigned long long)t, __NV_ATOMIC_SEQ_CST,
                        __NV_THREAD_SCOPE_SYSTEM);
  __nv_atomic_fetch_add(&r->fsum, 0.5f, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_add(&r->dsum, 0.25, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_min(&r->smallest, t - 7, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_max(&r->largest, 3 * t, __NV_ATOMIC_RELAXED,
                        __NV_THREAD_SCOPE_BLOCK);
  __nv_atomic_fetch_sub(&r->down, 2ull, __NV_ATOMIC_RELAXED);

  // A lock: one thread at a time between the exchange and the release.
  // Each thread takes it once, in a loop that only the thread holding it
  // leaves (so that no thread waits on another of its own warp's loop).
  bool done = false;
  while (!done) {
    int expected = 0;
    if (__nv_atomic_compare_exchange_n(&r->lock, &expected, 1, false,
                                       __NV_ATOMIC_ACQUIRE,
                                       __NV_ATOMIC_RELAXED)) {
      int inside = __nv_atomic_fetch_add(&r->inLock, 1, __NV_ATOMIC_RELAXED);
      __nv_atomic_fetch_max(&r->maxInLock, inside + 1, __NV_ATOMIC_RELAXED);
      __nv_atomic_fetch_sub(&r->inLock, 1, __NV_ATOMIC_RELAXED);
      __nv_atomic_store_n(&r->lock, 0, __NV_ATOMIC_RELEASE);
      done = true;
    } else if (expected != 1) {
      // A failed exchange gives back the value it saw, which is the lock's.
      __nv_atomic_fetch_add(&r->maxInLock, 1000, __NV_ATOMIC_RELAXED);
      done = true;
    }
  }

  // Publish: thread 0 of block 0 writes the value, then the flag.
  if (t == 0) {
    int value = 42;
    __nv_atomic_store(&r->published, &value, __NV_ATOMIC_RELAXED);
    __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST);
    __nv_atomic_store_n(&r->flag, 1, __NV_ATOMIC_RELEASE);
  }
  __syncthreads();
  if (blockIdx.x == 0) {
    int seen;
    __nv_atomic_load(&r->flag, &seen, __NV_ATOMIC_ACQUIRE);
    if (seen == 1 &&
        __nv_atomic_load_n(&r->published, __NV_ATOMIC_RELAXED) == 42)
      __nv_atomic_fetch_add(&r->readers, 1, __NV_ATOMIC_RELAXED);
  }

  // Exchanges: each thread puts its own number in and gets another
  // thread's (or the initial -1) back.
  float mine = (float)t, old;
  __nv_atomic_exchange(&r->swapped, &mine, &old, __NV_ATOMIC_ACQ_REL);
  int before = __nv_atomic_exchange_n(&r->ticket, t, __NV_ATOMIC_RELAXED);
  if (before >= -1 && before < kBlocks * kThreads)
    __nv_atomic_fetch_add(&r->exchanges, 1, __NV_ATOMIC_RELAXED);
}

int main() {
  Results *r;
  cudaMallocManaged(&r, sizeof *r);
  *r = Results{};
  r->smallest = 1 << 30;
  r->largest = -1;
  r->swapped = -1.0f;
  r->ticket = -1;
  r->down = 1000;
  atomics<<<kBlocks, kThreads>>>(r);
  cudaDeviceSynchronize();

  const int n = kBlocks * kThreads;
  unsigned long long wide = 0;
  for (int t = 0; t < n; ++t)
    wide += t;
  int failures = 0;
  auto check = [&](const char *what, long long got, long long want) {
    if (got != want) {
      printf("%s: %lld, expected %lld\n", what, got, want);
      ++failures;
    }
  };
  check("count", r->count, n);
  check("bits", r->bits, 0xffffffffu);
  check("wide", (long long)r->wide, (long long)wide);
  check("fsum * 2", (long long)(r->fsum * 2), n);
  check("dsum * 4", (long long)(r->dsum * 4), n);
  check("smallest", r->smallest, -7);
  check("largest", r->largest, 3 * (n - 1));
  check("lock", r->lock, 0);
  check("in lock", r->inLock, 0);
  check("most in lock at once", r->maxInLock, 1);
  check("readers", r->readers, kThreads);
  check("exchanges", r->exchanges, n);
  check("down", (long long)r->down, 1000 - 2LL * n);
  // The value left is some thread's, or -1.
  float left = r->swapped;
  check("left is a thread's value", left == (int)left && left >= -1 && left < n,
        1);
  cudaFree(r);
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
