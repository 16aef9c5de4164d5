//===- builtin_types.h - CUDA built-in types for cucpu ----------*- C++ -*-===//
#ifndef CUCPU_BUILTIN_TYPES_H
#define CUCPU_BUILTIN_TYPES_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __BUILTIN_TYPES_H__
#include "device_types.h"
#include "driver_types.h"
#include "vector_types.h"
#endif // CUCPU_BUILTIN_TYPES_H
