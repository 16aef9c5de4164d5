//===- Launch.cpp - Registration, call configuration and launches ---------===//
//
// Part of cucpu. Joins the host registrations (__cudaRegisterFunction,
// __cudaRegisterVar) with the device object's (__cucpu_register_kernel,
// __cucpu_register_var) by device name, lazily, at lookup time.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "Memory.h"
#include "Stream.h"

#include <cstring>
#include <memory>
#include <new>
#include <vector>

using namespace cucpu;

namespace {

/// One handle per __cudaRegisterFatBinary call; never freed (the host stub
/// tables reference it for the whole run).
struct FatBinaryHandle {
  void *fatCubin;
};

/// The checks CUDA makes of a launch's configuration, with its error codes:
/// a zero or too large grid or block dimension, or more than 1024 threads in
/// a block, is an invalid configuration; more dynamic shared memory than the
/// kernel may have is an invalid value.
cudaError_t validateLaunch(dim3 grid, dim3 block, size_t sharedMem,
                           int sharedLimit) {
  // After a failed device assert no kernel runs again.
  if (cudaError_t err = stickyError())
    return err;
  if (grid.x == 0 || grid.y == 0 || grid.z == 0 || block.x == 0 ||
      block.y == 0 || block.z == 0)
    return cudaErrorInvalidConfiguration;
  if (grid.x > kMaxGridDimX || grid.y > kMaxGridDimYZ ||
      grid.z > kMaxGridDimYZ)
    return cudaErrorInvalidConfiguration;
  if (block.x > kMaxBlockDimXY || block.y > kMaxBlockDimXY ||
      block.z > kMaxBlockDimZ)
    return cudaErrorInvalidConfiguration;
  uint64_t threads = uint64_t(block.x) * block.y * block.z;
  if (threads > kMaxThreadsPerBlock)
    return cudaErrorInvalidConfiguration;
  if (sharedMem > static_cast<size_t>(sharedLimit))
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

/// Resolves a host shadow to its device storage. Caller holds the mutex.
cudaError_t lookupSymbol(Context &ctx, const void *symbol, VarInfo *out) {
  if (!symbol)
    return cudaErrorInvalidSymbol;
  auto name = ctx.shadowNames.find(symbol);
  if (name == ctx.shadowNames.end()) {
    // Host code of another file names a relocatable device variable by its
    // storage: its `extern __device__` declaration has no shadow of its own.
    for (const auto &var : ctx.varStorage)
      if (var.second.storage == symbol) {
        *out = var.second;
        return cudaSuccess;
      }
    return cudaErrorInvalidSymbol;
  }
  auto var = ctx.varStorage.find(name->second);
  if (var == ctx.varStorage.end() || !var->second.storage)
    return cudaErrorInvalidSymbol;
  *out = var->second;
  return cudaSuccess;
}

/// A launch's copy of its arguments: the host stub's originals are gone when
/// the launch returns, before the kernel runs.
class ArgumentCopy {
public:
  /// layout holds (size, alignment) pairs, one per argument.
  ArgumentCopy(const std::vector<uint64_t> &layout, void **args) {
    size_t count = layout.size() / 2;
    size_t total = 0;
    for (size_t i = 0; i < count; ++i) {
      size_t align = layout[2 * i + 1] ? layout[2 * i + 1] : 1;
      if (align > maxAlign)
        maxAlign = align;
      total = (total + align - 1) / align * align + layout[2 * i];
    }
    storage = static_cast<char *>(
        ::operator new(total ? total : 1, std::align_val_t(maxAlign)));
    pointers.resize(count);
    size_t offset = 0;
    for (size_t i = 0; i < count; ++i) {
      size_t align = layout[2 * i + 1] ? layout[2 * i + 1] : 1;
      offset = (offset + align - 1) / align * align;
      pointers[i] = storage + offset;
      std::memcpy(storage + offset, args[i], layout[2 * i]);
      offset += layout[2 * i];
    }
  }
  ~ArgumentCopy() { ::operator delete(storage, std::align_val_t(maxAlign)); }
  ArgumentCopy(const ArgumentCopy &) = delete;
  ArgumentCopy &operator=(const ArgumentCopy &) = delete;

  void **args() { return pointers.data(); }

private:
  size_t maxAlign = alignof(std::max_align_t);
  char *storage = nullptr;
  std::vector<void *> pointers;
};

} // namespace

extern "C" {

//===----------------------------------------------------------------------===//
// Device object ABI.
//===----------------------------------------------------------------------===//

void __cucpu_register_kernel(const char *deviceName,
                             cucpu_kernel_entry entry) {
  if (!deviceName || !entry)
    return;
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.kernelEntries.emplace(deviceName, entry);
}

void __cucpu_register_kernel_params(const char *deviceName, uint32_t count,
                                    const uint64_t *layout) {
  if (!deviceName || (count && !layout))
    return;
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.kernelParams[deviceName].assign(layout, layout + 2 * size_t(count));
}

void __cucpu_register_kernel_arch(const char *deviceName, uint32_t arch) {
  if (!deviceName)
    return;
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.kernelArch[deviceName] = arch;
}

void __cucpu_register_var(const char *deviceName, void *storage,
                          uint64_t size) {
  if (!deviceName || !storage)
    return;
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.varStorage.emplace(deviceName, VarInfo{storage, size});
}

//===----------------------------------------------------------------------===//
// Host registration hooks emitted by clang.
//===----------------------------------------------------------------------===//

void **__cudaRegisterFatBinary(void *fatCubin) {
  auto *handle = new FatBinaryHandle{fatCubin};
  return reinterpret_cast<void **>(handle);
}

void __cudaRegisterFatBinaryEnd(void **) {}

void __cudaUnregisterFatBinary(void **) {
  // Registrations stay valid until exit; other modules may still launch.
}

char __cudaInitModule(void **) { return 1; }

int __cudaRegisterFunction(void **, const char *hostFun, char *,
                           const char *deviceName, int, uint3 *, uint3 *,
                           dim3 *, dim3 *, int *) {
  if (!hostFun || !deviceName)
    return 0;
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.stubNames[hostFun] = deviceName;
  return 0;
}

void __cudaRegisterVar(void **, char *hostVar, char *, const char *deviceName,
                       int, size_t, int, int) {
  if (!hostVar || !deviceName)
    return;
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.shadowNames[hostVar] = deviceName;
}

//===----------------------------------------------------------------------===//
// Launches and function attributes.
//===----------------------------------------------------------------------===//

cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem,
                             cudaStream_t stream) {
  Context &ctx = Context::get();
  cucpu_kernel_entry entry = nullptr;
  std::vector<uint64_t> layout;
  bool haveLayout = false;
  {
    std::lock_guard<std::mutex> lock(ctx.mutex);
    if (!ctx.validStream(stream))
      return setError(cudaErrorInvalidResourceHandle);
    auto name = ctx.stubNames.find(func);
    if (name == ctx.stubNames.end())
      return setError(cudaErrorInvalidDeviceFunction);
    auto e = ctx.kernelEntries.find(name->second);
    if (e == ctx.kernelEntries.end())
      return setError(cudaErrorInvalidDeviceFunction);
    entry = e->second;
    auto params = ctx.kernelParams.find(name->second);
    if (params != ctx.kernelParams.end()) {
      layout = params->second;
      haveLayout = true;
    }
    cudaError_t err = validateLaunch(gridDim, blockDim, sharedMem,
                                     ctx.dynamicSharedLimit(func));
    if (err != cudaSuccess)
      return setError(err);
  }
  uint64_t shared = sharedMem;
  if (!haveLayout) {
    // No parameter layout (an older device object): the arguments are read
    // in place, so the launch waits for the kernel.
    return enqueueAndWait(stream, [=] {
      applyWorkerCountToThisThread();
      entry(gridDim.x, gridDim.y, gridDim.z, blockDim.x, blockDim.y, blockDim.z,
            shared, args);
      return cudaSuccess;
    });
  }
  auto copy = std::make_shared<ArgumentCopy>(layout, args);
  return enqueue(stream, [=] {
    applyWorkerCountToThisThread();
    entry(gridDim.x, gridDim.y, gridDim.z, blockDim.x, blockDim.y, blockDim.z,
          shared, copy->args());
    return cudaSuccess;
  });
}

cudaError_t cudaFuncSetAttribute(const void *func, cudaFuncAttribute attr,
                                 int value) {
  CUCPU_RETURN_IF_STICKY();
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  if (!func || !ctx.stubNames.count(func))
    return setError(cudaErrorInvalidDeviceFunction);
  switch (attr) {
  case cudaFuncAttributeMaxDynamicSharedMemorySize:
    if (value < 0 || value > kMaxOptinSharedBytes)
      return setError(cudaErrorInvalidValue);
    ctx.funcInfo[func].maxDynamicSharedBytes = value;
    return cudaSuccess;
  case cudaFuncAttributePreferredSharedMemoryCarveout:
    if (value < -1 || value > 100)
      return setError(cudaErrorInvalidValue);
    return cudaSuccess;
  default:
    if (attr < cudaFuncAttributeMaxDynamicSharedMemorySize ||
        attr >= cudaFuncAttributeMax)
      return setError(cudaErrorInvalidValue);
    return cudaSuccess;
  }
}

cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, const void *func) {
  CUCPU_RETURN_IF_STICKY();
  if (!attr)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  if (!func || !ctx.stubNames.count(func))
    return setError(cudaErrorInvalidDeviceFunction);
  std::memset(attr, 0, sizeof(*attr));
  attr->maxThreadsPerBlock = kMaxThreadsPerBlock;
  attr->numRegs = 32;
  // The __CUDA_ARCH__ the kernel was compiled for, as nvcc's binary
  // reports the architecture it holds: libraries (CUB) pick the tuning
  // the device code was compiled with by it.
  int version = 80;
  auto arch = ctx.kernelArch.find(ctx.stubNames[func]);
  if (arch != ctx.kernelArch.end())
    version = static_cast<int>(arch->second / 10);
  attr->ptxVersion = version;
  attr->binaryVersion = version;
  attr->maxDynamicSharedSizeBytes = ctx.dynamicSharedLimit(func);
  attr->preferredShmemCarveout = -1;
  return cudaSuccess;
}

