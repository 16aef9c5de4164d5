//===- Memory.cpp - Allocation, copies and fills --------------------------===//
//
// Part of cucpu. Device memory is host memory: allocations are 256-byte
// aligned heap blocks tracked in the context so that pointers can be
// validated. Copies and fills are checked on the calling thread. The
// synchronous functions then wait for the work they follow (Stream.h) and do
// theirs on the calling thread; the asynchronous ones queue it on their
// stream.
//
//===----------------------------------------------------------------------===//

#include "Memory.h"
#include "MemoryPools.h"
#include "Context.h"
#include "Stream.h"
#include "TextureBackend.h"

#include <omp.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>

using namespace cucpu;

namespace {

/// depth slices of height rows of width bytes, between two pitched layouts.
struct Copy {
  char *dst;
  const char *src;
  size_t dpitch, spitch; // bytes from one row to the next
  size_t dslice, sslice; // bytes from one slice to the next
  size_t width, height, depth;
};

/// A fill of depth slices of height rows of width bytes.
struct Fill {
  char *dst;
  size_t pitch, slice;
  size_t width, height, depth;
  unsigned char value;
};

/// Contiguous copies and fills of at least this many bytes are split among
/// the workers: one core does not reach the memory bandwidth that several
/// do. nn copies 4 MiB of distances to the host per query: 690 -> 652 ms
/// for 600 queries at 2 threads.
constexpr size_t kSplitBytes = size_t(1) << 20;

/// Runs work(begin, end) over [0, bytes), in one page-aligned chunk per
/// worker when the range is large and the calling thread is not in an
/// OpenMP region already (the program's own, or a kernel's).
template <class Work> void splitAmongWorkers(size_t bytes, Work work) {
  int workers = Context::get().workerCount();
  if (bytes < kSplitBytes || workers < 2 || omp_in_parallel()) {
    work(0, bytes);
    return;
  }
  constexpr size_t kPage = 4096;
  // Round the share up before the page: bytes / workers truncates, and when
  // the quotient is already page-aligned the last bytes % workers bytes
  // would belong to no chunk.
  size_t share = (bytes + workers - 1) / workers;
  size_t chunk = (share + kPage - 1) / kPage * kPage;
#pragma omp parallel for num_threads(workers) schedule(static)
  for (int w = 0; w < workers; ++w) {
    size_t begin = std::min(bytes, w * chunk);
    work(begin, std::min(bytes, begin + chunk));
  }
}

void runCopy(const Copy &c) {
  if (c.dpitch == c.width && c.spitch == c.width &&
      c.dslice == c.width * c.height && c.sslice == c.width * c.height) {
    size_t bytes = c.width * c.height * c.depth;
    if (c.dst < c.src + bytes && c.src < c.dst + bytes) {
      std::memmove(c.dst, c.src, bytes); // overlapping (a device-to-device copy)
      return;
    }
    splitAmongWorkers(bytes, [&](size_t begin, size_t end) {
      std::memcpy(c.dst + begin, c.src + begin, end - begin);
    });
    return;
  }
  for (size_t z = 0; z < c.depth; ++z)
    for (size_t y = 0; y < c.height; ++y)
      std::memmove(c.dst + z * c.dslice + y * c.dpitch,
                   c.src + z * c.sslice + y * c.spitch, c.width);
}

void runFill(const Fill &f) {
  if (f.pitch == f.width && f.slice == f.width * f.height) {
    splitAmongWorkers(f.width * f.height * f.depth,
                      [&](size_t begin, size_t end) {
                        std::memset(f.dst + begin, f.value, end - begin);
                      });
    return;
  }
  for (size_t z = 0; z < f.depth; ++z)
    for (size_t y = 0; y < f.height; ++y)
      std::memset(f.dst + z * f.slice + y * f.pitch, f.value, f.width);
}

/// Bytes from the first to one past the last byte a pitched access touches
/// (all extents non-zero).
size_t span(size_t pitch, size_t slice, size_t width, size_t height,
            size_t depth) {
  return (depth - 1) * slice + (height - 1) * pitch + width;
}

/// Checks the bytes [p, p + bytes): if the runtime knows the memory p lies
/// in, they must stay inside it; if it does not (pageable host memory), p
/// must not be meant as device memory. *known receives which case it is.
/// Caller holds the mutex.
cudaError_t checkRange(Context &ctx, const void *p, size_t bytes,
                       bool mustBeDevice, bool *known) {
  Region r;
  *known = ctx.findRegion(p, &r);
  if (!*known)
    return mustBeDevice ? cudaErrorInvalidValue : cudaSuccess;
  size_t offset = reinterpret_cast<uintptr_t>(p) - r.base;
  return bytes <= r.size - offset ? cudaSuccess : cudaErrorInvalidValue;
}

/// Hands checked work to the stream machinery. A synchronous function waits
/// for the work it follows and then does its own on the calling thread; an
/// asynchronous one queues it, and, as CUDA's do when pageable host memory
/// is involved, waits for it to finish if `pageable`.
cudaError_t submit(cudaStream_t stream, std::function<cudaError_t()> work,
                   bool async, bool pageable) {
  if (!async) {
    if (cudaError_t err = waitForSynchronousCall())
      return setError(err);
    return setError(work());
  }
  return pageable ? enqueueAndWait(stream, std::move(work))
                  : enqueue(stream, std::move(work));
}

/// Checks and runs a copy; stream is null for the synchronous functions.
cudaError_t copy(const Copy &c, cudaMemcpyKind kind, bool async,
                 cudaStream_t stream) {
  if (!validMemcpyKind(kind))
    return setError(cudaErrorInvalidMemcpyDirection);
  if (async)
    if (cudaError_t err = checkStream(stream))
      return setError(err);
  if (c.width == 0 || c.height == 0 || c.depth == 0)
    return cudaSuccess;
  if (!c.dst || !c.src)
    return setError(cudaErrorInvalidValue);
  bool dstDevice =
      kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  bool srcDevice =
      kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  bool dstKnown, srcKnown;
  {
    Context &ctx = Context::get();
    std::lock_guard<std::mutex> lock(ctx.mutex);
    if (cudaError_t err =
            checkRange(ctx, c.dst,
                       span(c.dpitch, c.dslice, c.width, c.height, c.depth),
                       dstDevice, &dstKnown))
      return setError(err);
    if (cudaError_t err =
            checkRange(ctx, c.src,
                       span(c.spitch, c.sslice, c.width, c.height, c.depth),
                       srcDevice, &srcKnown))
      return setError(err);
  }
  bool pageable = !dstKnown || !srcKnown;
  return submit(
      stream,
      [c]() {
        runCopy(c);
        return cudaSuccess;
      },
      async, pageable);
}

/// Checks and runs a fill of device memory.
cudaError_t fill(const Fill &f, bool async, cudaStream_t stream) {
  if (async)
    if (cudaError_t err = checkStream(stream))
      return setError(err);
  if (f.width == 0 || f.height == 0 || f.depth == 0)
    return cudaSuccess;
  if (!f.dst)
    return setError(cudaErrorInvalidValue);
  {
    Context &ctx = Context::get();
    std::lock_guard<std::mutex> lock(ctx.mutex);
    bool known;
    if (cudaError_t err = checkRange(
            ctx, f.dst, span(f.pitch, f.slice, f.width, f.height, f.depth),
            true, &known))
      return setError(err);
  }
  return submit(
      stream,
      [f]() {
        runFill(f);
        return cudaSuccess;
      },
      async, /*pageable=*/false);
}

Copy linearCopy(void *dst, const void *src, size_t count) {
  return Copy{static_cast<char *>(dst),
              static_cast<const char *>(src),
              count,
              count,
              count,
              count,
              count,
              1,
              1};
}

cudaError_t copy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                   size_t width, size_t height, cudaMemcpyKind kind,
                   bool async, cudaStream_t stream) {
  if (!validMemcpyKind(kind))
    return setError(cudaErrorInvalidMemcpyDirection);
  if (width > dpitch || width > spitch || dpitch > kMaxPitch ||
      spitch > kMaxPitch)
    return setError(cudaErrorInvalidPitchValue);
  Copy c{static_cast<char *>(dst),
         static_cast<const char *>(src),
         dpitch,
         spitch,
         dpitch * height,
         spitch * height,
         width,
         height,
         1};
  return copy(c, kind, async, stream);
}

