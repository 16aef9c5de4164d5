//===- cuda_profiler_api.h - profiler control for cucpu ---------*- C++ -*-===//
#ifndef CUCPU_CUDA_PROFILER_API_H
#define CUCPU_CUDA_PROFILER_API_H
#include "cuda_runtime_api.h"
#endif // CUCPU_CUDA_PROFILER_API_H
