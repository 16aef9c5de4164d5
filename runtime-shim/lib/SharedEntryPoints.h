//===- SharedEntryPoints.h - What both runtime backends share ---*- C++ -*-===//
//
// libcucpu_rt (the CPU) and libcucpu_rt_gpu (a real GPU) implement the same
// runtime API; a program links one of them. The entry points that do not
// depend on where kernels run (error names, the <<<>>> configuration stack)
// live in SharedEntryPoints.cpp, compiled into both. Each backend defines
// the one function that code needs from it.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_RT_SHAREDENTRYPOINTS_H
#define CUCPU_RT_SHAREDENTRYPOINTS_H

#include "cuda_runtime_api.h"

namespace cucpu {

/// The largest pitch of a 2D or 3D copy (cudaDeviceProp::memPitch).
constexpr size_t kMaxPitch = 2147483647;

/// Records err as the calling thread's last error (unless success) and
/// returns it. Defined by each backend, which owns the error state.
cudaError_t setError(cudaError_t err);

/// Whether kind is one of the cudaMemcpyKind values.
inline bool validMemcpyKind(cudaMemcpyKind kind) {
  return kind >= cudaMemcpyHostToHost && kind <= cudaMemcpyDefault;
}

/// Whether mode is one of the cudaStreamCaptureMode values.
inline bool validCaptureMode(cudaStreamCaptureMode mode) {
  return mode == cudaStreamCaptureModeGlobal ||
         mode == cudaStreamCaptureModeThreadLocal ||
         mode == cudaStreamCaptureModeRelaxed;
}

/// Whether err is one of CUDA's sticky errors: a kernel's fault (a failed
/// assert, an illegal address, ...) after which the device stays unusable
/// until cudaDeviceReset.
bool isStickyError(cudaError_t err);

/// Where a 3D copy starts in one pitched pointer, with the bytes between
/// slices; checks that the copied box fits the pointer's pitch (at most
/// kMaxPitch) and height. Returns the error, not recorded.
cudaError_t locate3D(const cudaPitchedPtr &p, const cudaPos &pos,
                     const cudaExtent &extent, char **start, size_t *slice);

/// Parses a PCI bus id ("domain:bus:device.function" or
/// "bus:device.function", hexadecimal); false if it is not one.
bool parsePCIBusId(const char *id, unsigned *domain, unsigned *bus,
                   unsigned *device, unsigned *function);

} // namespace cucpu

#endif // CUCPU_RT_SHAREDENTRYPOINTS_H
