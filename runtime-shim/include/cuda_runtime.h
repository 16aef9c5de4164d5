//===- cuda_runtime.h - CUDA runtime header for cucpu -----------*- C++ -*-===//
//
// Part of cucpu. The header every CUDA program gets (the cucpu driver
// pre-includes it). It works in clang's CUDA host and device modes
// (-nocudainc -nocudalib) and in plain C++ for host-only files.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_CUDA_RUNTIME_H
#define CUCPU_CUDA_RUNTIME_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __CUDA_RUNTIME_H__

#include "host_defines.h"

#include "builtin_types.h"
#include "cuda.h"
#include "cuda_runtime_api.h"
#include "device_launch_parameters.h"
#include "driver_functions.h"
#include "driver_types.h"
#include "vector_functions.h"
#include "vector_types.h"

#include <stddef.h>
// nvcc's runtime header brings the C library's time functions (programs
// call time() and clock() without including <time.h>).
#include <time.h>

#if defined(__CUDA__)
// Conversions of the builtin index variables declared by
// __clang_cuda_builtin_vars.h.
#define CUCPU_BUILTIN_CONVERSIONS(T)                                           \
  __device__ inline T::operator dim3() const { return dim3(x, y, z); }         \
  __device__ inline T::operator uint3() const { return uint3{x, y, z}; }
CUCPU_BUILTIN_CONVERSIONS(__cuda_builtin_threadIdx_t)
CUCPU_BUILTIN_CONVERSIONS(__cuda_builtin_blockIdx_t)
CUCPU_BUILTIN_CONVERSIONS(__cuda_builtin_blockDim_t)
CUCPU_BUILTIN_CONVERSIONS(__cuda_builtin_gridDim_t)
#undef CUCPU_BUILTIN_CONVERSIONS
#endif

#if defined(__cplusplus)
// C++ conveniences of the runtime API (host only).

template <class T>
static __inline__ __host__ cudaError_t cudaLaunchKernel(
    T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0,
    cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
                            sharedMem, stream);
}

template <class T>
static __inline__ __host__ cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}

template <class T>
static __inline__ __host__ cudaError_t cudaMallocHost(T **ptr, size_t size,
                                                      unsigned int flags = 0) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}

static __inline__ __host__ cudaError_t cudaMallocHost(void **ptr, size_t size,
                                                      unsigned int flags) {
  return ::cudaHostAlloc(ptr, size, flags);
}

template <class T>
static __inline__ __host__ cudaError_t cudaHostAlloc(T **ptr, size_t size,
                                                     unsigned int flags) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags) {
  return ::cudaHostGetDevicePointer((void **)(void *)pDevice, pHost, flags);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMallocManaged(T **devPtr, size_t size,
                  unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}

template <class T>
static __inline__ __host__ cudaError_t cudaMallocPitch(T **devPtr,
                                                       size_t *pitch,
                                                       size_t width,
                                                       size_t height) {
  return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}

template <class T>
static __inline__ __host__ cudaError_t cudaMallocAsync(T **devPtr, size_t size,
                                                       cudaStream_t stream) {
  return ::cudaMallocAsync((void **)(void *)devPtr, size, stream);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMallocFromPoolAsync(T **ptr, size_t size, cudaMemPool_t memPool,
                        cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool, stream);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMallocAsync(T **ptr, size_t size, cudaMemPool_t memPool,
                cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool, stream);
}

// CUDA 12.2's prefetch and advice to a location.
static __inline__ __host__ cudaError_t
cudaMemPrefetchAsync(const void *devPtr, size_t count,
                     struct cudaMemLocation location, unsigned int flags,
                     cudaStream_t stream = 0) {
  return ::cudaMemPrefetchAsync_v2(devPtr, count, location, flags, stream);
}

static __inline__ __host__ cudaError_t
cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
              struct cudaMemLocation location) {
  return ::cudaMemAdvise_v2(devPtr, count, advice, location);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                   size_t offset = 0,
                   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
                        size_t offset = 0,
                        enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                        cudaStream_t stream = 0) {
  return ::cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset,
                                   kind, stream);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                     size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset,
                                kind);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count,
                          size_t offset = 0,
                          enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                          cudaStream_t stream = 0) {
  return ::cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset,
                                     kind, stream);
}

template <class T>
static __inline__ __host__ cudaError_t cudaGetSymbolAddress(void **devPtr,
                                                            const T &symbol) {
  return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}

