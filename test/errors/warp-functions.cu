// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// Warp shuffles and votes are not translated yet: each use is an error at
// its location.

__global__ void warpSum(const float *in, float *out, unsigned *votes) {
  float v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  // CHECK-DAG: warp-functions.cu:[[@LINE-1]]:10: error: the warp-level function '__shfl_down_sync' is not supported in device code yet
  votes[threadIdx.x] = __ballot_sync(0xffffffffu, v > 0.0f);
  // CHECK-DAG: warp-functions.cu:[[@LINE-1]]:24: error: the warp-level function '__ballot_sync' is not supported in device code yet
  if (threadIdx.x % 32 == 0)
    out[threadIdx.x / 32] = v;
}

int main() { return 0; }
