//===- DeviceQueryTest.cpp - Properties, attributes and old device API ----===//

#include "TestUtil.h"

// Headers programs written for older CUDA include by name.
#include "crt/device_functions.h"
#include "device_functions.h"
#include "device_types.h"
#include "driver_functions.h"
#include "math_functions.h"
#include "sm_20_atomic_functions.h"
#include "sm_35_intrinsics.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstring>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace {

/// The first "model name" of /proc/cpuinfo, as the kernel spells it.
std::string cpuModelName() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) != 0)
      continue;
    size_t colon = line.find(':');
    size_t start = line.find_first_not_of(" \t", colon + 1);
    return start == std::string::npos ? std::string() : line.substr(start);
  }
  return std::string();
}

TEST(DeviceProperties, DescribeThisMachine) {
  cudaDeviceProp p;
  ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  std::string model = cpuModelName();
  if (!model.empty())
    EXPECT_EQ(std::string(p.name), model);
  else
    EXPECT_STREQ(p.name, "cucpu CPU device");
  EXPECT_EQ(p.totalGlobalMem, static_cast<size_t>(sysconf(_SC_PHYS_PAGES)) *
                                  static_cast<size_t>(sysconf(_SC_PAGESIZE)));
  EXPECT_EQ(p.multiProcessorCount, cucpu_worker_count());
  EXPECT_GT(p.l2CacheSize, 0);
  EXPECT_GT(p.clockRate, 0);
}

TEST(DeviceProperties, CudaLimits) {
  cudaDeviceProp p;
  ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  EXPECT_EQ(p.warpSize, 32);
  EXPECT_EQ(p.maxThreadsPerBlock, 1024);
  EXPECT_EQ(p.sharedMemPerBlock, 48u * 1024);
  EXPECT_EQ(p.sharedMemPerBlockOptin, 227u * 1024);
  EXPECT_EQ(p.sharedMemPerMultiprocessor, 228u * 1024);
  EXPECT_EQ(p.totalConstMem, 64u * 1024);
  EXPECT_EQ(p.regsPerBlock, 65536);
  EXPECT_EQ(p.maxThreadsPerMultiProcessor, 2048);
  EXPECT_EQ(p.maxBlocksPerMultiProcessor, 32);
  EXPECT_EQ(p.memPitch, 2147483647u);
  EXPECT_EQ(p.unifiedAddressing, 1);
  EXPECT_EQ(p.managedMemory, 1);
  EXPECT_EQ(p.canMapHostMemory, 1);
  EXPECT_EQ(p.concurrentManagedAccess, 1);
  EXPECT_EQ(p.pageableMemoryAccess, 0);
}

TEST(DeviceProperties, FieldsOfOlderCuda) {
  // Fields CUDA 12 deprecated or 13 removed, which old programs print.
  cudaDeviceProp p;
  ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  EXPECT_GT(p.clockRate, 0);
  EXPECT_GT(p.memoryClockRate, 0);
  EXPECT_GT(p.memoryBusWidth, 0);
  EXPECT_EQ(p.deviceOverlap, 1);
  EXPECT_EQ(p.computeMode, cudaComputeModeDefault);
  EXPECT_EQ(p.kernelExecTimeoutEnabled, 0);
  EXPECT_EQ(p.maxTexture1D, 131072);
  EXPECT_EQ(p.maxTexture2D[0], 131072);
  EXPECT_EQ(p.maxTexture2D[1], 65536);
  EXPECT_EQ(p.maxTexture3D[2], 16384);
  EXPECT_EQ(p.maxTexture1DLayered[1], 2048);
  EXPECT_EQ(p.maxTexture2DLayered[2], 2048);
  EXPECT_EQ(p.maxSurface2D[0], 131072);
  EXPECT_EQ(p.textureAlignment, 256u);
  EXPECT_EQ(p.asyncEngineCount, 1);
}

