//===- PointerTest.cpp - Memory kinds, pointer checks and attributes ------===//

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

// A device variable of this file: host shadow and device storage.
long long symbolStorage[4];
long long symbolShadow[4];

void registerSymbol() {
  static bool done = false;
  if (done)
    return;
  done = true;
  static void **handle = __cudaRegisterFatBinary(nullptr);
  __cudaRegisterVar(handle, reinterpret_cast<char *>(symbolShadow),
                    const_cast<char *>("pointerTestSymbol"),
                    "pointerTestSymbol", 0, sizeof(symbolShadow), 0, 0);
  __cucpu_register_var("pointerTestSymbol", symbolStorage,
                       sizeof(symbolStorage));
}

TEST(Allocation, SizeAndFlagErrors) {
  void *p = reinterpret_cast<void *>(0x1);
  // cudaMalloc of nothing gives a null pointer; managed memory refuses it.
  EXPECT_EQ(cudaMalloc(&p, 0), cudaSuccess);
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(cudaMallocManaged(&p, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocManaged(&p, 16, cudaMemAttachSingle),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocManaged(nullptr, 16), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostAlloc(&p, 16, 0x80), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocHost(nullptr, 16), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  // More than the machine has.
  size_t total = static_cast<size_t>(sysconf(_SC_PHYS_PAGES)) *
                 static_cast<size_t>(sysconf(_SC_PAGESIZE));
  EXPECT_EQ(cudaMalloc(&p, total + (size_t(1) << 30)),
            cudaErrorMemoryAllocation);
  EXPECT_EQ(cudaMallocHost(&p, SIZE_MAX - 4), cudaErrorMemoryAllocation);
  EXPECT_EQ(cudaGetLastError(), cudaErrorMemoryAllocation);
  cudaPitchedPtr pp;
  EXPECT_EQ(cudaMalloc3D(nullptr, make_cudaExtent(1, 1, 1)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMalloc3D(&pp, make_cudaExtent(1 << 20, SIZE_MAX / 2, 4)),
            cudaErrorMemoryAllocation);
  cudaGetLastError();
}

TEST(Allocation, AsyncAllocationAndFree) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  int *p = nullptr;
  ASSERT_EQ(cudaMallocAsync(&p, 64 * sizeof(int), s), cudaSuccess);
  ASSERT_EQ(cudaMemsetAsync(p, 0, 64 * sizeof(int), s), cudaSuccess);
  EXPECT_EQ(cudaFreeAsync(p, s), cudaSuccess);
  EXPECT_EQ(cudaFreeAsync(p, s), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeAsync(nullptr, reinterpret_cast<cudaStream_t>(0x3)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaMallocAsync(reinterpret_cast<void **>(&p), 8,
                            reinterpret_cast<cudaStream_t>(0x3)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
  cudaGetLastError();
}

TEST(Allocation, FreeOfRegisteredOrHostMemory) {
  std::vector<char> buffer(4096);
  ASSERT_EQ(cudaHostRegister(buffer.data(), buffer.size(), 0), cudaSuccess);
  EXPECT_EQ(cudaFree(buffer.data()), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeHost(buffer.data()), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostUnregister(buffer.data()), cudaSuccess);
  void *m = nullptr;
  ASSERT_EQ(cudaMallocManaged(&m, 64), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(m), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(m), cudaSuccess);
  cudaGetLastError();
}

TEST(PointerAttributes, EveryKindAndInteriorPointers) {
  registerSymbol();
  char *d = nullptr, *h = nullptr, *m = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 1000), cudaSuccess);
  ASSERT_EQ(cudaMallocHost(&h, 1000), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&m, 1000), cudaSuccess);
  std::vector<char> pageable(1000);
  std::vector<char> registered(1000);
  ASSERT_EQ(cudaHostRegister(registered.data(), registered.size(),
                             cudaHostRegisterMapped),
            cudaSuccess);

  struct Case {
    const void *ptr;
    cudaMemoryType type;
    int device;
    bool hasDevicePointer, hasHostPointer;
  };
  const Case cases[] = {
      {d, cudaMemoryTypeDevice, 0, true, false},
      {d + 999, cudaMemoryTypeDevice, 0, true, false},
      {h + 500, cudaMemoryTypeHost, 0, true, true},
      {m + 10, cudaMemoryTypeManaged, 0, true, true},
      {registered.data() + 999, cudaMemoryTypeHost, 0, true, true},
      {&symbolStorage[2], cudaMemoryTypeDevice, 0, true, false},
      {pageable.data(), cudaMemoryTypeUnregistered, cudaInvalidDeviceId, false,
       true},
      // One past the end of an allocation is not in it.
      {d + 1000, cudaMemoryTypeUnregistered, cudaInvalidDeviceId, false,
       true},
  };
  for (const Case &c : cases) {
    cudaPointerAttributes a;
    std::memset(&a, 0x5A, sizeof a);
    ASSERT_EQ(cudaPointerGetAttributes(&a, c.ptr), cudaSuccess);
    EXPECT_EQ(a.type, c.type) << c.ptr;
    EXPECT_EQ(a.device, c.device) << c.ptr;
    EXPECT_EQ(a.devicePointer, c.hasDevicePointer ? c.ptr : nullptr) << c.ptr;
    EXPECT_EQ(a.hostPointer, c.hasHostPointer ? c.ptr : nullptr) << c.ptr;
    EXPECT_EQ(a.isManaged, c.type == cudaMemoryTypeManaged ? 1 : 0);
  }
  // CUDA 10's fields: managed memory reads as device memory.
  cudaPointerAttributes a;
  ASSERT_EQ(cudaPointerGetAttributes(&a, m), cudaSuccess);
  EXPECT_EQ(a.memoryType, cudaMemoryTypeDevice);
  ASSERT_EQ(cudaPointerGetAttributes(&a, h), cudaSuccess);
  EXPECT_EQ(a.memoryType, cudaMemoryTypeHost);
  EXPECT_EQ(cudaPointerGetAttributes(nullptr, d), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  // Freed memory is no longer known.
  ASSERT_EQ(cudaFree(d), cudaSuccess);
  ASSERT_EQ(cudaPointerGetAttributes(&a, d + 1), cudaSuccess);
  EXPECT_EQ(a.type, cudaMemoryTypeUnregistered);
  EXPECT_EQ(cudaFreeHost(h), cudaSuccess);
  EXPECT_EQ(cudaFree(m), cudaSuccess);
  EXPECT_EQ(cudaHostUnregister(registered.data()), cudaSuccess);
}

TEST(HostRegister, RegisterUnregisterAndErrors) {
  std::vector<char> a(8192), b(100);
  EXPECT_EQ(cudaHostRegister(nullptr, 16, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostRegister(a.data(), 0, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostRegister(a.data(), 16, 0x100), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  ASSERT_EQ(cudaHostRegister(a.data() + 1000, 1000,
                             cudaHostRegisterPortable |
                                 cudaHostRegisterReadOnly),
            cudaSuccess);
  // Overlaps at the start, at the end, inside and around are refused.
  EXPECT_EQ(cudaHostRegister(a.data() + 1000, 10, 0),
            cudaErrorHostMemoryAlreadyRegistered);
  EXPECT_EQ(cudaHostRegister(a.data() + 500, 501, 0),
            cudaErrorHostMemoryAlreadyRegistered);
  EXPECT_EQ(cudaHostRegister(a.data() + 1999, 10, 0),
            cudaErrorHostMemoryAlreadyRegistered);
  EXPECT_EQ(cudaHostRegister(a.data(), 8192, 0),
            cudaErrorHostMemoryAlreadyRegistered);
  EXPECT_EQ(cudaGetLastError(), cudaErrorHostMemoryAlreadyRegistered);
  // Neighbours are fine.
  EXPECT_EQ(cudaHostRegister(a.data() + 2000, 100, 0), cudaSuccess);
  EXPECT_EQ(cudaHostRegister(a.data() + 500, 500, 0), cudaSuccess);
  // Page-locked allocations are registered already.
  char *pinned = nullptr;
  ASSERT_EQ(cudaMallocHost(&pinned, 256), cudaSuccess);
  EXPECT_EQ(cudaHostRegister(pinned + 8, 8, 0),
            cudaErrorHostMemoryAlreadyRegistered);
  // Unregistering takes the start of a registered range.
  EXPECT_EQ(cudaHostUnregister(a.data() + 1001),
            cudaErrorHostMemoryNotRegistered);
  EXPECT_EQ(cudaHostUnregister(b.data()), cudaErrorHostMemoryNotRegistered);
  EXPECT_EQ(cudaHostUnregister(pinned), cudaErrorHostMemoryNotRegistered);
  EXPECT_EQ(cudaGetLastError(), cudaErrorHostMemoryNotRegistered);
  EXPECT_EQ(cudaHostUnregister(a.data() + 1000), cudaSuccess);
  EXPECT_EQ(cudaHostUnregister(a.data() + 1000),
            cudaErrorHostMemoryNotRegistered);
  EXPECT_EQ(cudaHostUnregister(a.data() + 2000), cudaSuccess);
  EXPECT_EQ(cudaHostUnregister(a.data() + 500), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(pinned), cudaSuccess);
  cudaGetLastError();
}

TEST(HostRegister, DevicePointersAndFlags) {
  std::vector<int> v(64);
  void *dp = nullptr;
  // Pageable memory has no device address.
  EXPECT_EQ(cudaHostGetDevicePointer(&dp, v.data(), 0), cudaErrorInvalidValue);
  ASSERT_EQ(cudaHostRegister(v.data(), v.size() * sizeof(int),
                             cudaHostRegisterMapped),
            cudaSuccess);
  ASSERT_EQ(cudaHostGetDevicePointer(&dp, v.data() + 3, 0), cudaSuccess);
  EXPECT_EQ(dp, static_cast<void *>(v.data() + 3));
  EXPECT_EQ(cudaHostGetDevicePointer(&dp, v.data(), 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostGetDevicePointer(nullptr, v.data(), 0),
            cudaErrorInvalidValue);
  unsigned flags = 0;
  // cudaHostGetFlags is for cudaHostAlloc's memory.
  EXPECT_EQ(cudaHostGetFlags(&flags, v.data()), cudaErrorInvalidValue);
  EXPECT_EQ(cudaHostUnregister(v.data()), cudaSuccess);
  int *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 16), cudaSuccess);
  EXPECT_EQ(cudaHostGetDevicePointer(&dp, d, 0), cudaErrorInvalidValue);
  char *h = nullptr;
  ASSERT_EQ(cudaHostAlloc(&h, 64, cudaHostAllocWriteCombined), cudaSuccess);
  ASSERT_EQ(cudaHostGetFlags(&flags, h + 10), cudaSuccess);
  EXPECT_EQ(flags, unsigned(cudaHostAllocWriteCombined | cudaHostAllocMapped));
  EXPECT_EQ(cudaHostGetFlags(nullptr, h), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeHost(h), cudaSuccess);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
  cudaGetLastError();
}

TEST(Copies, DeviceSideMustBeDeviceMemory) {
  registerSymbol();
  int *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 16 * sizeof(int)), cudaSuccess);
  int a[16] = {}, b[16] = {};
  // Pageable memory named as device memory is refused, as on a discrete GPU.
  EXPECT_EQ(cudaMemcpy(a, b, sizeof a, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(a, b, sizeof a, cudaMemcpyDeviceToHost),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(d, b, sizeof a, cudaMemcpyDeviceToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemset(a, 0, sizeof a), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemsetAsync(a, 0, sizeof a), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  // Host to host and cudaMemcpyDefault take any memory.
  for (int i = 0; i < 16; ++i)
    b[i] = i + 1;
  EXPECT_EQ(cudaMemcpy(a, b, sizeof a, cudaMemcpyHostToHost), cudaSuccess);
  EXPECT_EQ(a[15], 16);
  EXPECT_EQ(cudaMemcpy(d, b, sizeof b, cudaMemcpyDefault), cudaSuccess);
  EXPECT_EQ(d[7], 8);
  // Device variables are device memory; so is mapped page-locked memory.
  EXPECT_EQ(cudaMemcpy(symbolStorage, d, sizeof symbolStorage,
                       cudaMemcpyDeviceToDevice),
            cudaSuccess);
  EXPECT_EQ(cudaMemcpy(symbolStorage, d, sizeof symbolStorage + 1,
                       cudaMemcpyDeviceToDevice),
            cudaErrorInvalidValue);
  int *h = nullptr;
  ASSERT_EQ(cudaHostAlloc(&h, sizeof a, cudaHostAllocMapped), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(h, d, sizeof a, cudaMemcpyDeviceToDevice),
            cudaSuccess);
  EXPECT_EQ(h[3], 4);
  // Out of the allocation on either side.
  EXPECT_EQ(cudaMemcpy(d + 1, h, sizeof a, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(a, h + 1, sizeof a, cudaMemcpyHostToHost),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeHost(h), cudaSuccess);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

TEST(Copies, PeerCopies) {
  int *x = nullptr, *y = nullptr;
  ASSERT_EQ(cudaMalloc(&x, 64), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&y, 64), cudaSuccess);
  ASSERT_EQ(cudaMemset(x, 0x3C, 64), cudaSuccess);
  EXPECT_EQ(cudaMemcpyPeer(y, 1, x, 0, 64), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaMemcpyPeerAsync(y, 0, x, -1, 64), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
  ASSERT_EQ(cudaMemcpyPeer(y, 0, x, 0, 32), cudaSuccess);
  EXPECT_EQ(y[7], 0x3C3C3C3C);
  ASSERT_EQ(cudaMemcpyPeerAsync(y + 8, 0, x, 0, 32), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(y[15], 0x3C3C3C3C);
  int local[16];
  EXPECT_EQ(cudaMemcpyPeer(local, 0, x, 0, 64), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(x), cudaSuccess);
  EXPECT_EQ(cudaFree(y), cudaSuccess);
  cudaGetLastError();
}

TEST(Copies, AsyncWithPageableMemoryIsDoneOnReturn) {
  // CUDA's async copies are synchronous for pageable host memory: a program
  // may reuse or read the buffer at once.
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  int *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 256 * sizeof(int)), cudaSuccess);
  std::vector<int> up(256), down(256, 0);
  for (int i = 0; i < 256; ++i)
    up[i] = 3 * i;
  ASSERT_EQ(cudaMemcpyAsync(d, up.data(), 256 * sizeof(int),
                            cudaMemcpyHostToDevice, s),
            cudaSuccess);
  std::fill(up.begin(), up.end(), -1);
  ASSERT_EQ(cudaMemcpyAsync(down.data(), d, 256 * sizeof(int),
                            cudaMemcpyDeviceToHost, s),
            cudaSuccess);
  for (int i = 0; i < 256; ++i)
    ASSERT_EQ(down[i], 3 * i);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

TEST(Copies, SymbolCopiesCheckTheDeviceSide) {
  registerSymbol();
  long long v[4] = {1, 2, 3, 4}, back[4] = {};
  ASSERT_EQ(cudaMemcpyToSymbolAsync(symbolShadow, v, sizeof v, 0,
                                    cudaMemcpyHostToDevice, nullptr),
            cudaSuccess);
  ASSERT_EQ(cudaMemcpyFromSymbolAsync(back, symbolShadow, 2 * sizeof(long long),
                                      2 * sizeof(long long),
                                      cudaMemcpyDeviceToHost, nullptr),
            cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(back[0], 3);
  EXPECT_EQ(back[1], 4);
  // A device-to-device copy needs device memory on the other side too.
  EXPECT_EQ(cudaMemcpyToSymbol(symbolShadow, v, sizeof v, 0,
                               cudaMemcpyDeviceToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyFromSymbol(back, symbolShadow, sizeof v, 0,
                                 cudaMemcpyDeviceToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyToSymbolAsync(symbolShadow, v, sizeof v, 0,
                                    cudaMemcpyHostToDevice,
                                    reinterpret_cast<cudaStream_t>(0x42)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaMemcpyFromSymbol(back, symbolShadow, sizeof v, 0,
                                 cudaMemcpyHostToDevice),
            cudaErrorInvalidMemcpyDirection);
  long long *dv = nullptr;
  ASSERT_EQ(cudaMalloc(&dv, sizeof v), cudaSuccess);
  ASSERT_EQ(cudaMemcpyFromSymbol(dv, symbolShadow, sizeof v, 0,
                                 cudaMemcpyDeviceToDevice),
            cudaSuccess);
  EXPECT_EQ(dv[3], 4);
  EXPECT_EQ(cudaFree(dv), cudaSuccess);
  cudaGetLastError();
}

TEST(Managed, PrefetchAndAdvice) {
  float *m = nullptr;
  ASSERT_EQ(cudaMallocManaged(&m, 1024 * sizeof(float)), cudaSuccess);
  m[0] = 1.0f;
  EXPECT_EQ(cudaMemPrefetchAsync(m, 1024 * sizeof(float), 0), cudaSuccess);
  EXPECT_EQ(cudaMemPrefetchAsync(m, 1024 * sizeof(float), cudaCpuDeviceId),
            cudaSuccess);
  EXPECT_EQ(cudaMemPrefetchAsync(m, 16, 3), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaMemPrefetchAsync(nullptr, 16, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemPrefetchAsync(m, 16, 0, reinterpret_cast<cudaStream_t>(9)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaMemAdvise(m, 16, cudaMemAdviseSetReadMostly, 7), cudaSuccess);
  EXPECT_EQ(cudaMemAdvise(m, 16, cudaMemAdviseSetPreferredLocation,
                          cudaCpuDeviceId),
            cudaSuccess);
  EXPECT_EQ(cudaMemAdvise(m, 16, cudaMemAdviseSetAccessedBy, 0), cudaSuccess);
  EXPECT_EQ(cudaMemAdvise(m, 16, cudaMemAdviseSetAccessedBy, 2),
            cudaErrorInvalidDevice);
  EXPECT_EQ(cudaMemAdvise(m, 16, static_cast<cudaMemoryAdvise>(0), 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemAdvise(m, 16, static_cast<cudaMemoryAdvise>(7), 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemAdvise(nullptr, 16, cudaMemAdviseSetReadMostly, 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(m[0], 1.0f);
  EXPECT_EQ(cudaFree(m), cudaSuccess);
}

/// A "Key: N kB" value of /proc/meminfo in bytes.
size_t memInfo(const std::string &key) {
  std::ifstream in("/proc/meminfo");
  std::string name;
  size_t kb;
  std::string unit;
  while (in >> name >> kb) {
    std::getline(in, unit);
    if (name == key + ":")
      return kb * 1024;
  }
  return 0;
}

TEST(MemGetInfo, ReportsThisMachine) {
  size_t freeBytes = 0, totalBytes = 0;
  ASSERT_EQ(cudaMemGetInfo(&freeBytes, &totalBytes), cudaSuccess);
  size_t pages = static_cast<size_t>(sysconf(_SC_PHYS_PAGES));
  EXPECT_EQ(totalBytes, pages * static_cast<size_t>(sysconf(_SC_PAGESIZE)));
  EXPECT_GT(freeBytes, 0u);
  EXPECT_LE(freeBytes, totalBytes);
  size_t available = memInfo("MemAvailable");
  ASSERT_GT(available, 0u);
  // Other processes come and go: within a quarter of what the kernel says.
  EXPECT_LT(freeBytes > available ? freeBytes - available
                                  : available - freeBytes,
            available / 4);
  cudaDeviceProp p;
  ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  EXPECT_EQ(p.totalGlobalMem, totalBytes);
  EXPECT_EQ(cudaMemGetInfo(nullptr, &totalBytes), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
}

} // namespace