cudaError_t copy3D(const cudaMemcpy3DParms *p, bool async,
                   cudaStream_t stream) {
  if (!p)
    return setError(cudaErrorInvalidValue);
  // Copies from and to CUDA arrays are the texture support's (Texture.cpp).
  if (p->srcArray || p->dstArray)
    return texture::copy3DWithArrays(p, async, stream);
  if (!validMemcpyKind(p->kind))
    return setError(cudaErrorInvalidMemcpyDirection);
  const cudaExtent &e = p->extent;
  if (e.width == 0 || e.height == 0 || e.depth == 0) {
    if (async)
      if (cudaError_t err = checkStream(stream))
        return setError(err);
    return cudaSuccess;
  }
  if (!p->srcPtr.ptr || !p->dstPtr.ptr)
    return setError(cudaErrorInvalidValue);
  Copy c;
  char *src;
  if (cudaError_t err = locate3D(p->dstPtr, p->dstPos, e, &c.dst, &c.dslice))
    return setError(err);
  if (cudaError_t err = locate3D(p->srcPtr, p->srcPos, e, &src, &c.sslice))
    return setError(err);
  c.src = src;
  c.dpitch = p->dstPtr.pitch;
  c.spitch = p->srcPtr.pitch;
  c.width = e.width;
  c.height = e.height;
  c.depth = e.depth;
  return copy(c, p->kind, async, stream);
}

