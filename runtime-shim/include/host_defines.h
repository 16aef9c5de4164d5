//===- host_defines.h - CUDA declaration specifiers for cucpu ---*- C++ -*-===//
//
// Part of cucpu. Attribute macros that CUDA programs use. In CUDA mode they map
// onto clang's CUDA attributes; in plain C++ mode (a host .cpp file that
// includes cuda_runtime.h) they expand to nothing.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_HOST_DEFINES_H
#define CUCPU_HOST_DEFINES_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __HOST_DEFINES_H__

#if defined(__CUDA__)
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
// Clang's managed attribute is HIP-only. Host side: a __managed__ variable is
// an ordinary global (its storage). Device side: a __device__ variable marked
// with annotate("cucpu_managed"), which the cucpu frontend compiles as a
// reference to the host global of the same name.
#if defined(__CUDA_ARCH__)
#define __managed__                                                            \
  __attribute__((device)) __attribute__((annotate("cucpu_managed")))
#else
#define __managed__
#endif
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__ __attribute__((grid_constant))
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __grid_constant__
#endif

#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 12
#endif
#ifndef __CUDACC_VER_MINOR__
#define __CUDACC_VER_MINOR__ 8
#endif
#ifndef __CUDACC_VER_BUILD__
#define __CUDACC_VER_BUILD__ 0
#endif

#define __forceinline__ __inline__ __attribute__((always_inline))
// Clang treats __noinline__ as a keyword in CUDA mode (libstdc++ spells
// __attribute__((__noinline__)), so it must not be a macro there). In plain
// C++ it becomes nothing, which keeps __attribute__((__noinline__)) valid.
#if !defined(__CUDA__)
#define __noinline__
#endif
#define __align__(n) __attribute__((aligned(n)))
#define CUDARTAPI
#define CUDAAPI
#define CUDART_CB
#define __builtin_align__(a) __align__(a)
#define __cudart_builtin__
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __CUDA_ALIGN__(n) __align__(n)

#endif // CUCPU_HOST_DEFINES_H