cudaError_t cudaFuncSetCacheConfig(const void *func, cudaFuncCache config) {
  CUCPU_RETURN_IF_STICKY();
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  if (!func || !ctx.stubNames.count(func))
    return setError(cudaErrorInvalidDeviceFunction);
  if (config < cudaFuncCachePreferNone || config > cudaFuncCachePreferEqual)
    return setError(cudaErrorInvalidValue);
  ctx.funcInfo[func].cacheConfig = config;
  return cudaSuccess;
}

cudaError_t cudaFuncSetSharedMemConfig(const void *func,
                                       cudaSharedMemConfig config) {
  CUCPU_RETURN_IF_STICKY();
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  if (!func || !ctx.stubNames.count(func))
    return setError(cudaErrorInvalidDeviceFunction);
  if (config < cudaSharedMemBankSizeDefault ||
      config > cudaSharedMemBankSizeEightByte)
    return setError(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize,
    unsigned int) {
  CUCPU_RETURN_IF_STICKY();
  if (!numBlocks || blockSize <= 0 ||
      blockSize > static_cast<int>(kMaxThreadsPerBlock))
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  if (!func || !ctx.stubNames.count(func))
    return setError(cudaErrorInvalidDeviceFunction);
  // A block that asks for more shared memory than the kernel may have cannot
  // run at all.
  int sharedLimit = ctx.dynamicSharedLimit(func);
  if (dynamicSMemSize > static_cast<size_t>(sharedLimit)) {
    *numBlocks = 0;
    return cudaSuccess;
  }
  // Model an SM with 2048 threads and 228 KiB of shared memory.
  int byThreads = 2048 / blockSize;
  int bySmem = dynamicSMemSize
                   ? static_cast<int>((228 * 1024) / dynamicSMemSize)
                   : byThreads;
  int n = byThreads < bySmem ? byThreads : bySmem;
  *numBlocks = n > 32 ? 32 : n;
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, func, blockSize, dynamicSMemSize, 0);
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize,
                                                      const void *func,
                                                      int numBlocks,
                                                      int blockSize) {
  CUCPU_RETURN_IF_STICKY();
  if (!dynamicSmemSize || numBlocks <= 0 || blockSize <= 0 ||
      blockSize > static_cast<int>(kMaxThreadsPerBlock))
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  if (!func || !ctx.stubNames.count(func))
    return setError(cudaErrorInvalidDeviceFunction);
  size_t sharedLimit = ctx.dynamicSharedLimit(func);
  // The same SM model as the occupancy calculator: numBlocks blocks share
  // 228 KiB; too many blocks or threads leave nothing.
  if (numBlocks > 32 || numBlocks * blockSize > 2048) {
    *dynamicSmemSize = 0;
    return cudaSuccess;
  }
  size_t perBlock = (228 * 1024) / static_cast<size_t>(numBlocks);
  *dynamicSmemSize = perBlock < sharedLimit ? perBlock : sharedLimit;
  return cudaSuccess;
}

