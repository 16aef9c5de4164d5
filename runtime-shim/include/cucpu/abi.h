//===- cucpu/abi.h - ABI between device objects and libcucpu_rt -*- C++ -*-===//
//
// Part of cucpu. The device object produced by the cucpu frontend registers
// one CPU entry per kernel and the storage of every __device__ / __constant__
// variable from static constructors, under the names the host object passes
// to __cudaRegisterFunction / __cudaRegisterVar.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_ABI_H
#define CUCPU_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The CPU entry of one kernel. It runs the whole grid (all blocks, in
/// parallel with OpenMP); args[i] points to the i-th kernel argument.
typedef void (*cucpu_kernel_entry)(uint32_t gridX, uint32_t gridY,
                                   uint32_t gridZ, uint32_t blockX,
                                   uint32_t blockY, uint32_t blockZ,
                                   uint64_t dynamicSharedBytes, void **args);

/// Registers the entry of the kernel whose (mangled) device name is
/// deviceName. The name string must outlive the process.
void __cucpu_register_kernel(const char *deviceName, cucpu_kernel_entry entry);

/// Registers the layout of a kernel's parameters: count parameters, the i-th
/// of layout[2*i] bytes aligned to layout[2*i+1] bytes. With it a launch
/// copies its arguments and returns before the kernel runs; without it (an
/// older device object) the launch waits for the kernel. layout must outlive
/// the process.
void __cucpu_register_kernel_params(const char *deviceName, uint32_t count,
                                    const uint64_t *layout);

/// Registers the __CUDA_ARCH__ a kernel's code was compiled for (e.g. 520):
/// cudaFuncGetAttributes reports it as the kernel's PTX and binary version.
void __cucpu_register_kernel_arch(const char *deviceName, uint32_t arch);

/// Registers the storage of a device variable (size bytes at storage).
void __cucpu_register_var(const char *deviceName, void *storage,
                          uint64_t size);

/// Called by device code whose assert failed: prints the failure as CUDA
/// does, with the block and thread indices (blockAndThread holds
/// blockIdx.x/y/z then threadIdx.x/y/z), and makes cudaErrorAssert the
/// runtime's sticky error. It returns: the rest of the kernel still runs.
void __cucpu_device_assert_fail(const char *expression, const char *file,
                                unsigned line, const char *function,
                                const unsigned *blockAndThread);

/// Number of OpenMP worker threads the runtime runs kernels with
/// (CUCPU_NUM_THREADS, else OMP_NUM_THREADS, else all cores).
int cucpu_worker_count(void);

#ifdef __cplusplus
}
#endif

#endif // CUCPU_ABI_H
