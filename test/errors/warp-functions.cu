// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// Which lanes are active is not known in the IR, where a divergent branch is
// a condition of each thread: __activemask is an error at its location.
// (Shuffles, votes, matches and reductions compile:
// test/run/warp_shuffles_votes.cu.)

__global__ void warpInfo(const int *in, unsigned *out) {
  unsigned active = __activemask();
  // CHECK: warp-functions.cu:[[@LINE-1]]:21: error: the warp-level function '__activemask' is not supported in device code yet
  out[threadIdx.x] = __match_any_sync(active, in[threadIdx.x]);
  // CHECK-NOT: error:
}

int main() { return 0; }