/// Every attribute that mirrors a property, with the property's value.
std::vector<std::pair<cudaDeviceAttr, long long>>
mirroredAttributes(const cudaDeviceProp &p) {
  return {
      {cudaDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock},
      {cudaDevAttrMaxBlockDimX, p.maxThreadsDim[0]},
      {cudaDevAttrMaxBlockDimY, p.maxThreadsDim[1]},
      {cudaDevAttrMaxBlockDimZ, p.maxThreadsDim[2]},
      {cudaDevAttrMaxGridDimX, p.maxGridSize[0]},
      {cudaDevAttrMaxGridDimY, p.maxGridSize[1]},
      {cudaDevAttrMaxGridDimZ, p.maxGridSize[2]},
      {cudaDevAttrMaxSharedMemoryPerBlock, (long long)p.sharedMemPerBlock},
      {cudaDevAttrTotalConstantMemory, (long long)p.totalConstMem},
      {cudaDevAttrWarpSize, p.warpSize},
      {cudaDevAttrMaxPitch, (long long)p.memPitch},
      {cudaDevAttrMaxRegistersPerBlock, p.regsPerBlock},
      {cudaDevAttrClockRate, p.clockRate},
      {cudaDevAttrTextureAlignment, (long long)p.textureAlignment},
      {cudaDevAttrGpuOverlap, p.deviceOverlap},
      {cudaDevAttrMultiProcessorCount, p.multiProcessorCount},
      {cudaDevAttrKernelExecTimeout, p.kernelExecTimeoutEnabled},
      {cudaDevAttrIntegrated, p.integrated},
      {cudaDevAttrCanMapHostMemory, p.canMapHostMemory},
      {cudaDevAttrComputeMode, p.computeMode},
      {cudaDevAttrMaxTexture1DWidth, p.maxTexture1D},
      {cudaDevAttrMaxTexture2DWidth, p.maxTexture2D[0]},
      {cudaDevAttrMaxTexture2DHeight, p.maxTexture2D[1]},
      {cudaDevAttrMaxTexture3DWidth, p.maxTexture3D[0]},
      {cudaDevAttrMaxTexture3DDepth, p.maxTexture3D[2]},
      {cudaDevAttrMaxTexture2DLayeredLayers, p.maxTexture2DLayered[2]},
      {cudaDevAttrSurfaceAlignment, (long long)p.surfaceAlignment},
      {cudaDevAttrConcurrentKernels, p.concurrentKernels},
      {cudaDevAttrEccEnabled, p.ECCEnabled},
      {cudaDevAttrMemoryClockRate, p.memoryClockRate},
      {cudaDevAttrGlobalMemoryBusWidth, p.memoryBusWidth},
      {cudaDevAttrL2CacheSize, p.l2CacheSize},
      {cudaDevAttrMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor},
      {cudaDevAttrAsyncEngineCount, p.asyncEngineCount},
      {cudaDevAttrUnifiedAddressing, p.unifiedAddressing},
      {cudaDevAttrMaxTexture1DLayeredLayers, p.maxTexture1DLayered[1]},
      {cudaDevAttrMaxTexture3DDepthAlt, p.maxTexture3DAlt[2]},
      {cudaDevAttrTexturePitchAlignment, (long long)p.texturePitchAlignment},
      {cudaDevAttrMaxTextureCubemapLayeredLayers,
       p.maxTextureCubemapLayered[1]},
      {cudaDevAttrMaxSurface2DHeight, p.maxSurface2D[1]},
      {cudaDevAttrMaxSurface2DLayeredLayers, p.maxSurface2DLayered[2]},
      {cudaDevAttrMaxTexture2DLinearPitch, p.maxTexture2DLinear[2]},
      {cudaDevAttrMaxTexture2DMipmappedHeight, p.maxTexture2DMipmap[1]},
      {cudaDevAttrComputeCapabilityMajor, p.major},
      {cudaDevAttrComputeCapabilityMinor, p.minor},
      {cudaDevAttrMaxTexture1DMipmappedWidth, p.maxTexture1DMipmap},
      {cudaDevAttrStreamPrioritiesSupported, p.streamPrioritiesSupported},
      {cudaDevAttrMaxSharedMemoryPerMultiprocessor,
       (long long)p.sharedMemPerMultiprocessor},
      {cudaDevAttrMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor},
      {cudaDevAttrManagedMemory, p.managedMemory},
      {cudaDevAttrPageableMemoryAccess, p.pageableMemoryAccess},
      {cudaDevAttrConcurrentManagedAccess, p.concurrentManagedAccess},
      {cudaDevAttrCooperativeLaunch, p.cooperativeLaunch},
      {cudaDevAttrMaxSharedMemoryPerBlockOptin,
       (long long)p.sharedMemPerBlockOptin},
      {cudaDevAttrHostRegisterSupported, p.hostRegisterSupported},
      {cudaDevAttrMaxBlocksPerMultiprocessor, p.maxBlocksPerMultiProcessor},
      {cudaDevAttrReservedSharedMemoryPerBlock,
       (long long)p.reservedSharedMemPerBlock},
      {cudaDevAttrMemoryPoolsSupported, p.memoryPoolsSupported},
      {cudaDevAttrHostRegisterReadOnlySupported,
       p.hostRegisterReadOnlySupported},
  };
}

