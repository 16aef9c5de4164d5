//===- NoDriverTest.cpp - libcucpu_rt_gpu on a machine without CUDA -------===//
//
// Programs built with --cuda-gpu-arch must fail cleanly where no CUDA driver
// can be loaded: every call that needs the device returns
// cudaErrorInsufficientDriver (as CUDA's runtime does), records it as the
// last error, and leaves its outputs in a defined state. main() points the
// runtime at a driver library that does not exist, so these tests behave the
// same on machines with a GPU.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "Runtime.h"

#include "cuda_runtime_api.h"

#include <cstdlib>
#include <gtest/gtest.h>

namespace {

__attribute__((unused)) void kernelStub() {}

TEST(GPUNoDriver, DeviceCountIsZeroWithInsufficientDriver) {
  int count = 42;
  EXPECT_EQ(cudaGetDeviceCount(&count), cudaErrorInsufficientDriver);
  EXPECT_EQ(count, 0);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInsufficientDriver);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(GPUNoDriver, AllocationFailsAndLeavesNull) {
  void *p = reinterpret_cast<void *>(0x1234);
  EXPECT_EQ(cudaMalloc(&p, 64), cudaErrorInsufficientDriver);
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInsufficientDriver);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInsufficientDriver);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(GPUNoDriver, CopiesSynchronizationAndLaunchesReportTheDriver) {
  char a[8] = {0}, b[8] = {0};
  EXPECT_EQ(cudaMemcpy(a, b, sizeof a, cudaMemcpyHostToDevice),
            cudaErrorInsufficientDriver);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorInsufficientDriver);
  cudaStream_t stream = nullptr;
  EXPECT_EQ(cudaStreamCreate(&stream), cudaErrorInsufficientDriver);
  cudaEvent_t event = nullptr;
  EXPECT_EQ(cudaEventCreate(&event), cudaErrorInsufficientDriver);
  cudaPointerAttributes attributes;
  EXPECT_EQ(cudaPointerGetAttributes(&attributes, a),
            cudaErrorInsufficientDriver);
  int blocks = -1;
  EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                &blocks, reinterpret_cast<const void *>(&kernelStub), 32, 0),
            cudaErrorInsufficientDriver);
  void *args[1] = {nullptr};
  EXPECT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(&kernelStub),
                             dim3(1), dim3(1), args, 0, nullptr),
            cudaErrorInsufficientDriver);
  cudaGetLastError();
}

TEST(GPUNoDriver, ArgumentErrorsComeBeforeTheDriver) {
  // An invalid copy direction is reported as such, without a device.
  char a[8], b[8];
  EXPECT_EQ(cudaMemcpy(a, b, sizeof a, static_cast<cudaMemcpyKind>(77)),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaGetDeviceCount(nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy3D(nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMalloc3D(nullptr, make_cudaExtent(4, 4, 4)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaPointerGetAttributes(nullptr, a), cudaErrorInvalidValue);
  // Freeing null and empty copies need no device.
  EXPECT_EQ(cudaFree(nullptr), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(a, b, 0, cudaMemcpyHostToHost), cudaSuccess);
  cudaGetLastError();
}

TEST(GPUNoDriver, VersionsAndErrorTexts) {
  int version = -1;
  EXPECT_EQ(cudaDriverGetVersion(&version), cudaSuccess);
  EXPECT_EQ(version, 0);
  EXPECT_EQ(cudaRuntimeGetVersion(&version), cudaSuccess);
  EXPECT_EQ(version, CUDART_VERSION);
  EXPECT_STREQ(cudaGetErrorName(cudaErrorInsufficientDriver),
               "cudaErrorInsufficientDriver");
  EXPECT_STRNE(cudaGetErrorString(cudaErrorInsufficientDriver),
               "unrecognized error code");
  EXPECT_NE(cucpu::gpu::driverFailureReason().find("cannot load the CUDA "
                                                   "driver"),
            std::string::npos);
}

TEST(GPUNoDriver, DriverResultsMapToRuntimeErrors) {
  using cucpu::gpu::toRuntimeError;
  EXPECT_EQ(toRuntimeError(0), cudaSuccess);
  EXPECT_EQ(toRuntimeError(2), cudaErrorMemoryAllocation);
  EXPECT_EQ(toRuntimeError(100), cudaErrorNoDevice);
  EXPECT_EQ(toRuntimeError(218), cudaErrorInvalidPtx);
  EXPECT_EQ(toRuntimeError(600), cudaErrorNotReady);
  EXPECT_EQ(toRuntimeError(700), cudaErrorIllegalAddress);
  EXPECT_EQ(toRuntimeError(710), cudaErrorAssert);
  EXPECT_EQ(toRuntimeError(123456), cudaErrorUnknown);
}

} // namespace

int main(int argc, char **argv) {
  setenv("CUCPU_CUDA_DRIVER", "/nonexistent/libcuda.so.1", 1);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
