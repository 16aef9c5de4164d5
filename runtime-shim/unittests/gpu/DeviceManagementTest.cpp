//===- DeviceManagementTest.cpp - GPU runtime calls over the fake driver --===//
//
// The GPU runtime's device-management calls (DeviceManagement.cpp): what
// they record, what they pass to the driver and what they refuse, over the
// fake driver of FakeDriver.cpp.
//
//===----------------------------------------------------------------------===//

#include "cuda_profiler_api.h"
#include "cuda_runtime.h"

#include <cstring>
#include <gtest/gtest.h>
#include <thread>
#include <vector>

/// Makes the fake driver's cuCtxSynchronize fail (FakeDriverMain.cpp).
extern "C" void fakeCudaSetSynchronizeResult(int result);

namespace {

// A kernel's fault (here a device-side assert, CUDA_ERROR_ASSERT) leaves the
// context unusable: cudaGetLastError reports it on every call and every
// thread until cudaDeviceReset, which starts afresh. Runs first: the other
// tests need a usable device.
TEST(GPUDeviceManagement, FaultsAreStickyUntilReset) {
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  fakeCudaSetSynchronizeResult(710);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorAssert);
  EXPECT_EQ(cudaGetLastError(), cudaErrorAssert);
  EXPECT_EQ(cudaGetLastError(), cudaErrorAssert);
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorAssert);
  cudaError_t onAnotherThread = cudaSuccess;
  std::thread([&] { onAnotherThread = cudaGetLastError(); }).join();
  EXPECT_EQ(onAnotherThread, cudaErrorAssert);
  ASSERT_EQ(cudaDeviceReset(), cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  // Other errors are not sticky.
  EXPECT_EQ(cudaMalloc(nullptr, 4), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(GPUDeviceManagement, PreferencesAreRecorded) {
  ASSERT_EQ(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared), cudaSuccess);
  cudaFuncCache cache = cudaFuncCachePreferNone;
  ASSERT_EQ(cudaDeviceGetCacheConfig(&cache), cudaSuccess);
  EXPECT_EQ(cache, cudaFuncCachePreferShared);
  EXPECT_EQ(cudaThreadSetCacheConfig(static_cast<cudaFuncCache>(9)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  ASSERT_EQ(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte),
            cudaSuccess);
  cudaSharedMemConfig banks;
  ASSERT_EQ(cudaDeviceGetSharedMemConfig(&banks), cudaSuccess);
  EXPECT_EQ(banks, cudaSharedMemBankSizeEightByte);
  ASSERT_EQ(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync), cudaSuccess);
  unsigned flags = 0;
  ASSERT_EQ(cudaGetDeviceFlags(&flags), cudaSuccess);
  EXPECT_EQ(flags, unsigned(cudaDeviceScheduleBlockingSync));
  // An unknown kernel.
  int notAKernel = 0;
  EXPECT_EQ(cudaFuncSetCacheConfig(&notAKernel, cudaFuncCachePreferL1),
            cudaErrorInvalidDeviceFunction);
  cudaGetLastError();
  size_t fifo = 1;
  ASSERT_EQ(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 1 << 20), cudaSuccess);
  ASSERT_EQ(cudaThreadGetLimit(&fifo, cudaLimitPrintfFifoSize), cudaSuccess);
  EXPECT_EQ(cudaDeviceGetLimit(nullptr, cudaLimitStackSize),
            cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_EQ(cudaProfilerStart(), cudaSuccess);
  EXPECT_EQ(cudaProfilerStop(), cudaSuccess);
}

// The fake driver has no stream capture or graphs, as a driver older than
// CUDA 11.4 lacks cuGraphInstantiateWithFlags: the runtime still loads it,
// checks the arguments, and reports the graph functions as not supported.
TEST(GPUDeviceManagement, GraphsNeedTheDriversEntryPoints) {
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
  EXPECT_EQ(cudaStreamBeginCapture(stream, (cudaStreamCaptureMode)9),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal),
            cudaErrorNotSupported);
  cudaStreamCaptureStatus status;
  EXPECT_EQ(cudaStreamIsCapturing(stream, &status), cudaErrorNotSupported);
  EXPECT_EQ(cudaStreamIsCapturing(stream, nullptr), cudaErrorInvalidValue);
  cudaGraph_t graph = nullptr;
  EXPECT_EQ(cudaStreamEndCapture(stream, &graph), cudaErrorNotSupported);
  cudaGraphExec_t exec = nullptr;
  EXPECT_EQ(cudaGraphInstantiate(&exec, graph, 0), cudaErrorNotSupported);
  EXPECT_EQ(cudaGraphLaunch(exec, reinterpret_cast<cudaStream_t>(0x1234)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaGraphLaunch(exec, stream), cudaErrorNotSupported);
  EXPECT_EQ(cudaGraphExecDestroy(exec), cudaErrorNotSupported);
  EXPECT_EQ(cudaGraphDestroy(graph), cudaErrorNotSupported);
  cudaGetLastError();
  // The stream itself is unaffected.
  EXPECT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(stream), cudaSuccess);
}

