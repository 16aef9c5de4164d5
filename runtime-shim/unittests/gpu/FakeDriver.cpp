//===- FakeDriver.cpp - A CUDA driver without a GPU, for unit tests -------===//
//
// Every entry point libcucpu_rt_gpu binds, over host memory: allocations are
// malloc'ed and tracked (device, managed or pinned host, for the frees,
// address ranges and pointer attributes), copies and fills run at once and
// stay inside the allocations they start in, streams and events are tokens, and
// a module global is a zeroed buffer made on first lookup (fakeCudaGlobal
// returns it to the test), and fakeCudaSetSynchronizeResult stands for a
// kernel's fault. Kernels cannot run. This checks the runtime's host side
// (textures, arrays, copies) where no GPU is; it is no model of a GPU's
// behaviour.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

using namespace cucpu::gpu;

namespace {

constexpr CUresult kInvalidValue = 1;
constexpr CUresult kNotSupported = 801;

/// What an allocation is, for the frees and pointer attributes.
enum class Kind { Device, Managed, PinnedHost };

struct Allocation {
  size_t size;
  Kind kind;
};

struct FakeState {
  std::mutex mutex;
  CUresult synchronizeResult = 0; // what cuCtxSynchronize reports
  std::map<uintptr_t, Allocation> allocations;
  std::map<std::string, void *> globals;
};

FakeState &state() {
  static FakeState *s = new FakeState;
  return *s;
}

CUresult allocate(CUdeviceptr *out, size_t bytes, Kind kind = Kind::Device) {
  void *p = std::aligned_alloc(256, (bytes + 255) & ~size_t(255));
  if (!p)
    return 2; // CUDA_ERROR_OUT_OF_MEMORY
  std::lock_guard<std::mutex> lock(state().mutex);
  state().allocations[reinterpret_cast<uintptr_t>(p)] = {bytes, kind};
  *out = reinterpret_cast<uintptr_t>(p);
  return kCudaSuccess;
}

/// Frees an allocation of the kinds `pinned` says (cuMemFree takes device
/// and managed memory, cuMemFreeHost pinned host memory).
CUresult release(uintptr_t p, bool pinned) {
  std::lock_guard<std::mutex> lock(state().mutex);
  auto it = state().allocations.find(p);
  if (it == state().allocations.end() ||
      (it->second.kind == Kind::PinnedHost) != pinned)
    return kInvalidValue;
  state().allocations.erase(it);
  std::free(reinterpret_cast<void *>(p));
  return kCudaSuccess;
}

/// The allocation holding p: its base and what it is.
bool findAllocation(uintptr_t p, uintptr_t *base, Allocation *a) {
  std::lock_guard<std::mutex> lock(state().mutex);
  auto it = state().allocations.upper_bound(p);
  if (it == state().allocations.begin())
    return false;
  --it;
  if (p >= it->first + it->second.size && p != it->first)
    return false;
  *base = it->first;
  *a = it->second;
  return true;
}

/// Whether [p, p + bytes) stays inside the allocation p starts in, where p
/// is in one (the driver refuses copies and fills that run past its end).
bool withinAllocation(uintptr_t p, size_t bytes) {
  uintptr_t base;
  Allocation a;
  return !findAllocation(p, &base, &a) || bytes <= base + a.size - p;
}

void *token() { return std::malloc(1); }

} // namespace

extern "C" {

void *fakeCudaGlobal(const char *name) {
  std::lock_guard<std::mutex> lock(state().mutex);
  void *&buffer = state().globals[name];
  if (!buffer)
    buffer = std::calloc(1, 4096);
  return buffer;
}

CUresult cuInit(unsigned) { return kCudaSuccess; }
CUresult cuDriverGetVersion(int *v) { return *v = 12080, kCudaSuccess; }
CUresult cuDeviceGetCount(int *n) { return *n = 1, kCudaSuccess; }
CUresult cuDeviceGet(CUdevice *d, int) { return *d = 0, kCudaSuccess; }
CUresult cuDeviceGetName(char *name, int length, CUdevice) {
  std::strncpy(name, "fake GPU", length);
  return kCudaSuccess;
}
CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice) {
  return *bytes = size_t(1) << 32, kCudaSuccess;
}
CUresult cuDeviceGetAttribute(int *value, int, CUdevice) {
  return *value = 1, kCudaSuccess;
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice) {
  static char context;
  *c = reinterpret_cast<CUcontext>(&context);
  return kCudaSuccess;
}
/// Makes cuCtxSynchronize report `result` (as after a kernel's fault) until
/// the context is reset.
void fakeCudaSetSynchronizeResult(CUresult result) {
  std::lock_guard<std::mutex> lock(state().mutex);
  state().synchronizeResult = result;
}

