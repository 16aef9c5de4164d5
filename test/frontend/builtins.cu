// RUN: cucpu --emit-mlir %s | FileCheck %s
// RUN: cucpu --emit-mlir=launch %s | FileCheck %s --check-prefix=LAUNCH
// RUN: cucpu --emit-mlir %s | FileCheck %s --check-prefix=BARRIER

// CUDA's index variables become simt queries, math functions math operations.

__global__ void k(float *out, double *dout) {
  unsigned t = threadIdx.z + blockIdx.y + blockDim.x + gridDim.z;
  out[t] = sqrtf(out[0]) + expf(out[1]) + fabsf(out[2]) + powf(out[3], 2.0f);
  dout[t] = sin(dout[0]) + fmax(dout[1], dout[2]);
}

int main() { return 0; }

// CHECK-LABEL: func.func private @_Z1kPfPd
// CHECK: simt.thread_id z
// CHECK: simt.block_id y
// CHECK: simt.block_dim x
// CHECK: simt.grid_dim z
// The device overloads of the C math functions are inlined later.
// CHECK: call @_ZL5sqrtff

// After inlining into the launch, the queries are the loops' values.
// LAUNCH-LABEL: func.func @__cucpu_entry__Z1kPfPd
// LAUNCH-NOT: simt.thread_id
// LAUNCH-NOT: func.call
// LAUNCH: math.sqrt %{{.*}} : f32
// LAUNCH: math.exp %{{.*}} : f32
// LAUNCH: math.absf %{{.*}} : f32
// LAUNCH: math.powf %{{.*}} : f32
// LAUNCH: math.sin %{{.*}} : f64
// LAUNCH: arith.maxnumf %{{.*}} : f64

// __syncthreads and __syncwarp are both barriers; the warp one is marked, for
// the GPU target.
// BARRIER-LABEL: func.func private @_Z8barriersPi
// BARRIER: simt.barrier{{$}}
// BARRIER: simt.barrier {cucpu.warp_sync}
__global__ void barriers(int *p) {
  p[threadIdx.x] = 1;
  __syncthreads();
  p[threadIdx.x + 1] = 2;
  __syncwarp();
  p[threadIdx.x + 2] = 3;
}