TEST(DeviceAttributes, MirrorEveryProperty) {
  cudaDeviceProp p;
  ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  for (const auto &[attr, expected] : mirroredAttributes(p)) {
    int v = -12345;
    ASSERT_EQ(cudaDeviceGetAttribute(&v, attr, 0), cudaSuccess) << attr;
    EXPECT_EQ(v, expected) << "attribute " << attr;
  }
}

TEST(DeviceAttributes, Errors) {
  int v = 0;
  EXPECT_EQ(cudaDeviceGetAttribute(nullptr, cudaDevAttrWarpSize, 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetAttribute(&v, static_cast<cudaDeviceAttr>(0), 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetAttribute(&v, cudaDevAttrMax, 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetAttribute(&v, static_cast<cudaDeviceAttr>(100000), 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, -1),
            cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
  // Attributes of things a CPU does not have read as zero.
  v = -1;
  ASSERT_EQ(cudaDeviceGetAttribute(&v, cudaDevAttrClusterLaunch, 0),
            cudaSuccess);
  EXPECT_EQ(v, 0);
}

TEST(DeviceQueries, ArgumentErrors) {
  EXPECT_EQ(cudaGetDeviceCount(nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetDevice(nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDriverGetVersion(nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaRuntimeGetVersion(nullptr), cudaErrorInvalidValue);
  cudaDeviceProp p = {};
  int d = -1;
  EXPECT_EQ(cudaChooseDevice(nullptr, &p), cudaErrorInvalidValue);
  EXPECT_EQ(cudaChooseDevice(&d, nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  ASSERT_EQ(cudaChooseDevice(&d, &p), cudaSuccess);
  EXPECT_EQ(d, 0);
  EXPECT_EQ(cudaSetDevice(1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetDeviceProperties(&p, -1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
}

TEST(DeviceQueries, ValidDevicesAndPciIds) {
  int devices[] = {0, 0};
  EXPECT_EQ(cudaSetValidDevices(devices, 2), cudaSuccess);
  EXPECT_EQ(cudaSetValidDevices(nullptr, 0), cudaSuccess);
  int bad[] = {0, 1};
  EXPECT_EQ(cudaSetValidDevices(bad, 2), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaSetValidDevices(nullptr, 1), cudaErrorInvalidValue);
  char id[32];
  ASSERT_EQ(cudaDeviceGetPCIBusId(id, sizeof id, 0), cudaSuccess);
  EXPECT_STREQ(id, "0000:00:00.0");
  EXPECT_EQ(cudaDeviceGetPCIBusId(id, sizeof id, 2), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceGetPCIBusId(nullptr, 13, 0), cudaErrorInvalidValue);
  int d = -1;
  ASSERT_EQ(cudaDeviceGetByPCIBusId(&d, id), cudaSuccess);
  EXPECT_EQ(d, 0);
  d = -1;
  ASSERT_EQ(cudaDeviceGetByPCIBusId(&d, "00:00.0"), cudaSuccess);
  EXPECT_EQ(d, 0);
  EXPECT_EQ(cudaDeviceGetByPCIBusId(&d, "0000:65:00.0"),
            cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceGetByPCIBusId(&d, "gpu0"), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
}

TEST(DeviceQueries, LimitsAndTheirOldNames) {
  size_t v = 0;
  ASSERT_EQ(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20),
            cudaSuccess);
  ASSERT_EQ(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize), cudaSuccess);
  EXPECT_EQ(v, size_t(64) << 20);
  ASSERT_EQ(cudaThreadSetLimit(cudaLimitPrintfFifoSize, 12345), cudaSuccess);
  ASSERT_EQ(cudaThreadGetLimit(&v, cudaLimitPrintfFifoSize), cudaSuccess);
  EXPECT_EQ(v, 12345u);
  EXPECT_EQ(cudaDeviceSetLimit(static_cast<cudaLimit>(42), 1),
            cudaErrorUnsupportedLimit);
  EXPECT_EQ(cudaThreadGetLimit(&v, static_cast<cudaLimit>(-1)),
            cudaErrorUnsupportedLimit);
  EXPECT_EQ(cudaGetLastError(), cudaErrorUnsupportedLimit);
  EXPECT_EQ(cudaDeviceGetLimit(nullptr, cudaLimitStackSize),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
}

TEST(DeviceQueries, OldCacheAndThreadFunctions) {
  ASSERT_EQ(cudaThreadSetCacheConfig(cudaFuncCachePreferShared), cudaSuccess);
  cudaFuncCache c = cudaFuncCachePreferNone;
  ASSERT_EQ(cudaThreadGetCacheConfig(&c), cudaSuccess);
  EXPECT_EQ(c, cudaFuncCachePreferShared);
  ASSERT_EQ(cudaDeviceGetCacheConfig(&c), cudaSuccess);
  EXPECT_EQ(c, cudaFuncCachePreferShared);
  EXPECT_EQ(cudaThreadSetCacheConfig(static_cast<cudaFuncCache>(4)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaThreadGetCacheConfig(nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaThreadSynchronize(), cudaSuccess);
  EXPECT_EQ(cudaDeviceSetSharedMemConfig(static_cast<cudaSharedMemConfig>(3)),
            cudaErrorInvalidValue);
  ASSERT_EQ(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte),
            cudaSuccess);
  cudaSharedMemConfig sc = cudaSharedMemBankSizeDefault;
  ASSERT_EQ(cudaDeviceGetSharedMemConfig(&sc), cudaSuccess);
  EXPECT_EQ(sc, cudaSharedMemBankSizeEightByte);
  // cudaThreadExit is cudaDeviceReset: allocations go, settings reset.
  void *p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 32), cudaSuccess);
  ASSERT_EQ(cudaThreadExit(), cudaSuccess);
  EXPECT_EQ(cudaFree(p), cudaErrorInvalidValue);
  ASSERT_EQ(cudaDeviceGetCacheConfig(&c), cudaSuccess);
  EXPECT_EQ(c, cudaFuncCachePreferNone);
  cudaGetLastError();
}

TEST(DeviceQueries, OldHeadersDeclareTheirTypes) {
  cudaRoundMode m = cudaRoundMinInf;
  EXPECT_EQ(static_cast<int>(m), 3);
  cudaPointerAttributes a;
  a.memoryType = cudaMemoryTypeHost;
  a.isManaged = 0;
  EXPECT_EQ(a.memoryType, cudaMemoryTypeHost);
}

TEST(DeviceQueries, FlagsAndPeers) {
  EXPECT_EQ(cudaSetDeviceFlags(0x100), cudaErrorInvalidValue);
  ASSERT_EQ(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync |
                               cudaDeviceMapHost),
            cudaSuccess);
  unsigned flags = 0;
  ASSERT_EQ(cudaGetDeviceFlags(&flags), cudaSuccess);
  EXPECT_EQ(flags, unsigned(cudaDeviceScheduleBlockingSync |
                            cudaDeviceMapHost));
  EXPECT_EQ(cudaGetDeviceFlags(nullptr), cudaErrorInvalidValue);
  ASSERT_EQ(cudaSetDeviceFlags(0), cudaSuccess);
  int can = -1;
  ASSERT_EQ(cudaDeviceCanAccessPeer(&can, 0, 0), cudaSuccess);
  EXPECT_EQ(can, 0);
  EXPECT_EQ(cudaDeviceCanAccessPeer(&can, 0, 1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceCanAccessPeer(nullptr, 0, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceEnablePeerAccess(1, 0), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceDisablePeerAccess(0), cudaErrorPeerAccessNotEnabled);
  EXPECT_EQ(cudaGetLastError(), cudaErrorPeerAccessNotEnabled);
}

} // namespace