cudaError_t copy3DPeer(const cudaMemcpy3DPeerParms *p, bool async,
                       cudaStream_t stream) {
  if (!p)
    return setError(cudaErrorInvalidValue);
  if (p->srcDevice != 0 || p->dstDevice != 0)
    return setError(cudaErrorInvalidDevice);
  cudaMemcpy3DParms q;
  q.srcArray = p->srcArray;
  q.srcPos = p->srcPos;
  q.srcPtr = p->srcPtr;
  q.dstArray = p->dstArray;
  q.dstPos = p->dstPos;
  q.dstPtr = p->dstPtr;
  q.extent = p->extent;
  q.kind = cudaMemcpyDeviceToDevice;
  return copy3D(&q, async, stream);
}

cudaError_t fill3D(cudaPitchedPtr p, int value, cudaExtent e, bool async,
                   cudaStream_t stream) {
  // CUDA reports bad pitches of fills as invalid values; a single row
  // needs no pitch.
  if ((e.height > 1 || e.depth > 1) && e.width > p.pitch)
    return setError(cudaErrorInvalidValue);
  if (e.depth > 1 && e.height > p.ysize)
    return setError(cudaErrorInvalidValue);
  Fill f{static_cast<char *>(p.ptr),
         p.pitch,
         p.pitch * p.ysize,
         e.width,
         e.height,
         e.depth,
         static_cast<unsigned char>(value)};
  return fill(f, async, stream);
}

/// Rounds a row of width bytes up to the pitch of pitched allocations.
bool pitchFor(size_t width, size_t *pitch) {
  size_t w = width ? width : 1;
  size_t p = (w + kAllocAlignment - 1) & ~(kAllocAlignment - 1);
  if (p < w)
    return false;
  *pitch = p;
  return true;
}

