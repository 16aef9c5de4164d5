//===- thrust/device_vector.h - device_vector under cucpu ----------------===//
//
// Part of cucpu. Thrust's own header (through #include_next), then a set
// of Thrust's algorithm headers. Under nvcc, Thrust's CUDA system
// implements its algorithms with headers that include other algorithms'
// headers (CUDA 13's <thrust/sort.h> declares thrust::minmax_element), and
// programs rely on that without knowing it (HeCBench's tsne). The OpenMP
// system that cucpu uses (thrust/detail/config.h) includes fewer. Every
// such program includes device_vector.h, so the common algorithms come with
// it here, on both targets: a superset of what any one of nvcc's headers
// brings.
//
//===----------------------------------------------------------------------===//

#include_next <thrust/device_vector.h>

#ifndef CUCPU_THRUST_CUDA_SYSTEM_HEADERS
#define CUCPU_THRUST_CUDA_SYSTEM_HEADERS
#include <thrust/adjacent_difference.h>
#include <thrust/copy.h>
#include <thrust/distance.h>
#include <thrust/extrema.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/merge.h>
#include <thrust/pair.h>
#include <thrust/partition.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/set_operations.h>
#include <thrust/sort.h>
#include <thrust/swap.h>
#include <thrust/unique.h>
#endif
