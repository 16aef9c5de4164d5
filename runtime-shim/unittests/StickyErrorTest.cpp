//===- StickyErrorTest.cpp - The error a device assert leaves -------------===//
//
// A sticky error lasts until cudaDeviceReset, so each test provokes it in a
// child process (a gtest death test) and reports by its exit code.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <thread>

namespace {

char stubAsserting, stubCounting;
int countingRuns = 0;

void assertingEntry(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t,
                    uint32_t, uint64_t, void **) {
  const unsigned ids[6] = {1, 0, 0, 5, 0, 0};
  __cucpu_device_assert_fail("x > 0", "kernel.cu", 12, "void k(int)", ids);
}

void countingEntry(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t,
                   uint32_t, uint64_t, void **) {
  ++countingRuns;
}

int failures = 0;

void check(const char *what, cudaError_t got, cudaError_t expected) {
  if (got == expected)
    return;
  std::fprintf(stderr, "MISMATCH %s: %s\n", what, cudaGetErrorName(got));
  ++failures;
}

/// Fails a device assert in a launch, then checks what every kind of call
/// returns. Exits 0 when all is as CUDA does it.
void stickyScenario() {
  registerFakeKernel(&stubAsserting, "_Z9assertingv", assertingEntry, {});
  registerFakeKernel(&stubCounting, "_Z8countingv", countingEntry, {});
  void *d = nullptr;
  if (cudaMalloc(&d, 64) != cudaSuccess)
    std::_Exit(2);
  cudaStream_t s;
  if (cudaStreamCreate(&s) != cudaSuccess)
    std::_Exit(2);
  check("launch itself", cudaLaunchKernel(&stubAsserting, dim3(1), dim3(1),
                                          nullptr, 0, nullptr),
        cudaSuccess);
  check("sync", cudaDeviceSynchronize(), cudaErrorAssert);
  check("get last error", cudaGetLastError(), cudaErrorAssert);
  check("not cleared", cudaGetLastError(), cudaErrorAssert);
  check("peek", cudaPeekAtLastError(), cudaErrorAssert);
  check("next launch", cudaLaunchKernel(&stubCounting, dim3(1), dim3(1),
                                        nullptr, 0, nullptr),
        cudaErrorAssert);
  if (countingRuns != 0)
    ++failures;
  void *p = nullptr;
  char host[64];
  check("malloc", cudaMalloc(&p, 16), cudaErrorAssert);
  check("malloc host", cudaMallocHost(&p, 16), cudaErrorAssert);
  check("malloc managed", cudaMallocManaged(&p, 16), cudaErrorAssert);
  check("memcpy", cudaMemcpy(host, d, 64, cudaMemcpyDeviceToHost),
        cudaErrorAssert);
  check("memcpy async", cudaMemcpyAsync(d, host, 64, cudaMemcpyHostToDevice,
                                        s),
        cudaErrorAssert);
  check("memset", cudaMemset(d, 0, 64), cudaErrorAssert);
  check("free", cudaFree(d), cudaErrorAssert);
  check("host register", cudaHostRegister(host, 64, 0), cudaErrorAssert);
  check("mem get info", cudaMemGetInfo(nullptr, nullptr), cudaErrorAssert);
  check("set device", cudaSetDevice(0), cudaErrorAssert);
  check("func attributes",
        cudaFuncSetCacheConfig(&stubCounting, cudaFuncCachePreferL1),
        cudaErrorAssert);
  check("still sticky", cudaGetLastError(), cudaErrorAssert);
  // Queries of the device itself keep answering.
  int n = 0;
  check("device count", cudaGetDeviceCount(&n), cudaSuccess);
  cudaDeviceProp prop;
  check("properties", cudaGetDeviceProperties(&prop, 0), cudaSuccess);
  // cudaDeviceReset starts the device afresh.
  check("reset", cudaDeviceReset(), cudaSuccess);
  check("cleared by reset", cudaGetLastError(), cudaSuccess);
  check("launch after reset", cudaLaunchKernel(&stubCounting, dim3(1),
                                               dim3(1), nullptr, 0, nullptr),
        cudaSuccess);
  check("sync after reset", cudaDeviceSynchronize(), cudaSuccess);
  if (countingRuns != 1)
    ++failures;
  std::fflush(stderr);
  std::_Exit(failures == 0 && n == 1 ? 0 : 1);
}

TEST(StickyErrorDeathTest, DeviceAssertPoisonsEveryLaterCall) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // The child prints CUDA's assert message, then checks the codes.
  EXPECT_EXIT(stickyScenario(), ::testing::ExitedWithCode(0),
              "kernel.cu:12: void k\\(int\\): block: \\[1,0,0\\], thread: "
              "\\[5,0,0\\] Assertion `x > 0` failed.");
}

/// An assert on another host thread, then a second one: the error is
/// cudaErrorAssert everywhere. Exits 0 if so.
void twoThreadsScenario() {
  const unsigned ids[6] = {0, 0, 0, 0, 0, 0};
  std::thread t([&] { __cucpu_device_assert_fail("a", "f.cu", 1, "g", ids); });
  t.join();
  __cucpu_device_assert_fail("b", "f.cu", 2, "g", ids);
  bool ok = cudaDeviceSynchronize() == cudaErrorAssert &&
            cudaGetLastError() == cudaErrorAssert;
  std::_Exit(ok ? 0 : 1);
}

TEST(StickyErrorDeathTest, FirstStickyErrorWinsAcrossThreads) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(twoThreadsScenario(), ::testing::ExitedWithCode(0),
              "f.cu:1: g.*\n.*f.cu:2: g");
}

TEST(StickyError, NoneWithoutAnAssert) {
  // This process never failed an assert: errors clear as usual.
  EXPECT_EQ(cudaSetDevice(5), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(cudaPeekAtLastError(), cudaSuccess);
}

} // namespace
