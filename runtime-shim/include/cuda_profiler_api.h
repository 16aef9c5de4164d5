//===- cuda_profiler_api.h - profiler control for cucpu ---------*- C++ -*-===//
#ifndef CUCPU_CUDA_PROFILER_API_H
#define CUCPU_CUDA_PROFILER_API_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __CUDA_PROFILER_API_H__
#include "cuda_runtime_api.h"
#endif // CUCPU_CUDA_PROFILER_API_H
