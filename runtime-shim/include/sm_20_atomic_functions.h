//===- sm_20_atomic_functions.h - atomics -----------------------*- C++ -*-===//
//
// Part of cucpu. Programs written for older CUDA versions include this header
// by name; what it declared there comes with cuda_runtime.h here.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_SM_20_ATOMIC_FUNCTIONS_H
#define CUCPU_SM_20_ATOMIC_FUNCTIONS_H

#include "cuda_runtime.h"

#endif // CUCPU_SM_20_ATOMIC_FUNCTIONS_H
