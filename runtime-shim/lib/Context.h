//===- Context.h - Process-wide state of libcucpu_rt ------------*- C++ -*-===//
//
// Part of cucpu. One Context object, created on first use and never destroyed,
// owns every table of the runtime. A single mutex guards it.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_RT_CONTEXT_H
#define CUCPU_RT_CONTEXT_H

#include "SharedEntryPoints.h"
#include "cucpu/abi.h"
#include "cuda_runtime_api.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace cucpu {

enum class AllocKind { Device, Host, Managed };

struct Allocation {
  size_t size;
  AllocKind kind;
  /// cudaHostAlloc flags (host allocations) or cudaMemAttach flags (managed).
  unsigned flags = 0;
  /// The memory pool a stream-ordered allocation came from, if any.
  cudaMemPool_t pool = nullptr;
};

/// What the runtime knows about an address: the block of memory it lies in.
struct Region {
  enum Kind {
    Device,     // cudaMalloc and friends
    PinnedHost, // cudaMallocHost / cudaHostAlloc
    Managed,    // cudaMallocManaged
    Registered, // cudaHostRegister
    Symbol,     // storage of a __device__ or __constant__ variable
  };
  Kind kind;
  uintptr_t base;
  size_t size;
};

struct FuncInfo {
  int maxDynamicSharedBytes = 48 * 1024;
  cudaFuncCache cacheConfig = cudaFuncCachePreferNone;
};

struct VarInfo {
  void *storage = nullptr;
  uint64_t size = 0;
};

} // namespace cucpu

// The opaque handle types CUstream_st and CUevent_st are defined in
// Stream.cpp.

namespace cucpu {

/// Device limits the runtime enforces.
constexpr unsigned kMaxThreadsPerBlock = 1024;
constexpr unsigned kMaxBlockDimXY = 1024;
constexpr unsigned kMaxBlockDimZ = 64;
constexpr uint64_t kMaxGridDimX = 2147483647u;
constexpr unsigned kMaxGridDimYZ = 65535;
constexpr int kDefaultSharedBytes = 48 * 1024;
constexpr int kMaxOptinSharedBytes = 227 * 1024;
constexpr size_t kAllocAlignment = 256;

class Context {
public:
  /// The context, created on first use (thread-safe).
  static Context &get();

  std::mutex mutex;

  // Kernels: host stub -> device name (from __cudaRegisterFunction), device
  // name -> CPU entry (from __cucpu_register_kernel), joined at launch.
  std::unordered_map<const void *, std::string> stubNames;
  std::unordered_map<std::string, cucpu_kernel_entry> kernelEntries;
  std::unordered_map<const void *, FuncInfo> funcInfo;
  // Device name -> parameter layout (size, alignment pairs) from
  // __cucpu_register_kernel_params.
  std::unordered_map<std::string, std::vector<uint64_t>> kernelParams;
  /// Device name -> the __CUDA_ARCH__ its code was compiled for.
  std::unordered_map<std::string, uint32_t> kernelArch;

  // Variables: host shadow -> device name, device name -> storage.
  std::unordered_map<const void *, std::string> shadowNames;
  std::unordered_map<std::string, VarInfo> varStorage;

  // Allocations by start address (ordered, to find interior pointers).
  std::map<uintptr_t, Allocation> allocations;
  // Host ranges registered with cudaHostRegister.
  std::map<uintptr_t, size_t> registeredHost;

  std::set<CUstream_st *> streams;
  std::set<CUevent_st *> events;

  cudaFuncCache deviceCacheConfig = cudaFuncCachePreferNone;
  cudaSharedMemConfig sharedMemConfig = cudaSharedMemBankSizeFourByte;
  unsigned deviceFlags = 0;
  size_t limits[7] = {1024, 1 << 20, 8 << 20, 2, 2048, 64, 0};

  int workerCount() const { return workers; }

  /// Finds the allocation containing p (nullptr if none); *offset receives
  /// the offset of p in it. Caller holds the mutex.
  const Allocation *findAllocation(const void *p, size_t *offset,
                                   uintptr_t *base = nullptr) const;

  /// Whether s names a usable stream (0, legacy, per-thread or live).
  /// Caller holds the mutex.
  bool validStream(cudaStream_t s) const;

  /// The dynamic shared memory a launch of the kernel with host stub func
  /// may ask for (cudaFuncSetAttribute raises it). Caller holds the mutex.
  int dynamicSharedLimit(const void *func) const;

  /// Finds the allocation, registered host range or device variable that p
  /// lies in (a zero-sized block contains only its own address). Returns
  /// false for memory the runtime does not know: pageable host memory.
  /// Caller holds the mutex.
  bool findRegion(const void *p, Region *region) const;

private:
  Context();
  int workers;
};


/// cudaSuccess if stream names a usable stream, else
/// cudaErrorInvalidResourceHandle (not recorded). Takes the mutex.
cudaError_t checkStream(cudaStream_t stream);


/// The error that made the device unusable (cudaErrorAssert after a failed
/// device-side assert, an illegal address, ...), or cudaSuccess. Once set it
/// stays until cudaDeviceReset: every API call that needs the device returns
/// it, and cudaGetLastError reports it without clearing it, as CUDA does.
/// (Defined with the other errors of asynchronous work in Stream.cpp.)
cudaError_t stickyError();

/// Records a sticky error; the first one recorded wins. Safe from any thread,
/// kernels included.
void setStickyError(cudaError_t err);

/// The first statement of an API entry point that needs the device.
#define CUCPU_RETURN_IF_STICKY()                                               \
  do {                                                                         \
    if (cudaError_t sticky_ = ::cucpu::stickyError())                          \
      return ::cucpu::setError(sticky_);                                       \
  } while (0)

/// Bytes of RAM of the machine, and the part of it available to new
/// allocations now (MemAvailable of /proc/meminfo).
size_t totalMemoryBytes();
size_t freeMemoryBytes();

/// Computes the worker count from the values of CUCPU_NUM_THREADS and
/// OMP_NUM_THREADS (either may be null) and the number of processors.
int computeWorkerCount(const char *cucpuEnv, const char *ompEnv, int procs);

/// Makes sure the calling host thread runs OpenMP regions with the runtime's
/// worker count.
void applyWorkerCountToThisThread();

/// For work that runs on a host thread of the program (not a stream's
/// worker): applies the worker count while it lives and gives the thread
/// back the OpenMP thread count it had, so the program's own OpenMP regions
/// on that thread are not changed.
class HostThreadWorkerCount {
public:
  HostThreadWorkerCount();
  ~HostThreadWorkerCount();
  HostThreadWorkerCount(const HostThreadWorkerCount &) = delete;
  HostThreadWorkerCount &operator=(const HostThreadWorkerCount &) = delete;

private:
  int saved;
};

} // namespace cucpu

#endif // CUCPU_RT_CONTEXT_H
