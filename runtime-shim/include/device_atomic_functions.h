//===- device_atomic_functions.h - atomics ----------------------*- C++ -*-===//
//
// Part of cucpu. Programs written for older CUDA versions include this header
// by name; what it declared there comes with cuda_runtime.h here.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_DEVICE_ATOMIC_FUNCTIONS_H
#define CUCPU_DEVICE_ATOMIC_FUNCTIONS_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __DEVICE_ATOMIC_FUNCTIONS_H__

#include "cuda_runtime.h"

#endif // CUCPU_DEVICE_ATOMIC_FUNCTIONS_H
