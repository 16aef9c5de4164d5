//===- device_launch_parameters.h - threadIdx & co for cucpu ----*- C++ -*-===//
//
// Part of cucpu. threadIdx, blockIdx, blockDim, gridDim and warpSize come from
// clang's own __clang_cuda_builtin_vars.h; cuda_runtime.h defines their
// conversions to uint3 / dim3.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_DEVICE_LAUNCH_PARAMETERS_H
#define CUCPU_DEVICE_LAUNCH_PARAMETERS_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include "vector_types.h"
#if defined(__CUDA__)
#include "__clang_cuda_builtin_vars.h"
#endif

#endif // CUCPU_DEVICE_LAUNCH_PARAMETERS_H
