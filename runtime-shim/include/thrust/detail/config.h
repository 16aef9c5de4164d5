//===- thrust/detail/config.h - Thrust's configuration under cucpu --------===//
//
// Part of cucpu. Every Thrust header includes this one first; cucpu's copy
// stands in front of Thrust's (found through #include_next) to choose how
// Thrust runs here:
//
// - The device system is Thrust's own OpenMP system: device memory is host
//   memory, so `thrust::device_vector` and `thrust::device` run Thrust's
//   OpenMP algorithms on the same OpenMP runtime as cucpu's kernels. Thrust's
//   CUDA system would launch kernels of its own through inline PTX and
//   CUDA-only runtime calls; its CPU systems do the same work directly.
// - The driver compiles the host side of a file that includes Thrust with
//   -fopenmp. The device side is never compiled with OpenMP (clang has no
//   OpenMP for an NVPTX host), but it parses Thrust's OpenMP algorithms,
//   which assert that OpenMP is on: they are told so here, and never run
//   on that side.
// - Thrust's algorithms read device memory from the host at once, where a
//   GPU would queue them on a stream after the kernels before them. A
//   program that uses Thrust therefore asks the runtime, before main, to
//   finish each stream operation before the call that queues it returns.
//
// On the GPU target (--cuda-gpu-arch) device memory is the GPU's: Thrust
// keeps its own CUDA system there, compiled by cucpu like user code.
//
//===----------------------------------------------------------------------===//

#ifndef __CUCPU_GPU_TARGET__

#ifndef THRUST_DEVICE_SYSTEM
#define THRUST_DEVICE_SYSTEM 2 // THRUST_DEVICE_SYSTEM_OMP
#endif

#include_next <thrust/detail/config.h>

// Thrust's CUDA system includes CUB, whose headers include <iostream>;
// programs written for nvcc use std::cout with Thrust's headers alone.
#include <iostream>

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#error "cucpu runs Thrust's device algorithms with Thrust's OpenMP system; THRUST_DEVICE_SYSTEM_CUDA is not supported (leave THRUST_DEVICE_SYSTEM undefined, or choose OMP, TBB or CPP)"
#endif

#if defined(__CUDA_ARCH__) && !defined(_OPENMP)
#undef THRUST_DEVICE_COMPILER_IS_OMP_CAPABLE
#define THRUST_DEVICE_COMPILER_IS_OMP_CAPABLE THRUST_TRUE
#endif

#if !defined(__CUDA_ARCH__) && !defined(CUCPU_THRUST_STREAMS_REGISTERED)
#define CUCPU_THRUST_STREAMS_REGISTERED
extern "C" void __cucpuRunStreamOperationsSynchronously(void);
namespace cucpu_detail {
// An inline variable: initialized once in the program, whichever of its
// files include Thrust.
inline const bool thrustStreamsSynchronous =
    (__cucpuRunStreamOperationsSynchronously(), true);
} // namespace cucpu_detail
#endif

#else // __CUCPU_GPU_TARGET__
#include_next <thrust/detail/config.h>
#endif