//===----------------------------------------------------------------------===//
// Device variables.
//===----------------------------------------------------------------------===//

/// Finds the `count` bytes at `offset` in a device variable's storage,
/// checking the symbol and the range. Records and returns the error, if any.
static cudaError_t symbolRange(const void *symbol, size_t count,
                               size_t offset, char **storage) {
  Context &ctx = Context::get();
  VarInfo var;
  {
    std::lock_guard<std::mutex> lock(ctx.mutex);
    if (cudaError_t err = lookupSymbol(ctx, symbol, &var))
      return setError(err);
  }
  if (offset > var.size || count > var.size - offset)
    return setError(cudaErrorInvalidValue);
  *storage = static_cast<char *>(var.storage) + offset;
  return cudaSuccess;
}

static cudaError_t copyToSymbol(const void *symbol, const void *src,
                                size_t count, size_t offset,
                                cudaMemcpyKind kind, bool async,
                                cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  if (!validMemcpyKind(kind) || kind == cudaMemcpyHostToHost ||
      kind == cudaMemcpyDeviceToHost)
    return setError(cudaErrorInvalidMemcpyDirection);
  char *storage;
  if (cudaError_t err = symbolRange(symbol, count, offset, &storage))
    return err;
  return copyBytes(storage, src, count, kind, async, stream);
}

