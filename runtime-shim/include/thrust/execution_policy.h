//===- thrust/execution_policy.h - CUDA policy names under cucpu ----------===//
//
// Part of cucpu. Thrust's own header (through #include_next), plus the CUDA
// system's policy names, which programs written for nvcc use:
// `thrust::cuda::par`, `thrust::cuda::par_nosync` and their `.on(stream)`.
// Under cucpu they are Thrust's OpenMP policy (see thrust/detail/config.h).
// `.on(stream)` first waits for the stream's work, which Thrust's algorithm
// would follow on a GPU; the algorithm then runs on the calling thread.
//
//===----------------------------------------------------------------------===//

#include_next <thrust/execution_policy.h>

// On the GPU target Thrust's CUDA system defines these itself.
#if !defined(CUCPU_THRUST_CUDA_POLICIES) && !defined(__CUCPU_GPU_TARGET__)
#define CUCPU_THRUST_CUDA_POLICIES

#include <thrust/system/omp/execution_policy.h>

namespace thrust {
namespace cuda_cub {

struct par_t : thrust::system::omp::detail::par_t {
  par_t on(cudaStream_t stream) const {
    cudaStreamSynchronize(stream);
    return *this;
  }
};

// Both wait for the stream first; neither leaves work behind when it
// returns, so "no synchronization afterwards" means the same here.
static const par_t par;
static const par_t par_nosync;

} // namespace cuda_cub

// Namespaces, not aliases: Thrust's CUDA system headers that CUB includes
// (thrust/system/cuda/detail/execution_policy.h) add to both.
namespace cuda {
using thrust::cuda_cub::par;
using thrust::cuda_cub::par_nosync;
} // namespace cuda
namespace system {
namespace cuda {
using thrust::cuda_cub::par;
using thrust::cuda_cub::par_nosync;
} // namespace cuda
} // namespace system
} // namespace thrust

#endif // CUCPU_THRUST_CUDA_POLICIES