/// Device memory of a GPU is mapped with large pages (2 MiB); kernels then
/// stride across rows and tiles of big arrays without a TLB miss per row.
/// Allocations of at least one huge page get the same here: they start at a
/// huge-page boundary and are advised to the kernel's transparent huge pages
/// (a no-op where THP is off). In the benchmarks of 2026-11-26 at 2 threads:
/// bfs 350-367 ms instead of 377-389, nn 623-642 instead of 646-682,
/// streamcluster 424-457 instead of 443-485, hotspot 557-565 instead of
/// 563-588. CUCPU_HUGE_PAGES=0 keeps the plain allocation (for measuring).
void *allocateDeviceMemory(size_t bytes) {
  static const bool useHugePages = [] {
    const char *env = std::getenv("CUCPU_HUGE_PAGES");
    return !(env && env[0] == '0');
  }();
  constexpr size_t kHugePage = size_t(2) << 20;
  if (!useHugePages || bytes < kHugePage)
    return std::aligned_alloc(kAllocAlignment, bytes);
  // aligned_alloc wants a multiple of the alignment, so the span rounds up
  // to whole huge pages. Only the huge pages the allocation fills are
  // advised: a partly used last one stays in small pages, so the rounding
  // costs address space, not memory.
  size_t span = (bytes + kHugePage - 1) & ~(kHugePage - 1);
  void *p = std::aligned_alloc(kHugePage, span);
  if (p)
    madvise(p, bytes & ~(kHugePage - 1), MADV_HUGEPAGE); // advice only
  return p;
}

cudaError_t allocate(void **ptr, size_t size, AllocKind kind,
                     unsigned flags = 0, cudaMemPool_t pool = nullptr) {
  if (!ptr)
    return setError(cudaErrorInvalidValue);
  if (size == 0) {
    *ptr = nullptr;
    return cudaSuccess;
  }
  size_t rounded = (size + kAllocAlignment - 1) & ~(kAllocAlignment - 1);
  // More than the machine has cannot succeed; refusing it up front keeps the
  // answer independent of the kernel's overcommit policy.
  if (rounded < size || size > totalMemoryBytes())
    return setError(cudaErrorMemoryAllocation);
  void *p = kind == AllocKind::Host ? std::aligned_alloc(kAllocAlignment, rounded)
                                     : allocateDeviceMemory(rounded);
  if (!p)
    return setError(cudaErrorMemoryAllocation);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.allocations[reinterpret_cast<uintptr_t>(p)] =
      Allocation{size, kind, flags, pool};
  if (pool)
    notePoolAllocation(pool, size);
  *ptr = p;
  return cudaSuccess;
}

/// Removes p, which must start an allocation (host or not, as hostSide
/// says), from the table. Records and returns the error, if any.
cudaError_t unlink(void *p, bool hostSide) {
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  auto it = ctx.allocations.find(reinterpret_cast<uintptr_t>(p));
  if (it == ctx.allocations.end() ||
      (it->second.kind == AllocKind::Host) != hostSide)
    return setError(cudaErrorInvalidValue);
  if (it->second.pool)
    notePoolRelease(it->second.pool, it->second.size);
  ctx.allocations.erase(it);
  return cudaSuccess;
}

/// cudaFree and cudaFreeHost: like CUDA they wait for the device first, so
/// that no queued work still uses the memory.
cudaError_t release(void *p, bool hostSide) {
  CUCPU_RETURN_IF_STICKY();
  if (!p)
    return cudaSuccess;
  if (cudaError_t err = unlink(p, hostSide))
    return err;
  cudaError_t err = synchronizeDevice();
  std::free(p);
  return setError(err);
}

} // namespace

cudaError_t cucpu::copyBytes(void *dst, const void *src, size_t count,
                             cudaMemcpyKind kind, bool async,
                             cudaStream_t stream) {
  return copy(linearCopy(dst, src, count), kind, async, stream);
}

extern "C" {

//===----------------------------------------------------------------------===//
// Allocation.
//===----------------------------------------------------------------------===//

cudaError_t cudaMalloc(void **devPtr, size_t size) {
  CUCPU_RETURN_IF_STICKY();
  return allocate(devPtr, size, AllocKind::Device);
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags) {
  CUCPU_RETURN_IF_STICKY();
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
    return setError(cudaErrorInvalidValue);
  // Unlike cudaMalloc, CUDA refuses empty managed allocations.
  if (size == 0)
    return setError(cudaErrorInvalidValue);
  return allocate(devPtr, size, AllocKind::Managed, flags);
}

cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  if (cudaError_t err = checkStream(stream))
    return setError(err);
  // The memory exists at once; using it early is harmless.
  return allocate(devPtr, size, AllocKind::Device, 0, currentMemPool());
}

cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size,
                                    cudaMemPool_t memPool,
                                    cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  if (cudaError_t err = checkStream(stream))
    return setError(err);
  if (!isLiveMemPool(memPool))
    return setError(cudaErrorInvalidValue);
  return allocate(ptr, size, AllocKind::Device, 0, memPool);
}

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
                            size_t height) {
  CUCPU_RETURN_IF_STICKY();
  if (!devPtr || !pitch)
    return setError(cudaErrorInvalidValue);
  size_t p;
  if (!pitchFor(width, &p) || (height && p > SIZE_MAX / height))
    return setError(cudaErrorMemoryAllocation);
  cudaError_t err = allocate(devPtr, p * height, AllocKind::Device);
  if (err == cudaSuccess)
    *pitch = p;
  return err;
}

cudaError_t cudaMalloc3D(cudaPitchedPtr *pitchedDevPtr, cudaExtent extent) {
  CUCPU_RETURN_IF_STICKY();
  if (!pitchedDevPtr)
    return setError(cudaErrorInvalidValue);
  size_t p;
  size_t rows = extent.height * extent.depth;
  if (!pitchFor(extent.width, &p) ||
      (extent.depth && rows / extent.depth != extent.height) ||
      (rows && p > SIZE_MAX / rows))
    return setError(cudaErrorMemoryAllocation);
  void *ptr = nullptr;
  if (cudaError_t err = allocate(&ptr, p * rows, AllocKind::Device))
    return err;
  *pitchedDevPtr = cudaPitchedPtr{ptr, p, extent.width, extent.height};
  return cudaSuccess;
}

cudaError_t cudaFree(void *devPtr) { return release(devPtr, false); }

cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  if (cudaError_t err = checkStream(stream))
    return setError(err);
  if (!devPtr)
    return cudaSuccess;
  if (cudaError_t err = unlink(devPtr, false))
    return err;
  // Freed when the stream gets there: earlier work may still use it.
  return enqueue(stream, [devPtr]() {
    std::free(devPtr);
    return cudaSuccess;
  });
}

cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags) {
  CUCPU_RETURN_IF_STICKY();
  if (flags & ~unsigned(cudaHostAllocPortable | cudaHostAllocMapped |
                        cudaHostAllocWriteCombined))
    return setError(cudaErrorInvalidValue);
  return allocate(pHost, size, AllocKind::Host, flags);
}

cudaError_t cudaMallocHost(void **ptr, size_t size) {
  CUCPU_RETURN_IF_STICKY();
  return allocate(ptr, size, AllocKind::Host);
}

cudaError_t cudaFreeHost(void *ptr) { return release(ptr, true); }

//===----------------------------------------------------------------------===//
// Host memory seen by the device.
//===----------------------------------------------------------------------===//

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost,
                                     unsigned int flags) {
  CUCPU_RETURN_IF_STICKY();
  if (!pDevice || !pHost || flags != 0)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  Region r;
  if (!ctx.findRegion(pHost, &r) ||
      (r.kind != Region::PinnedHost && r.kind != Region::Registered))
    return setError(cudaErrorInvalidValue);
  // One address space: the device sees host memory where the host does.
  *pDevice = pHost;
  return cudaSuccess;
}

cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost) {
  CUCPU_RETURN_IF_STICKY();
  if (!pFlags || !pHost)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  const Allocation *a = ctx.findAllocation(pHost, nullptr);
  if (!a || a->kind != AllocKind::Host)
    return setError(cudaErrorInvalidValue);
  // With unified addressing all page-locked memory is mapped.
  *pFlags = a->flags | cudaHostAllocMapped;
  return cudaSuccess;
}

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags) {
  CUCPU_RETURN_IF_STICKY();
  if (!ptr || size == 0 ||
      (flags & ~unsigned(cudaHostRegisterPortable | cudaHostRegisterMapped |
                         cudaHostRegisterIoMemory |
                         cudaHostRegisterReadOnly)))
    return setError(cudaErrorInvalidValue);
  uintptr_t start = reinterpret_cast<uintptr_t>(ptr);
  if (start + size < start)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  // Any overlap with registered or runtime-allocated memory: the last block
  // starting before the end of the new range is the only one to check.
  auto overlaps = [&](auto &table, auto sizeOf) {
    auto it = table.lower_bound(start + size);
    if (it == table.begin())
      return false;
    --it;
    return it->first + sizeOf(it->second) > start || it->first == start;
  };
  if (overlaps(ctx.registeredHost, [](size_t s) { return s; }) ||
      overlaps(ctx.allocations, [](const Allocation &a) { return a.size; }))
    return setError(cudaErrorHostMemoryAlreadyRegistered);
  ctx.registeredHost[start] = size;
  return cudaSuccess;
}

