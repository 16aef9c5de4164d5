//===- ConcurrencyTest.cpp - The API used from several host threads -------===//

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace {

std::atomic<int> launches{0};
char stubConcurrent;

void countingEntry(uint32_t gx, uint32_t, uint32_t, uint32_t, uint32_t,
                   uint32_t, uint64_t, void **args) {
  launches.fetch_add(static_cast<int>(gx) * *static_cast<int *>(args[0]));
}

TEST(Concurrency, EveryCallFromManyHostThreads) {
  registerFakeKernel(&stubConcurrent, "_Z10concurrenti", countingEntry);
  launches = 0;
  const int threads = 8, iterations = 150, n = 257;
  std::atomic<int> failures{0};
  auto work = [&](int id) {
    cudaStream_t s;
    if (cudaStreamCreate(&s) != cudaSuccess) {
      ++failures;
      return;
    }
    std::vector<int> host(n), back(n), registered(64);
    for (int it = 0; it < iterations; ++it) {
      for (int i = 0; i < n; ++i)
        host[i] = id * 100000 + it * 1000 + i;
      int *d = nullptr;
      if (cudaMalloc(&d, n * sizeof(int)) != cudaSuccess) {
        ++failures;
        continue;
      }
      bool ok =
          cudaMemcpy(d, host.data(), n * sizeof(int),
                     cudaMemcpyHostToDevice) == cudaSuccess &&
          cudaMemsetAsync(d + 1, 0, 2 * sizeof(int), s) == cudaSuccess &&
          cudaStreamSynchronize(s) == cudaSuccess &&
          cudaMemcpy(back.data(), d, n * sizeof(int),
                     cudaMemcpyDeviceToHost) == cudaSuccess;
      for (int i = 0; ok && i < n; ++i)
        ok = back[i] == ((i == 1 || i == 2) ? 0 : host[i]);
      // Each thread sees only its own last error.
      ok = ok && cudaMemcpy(d, host.data(), (n + 1) * sizeof(int),
                            cudaMemcpyHostToDevice) == cudaErrorInvalidValue;
      ok = ok && cudaSetDevice(1 + id) == cudaErrorInvalidDevice &&
           cudaGetLastError() == cudaErrorInvalidDevice &&
           cudaGetLastError() == cudaSuccess;
      ok = ok && cudaHostRegister(registered.data(), 64 * sizeof(int), 0) ==
                     cudaSuccess &&
           cudaHostUnregister(registered.data()) == cudaSuccess;
      int one = 1;
      void *args[] = {&one};
      ok = ok && cudaLaunchKernel(&stubConcurrent, dim3(2), dim3(32), args, 0,
                                  s) == cudaSuccess;
      ok = ok && cudaFree(d) == cudaSuccess;
      if (!ok)
        ++failures;
    }
    if (cudaStreamDestroy(s) != cudaSuccess)
      ++failures;
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back(work, t);
  for (std::thread &t : pool)
    t.join();
  EXPECT_EQ(failures.load(), 0);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(launches.load(), threads * iterations * 2);
}

} // namespace