template <class T>
static __inline__ __host__ cudaError_t cudaGetSymbolSize(size_t *size,
                                                         const T &symbol) {
  return ::cudaGetSymbolSize(size, (const void *)&symbol);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr, int value) {
  return ::cudaFuncSetAttribute((const void *)entry, attr, value);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *entry) {
  return ::cudaFuncGetAttributes(attr, (const void *)entry);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig) {
  return ::cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetSharedMemConfig(T *func, enum cudaSharedMemConfig config) {
  return ::cudaFuncSetSharedMemConfig((const void *)func, config);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                              int blockSize,
                                              size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, T func,
                                                       int blockSize,
                                                       size_t dynamicSMemSize,
                                                       unsigned int flags) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize, flags);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, T func,
                                          int numBlocks, int blockSize) {
  return ::cudaOccupancyAvailableDynamicSMemPerBlock(
      dynamicSmemSize, (const void *)func, numBlocks, blockSize);
}

/// The block size with the most resident threads per multiprocessor (the
/// largest such size on ties) and the smallest grid that fills the device
/// with it. blockSizeToSMem gives the dynamic shared memory of a block size.
template <class UnaryFunction, class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int *minGridSize, int *blockSize, T func, UnaryFunction blockSizeToSMem,
    int blockSizeLimit = 0, unsigned int flags = 0) {
  if (!minGridSize || !blockSize || !func)
    return cudaErrorInvalidValue;
  int sms = 0, deviceLimit = 0, smThreads = 0, warp = 0;
  cudaError_t err =
      ::cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  if (err == cudaSuccess)
    err = ::cudaDeviceGetAttribute(&deviceLimit,
                                   cudaDevAttrMaxThreadsPerBlock, 0);
  if (err == cudaSuccess)
    err = ::cudaDeviceGetAttribute(&smThreads,
                                   cudaDevAttrMaxThreadsPerMultiProcessor, 0);
  if (err == cudaSuccess)
    err = ::cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, 0);
  struct cudaFuncAttributes attr;
  if (err == cudaSuccess)
    err = ::cudaFuncGetAttributes(&attr, (const void *)func);
  if (err != cudaSuccess)
    return err;
  int limit = attr.maxThreadsPerBlock < deviceLimit ? attr.maxThreadsPerBlock
                                                    : deviceLimit;
  if (blockSizeLimit > 0 && blockSizeLimit < limit)
    limit = blockSizeLimit;
  int bestSize = 0, bestBlocks = 0, bestThreads = 0;
  // Candidates: the limit, then every multiple of the warp size below it.
  for (int size = limit; size > 0;
       size = (size % warp) ? size - size % warp : size - warp) {
    int blocks = 0;
    err = ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        &blocks, (const void *)func, size, blockSizeToSMem(size), flags);
    if (err != cudaSuccess)
      return err;
    if (blocks * size > bestThreads) {
      bestThreads = blocks * size;
      bestBlocks = blocks;
      bestSize = size;
    }
    if (bestThreads == smThreads)
      break;
  }
  *blockSize = bestSize;
  *minGridSize = bestBlocks * sms;
  return cudaSuccess;
}

template <class UnaryFunction, class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *minGridSize,
                                               int *blockSize, T func,
                                               UnaryFunction blockSizeToSMem,
                                               int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, blockSizeToSMem, blockSizeLimit, 0);
}

/// Dynamic shared memory that does not depend on the block size.
struct __cucpuFixedSMem {
  size_t bytes;
  size_t operator()(int) const { return bytes; }
};

template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(
    int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0,
    int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, __cucpuFixedSMem{dynamicSMemSize},
      blockSizeLimit, 0);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize,
                                            T func, size_t dynamicSMemSize = 0,
                                            int blockSizeLimit = 0,
                                            unsigned int flags = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, __cucpuFixedSMem{dynamicSMemSize},
      blockSizeLimit, flags);
}

static __inline__ __host__ cudaError_t cudaEventCreate(cudaEvent_t *event,
                                                      unsigned int flags) {
  return ::cudaEventCreateWithFlags(event, flags);
}

// CUDA 11's form of cudaGraphInstantiate, with the node that failed and a
// log; CUDA 12's takes flags.
static __inline__ __host__ cudaError_t
cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                     cudaGraphNode_t *pErrorNode, char *pLogBuffer,
                     size_t bufferSize) {
  cudaError_t err = ::cudaGraphInstantiate(pGraphExec, graph, 0);
  if (pErrorNode)
    *pErrorNode = 0;
  if (pLogBuffer && bufferSize > 0)
    pLogBuffer[0] = '\0';
  return err;
}
#endif // __cplusplus

// Device-side functions (__syncthreads, math, atomics, ...).
#if defined(__CUDA__)
#include "cucpu_device_functions.h"
#endif

#include "cucpu/texture.h"

#endif // CUCPU_CUDA_RUNTIME_H