cudaError_t cudaHostUnregister(void *ptr) {
  CUCPU_RETURN_IF_STICKY();
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  if (!ctx.registeredHost.erase(reinterpret_cast<uintptr_t>(ptr)))
    return setError(cudaErrorHostMemoryNotRegistered);
  return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *attributes,
                                     const void *ptr) {
  CUCPU_RETURN_IF_STICKY();
  if (!attributes)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  void *p = const_cast<void *>(ptr);
  Region r;
  std::memset(attributes, 0, sizeof(*attributes));
  if (!ctx.findRegion(ptr, &r)) {
    // What CUDA 11 and later say of memory they do not know.
    attributes->type = cudaMemoryTypeUnregistered;
    attributes->device = cudaInvalidDeviceId;
    attributes->hostPointer = p;
    attributes->memoryType = cudaMemoryTypeUnregistered;
    return cudaSuccess;
  }
  attributes->device = 0;
  attributes->devicePointer = p;
  switch (r.kind) {
  case Region::Device:
  case Region::Symbol:
    attributes->type = cudaMemoryTypeDevice;
    attributes->memoryType = cudaMemoryTypeDevice;
    break;
  case Region::PinnedHost:
  case Region::Registered:
    attributes->type = cudaMemoryTypeHost;
    attributes->memoryType = cudaMemoryTypeHost;
    attributes->hostPointer = p;
    break;
  case Region::Managed:
    attributes->type = cudaMemoryTypeManaged;
    attributes->memoryType = cudaMemoryTypeDevice;
    attributes->isManaged = 1;
    attributes->hostPointer = p;
    break;
  }
  return cudaSuccess;
}

//===----------------------------------------------------------------------===//
// Copies.
//===----------------------------------------------------------------------===//

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       cudaMemcpyKind kind) {
  CUCPU_RETURN_IF_STICKY();
  return copy(linearCopy(dst, src, count), kind, false, nullptr);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                            cudaMemcpyKind kind, cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  return copy(linearCopy(dst, src, count), kind, true, stream);
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                           int srcDevice, size_t count) {
  CUCPU_RETURN_IF_STICKY();
  if (dstDevice != 0 || srcDevice != 0)
    return setError(cudaErrorInvalidDevice);
  return copy(linearCopy(dst, src, count), cudaMemcpyDeviceToDevice, false,
              nullptr);
}

cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src,
                                int srcDevice, size_t count,
                                cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  if (dstDevice != 0 || srcDevice != 0)
    return setError(cudaErrorInvalidDevice);
  return copy(linearCopy(dst, src, count), cudaMemcpyDeviceToDevice, true,
              stream);
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                         size_t spitch, size_t width, size_t height,
                         cudaMemcpyKind kind) {
  CUCPU_RETURN_IF_STICKY();
  return copy2D(dst, dpitch, src, spitch, width, height, kind, false,
                nullptr);
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              cudaMemcpyKind kind, cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  return copy2D(dst, dpitch, src, spitch, width, height, kind, true, stream);
}

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms *p) {
  CUCPU_RETURN_IF_STICKY();
  return copy3D(p, false, nullptr);
}

cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms *p,
                              cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  return copy3D(p, true, stream);
}

cudaError_t cudaMemcpy3DPeer(const cudaMemcpy3DPeerParms *p) {
  CUCPU_RETURN_IF_STICKY();
  return copy3DPeer(p, false, nullptr);
}

cudaError_t cudaMemcpy3DPeerAsync(const cudaMemcpy3DPeerParms *p,
                                  cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  return copy3DPeer(p, true, stream);
}