static cudaError_t copyFromSymbol(void *dst, const void *symbol, size_t count,
                                  size_t offset, cudaMemcpyKind kind,
                                  bool async, cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  if (!validMemcpyKind(kind) || kind == cudaMemcpyHostToHost ||
      kind == cudaMemcpyHostToDevice)
    return setError(cudaErrorInvalidMemcpyDirection);
  char *storage;
  if (cudaError_t err = symbolRange(symbol, count, offset, &storage))
    return err;
  return copyBytes(dst, storage, count, kind, async, stream);
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src,
                               size_t count, size_t offset,
                               cudaMemcpyKind kind) {
  return copyToSymbol(symbol, src, count, offset, kind, false, nullptr);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                 size_t offset, cudaMemcpyKind kind) {
  return copyFromSymbol(dst, symbol, count, offset, kind, false, nullptr);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src,
                                    size_t count, size_t offset,
                                    cudaMemcpyKind kind, cudaStream_t stream) {
  return copyToSymbol(symbol, src, count, offset, kind, true, stream);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol,
                                      size_t count, size_t offset,
                                      cudaMemcpyKind kind,
                                      cudaStream_t stream) {
  return copyFromSymbol(dst, symbol, count, offset, kind, true, stream);
}

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol) {
  CUCPU_RETURN_IF_STICKY();
  if (!devPtr)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  VarInfo var;
  if (cudaError_t err = lookupSymbol(ctx, symbol, &var))
    return setError(err);
  *devPtr = var.storage;
  return cudaSuccess;
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol) {
  CUCPU_RETURN_IF_STICKY();
  if (!size)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  VarInfo var;
  if (cudaError_t err = lookupSymbol(ctx, symbol, &var))
    return setError(err);
  *size = static_cast<size_t>(var.size);
  return cudaSuccess;
}

} // extern "C"
