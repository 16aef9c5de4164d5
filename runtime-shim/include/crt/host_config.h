//===- crt/host_config.h - host configuration -------------------*- C++ -*-===//
//
// Part of cucpu. Programs written for older CUDA versions include this header
// by name; what it declared there comes with cuda_runtime.h here.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_CRT_HOST_CONFIG_H
#define CUCPU_CRT_HOST_CONFIG_H

#include "../cuda_runtime.h"

#endif // CUCPU_CRT_HOST_CONFIG_H