//===----------------------------------------------------------------------===//
// Fills.
//===----------------------------------------------------------------------===//

cudaError_t cudaMemset(void *devPtr, int value, size_t count) {
  CUCPU_RETURN_IF_STICKY();
  return fill3D(cudaPitchedPtr{devPtr, count, count, 1}, value,
                cudaExtent{count, 1, 1}, false, nullptr);
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                            cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  return fill3D(cudaPitchedPtr{devPtr, count, count, 1}, value,
                cudaExtent{count, 1, 1}, true, stream);
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width,
                         size_t height) {
  CUCPU_RETURN_IF_STICKY();
  return fill3D(cudaPitchedPtr{devPtr, pitch, width, height}, value,
                cudaExtent{width, height, 1}, false, nullptr);
}

cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value,
                              size_t width, size_t height,
                              cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  return fill3D(cudaPitchedPtr{devPtr, pitch, width, height}, value,
                cudaExtent{width, height, 1}, true, stream);
}

cudaError_t cudaMemset3D(cudaPitchedPtr pitchedDevPtr, int value,
                         cudaExtent extent) {
  CUCPU_RETURN_IF_STICKY();
  return fill3D(pitchedDevPtr, value, extent, false, nullptr);
}

cudaError_t cudaMemset3DAsync(cudaPitchedPtr pitchedDevPtr, int value,
                              cudaExtent extent, cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  return fill3D(pitchedDevPtr, value, extent, true, stream);
}

//===----------------------------------------------------------------------===//
// Managed memory hints: one memory, nothing to move.
//===----------------------------------------------------------------------===//

cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                 int dstDevice, cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  if (cudaError_t err = checkStream(stream))
    return setError(err);
  if (dstDevice != 0 && dstDevice != cudaCpuDeviceId)
    return setError(cudaErrorInvalidDevice);
  if (!devPtr && count)
    return setError(cudaErrorInvalidValue);
  return cudaSuccess;
}

/// The device number a location names for the prefetch and advice calls
/// that take one: the device, or cudaCpuDeviceId for the host; -2 for a
/// location that names neither.
static int locationDevice(cudaMemLocation location) {
  switch (location.type) {
  case cudaMemLocationTypeDevice:
    return location.id;
  case cudaMemLocationTypeHost:
  case cudaMemLocationTypeHostNuma:
  case cudaMemLocationTypeHostNumaCurrent:
    return cudaCpuDeviceId;
  default:
    return -2;
  }
}

cudaError_t cudaMemPrefetchAsync_v2(const void *devPtr, size_t count,
                                    cudaMemLocation location,
                                    unsigned int flags, cudaStream_t stream) {
  CUCPU_RETURN_IF_STICKY();
  if (flags != 0 || locationDevice(location) == -2)
    return setError(cudaErrorInvalidValue);
  return cudaMemPrefetchAsync(devPtr, count, locationDevice(location), stream);
}

cudaError_t cudaMemAdvise_v2(const void *devPtr, size_t count,
                             cudaMemoryAdvise advice,
                             cudaMemLocation location) {
  CUCPU_RETURN_IF_STICKY();
  bool namesDevice = advice != cudaMemAdviseSetReadMostly &&
                     advice != cudaMemAdviseUnsetReadMostly;
  if (namesDevice && locationDevice(location) == -2)
    return setError(cudaErrorInvalidValue);
  return cudaMemAdvise(devPtr, count, advice,
                       namesDevice ? locationDevice(location) : 0);
}

cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                          cudaMemoryAdvise advice, int device) {
  CUCPU_RETURN_IF_STICKY();
  if (advice < cudaMemAdviseSetReadMostly ||
      advice > cudaMemAdviseUnsetAccessedBy || (!devPtr && count))
    return setError(cudaErrorInvalidValue);
  // The read-mostly advice ignores the device; the others name one.
  bool namesDevice = advice != cudaMemAdviseSetReadMostly &&
                     advice != cudaMemAdviseUnsetReadMostly;
  if (namesDevice && device != 0 && device != cudaCpuDeviceId)
    return setError(cudaErrorInvalidDevice);
  return cudaSuccess;
}

} // extern "C"
