// RUN: cucpu --emit-mlir %s | FileCheck %s --check-prefix=FRONTEND
// RUN: cucpu -O2 --emit-mlir=optimized %s | FileCheck %s --check-prefix=OPT

// Consecutive warp-level calls use the two warp exchange areas in turn, so
// that the barrier after one call's reads keeps nothing from the next
// call's writes: the barrier passes remove it, and each exchange costs one
// barrier. A call site in a loop uses one area in every iteration, where
// the barrier after the reads stays.

// FRONTEND-DAG: llvm.mlir.global internal @__cucpu_warp_exchange() {{.*}} : !llvm.array<8192 x i8>
// FRONTEND-DAG: llvm.mlir.global internal @__cucpu_warp_exchange_1() {{.*}} : !llvm.array<8192 x i8>

// FRONTEND-LABEL: func.func private @_Z8exchangePi
// FRONTEND: llvm.mlir.addressof @__cucpu_warp_exchange :
// FRONTEND: llvm.mlir.addressof @__cucpu_warp_exchange :
// FRONTEND: llvm.mlir.addressof @__cucpu_warp_exchange_1 :
// FRONTEND: llvm.mlir.addressof @__cucpu_warp_exchange_1 :
// FRONTEND: llvm.mlir.addressof @__cucpu_warp_exchange :
// FRONTEND: llvm.mlir.addressof @__cucpu_warp_exchange :
// FRONTEND-NOT: addressof @{{.*}}warp_exchange
// FRONTEND: return

// Three exchanges: each call's store, barrier, load. The barriers after the
// loads are gone: the next call writes the other area, and after the last
// call each thread writes only its own element.
// OPT-LABEL: func.func @__cucpu_entry__Z8exchangePi
// OPT: llvm.store
// OPT: simt.barrier
// OPT: llvm.load
// OPT: llvm.store
// OPT: simt.barrier
// OPT: llvm.load
// OPT: llvm.store
// OPT: simt.barrier
// OPT: llvm.load
// OPT-NOT: simt.barrier
// OPT: return
__global__ void exchange(int *a) {
  int x = a[threadIdx.x];
  int y = __shfl_xor_sync(0xffffffffu, x, 1);
  int z = __shfl_xor_sync(0xffffffffu, y + x, 2);
  a[threadIdx.x] = __shfl_xor_sync(0xffffffffu, z * y, 4);
}

// OPT-LABEL: func.func @__cucpu_entry__Z4loopPii
// OPT: llvm.store
// OPT: simt.barrier
// OPT: llvm.load
// OPT: simt.barrier
// OPT: scf.yield
__global__ void loop(int *a, int n) {
  int x = a[threadIdx.x];
  for (int i = 0; i < n; ++i)
    x += __shfl_xor_sync(0xffffffffu, x, 1);
  a[threadIdx.x] = x;
}
