// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// Which lanes are active, and which hold equal values, are not translated:
// each use is an error at its location. (Shuffles, votes and reductions
// compile: test/run/warp_shuffles_votes.cu.)

__global__ void warpInfo(const int *in, unsigned *out) {
  unsigned active = __activemask();
  // CHECK-DAG: warp-functions.cu:[[@LINE-1]]:21: error: the warp-level function '__activemask' is not supported in device code yet
  unsigned same = __match_any_sync(active, in[threadIdx.x]);
  // CHECK-DAG: warp-functions.cu:[[@LINE-1]]:19: error: the warp-level function '__match_any_sync' is not supported in device code yet
  out[threadIdx.x] = same;
}

int main() { return 0; }