TEST(GPUDeviceManagement, DevicesAndStreams) {
  int device = -1;
  cudaDeviceProp prop;
  std::memset(&prop, 0, sizeof prop);
  ASSERT_EQ(cudaChooseDevice(&device, &prop), cudaSuccess);
  EXPECT_EQ(device, 0);
  int valid[] = {0};
  EXPECT_EQ(cudaSetValidDevices(valid, 1), cudaSuccess);
  int invalid[] = {0, 3};
  EXPECT_EQ(cudaSetValidDevices(invalid, 2), cudaErrorInvalidDevice);
  cudaGetLastError();
  char bus[32];
  ASSERT_EQ(cudaDeviceGetPCIBusId(bus, sizeof bus, 0), cudaSuccess);
  // The fake driver answers 1 to every attribute.
  EXPECT_STREQ(bus, "0001:01:01.0");
  device = -1;
  ASSERT_EQ(cudaDeviceGetByPCIBusId(&device, bus), cudaSuccess);
  EXPECT_EQ(device, 0);
  EXPECT_EQ(cudaDeviceGetByPCIBusId(&device, "0000:02:00.0"),
            cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceGetByPCIBusId(&device, "nonsense"),
            cudaErrorInvalidValue);
  cudaGetLastError();
  int least = 1, greatest = 1;
  ASSERT_EQ(cudaDeviceGetStreamPriorityRange(&least, &greatest), cudaSuccess);
  EXPECT_EQ(least, 0);
  EXPECT_EQ(greatest, -5);
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreateWithPriority(&stream, cudaStreamNonBlocking, -5),
            cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(stream), cudaSuccess)
      << "a stream made with a priority is a live stream";
  EXPECT_EQ(cudaStreamDestroy(stream), cudaSuccess);
}

TEST(GPUDeviceManagement, PeersAreCopiesOnTheOneDevice) {
  int can = -1;
  ASSERT_EQ(cudaDeviceCanAccessPeer(&can, 0, 0), cudaSuccess);
  EXPECT_EQ(can, 0);
  EXPECT_EQ(cudaDeviceCanAccessPeer(&can, 0, 1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceEnablePeerAccess(0, 0), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceDisablePeerAccess(0), cudaErrorPeerAccessNotEnabled);
  cudaGetLastError();

  int *a = nullptr, *b = nullptr;
  ASSERT_EQ(cudaMalloc(&a, 64 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&b, 64 * sizeof(int)), cudaSuccess);
  std::vector<int> host(64);
  for (int i = 0; i < 64; ++i)
    host[i] = i;
  ASSERT_EQ(
      cudaMemcpy(a, host.data(), 64 * sizeof(int), cudaMemcpyHostToDevice),
      cudaSuccess);
  ASSERT_EQ(cudaMemcpyPeer(b, 0, a, 0, 32 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMemcpyPeerAsync(b + 32, 0, a, 0, 32 * sizeof(int), 0),
            cudaSuccess);
  EXPECT_EQ(cudaMemcpyPeer(b, 1, a, 0, 4), cudaErrorInvalidDevice);
  cudaGetLastError();
  // A 2 x 4 block of a 8-int-wide pitched view, moved down a row.
  cudaMemcpy3DPeerParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(a, 8 * sizeof(int), 8, 8);
  p.dstPtr = make_cudaPitchedPtr(b, 8 * sizeof(int), 8, 8);
  p.srcPos = make_cudaPos(0, 0, 0);
  p.dstPos = make_cudaPos(0, 1, 0);
  p.extent = make_cudaExtent(4 * sizeof(int), 2, 1);
  ASSERT_EQ(cudaMemcpy3DPeer(&p), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  std::vector<int> got(64);
  ASSERT_EQ(cudaMemcpy(got.data(), b, 64 * sizeof(int), cudaMemcpyDeviceToHost),
            cudaSuccess);
  for (int i = 0; i < 64; ++i) {
    int row = i / 8, column = i % 8;
    int want = i % 32; // the two peer copies
    if ((row == 1 || row == 2) && column < 4)
      want = (row - 1) * 8 + column; // the 3D one
    EXPECT_EQ(got[i], want) << i;
  }
  p.dstDevice = 2;
  EXPECT_EQ(cudaMemcpy3DPeerAsync(&p, 0), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaMemcpy3DPeer(nullptr), cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_EQ(cudaFree(a), cudaSuccess);
  EXPECT_EQ(cudaFree(b), cudaSuccess);
}

TEST(GPUDeviceManagement, RegisteredHostMemory) {
  std::vector<char> buffer(4096);
  ASSERT_EQ(
      cudaHostRegister(buffer.data(), buffer.size(), cudaHostRegisterMapped),
      cudaSuccess);
  void *device = nullptr;
  ASSERT_EQ(cudaHostGetDevicePointer(&device, buffer.data(), 0), cudaSuccess);
  EXPECT_EQ(device, static_cast<void *>(buffer.data()))
      << "the fake driver maps host memory to itself";
  unsigned flags = 7;
  EXPECT_EQ(cudaHostGetFlags(&flags, buffer.data()), cudaSuccess);
  EXPECT_EQ(cudaHostUnregister(buffer.data()), cudaSuccess);
  EXPECT_EQ(cudaHostRegister(nullptr, 16, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostGetDevicePointer(nullptr, buffer.data(), 0),
            cudaErrorInvalidValue);
  cudaGetLastError();
}

} // namespace
