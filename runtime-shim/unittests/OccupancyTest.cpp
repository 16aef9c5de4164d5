//===- OccupancyTest.cpp - Function attributes and the occupancy model ----===//
//
// The model: a multiprocessor holds 2048 threads, 32 blocks and 228 KiB of
// shared memory; there are as many multiprocessors as worker threads (3 in
// the unit tests).
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <gtest/gtest.h>

namespace {

char stubOcc, stubOccBig, stubOccUnknown;

void noopEntry(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t,
               uint64_t, void **) {}

TEST(Occupancy, ActiveBlocksPerMultiprocessor) {
  registerFakeKernel(&stubOcc, "_Z6occKerv", noopEntry);
  int n = -1;
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, &stubOcc, 256, 0),
            cudaSuccess);
  EXPECT_EQ(n, 8);
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, &stubOcc, 1024,
                                                          0),
            cudaSuccess);
  EXPECT_EQ(n, 2);
  // The block limit.
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, &stubOcc, 32, 0),
            cudaSuccess);
  EXPECT_EQ(n, 32);
  // Shared memory limits it: 228 KiB / 48 KiB.
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                &n, &stubOcc, 128, 48 * 1024, cudaOccupancyDefault),
            cudaSuccess);
  EXPECT_EQ(n, 4);
  // More than the kernel may have: it cannot run.
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, &stubOcc, 128,
                                                          48 * 1024 + 1),
            cudaSuccess);
  EXPECT_EQ(n, 0);
  EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, &stubOcc, 0, 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, &stubOcc, 1025,
                                                          0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, &stubOcc,
                                                          32, 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, &stubOccUnknown,
                                                          32, 0),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDeviceFunction);
}

TEST(Occupancy, RaisedSharedMemoryLimit) {
  registerFakeKernel(&stubOccBig, "_Z9occBigKerv", noopEntry);
  ASSERT_EQ(cudaFuncSetAttribute(&stubOccBig,
                                 cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 100 * 1024),
            cudaSuccess);
  int n = -1;
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, &stubOccBig, 64,
                                                          100 * 1024),
            cudaSuccess);
  EXPECT_EQ(n, 2);
  size_t bytes = 0;
  ASSERT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(&bytes, &stubOccBig, 2,
                                                      256),
            cudaSuccess);
  EXPECT_EQ(bytes, 100u * 1024); // the kernel's limit, below 114 KiB
  ASSERT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(&bytes, &stubOccBig, 3,
                                                      256),
            cudaSuccess);
  EXPECT_EQ(bytes, 228u * 1024 / 3);
}

TEST(Occupancy, AvailableDynamicSharedMemory) {
  registerFakeKernel(&stubOcc, "_Z6occKerv", noopEntry);
  size_t bytes = 1;
  ASSERT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(&bytes, &stubOcc, 4,
                                                      256),
            cudaSuccess);
  EXPECT_EQ(bytes, 48u * 1024);
  ASSERT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(&bytes, &stubOcc, 8,
                                                      256),
            cudaSuccess);
  EXPECT_EQ(bytes, 228u * 1024 / 8);
  // Nine blocks of 256 threads do not fit.
  ASSERT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(&bytes, &stubOcc, 9,
                                                      256),
            cudaSuccess);
  EXPECT_EQ(bytes, 0u);
  EXPECT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(&bytes, &stubOcc, 0,
                                                      256),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(nullptr, &stubOcc, 1,
                                                      256),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(&bytes, &stubOccUnknown,
                                                      1, 256),
            cudaErrorInvalidDeviceFunction);
  cudaGetLastError();
}

TEST(Occupancy, MaxPotentialBlockSize) {
  registerFakeKernel(&stubOcc, "_Z6occKerv", noopEntry);
  int sms = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0),
            cudaSuccess);
  int grid = -1, block = -1;
  ASSERT_EQ(cudaOccupancyMaxPotentialBlockSize(&grid, &block, &stubOcc),
            cudaSuccess);
  EXPECT_EQ(block, 1024);
  EXPECT_EQ(grid, 2 * sms);
  // Below 100 threads: 96 fills 2016 of 2048 threads, 64 all of them.
  ASSERT_EQ(cudaOccupancyMaxPotentialBlockSize(&grid, &block, &stubOcc, 0, 100),
            cudaSuccess);
  EXPECT_EQ(block, 64);
  EXPECT_EQ(grid, 32 * sms);
  ASSERT_EQ(cudaOccupancyMaxPotentialBlockSizeWithFlags(
                &grid, &block, &stubOcc, 0, 100, cudaOccupancyDefault),
            cudaSuccess);
  EXPECT_EQ(block, 64);
  // 100 bytes of shared memory per thread: blocks above 491 threads cannot
  // run, 480 threads fill 1920, and 256 threads (25600 bytes, 8 blocks)
  // fill all 2048.
  ASSERT_EQ(cudaOccupancyMaxPotentialBlockSizeVariableSMem(
                &grid, &block, &stubOcc,
                [](int size) { return size_t(size) * 100; }),
            cudaSuccess);
  EXPECT_EQ(block, 256);
  EXPECT_EQ(grid, 8 * sms);
  char *none = nullptr;
  EXPECT_EQ(cudaOccupancyMaxPotentialBlockSize(&grid, &block, none),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaOccupancyMaxPotentialBlockSize(nullptr, &block, &stubOcc),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaOccupancyMaxPotentialBlockSize(&grid, &block, &stubOccUnknown),
            cudaErrorInvalidDeviceFunction);
  cudaGetLastError();
}

TEST(FunctionAttributes, Errors) {
  registerFakeKernel(&stubOcc, "_Z6occKerv", noopEntry);
  cudaFuncAttributes attr;
  ASSERT_EQ(cudaFuncGetAttributes(&attr, &stubOcc), cudaSuccess);
  EXPECT_EQ(attr.maxThreadsPerBlock, 1024);
  EXPECT_EQ(cudaFuncGetAttributes(nullptr, &stubOcc), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncGetAttributes(&attr, &stubOccUnknown),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaFuncSetAttribute(&stubOcc,
                                 cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 -1),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetAttribute(&stubOcc,
                                 cudaFuncAttributePreferredSharedMemoryCarveout,
                                 101),
            cudaErrorInvalidValue);
  ASSERT_EQ(cudaFuncSetAttribute(&stubOcc,
                                 cudaFuncAttributePreferredSharedMemoryCarveout,
                                 cudaSharedmemCarveoutMaxShared),
            cudaSuccess);
  EXPECT_EQ(cudaFuncSetAttribute(&stubOcc, static_cast<cudaFuncAttribute>(3),
                                 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetCacheConfig(&stubOcc, static_cast<cudaFuncCache>(7)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetSharedMemConfig(&stubOcc,
                                       static_cast<cudaSharedMemConfig>(5)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFuncSetSharedMemConfig(&stubOccUnknown,
                                       cudaSharedMemBankSizeFourByte),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDeviceFunction);
}

} // namespace
