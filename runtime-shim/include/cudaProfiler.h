//===- cudaProfiler.h - driver API profiler control for cucpu ---*- C++ -*-===//
#ifndef CUCPU_CUDAPROFILER_H
#define CUCPU_CUDAPROFILER_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __cudaProfiler_h__
#include "cuda.h"
// No profiler collects anything here: starting and stopping succeed.
static inline CUresult cuProfilerStart(void) { return CUDA_SUCCESS; }
static inline CUresult cuProfilerStop(void) { return CUDA_SUCCESS; }
#endif // CUCPU_CUDAPROFILER_H
