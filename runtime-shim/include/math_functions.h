//===- math_functions.h - math functions ------------------------*- C++ -*-===//
//
// Part of cucpu. Programs written for older CUDA versions include this header
// by name; what it declared there comes with cuda_runtime.h here.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_MATH_FUNCTIONS_H
#define CUCPU_MATH_FUNCTIONS_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __MATH_FUNCTIONS_H__

#include "cuda_runtime.h"

#endif // CUCPU_MATH_FUNCTIONS_H
