//===- device_types.h - rounding modes --------------------------*- C++ -*-===//
//
// Part of cucpu. The rounding modes of CUDA's device_types.h.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_DEVICE_TYPES_H
#define CUCPU_DEVICE_TYPES_H
// NVIDIA's guard: programs test it to learn that this header was seen.
#define __DEVICE_TYPES_H__

enum cudaRoundMode {
  cudaRoundNearest,
  cudaRoundZero,
  cudaRoundPosInf,
  cudaRoundMinInf
};

#endif // CUCPU_DEVICE_TYPES_H
