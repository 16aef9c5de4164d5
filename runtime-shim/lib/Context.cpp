//===- Context.cpp - Process-wide state of libcucpu_rt --------------------===//
//
// Part of cucpu.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "Stream.h"

#include <omp.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace cucpu {

namespace {
thread_local cudaError_t lastError = cudaSuccess;
thread_local int appliedWorkers = 0;

/// Parses a positive integer at the start of s (OMP_NUM_THREADS may be a
/// comma-separated list; its first entry counts). Returns 0 if none.
int parsePositive(const char *s) {
  if (!s)
    return 0;
  while (*s == ' ' || *s == '\t')
    ++s;
  char *end = nullptr;
  long v = std::strtol(s, &end, 10);
  if (end == s || v <= 0 || v > 1 << 20)
    return 0;
  return static_cast<int>(v);
}
} // namespace

namespace {
/// The value of a "Key: N kB" line of /proc/meminfo in bytes, or 0.
size_t memInfoBytes(const char *key) {
  std::ifstream in("/proc/meminfo");
  std::string line;
  size_t keyLen = std::strlen(key);
  while (std::getline(in, line)) {
    if (line.compare(0, keyLen, key) != 0 || line.size() <= keyLen ||
        line[keyLen] != ':')
      continue;
    unsigned long long kb = std::strtoull(line.c_str() + keyLen + 1, nullptr,
                                          10);
    return static_cast<size_t>(kb) * 1024;
  }
  return 0;
}
} // namespace

size_t totalMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long pageSize = sysconf(_SC_PAGESIZE);
  if (pages > 0 && pageSize > 0)
    return static_cast<size_t>(pages) * static_cast<size_t>(pageSize);
  if (size_t bytes = memInfoBytes("MemTotal"))
    return bytes;
  return size_t(1) << 32;
}

size_t freeMemoryBytes() {
  // MemAvailable counts the page cache the kernel would give back; free
  // pages alone understate what an allocation can get.
  size_t total = totalMemoryBytes();
  size_t bytes = memInfoBytes("MemAvailable");
  if (bytes == 0) {
    long pages = sysconf(_SC_AVPHYS_PAGES);
    long pageSize = sysconf(_SC_PAGESIZE);
    if (pages > 0 && pageSize > 0)
      bytes = static_cast<size_t>(pages) * static_cast<size_t>(pageSize);
  }
  return bytes < total ? bytes : total;
}

int computeWorkerCount(const char *cucpuEnv, const char *ompEnv, int procs) {
  if (int n = parsePositive(cucpuEnv))
    return n;
  if (int n = parsePositive(ompEnv))
    return n;
  return procs > 0 ? procs : 1;
}

Context::Context() {
  workers = computeWorkerCount(std::getenv("CUCPU_NUM_THREADS"),
                               std::getenv("OMP_NUM_THREADS"),
                               omp_get_num_procs());
}

Context &Context::get() {
  // Never destroyed: kernels and atexit handlers may still use it.
  static Context *ctx = new Context();
  return *ctx;
}

void applyWorkerCountToThisThread() {
  int n = Context::get().workerCount();
  if (appliedWorkers != n) {
    omp_set_num_threads(n);
    appliedWorkers = n;
  }
}

HostThreadWorkerCount::HostThreadWorkerCount() : saved(omp_get_max_threads()) {
  applyWorkerCountToThisThread();
}

HostThreadWorkerCount::~HostThreadWorkerCount() {
  if (omp_get_max_threads() != saved)
    omp_set_num_threads(saved);
  appliedWorkers = saved;
}

const Allocation *Context::findAllocation(const void *p, size_t *offset,
                                          uintptr_t *base) const {
  uintptr_t addr = reinterpret_cast<uintptr_t>(p);
  auto it = allocations.upper_bound(addr);
  if (it == allocations.begin())
    return nullptr;
  --it;
  size_t off = addr - it->first;
  // A zero-sized allocation only contains its own address.
  if (off > it->second.size || (off == it->second.size && off != 0))
    return nullptr;
  if (offset)
    *offset = off;
  if (base)
    *base = it->first;
  return &it->second;
}

bool Context::findRegion(const void *p, Region *region) const {
  size_t offset;
  uintptr_t base;
  if (const Allocation *a = findAllocation(p, &offset, &base)) {
    switch (a->kind) {
    case AllocKind::Device:
      region->kind = Region::Device;
      break;
    case AllocKind::Host:
      region->kind = Region::PinnedHost;
      break;
    case AllocKind::Managed:
      region->kind = Region::Managed;
      break;
    }
    region->base = base;
    region->size = a->size;
    return true;
  }
  uintptr_t addr = reinterpret_cast<uintptr_t>(p);
  auto it = registeredHost.upper_bound(addr);
  if (it != registeredHost.begin()) {
    --it;
    if (addr - it->first < it->second) {
      *region = Region{Region::Registered, it->first, it->second};
      return true;
    }
  }
  // Device variables are few; a linear search keeps one table for them.
  for (const auto &var : varStorage) {
    uintptr_t start = reinterpret_cast<uintptr_t>(var.second.storage);
    if (addr >= start && addr - start < var.second.size) {
      *region = Region{Region::Symbol, start,
                       static_cast<size_t>(var.second.size)};
      return true;
    }
  }
  return false;
}

bool Context::validStream(cudaStream_t s) const {
  return s == nullptr || s == cudaStreamLegacy || s == cudaStreamPerThread ||
         streams.count(s) != 0;
}

int Context::dynamicSharedLimit(const void *func) const {
  auto info = funcInfo.find(func);
  return info != funcInfo.end() ? info->second.maxDynamicSharedBytes
                                : kDefaultSharedBytes;
}

cudaError_t checkStream(cudaStream_t stream) {
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  return ctx.validStream(stream) ? cudaSuccess
                                 : cudaErrorInvalidResourceHandle;
}

cudaError_t setError(cudaError_t err) {
  if (err != cudaSuccess)
    lastError = err;
  return err;
}

} // namespace cucpu

using namespace cucpu;

extern "C" {

cudaError_t cudaGetLastError(void) {
  // Errors of asynchronous work count too, as in CUDA.
  cudaError_t e = lastErrorWithAsync(lastError, /*consume=*/true);
  lastError = cudaSuccess;
  return e;
}

cudaError_t cudaPeekAtLastError(void) {
  return lastErrorWithAsync(lastError, /*consume=*/false);
}

int cucpu_worker_count(void) { return Context::get().workerCount(); }

} // extern "C"
