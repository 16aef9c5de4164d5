//===- cuda_device_runtime_api.h - device runtime ---------------*- C++ -*-===//
//
// Part of cucpu. Programs written for older CUDA versions include this header
// by name; what it declared there comes with cuda_runtime.h here.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_CUDA_DEVICE_RUNTIME_API_H
#define CUCPU_CUDA_DEVICE_RUNTIME_API_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __CUDA_DEVICE_RUNTIME_API_H__

#include "cuda_runtime.h"

#endif // CUCPU_CUDA_DEVICE_RUNTIME_API_H
