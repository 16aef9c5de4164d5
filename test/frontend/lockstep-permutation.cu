// RUN: cucpu --emit-mlir %s | FileCheck %s

// A statement that moves elements of a __shared__ array within it (an
// in-place permutation: the right side reads the array, never at the
// subscripts the left side writes) runs as a warp runs it in lock step:
// the reads, then a lock-step warp barrier, then the write. Scalars and
// structs (a trivial copy assignment) alike; statements that read their
// own element, and other arrays, get no barrier.

struct Color { float r, g, b; };

// CHECK-LABEL: func.func private @_Z7scalarsPKi
// CHECK: simt.barrier {cucpu.lockstep, cucpu.warp_sync}
// CHECK-NEXT: llvm.store %{{.*}} : f32, !llvm.ptr
// CHECK-NEXT: return
__global__ void scalars(const int *perm) {
  __shared__ float values[32];
  int t = threadIdx.x;
  values[t] = t;
  __syncthreads();
  values[perm[t]] = values[t];
}

// CHECK-LABEL: func.func private @_Z7structsPKi
// CHECK: %[[TEMP:.*]] = llvm.alloca
// CHECK: llvm.store %{{.*}}, %[[TEMP]]
// CHECK: simt.barrier {cucpu.lockstep, cucpu.warp_sync}
// CHECK-NEXT: llvm.load %[[TEMP]]
__global__ void structs(const int *rank) {
  __shared__ Color colors[16];
  int t = threadIdx.x;
  colors[rank[t]] = colors[t];
}

// CHECK-LABEL: func.func private @_Z11reverseRowsv
// CHECK: simt.barrier {cucpu.lockstep, cucpu.warp_sync}
__global__ void reverseRows() {
  __shared__ int grid[4][32];
  int t = threadIdx.x;
  grid[1][31 - t] = grid[1][t] + grid[0][t];
}

// A reduction step reads its own element: no barrier. Neither for a
// compound assignment, nor for a copy from another shared array.
// CHECK-LABEL: func.func private @_Z10noLockstepi
// CHECK-NOT: cucpu.lockstep
// CHECK: return
__global__ void noLockstep(int d) {
  __shared__ int s[64];
  __shared__ int other[64];
  int t = threadIdx.x;
  s[t] = s[t] + s[t + d];
  s[t] += s[t + d];
  other[t + 1] = s[t];
}
