//===- thrust/system/cuda/execution_policy.h - CUDA policies under cucpu --===//
//
// Part of cucpu. On the CPU target Thrust's CUDA system does not run; its
// policy names are Thrust's OpenMP policy (see thrust/execution_policy.h).
// On the GPU target this is Thrust's own header.
//
//===----------------------------------------------------------------------===//

#ifdef __CUCPU_GPU_TARGET__
#include_next <thrust/system/cuda/execution_policy.h>
#else
#include <thrust/execution_policy.h>
#endif
