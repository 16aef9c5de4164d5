//===- LaunchTest.cpp - Kernel registration and launch tests --------------===//

#include "TestUtil.h"

#include <gtest/gtest.h>
#include <omp.h>

#include <atomic>
#include <cstdint>
#include <thread>

namespace {

struct Seen {
  int calls = 0;
  uint32_t grid[3] = {0, 0, 0};
  uint32_t block[3] = {0, 0, 0};
  uint64_t shmem = 0;
  int arg0 = 0;
  float arg1 = 0;
  int maxThreads = 0;
};
Seen seen;

void recordingEntry(uint32_t gx, uint32_t gy, uint32_t gz, uint32_t bx,
                    uint32_t by, uint32_t bz, uint64_t shmem, void **args) {
  ++seen.calls;
  seen.grid[0] = gx;
  seen.grid[1] = gy;
  seen.grid[2] = gz;
  seen.block[0] = bx;
  seen.block[1] = by;
  seen.block[2] = bz;
  seen.shmem = shmem;
  seen.arg0 = *static_cast<int *>(args[0]);
  seen.arg1 = *static_cast<float *>(args[1]);
  seen.maxThreads = omp_get_max_threads();
}

// Fake host stubs: only their addresses matter.
char stubA, stubB, stubLate, stubNoEntry, stubUnknown;

TEST(Launch, EntryReceivesConfigurationAndArguments) {
  registerFakeKernel(&stubA, "_Z7kernelAif", recordingEntry, {4, 4, 4, 4});
  seen = Seen();
  int a = 42;
  float b = 2.5f;
  void *args[] = {&a, &b};
  ASSERT_EQ(cudaLaunchKernel(&stubA, dim3(3, 2, 1), dim3(32, 4, 2), args, 1024,
                             nullptr),
            cudaSuccess);
  // The kernel runs on the stream's worker, with copies of the arguments.
  a = -1;
  b = -1;
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(seen.calls, 1);
  EXPECT_EQ(seen.grid[0], 3u);
  EXPECT_EQ(seen.grid[1], 2u);
  EXPECT_EQ(seen.grid[2], 1u);
  EXPECT_EQ(seen.block[0], 32u);
  EXPECT_EQ(seen.block[1], 4u);
  EXPECT_EQ(seen.block[2], 2u);
  EXPECT_EQ(seen.shmem, 1024u);
  EXPECT_EQ(seen.arg0, 42);
  EXPECT_FLOAT_EQ(seen.arg1, 2.5f);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(Launch, TemplateOverloadAndStreams) {
  registerFakeKernel(&stubB, "_Z7kernelBif", recordingEntry, {4, 4, 4, 4});
  seen = Seen();
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  int a = 7;
  float b = 1.0f;
  void *args[] = {&a, &b};
  EXPECT_EQ(cudaLaunchKernel(&stubB, dim3(1), dim3(1), args, 0, s),
            cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_EQ(seen.calls, 1);
  EXPECT_EQ(seen.arg0, 7);
  EXPECT_EQ(cudaLaunchKernel(&stubB, dim3(1), dim3(1), args, 0,
                             cudaStreamPerThread),
            cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(cudaStreamPerThread), cudaSuccess);
  EXPECT_EQ(seen.calls, 2);
  ASSERT_EQ(cudaStreamDestroy(s), cudaSuccess);
  // A destroyed stream is an invalid handle.
  EXPECT_EQ(cudaLaunchKernel(&stubB, dim3(1), dim3(1), args, 0, s),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(seen.calls, 2);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidResourceHandle);
}

TEST(Launch, DeviceEntryRegisteredAfterHostStub) {
  // Host constructor first, device constructor later: joined lazily.
  registerFakeKernel(&stubLate, "_Z10lateKernelif", nullptr);
  seen = Seen();
  int a = 1;
  float b = 0;
  void *args[] = {&a, &b};
  EXPECT_EQ(cudaLaunchKernel(&stubLate, dim3(1), dim3(1), args, 0, nullptr),
            cudaErrorInvalidDeviceFunction);
  cudaGetLastError();
  __cucpu_register_kernel("_Z10lateKernelif", recordingEntry);
  EXPECT_EQ(cudaLaunchKernel(&stubLate, dim3(1), dim3(1), args, 0, nullptr),
            cudaSuccess);
  // Without a parameter layout (an older device object) the arguments cannot
  // be copied: the launch returns once the kernel is done.
  EXPECT_EQ(seen.calls, 1);
}

TEST(Launch, UnknownStubIsInvalidDeviceFunction) {
  void *args[] = {nullptr};
  EXPECT_EQ(cudaLaunchKernel(&stubUnknown, dim3(1), dim3(1), args, 0, nullptr),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  registerFakeKernel(&stubNoEntry, "_Z8noEntryv", nullptr);
  EXPECT_EQ(cudaLaunchKernel(&stubNoEntry, dim3(1), dim3(1), args, 0, nullptr),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDeviceFunction);
}

struct BadConfig {
  dim3 grid;
  dim3 block;
  size_t shmem;
  cudaError_t expected;
};

class LaunchConfig : public ::testing::TestWithParam<BadConfig> {};

TEST_P(LaunchConfig, RejectedAndReportedOnce) {
  registerFakeKernel(&stubA, "_Z7kernelAif", recordingEntry, {4, 4, 4, 4});
  seen = Seen();
  int a = 0;
  float b = 0;
  void *args[] = {&a, &b};
  const BadConfig &c = GetParam();
  EXPECT_EQ(cudaLaunchKernel(&stubA, c.grid, c.block, args, c.shmem, nullptr),
            c.expected);
  // Reported at the launch; nothing was queued.
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(seen.calls, 0);
  EXPECT_EQ(cudaGetLastError(), c.expected);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

INSTANTIATE_TEST_SUITE_P(
    Errors, LaunchConfig,
    ::testing::Values(
        BadConfig{dim3(1), dim3(1025), 0, cudaErrorInvalidConfiguration},
        BadConfig{dim3(1), dim3(32, 33), 0, cudaErrorInvalidConfiguration},
        BadConfig{dim3(1), dim3(1, 1, 65), 0, cudaErrorInvalidConfiguration},
        BadConfig{dim3(1), dim3(2048, 1, 1), 0, cudaErrorInvalidConfiguration},
        BadConfig{dim3(0), dim3(32), 0, cudaErrorInvalidConfiguration},
        BadConfig{dim3(1, 0), dim3(32), 0, cudaErrorInvalidConfiguration},
        BadConfig{dim3(1), dim3(32, 1, 0), 0, cudaErrorInvalidConfiguration},
        BadConfig{dim3(1, 65536), dim3(32), 0, cudaErrorInvalidConfiguration},
        BadConfig{dim3(1, 1, 65536), dim3(32), 0,
                  cudaErrorInvalidConfiguration},
        BadConfig{dim3(2147483648u), dim3(32), 0,
                  cudaErrorInvalidConfiguration},
        BadConfig{dim3(1), dim3(32), 48 * 1024 + 1, cudaErrorInvalidValue}));

TEST(Launch, LimitsThemselvesAreAccepted) {
  registerFakeKernel(&stubA, "_Z7kernelAif", recordingEntry, {4, 4, 4, 4});
  seen = Seen();
  int a = 0;
  float b = 0;
  void *args[] = {&a, &b};
  EXPECT_EQ(cudaLaunchKernel(&stubA, dim3(2147483647u, 65535, 65535),
                             dim3(16, 1, 64), args, 48 * 1024, nullptr),
            cudaSuccess);
  EXPECT_EQ(cudaLaunchKernel(&stubA, dim3(1), dim3(1024), args, 0, nullptr),
            cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(seen.calls, 2);
}

TEST(Launch, SharedMemoryLimitRaisedByFuncAttribute) {
  static char stubBig;
  registerFakeKernel(&stubBig, "_Z3bigif", recordingEntry, {4, 4, 4, 4});
  seen = Seen();
  int a = 0;
  float b = 0;
  void *args[] = {&a, &b};
  EXPECT_EQ(cudaLaunchKernel(&stubBig, dim3(1), dim3(32), args, 100 * 1024,
                             nullptr),
            cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_EQ(cudaFuncSetAttribute(&stubBig,
                                 cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 228 * 1024),
            cudaErrorInvalidValue);
  cudaGetLastError();
  ASSERT_EQ(cudaFuncSetAttribute(&stubBig,
                                 cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 227 * 1024),
            cudaSuccess);
  EXPECT_EQ(cudaLaunchKernel(&stubBig, dim3(1), dim3(32), args, 100 * 1024,
                             nullptr),
            cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(seen.shmem, 100u * 1024);
  EXPECT_EQ(cudaLaunchKernel(&stubBig, dim3(1), dim3(32), args,
                             227 * 1024 + 1, nullptr),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  cudaFuncAttributes attr;
  ASSERT_EQ(cudaFuncGetAttributes(&attr, &stubBig), cudaSuccess);
  EXPECT_EQ(attr.maxDynamicSharedSizeBytes, 227 * 1024);
  EXPECT_EQ(cudaFuncSetAttribute(&stubUnknown,
                                 cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 1024),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaFuncSetCacheConfig(&stubBig, cudaFuncCachePreferShared),
            cudaSuccess);
  EXPECT_EQ(cudaFuncSetCacheConfig(&stubUnknown, cudaFuncCachePreferShared),
            cudaErrorInvalidDeviceFunction);
  cudaGetLastError();
}

TEST(CallConfiguration, PushPopIsAStackPerThread) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  EXPECT_EQ(__cudaPushCallConfiguration(dim3(4, 5, 6), dim3(7, 8, 9), 123, s),
            0u);
  EXPECT_EQ(__cudaPushCallConfiguration(dim3(1), dim3(2)), 0u);
  dim3 g, b;
  size_t sh = 99;
  cudaStream_t st = s;
  ASSERT_EQ(__cudaPopCallConfiguration(&g, &b, &sh, &st), cudaSuccess);
  EXPECT_EQ(g.x, 1u);
  EXPECT_EQ(b.x, 2u);
  EXPECT_EQ(b.y, 1u);
  EXPECT_EQ(sh, 0u);
  EXPECT_EQ(st, nullptr);
  // Another thread has its own (empty) stack.
  std::thread other([] {
    dim3 g2, b2;
    size_t sh2;
    cudaStream_t st2;
    EXPECT_EQ(__cudaPopCallConfiguration(&g2, &b2, &sh2, &st2),
              cudaErrorMissingConfiguration);
  });
  other.join();
  ASSERT_EQ(__cudaPopCallConfiguration(&g, &b, &sh, &st), cudaSuccess);
  EXPECT_EQ(g.x, 4u);
  EXPECT_EQ(g.y, 5u);
  EXPECT_EQ(g.z, 6u);
  EXPECT_EQ(b.x, 7u);
  EXPECT_EQ(b.y, 8u);
  EXPECT_EQ(b.z, 9u);
  EXPECT_EQ(sh, 123u);
  EXPECT_EQ(st, s);
  EXPECT_EQ(__cudaPopCallConfiguration(&g, &b, &sh, &st),
            cudaErrorMissingConfiguration);
  EXPECT_EQ(cudaGetLastError(), cudaErrorMissingConfiguration);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST(Workers, CucpuNumThreadsWinsOverOmpNumThreads) {
  // Main sets CUCPU_NUM_THREADS=3 and OMP_NUM_THREADS=5.
  EXPECT_EQ(cucpu_worker_count(), 3);
  cudaDeviceProp p;
  ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  EXPECT_EQ(p.multiProcessorCount, 3);
}

TEST(Workers, KernelsRunWithWorkerCountOnEveryHostThread) {
  registerFakeKernel(&stubA, "_Z7kernelAif", recordingEntry, {4, 4, 4, 4});
  int a = 0;
  float b = 0;
  void *args[] = {&a, &b};
  seen = Seen();
  std::thread t([&] {
    EXPECT_EQ(cudaLaunchKernel(&stubA, dim3(1), dim3(1), args, 0, nullptr),
              cudaSuccess);
  });
  t.join();
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(seen.calls, 1);
  EXPECT_EQ(seen.maxThreads, 3);
}

} // namespace
