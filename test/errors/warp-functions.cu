// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// __activemask is computed from the lanes of the launch's warp that run it
// together (test/run/active_mask_coalesced_groups.cu); in a function that
// cannot be inlined into its kernel (recursion) there is no launch to ask,
// and the call is an error at its location.

__device__ unsigned depthMask(int depth) {
  if (depth == 0)
    return __activemask();
  // CHECK: warp-functions.cu:[[@LINE-1]]:12: error: __activemask used in a device function that could not be inlined into its kernel
  return depthMask(depth - 1);
}

__global__ void warpInfo(unsigned *out) { out[threadIdx.x] = depthMask(3); }

int main() { return 0; }
