//===- cuda_occupancy.h - the occupancy calculator's header -----*- C++ -*-===//
//
// Part of cucpu. Thrust includes this header by name; its functions
// (cudaOccMaxActiveBlocksPerMultiprocessor, ...) model a GPU's multiprocessor
// and are not declared here: a program that calls one gets an undeclared
// identifier at the call. The runtime's own occupancy queries
// (cudaOccupancyMaxActiveBlocksPerMultiprocessor, ...) come with
// cuda_runtime.h.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_CUDA_OCCUPANCY_H
#define CUCPU_CUDA_OCCUPANCY_H
// NVIDIA's guard, which programs may test.
#define __cuda_occupancy_h__
#endif // CUCPU_CUDA_OCCUPANCY_H
