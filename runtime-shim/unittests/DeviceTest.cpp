//===- DeviceTest.cpp - Device, error, stream and event tests -------------===//

#include "Context.h"
#include "TestUtil.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <set>
#include <string>
#include <thread>

namespace {

const cudaError_t kAllCodes[] = {
    cudaSuccess,
#define CUCPU_ERROR(Name, Value, Text) cudaError##Name,
#include "cucpu/error_codes.def"
#undef CUCPU_ERROR
};

TEST(Errors, EveryCodeHasADistinctTextAndName) {
  std::set<std::string> names, texts;
  std::set<int> values;
  for (cudaError_t e : kAllCodes) {
    const char *s = cudaGetErrorString(e);
    const char *n = cudaGetErrorName(e);
    ASSERT_NE(s, nullptr);
    ASSERT_NE(n, nullptr);
    EXPECT_GT(std::strlen(s), 0u) << e;
    EXPECT_STRNE(s, "unrecognized error code") << e;
    EXPECT_STRNE(n, "unrecognized error code") << e;
    EXPECT_EQ(std::string(n).rfind("cuda", 0), 0u) << n;
    EXPECT_TRUE(names.insert(n).second) << "duplicate name " << n;
    EXPECT_TRUE(texts.insert(s).second) << "duplicate text " << s;
    EXPECT_TRUE(values.insert(e).second) << "duplicate value " << e;
  }
  EXPECT_GT(names.size(), 100u);
}

TEST(Errors, NamesSpellTheEnumerators) {
#define CUCPU_ERROR(Name, Value, Text)                                         \
  EXPECT_STREQ(cudaGetErrorName(cudaError##Name), "cudaError" #Name);          \
  EXPECT_STREQ(cudaGetErrorString(cudaError##Name), Text);                     \
  EXPECT_EQ(static_cast<int>(cudaError##Name), Value);
#include "cucpu/error_codes.def"
#undef CUCPU_ERROR
  // CUDA 12 codes that programs meet.
  EXPECT_EQ(cudaErrorAssert, 710);
  EXPECT_EQ(cudaErrorIllegalAddress, 700);
  EXPECT_EQ(cudaErrorLaunchOutOfResources, 701);
  EXPECT_EQ(cudaErrorInvalidPitchValue, 12);
  EXPECT_EQ(cudaErrorHostMemoryAlreadyRegistered, 712);
  EXPECT_EQ(cudaErrorHostMemoryNotRegistered, 713);
  EXPECT_EQ(cudaErrorUnsupportedLimit, 215);
  EXPECT_EQ(cudaErrorPeerAccessNotEnabled, 705);
  EXPECT_EQ(cudaErrorInvalidResourceConfiguration, 915);
  EXPECT_EQ(cudaErrorApiFailureBase, 10000);
  EXPECT_STREQ(cudaGetErrorName(cudaErrorApiFailureBase),
               "cudaErrorApiFailureBase");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorAssert),
               "device-side assert triggered");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorInvalidConfiguration),
               "invalid configuration argument");
}

TEST(Errors, KnownValuesAndNames) {
  EXPECT_EQ(cudaErrorInvalidValue, 1);
  EXPECT_EQ(cudaErrorMemoryAllocation, 2);
  EXPECT_EQ(cudaErrorInvalidConfiguration, 9);
  EXPECT_EQ(cudaErrorInvalidSymbol, 13);
  EXPECT_EQ(cudaErrorInvalidMemcpyDirection, 21);
  EXPECT_EQ(cudaErrorMissingConfiguration, 52);
  EXPECT_EQ(cudaErrorInvalidDeviceFunction, 98);
  EXPECT_EQ(cudaErrorInvalidDevice, 101);
  EXPECT_EQ(cudaErrorInvalidResourceHandle, 400);
  EXPECT_EQ(cudaErrorNotReady, 600);
  EXPECT_EQ(cudaErrorLaunchFailure, 719);
  EXPECT_EQ(cudaErrorUnknown, 999);
  EXPECT_STREQ(cudaGetErrorName(cudaSuccess), "cudaSuccess");
  EXPECT_STREQ(cudaGetErrorName(cudaErrorInvalidValue),
               "cudaErrorInvalidValue");
  EXPECT_STREQ(cudaGetErrorString(cudaSuccess), "no error");
  EXPECT_STREQ(cudaGetErrorString(cudaErrorMemoryAllocation), "out of memory");
  EXPECT_STREQ(cudaGetErrorString(static_cast<cudaError_t>(12345)),
               "unrecognized error code");
  EXPECT_STREQ(cudaGetErrorName(static_cast<cudaError_t>(12345)),
               "unrecognized error code");
}

TEST(Errors, LastErrorIsPerThread) {
  EXPECT_EQ(cudaSetDevice(3), cudaErrorInvalidDevice);
  std::thread t([] { EXPECT_EQ(cudaPeekAtLastError(), cudaSuccess); });
  t.join();
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(Device, CountSetGet) {
  int n = 0;
  ASSERT_EQ(cudaGetDeviceCount(&n), cudaSuccess);
  EXPECT_EQ(n, 1);
  EXPECT_EQ(cudaSetDevice(0), cudaSuccess);
  EXPECT_EQ(cudaSetDevice(1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaSetDevice(-1), cudaErrorInvalidDevice);
  int d = -1;
  EXPECT_EQ(cudaGetDevice(&d), cudaSuccess);
  EXPECT_EQ(d, 0);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(cudaThreadSynchronize(), cudaSuccess);
  cudaGetLastError();
}

TEST(Device, PropertiesAreSane) {
  cudaDeviceProp p;
  std::memset(&p, 0xFF, sizeof(p));
  ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  EXPECT_GT(std::strlen(p.name), 0u);
  EXPECT_LT(std::strlen(p.name), sizeof(p.name));
  EXPECT_GT(p.totalGlobalMem, size_t(64) << 20);
  EXPECT_EQ(p.warpSize, 32);
  EXPECT_EQ(p.maxThreadsPerBlock, 1024);
  EXPECT_EQ(p.maxThreadsDim[0], 1024);
  EXPECT_EQ(p.maxThreadsDim[1], 1024);
  EXPECT_EQ(p.maxThreadsDim[2], 64);
  EXPECT_EQ(p.maxGridSize[0], 2147483647);
  EXPECT_EQ(p.maxGridSize[1], 65535);
  EXPECT_EQ(p.maxGridSize[2], 65535);
  EXPECT_EQ(p.sharedMemPerBlock, 48u * 1024);
  EXPECT_EQ(p.major, 8);
  EXPECT_EQ(p.minor, 0);
  EXPECT_GT(p.clockRate, 0);
  EXPECT_GE(p.multiProcessorCount, 1);
  EXPECT_EQ(p.computeMode, cudaComputeModeDefault);
  EXPECT_EQ(p.reserved[0], 0);
  EXPECT_EQ(cudaGetDeviceProperties(&p, 1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetDeviceProperties(nullptr, 0), cudaErrorInvalidValue);
  cudaGetLastError();
}

TEST(Device, AttributesMatchProperties) {
  cudaDeviceProp p;
  ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  int v = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerBlock, 0),
            cudaSuccess);
  EXPECT_EQ(v, 1024);
  ASSERT_EQ(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0),
            cudaSuccess);
  EXPECT_EQ(v, p.multiProcessorCount);
  ASSERT_EQ(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 0), cudaSuccess);
  EXPECT_EQ(v, 32);
  ASSERT_EQ(cudaDeviceGetAttribute(&v, cudaDevAttrMaxBlockDimZ, 0),
            cudaSuccess);
  EXPECT_EQ(v, 64);
  ASSERT_EQ(cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, 0),
            cudaSuccess);
  EXPECT_EQ(v, 8);
  ASSERT_EQ(
      cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0),
      cudaSuccess);
  EXPECT_EQ(v, 227 * 1024);
  EXPECT_EQ(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 1),
            cudaErrorInvalidDevice);
  cudaGetLastError();
}

