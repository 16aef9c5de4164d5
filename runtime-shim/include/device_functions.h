//===- device_functions.h - device functions --------------------*- C++ -*-===//
//
// Part of cucpu. Programs written for older CUDA versions include this header
// by name; what it declared there comes with cuda_runtime.h here.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_DEVICE_FUNCTIONS_H
#define CUCPU_DEVICE_FUNCTIONS_H

#include "cuda_runtime.h"

#endif // CUCPU_DEVICE_FUNCTIONS_H
