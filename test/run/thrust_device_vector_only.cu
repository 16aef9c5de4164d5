// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: PASS

// Under nvcc, Thrust's CUDA system implements its algorithms with headers
// that include other algorithms' headers (CUDA 13's <thrust/sort.h>
// declares thrust::minmax_element), and programs rely on it (HeCBench's
// tsne). Thrust's OpenMP system includes fewer, so cucpu's
// <thrust/device_vector.h> brings the common algorithms: this program,
// with no other Thrust header, compiles and runs. It also includes CUB,
// whose headers add to the thrust::cuda namespaces that cucpu's
// <thrust/execution_policy.h> declares for thrust::cuda::par.
#include <cub/cub.cuh>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>

#include <cstdio>

int main() {
  const int n = 1000;
  thrust::device_vector<int> v(n);
  thrust::sequence(v.begin(), v.end(), 0, 7);
  thrust::transform(v.begin(), v.end(), v.begin(), thrust::negate<int>());
  auto bounds = thrust::minmax_element(v.begin(), v.end());
  int lowest = *bounds.first, highest = *bounds.second;
  thrust::sort(v.begin(), v.end());
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  long sum = thrust::reduce(thrust::cuda::par.on(stream), v.begin(), v.end(), 0L);
  cudaStreamDestroy(stream);
  thrust::exclusive_scan(v.begin(), v.end(), v.begin());
  bool ok = lowest == -7 * (n - 1) && highest == 0 &&
            sum == -7L * n * (n - 1) / 2 && v[0] == 0 && v[1] == -7 * (n - 1);
  printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