TEST(Device, Versions) {
  int v = 0;
  ASSERT_EQ(cudaDriverGetVersion(&v), cudaSuccess);
  EXPECT_EQ(v, 12080);
  v = 0;
  ASSERT_EQ(cudaRuntimeGetVersion(&v), cudaSuccess);
  EXPECT_EQ(v, 12080);
  EXPECT_EQ(CUDART_VERSION, 12080);
  EXPECT_EQ(CUDA_VERSION, 12080);
}

TEST(Device, CacheConfig) {
  EXPECT_EQ(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1), cudaSuccess);
  cudaFuncCache c = cudaFuncCachePreferNone;
  EXPECT_EQ(cudaDeviceGetCacheConfig(&c), cudaSuccess);
  EXPECT_EQ(c, cudaFuncCachePreferL1);
  EXPECT_EQ(cudaDeviceSetCacheConfig(static_cast<cudaFuncCache>(9)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
}

TEST(Device, ResetFreesAllocations) {
  void *p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 128), cudaSuccess);
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  EXPECT_EQ(cudaDeviceReset(), cudaSuccess);
  EXPECT_EQ(cudaFree(p), cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaErrorInvalidResourceHandle);
  cudaGetLastError();
}

TEST(Streams, LifecycleAndValidation) {
  cudaStream_t s = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
  ASSERT_NE(s, nullptr);
  unsigned flags = 0;
  EXPECT_EQ(cudaStreamGetFlags(s, &flags), cudaSuccess);
  EXPECT_EQ(flags, unsigned(cudaStreamNonBlocking));
  EXPECT_EQ(cudaStreamQuery(s), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(cudaStreamLegacy), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaStreamCreateWithFlags(&s, 0x80), cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamCreate(nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
}

TEST(Streams, HostCallbacksRun) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  int hits = 0;
  EXPECT_EQ(cudaLaunchHostFunc(
                s, [](void *p) { ++*static_cast<int *>(p); }, &hits),
            cudaSuccess);
  EXPECT_EQ(cudaStreamAddCallback(
                s,
                [](cudaStream_t, cudaError_t st, void *p) {
                  if (st == cudaSuccess)
                    ++*static_cast<int *>(p);
                },
                &hits, 0),
            cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_EQ(hits, 2);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST(Events, ElapsedTimeCoversASleep) {
  cudaEvent_t start, stop;
  ASSERT_EQ(cudaEventCreate(&start), cudaSuccess);
  ASSERT_EQ(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync),
            cudaSuccess);
  float ms = -1;
  // Not recorded yet.
  EXPECT_EQ(cudaEventElapsedTime(&ms, start, stop),
            cudaErrorInvalidResourceHandle);
  cudaGetLastError();
  ASSERT_EQ(cudaEventRecord(start), cudaSuccess);
  // The events take their time when the stream gets to them: the sleep runs
  // on the stream, between them.
  ASSERT_EQ(cudaLaunchHostFunc(
                0,
                [](void *) {
                  std::this_thread::sleep_for(std::chrono::milliseconds(20));
                },
                nullptr),
            cudaSuccess);
  ASSERT_EQ(cudaEventRecord(stop, 0), cudaSuccess);
  ASSERT_EQ(cudaEventSynchronize(stop), cudaSuccess);
  EXPECT_EQ(cudaEventQuery(stop), cudaSuccess);
  ASSERT_EQ(cudaEventElapsedTime(&ms, start, stop), cudaSuccess);
  EXPECT_GE(ms, 19.0f);
  EXPECT_LT(ms, 5000.0f);
  EXPECT_EQ(cudaEventDestroy(start), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(stop), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(stop), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaEventRecord(stop), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidResourceHandle);
}

TEST(Events, DisableTimingHasNoElapsedTime) {
  cudaEvent_t a, b;
  ASSERT_EQ(cudaEventCreateWithFlags(&a, cudaEventDisableTiming), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&b, cudaEventDefault), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(a), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(b), cudaSuccess);
  float ms;
  EXPECT_EQ(cudaEventElapsedTime(&ms, a, b), cudaErrorInvalidResourceHandle);
  cudaGetLastError();
  EXPECT_EQ(cudaEventDestroy(a), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(b), cudaSuccess);
}

TEST(Workers, CountFromEnvironment) {
  using cucpu::computeWorkerCount;
  EXPECT_EQ(computeWorkerCount("4", "8", 16), 4);
  EXPECT_EQ(computeWorkerCount(nullptr, "8", 16), 8);
  EXPECT_EQ(computeWorkerCount(nullptr, "6,2", 16), 6);
  EXPECT_EQ(computeWorkerCount("", nullptr, 16), 16);
  EXPECT_EQ(computeWorkerCount("zero", "-3", 16), 16);
  EXPECT_EQ(computeWorkerCount(nullptr, nullptr, 0), 1);
}

TEST(VectorTypes, LayoutAndMakers) {
  static_assert(alignof(float2) == 8, "float2");
  static_assert(alignof(float4) == 16, "float4");
  static_assert(alignof(double2) == 16, "double2");
  static_assert(alignof(int4) == 16, "int4");
  static_assert(alignof(char2) == 2, "char2");
  static_assert(alignof(short4) == 8, "short4");
  static_assert(sizeof(float3) == 12, "float3");
  static_assert(sizeof(uchar3) == 3, "uchar3");
  static_assert(sizeof(dim3) == 12, "dim3");
  int2 i = make_int2(1, -2);
  EXPECT_EQ(i.x, 1);
  EXPECT_EQ(i.y, -2);
  float4 f = make_float4(1, 2, 3, 4);
  EXPECT_EQ(f.w, 4.0f);
  dim3 d(5);
  EXPECT_EQ(d.x, 5u);
  EXPECT_EQ(d.y, 1u);
  EXPECT_EQ(d.z, 1u);
  uint3 u = d;
  dim3 e(u);
  EXPECT_EQ(e.x, 5u);
}

} // namespace
