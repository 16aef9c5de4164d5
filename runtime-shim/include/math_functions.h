//===- math_functions.h - math functions ------------------------*- C++ -*-===//
//
// Part of cucpu. Programs written for older CUDA versions include this header
// by name; what it declared there comes with cuda_runtime.h here.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_MATH_FUNCTIONS_H
#define CUCPU_MATH_FUNCTIONS_H

#include "cuda_runtime.h"

#endif // CUCPU_MATH_FUNCTIONS_H