CUresult cuDevicePrimaryCtxReset_v2(CUdevice) {
  fakeCudaSetSynchronizeResult(kCudaSuccess);
  return kCudaSuccess;
}
CUresult cuCtxSetCurrent(CUcontext) { return kCudaSuccess; }
CUresult cuCtxSynchronize() {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().synchronizeResult;
}
CUresult cuCtxSetLimit(int, size_t) { return kCudaSuccess; }
CUresult cuCtxGetLimit(size_t *value, int) { return *value = 0, kCudaSuccess; }
CUresult cuCtxGetStreamPriorityRange(int *least, int *greatest) {
  *least = 0;
  *greatest = -5;
  return kCudaSuccess;
}
CUresult cuModuleLoadDataEx(CUmodule *m, const void *, unsigned, int *,
                            void **) {
  *m = static_cast<CUmodule>(token());
  return kCudaSuccess;
}
CUresult cuModuleGetFunction(CUfunction *, CUmodule, const char *) {
  return 500; // CUDA_ERROR_NOT_FOUND
}
CUresult cuModuleGetGlobal_v2(CUdeviceptr *address, size_t *size, CUmodule,
                              const char *name) {
  *address = reinterpret_cast<uintptr_t>(fakeCudaGlobal(name));
  *size = 4096;
  return kCudaSuccess;
}
CUresult cuFuncSetAttribute(CUfunction, int, int) { return kNotSupported; }
CUresult cuFuncGetAttribute(int *, int, CUfunction) { return kNotSupported; }
CUresult cuLaunchKernel(CUfunction, unsigned, unsigned, unsigned, unsigned,
                        unsigned, unsigned, unsigned, CUstream, void **,
                        void **) {
  return kNotSupported;
}
CUresult cuLaunchHostFunc(CUstream, CUhostFn fn, void *data) {
  fn(data);
  return kCudaSuccess;
}
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes) {
  return allocate(p, bytes);
}
CUresult cuMemAllocPitch_v2(CUdeviceptr *p, size_t *pitch, size_t width,
                            size_t height, unsigned) {
  *pitch = (width + 511) & ~size_t(511);
  return allocate(p, *pitch * height);
}
CUresult cuMemAllocManaged(CUdeviceptr *p, size_t bytes, unsigned) {
  return allocate(p, bytes, Kind::Managed);
}
CUresult cuMemFree_v2(CUdeviceptr p) { return release(p, false); }
CUresult cuMemAllocHost_v2(void **p, size_t bytes) {
  CUdeviceptr d;
  CUresult r = allocate(&d, bytes, Kind::PinnedHost);
  *p = reinterpret_cast<void *>(d);
  return r;
}
CUresult cuMemHostAlloc(void **p, size_t bytes, unsigned) {
  return cuMemAllocHost_v2(p, bytes);
}
CUresult cuMemFreeHost(void *p) {
  return release(reinterpret_cast<uintptr_t>(p), true);
}
CUresult cuMemHostRegister_v2(void *, size_t, unsigned) { return kCudaSuccess; }
CUresult cuMemHostUnregister(void *) { return kCudaSuccess; }
CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *device, void *host,
                                      unsigned) {
  *device = reinterpret_cast<uintptr_t>(host);
  return kCudaSuccess;
}
CUresult cuMemHostGetFlags(unsigned *flags, void *) {
  return *flags = 0, kCudaSuccess;
}
CUresult cuMemGetInfo_v2(size_t *free, size_t *total) {
  *free = *total = size_t(1) << 32;
  return kCudaSuccess;
}
CUresult cuMemGetAddressRange_v2(CUdeviceptr *base, size_t *size,
                                 CUdeviceptr p) {
  uintptr_t b;
  Allocation a;
  if (!findAllocation(p, &b, &a))
    return 500;
  *base = b;
  *size = a.size;
  return kCudaSuccess;
}
CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  if (!dst || !src || !withinAllocation(dst, bytes) ||
      !withinAllocation(src, bytes))
    return kInvalidValue;
  std::memmove(reinterpret_cast<void *>(dst), reinterpret_cast<void *>(src),
               bytes);
  return kCudaSuccess;
}
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                       CUstream) {
  return cuMemcpy(dst, src, bytes);
}
CUresult cuMemsetD8_v2(CUdeviceptr p, unsigned char value, size_t bytes) {
  if (!p || !withinAllocation(p, bytes))
    return kInvalidValue;
  std::memset(reinterpret_cast<void *>(p), value, bytes);
  return kCudaSuccess;
}
CUresult cuMemsetD8Async(CUdeviceptr p, unsigned char value, size_t bytes,
                         CUstream) {
  return cuMemsetD8_v2(p, value, bytes);
}
CUresult cuStreamCreate(CUstream *s, unsigned) {
  *s = static_cast<CUstream>(token());
  return kCudaSuccess;
}
CUresult cuStreamCreateWithPriority(CUstream *s, unsigned, int) {
  *s = static_cast<CUstream>(token());
  return kCudaSuccess;
}
CUresult cuStreamDestroy_v2(CUstream s) {
  std::free(s);
  return kCudaSuccess;
}
CUresult cuStreamSynchronize(CUstream) { return kCudaSuccess; }
CUresult cuStreamQuery(CUstream) { return kCudaSuccess; }
CUresult cuStreamWaitEvent(CUstream, CUevent, unsigned) { return kCudaSuccess; }
CUresult cuStreamGetFlags(CUstream, unsigned *flags) {
  return *flags = 0, kCudaSuccess;
}
CUresult cuStreamGetPriority(CUstream, int *priority) {
  return *priority = 0, kCudaSuccess;
}
CUresult cuStreamAddCallback(CUstream s, CUstreamCallback fn, void *data,
                             unsigned) {
  fn(s, kCudaSuccess, data);
  return kCudaSuccess;
}
CUresult cuMemAllocAsync(CUdeviceptr *p, size_t bytes, CUstream) {
  return allocate(p, bytes);
}
CUresult cuMemFreeAsync(CUdeviceptr p, CUstream) { return release(p, false); }
CUresult cuEventCreate(CUevent *e, unsigned) {
  *e = static_cast<CUevent>(token());
  return kCudaSuccess;
}
CUresult cuEventRecord(CUevent, CUstream) { return kCudaSuccess; }
CUresult cuEventSynchronize(CUevent) { return kCudaSuccess; }
CUresult cuEventQuery(CUevent) { return kCudaSuccess; }
CUresult cuEventElapsedTime(float *ms, CUevent, CUevent) {
  return *ms = 0, kCudaSuccess;
}
CUresult cuEventDestroy_v2(CUevent e) {
  std::free(e);
  return kCudaSuccess;
}
CUresult cuPointerGetAttribute(void *data, int attribute, CUdeviceptr p) {
  uintptr_t base;
  Allocation a;
  if (!findAllocation(p, &base, &a))
    return kInvalidValue;
  if (attribute == kPointerMemoryType)
    *static_cast<unsigned *>(data) =
        a.kind == Kind::PinnedHost ? kMemoryTypeHost : kMemoryTypeDevice;
  else if (attribute == kPointerIsManaged)
    *static_cast<int *>(data) = a.kind == Kind::Managed;
  else
    return kNotSupported;
  return kCudaSuccess;
}
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *blocks,
                                                              CUfunction, int,
                                                              size_t,
                                                              unsigned) {
  return *blocks = 1, kCudaSuccess;
}
CUresult cuOccupancyAvailableDynamicSMemPerBlock(size_t *bytes, CUfunction, int,
                                                 int) {
  return *bytes = 0, kCudaSuccess;
}

} // extern "C"
