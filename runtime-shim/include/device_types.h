//===- device_types.h - rounding modes --------------------------*- C++ -*-===//
//
// Part of cucpu. The rounding modes of CUDA's device_types.h.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_DEVICE_TYPES_H
#define CUCPU_DEVICE_TYPES_H

enum cudaRoundMode {
  cudaRoundNearest,
  cudaRoundZero,
  cudaRoundPosInf,
  cudaRoundMinInf
};

#endif // CUCPU_DEVICE_TYPES_H
