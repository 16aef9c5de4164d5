//===- cucpu/default_stream.h - The per-thread default stream ---*- C++ -*-===//
//
// Part of cucpu. Variants of the stream-ordered runtime API for programs
// compiled with the per-thread default stream (cucpu --default-stream
// per-thread, which defines CUDA_API_PER_THREAD_DEFAULT_STREAM): in the
// _ptsz variants stream 0 means the calling host thread's own stream
// (cudaStreamPerThread), and the synchronous _ptds variants wait for that
// stream instead of the legacy one. With the macro defined, the API names map
// to the variants, as CUDA's headers do; clang's <<<>>> calls
// cudaLaunchKernel_ptsz under -fgpu-default-stream=per-thread, which the
// driver passes along. Included by cuda_runtime_api.h.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_DEFAULT_STREAM_H
#define CUCPU_DEFAULT_STREAM_H

#include "builtin_types.h"

#if defined(__cplusplus)
#define CUCPU_PT_DEFAULT(v) = v
extern "C" {
#else
#define CUCPU_PT_DEFAULT(v)
#endif

cudaError_t cudaLaunchKernel_ptsz(const void *func, dim3 gridDim, dim3 blockDim,
                                  void **args,
                                  size_t sharedMem CUCPU_PT_DEFAULT(0),
                                  cudaStream_t stream CUCPU_PT_DEFAULT(0));
cudaError_t cudaMemcpyAsync_ptsz(void *dst, const void *src, size_t count,
                                 enum cudaMemcpyKind kind,
                                 cudaStream_t stream CUCPU_PT_DEFAULT(0));
cudaError_t cudaMemcpy2DAsync_ptsz(void *dst, size_t dpitch, const void *src,
                                   size_t spitch, size_t width, size_t height,
                                   enum cudaMemcpyKind kind,
                                   cudaStream_t stream CUCPU_PT_DEFAULT(0));
cudaError_t cudaMemsetAsync_ptsz(void *devPtr, int value, size_t count,
                                 cudaStream_t stream CUCPU_PT_DEFAULT(0));
cudaError_t
cudaMemcpyToSymbolAsync_ptsz(const void *symbol, const void *src, size_t count,
                             size_t offset, enum cudaMemcpyKind kind,
                             cudaStream_t stream CUCPU_PT_DEFAULT(0));
cudaError_t
cudaMemcpyFromSymbolAsync_ptsz(void *dst, const void *symbol, size_t count,
                               size_t offset, enum cudaMemcpyKind kind,
                               cudaStream_t stream CUCPU_PT_DEFAULT(0));
cudaError_t cudaMemPrefetchAsync_ptsz(const void *devPtr, size_t count,
                                      int dstDevice,
                                      cudaStream_t stream CUCPU_PT_DEFAULT(0));
cudaError_t cudaMallocAsync_ptsz(void **devPtr, size_t size,
                                 cudaStream_t stream);
cudaError_t cudaFreeAsync_ptsz(void *devPtr, cudaStream_t stream);
cudaError_t cudaStreamSynchronize_ptsz(cudaStream_t stream);
cudaError_t cudaStreamQuery_ptsz(cudaStream_t stream);
cudaError_t cudaStreamGetFlags_ptsz(cudaStream_t hStream, unsigned int *flags);
cudaError_t cudaStreamGetPriority_ptsz(cudaStream_t hStream, int *priority);
cudaError_t cudaStreamWaitEvent_ptsz(cudaStream_t stream, cudaEvent_t event,
                                     unsigned int flags CUCPU_PT_DEFAULT(0));
cudaError_t cudaStreamAddCallback_ptsz(cudaStream_t stream,
                                       cudaStreamCallback_t callback,
                                       void *userData, unsigned int flags);
cudaError_t cudaLaunchHostFunc_ptsz(cudaStream_t stream, cudaHostFn_t fn,
                                    void *userData);
cudaError_t cudaEventRecord_ptsz(cudaEvent_t event,
                                 cudaStream_t stream CUCPU_PT_DEFAULT(0));
cudaError_t cudaStreamBeginCapture_ptsz(cudaStream_t stream,
                                        enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture_ptsz(cudaStream_t stream, cudaGraph_t *pGraph);
cudaError_t
cudaStreamIsCapturing_ptsz(cudaStream_t stream,
                           enum cudaStreamCaptureStatus *pCaptureStatus);
cudaError_t cudaGraphLaunch_ptsz(cudaGraphExec_t graphExec,
                                 cudaStream_t stream);
cudaError_t cudaMemcpy3DAsync_ptsz(const struct cudaMemcpy3DParms *p,
                                   cudaStream_t stream CUCPU_PT_DEFAULT(0));
cudaError_t cudaMemset2DAsync_ptsz(void *devPtr, size_t pitch, int value,
                                   size_t width, size_t height,
                                   cudaStream_t stream CUCPU_PT_DEFAULT(0));
cudaError_t cudaMemset3DAsync_ptsz(struct cudaPitchedPtr pitchedDevPtr,
                                   int value, struct cudaExtent extent,
                                   cudaStream_t stream CUCPU_PT_DEFAULT(0));
cudaError_t cudaMemcpy3D_ptds(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemset3D_ptds(struct cudaPitchedPtr pitchedDevPtr, int value,
                              struct cudaExtent extent);
cudaError_t cudaMemcpy_ptds(void *dst, const void *src, size_t count,
                            enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2D_ptds(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind);
cudaError_t cudaMemset_ptds(void *devPtr, int value, size_t count);
cudaError_t cudaMemset2D_ptds(void *devPtr, size_t pitch, int value,
                              size_t width, size_t height);
cudaError_t cudaMemcpyToSymbol_ptds(
    const void *symbol, const void *src, size_t count,
    size_t offset CUCPU_PT_DEFAULT(0),
    enum cudaMemcpyKind kind CUCPU_PT_DEFAULT(cudaMemcpyHostToDevice));
cudaError_t cudaMemcpyFromSymbol_ptds(
    void *dst, const void *symbol, size_t count,
    size_t offset CUCPU_PT_DEFAULT(0),
    enum cudaMemcpyKind kind CUCPU_PT_DEFAULT(cudaMemcpyDeviceToHost));

#if defined(__cplusplus)
} // extern "C"
#endif

#undef CUCPU_PT_DEFAULT

#if defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
// Everything declared after this point (the C++ overloads of
// cuda_runtime.h, the program) uses the variants.
#define cudaLaunchKernel cudaLaunchKernel_ptsz
#define cudaMemcpyAsync cudaMemcpyAsync_ptsz
#define cudaMemcpy2DAsync cudaMemcpy2DAsync_ptsz
#define cudaMemsetAsync cudaMemsetAsync_ptsz
#define cudaMemcpyToSymbolAsync cudaMemcpyToSymbolAsync_ptsz
#define cudaMemcpyFromSymbolAsync cudaMemcpyFromSymbolAsync_ptsz
#define cudaMemPrefetchAsync cudaMemPrefetchAsync_ptsz
#define cudaMallocAsync cudaMallocAsync_ptsz
#define cudaFreeAsync cudaFreeAsync_ptsz
#define cudaStreamSynchronize cudaStreamSynchronize_ptsz
#define cudaStreamQuery cudaStreamQuery_ptsz
#define cudaStreamGetFlags cudaStreamGetFlags_ptsz
#define cudaStreamGetPriority cudaStreamGetPriority_ptsz
#define cudaStreamWaitEvent cudaStreamWaitEvent_ptsz
#define cudaStreamAddCallback cudaStreamAddCallback_ptsz
#define cudaLaunchHostFunc cudaLaunchHostFunc_ptsz
#define cudaEventRecord cudaEventRecord_ptsz
#define cudaStreamBeginCapture cudaStreamBeginCapture_ptsz
#define cudaStreamEndCapture cudaStreamEndCapture_ptsz
#define cudaStreamIsCapturing cudaStreamIsCapturing_ptsz
#define cudaGraphLaunch cudaGraphLaunch_ptsz
#define cudaMemcpy3DAsync cudaMemcpy3DAsync_ptsz
#define cudaMemset2DAsync cudaMemset2DAsync_ptsz
#define cudaMemset3DAsync cudaMemset3DAsync_ptsz
#define cudaMemcpy3D cudaMemcpy3D_ptds
#define cudaMemset3D cudaMemset3D_ptds
#define cudaMemcpy cudaMemcpy_ptds
#define cudaMemcpy2D cudaMemcpy2D_ptds
#define cudaMemset cudaMemset_ptds
#define cudaMemset2D cudaMemset2D_ptds
#define cudaMemcpyToSymbol cudaMemcpyToSymbol_ptds
#define cudaMemcpyFromSymbol cudaMemcpyFromSymbol_ptds
#endif

#endif // CUCPU_DEFAULT_STREAM_H
