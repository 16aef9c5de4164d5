//===- thrust/system/cuda/execution_policy.h - CUDA policies under cucpu --===//
//
// Part of cucpu. Thrust's CUDA system does not run here; its policy names
// are Thrust's OpenMP policy (see thrust/execution_policy.h).
//
//===----------------------------------------------------------------------===//

#include <thrust/execution_policy.h>
