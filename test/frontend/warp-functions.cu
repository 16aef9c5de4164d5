// RUN: cucpu --emit-mlir %s | FileCheck %s

// Warp shuffles, votes and reductions are exchanges through the block-shared
// warp exchange area (8 bytes for each of up to 1024 threads), between two
// warp barriers.

// CHECK: llvm.mlir.global internal @__cucpu_warp_exchange() {addr_space = 0 : i32, alignment = 8 : i64, cucpu.shared = "static"} : !llvm.array<8192 x i8>

// CHECK-LABEL: func.func private @_Z7shufflePf
// The linear thread index x + X * (y + Y * z), its lane and its warp's base.
// CHECK: %[[X:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK: %[[Y:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK: %[[Z:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK: %[[SX:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK: %[[SY:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK: %[[YZ:.*]] = arith.muli %[[SY]], %[[Z]]
// CHECK: %[[YY:.*]] = arith.addi %[[Y]], %[[YZ]]
// CHECK: %[[XYZ:.*]] = arith.muli %[[SX]], %[[YY]]
// CHECK: %[[T:.*]] = arith.addi %[[X]], %[[XYZ]]
// CHECK: %[[LANE:.*]] = arith.andi %[[T]], %c31
// CHECK: %[[BASE:.*]] = arith.subi %[[T]], %[[LANE]]
// The value goes to the thread's own slot, the warp synchronizes, and the
// source lane's slot is read: lane + delta while it stays in the group.
// CHECK: %[[OWN:.*]] = llvm.getelementptr %{{.*}}[%[[T]]] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK: llvm.store %{{.*}}, %[[OWN]] {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK: simt.barrier {cucpu.warp_sync}
// CHECK: %[[SRC:.*]] = arith.addi %[[LANE]], %{{.*}} : i64
// CHECK: arith.cmpi sle, %[[SRC]],
// CHECK: %[[SRCT:.*]] = arith.addi %[[BASE]], %[[SRC]] : i64
// CHECK: arith.cmpi ult, %[[SRC]], %c32
// CHECK: arith.cmpi ult, %[[SRCT]],
// CHECK: %[[READ:.*]] = arith.select %{{.*}}, %[[SRCT]], %[[T]] : i64
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %{{.*}}[%[[READ]]] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK: llvm.load %[[SLOT]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: simt.barrier {cucpu.warp_sync}
__global__ void shuffle(float *p) {
  p[threadIdx.x] = __shfl_down_sync(0xffffffffu, p[threadIdx.x], 4);
}

// A ballot: each lane stores its bit, then every lane ors the bits of the
// lanes its mask names. It reads the slot of every lane of its warp (warp
// base + lane, no select of the address), and drops the lanes outside the
// mask afterwards: a loop over consecutive slots that LLVM vectorizes.
// CHECK-LABEL: func.func private @_Z4votePj
// CHECK: arith.shli %{{.*}}, %[[VLANE:.*]] : i64
// CHECK: llvm.store %{{.*}} {alignment = 8 : i64} : i64, !llvm.ptr
// CHECK: simt.barrier {cucpu.warp_sync}
// CHECK: scf.for %[[VL:.*]] = %c0 to %c32 step %c1 iter_args(%[[VACC:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK: %[[VLI:.*]] = arith.index_castui %[[VL]] : index to i64
// CHECK: %[[VSLOT:.*]] = arith.addi %{{.*}}, %[[VLI]] : i64
// CHECK-NOT: arith.select
// CHECK: llvm.getelementptr %{{.*}}[%[[VSLOT]]]
// CHECK-NEXT: %[[VVAL:.*]] = llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr -> i64
// CHECK: %[[VOR:.*]] = arith.ori %[[VACC]], %[[VVAL]]
// CHECK: arith.select %{{.*}}, %[[VOR]], %[[VACC]]
// CHECK: scf.yield
// CHECK: simt.barrier {cucpu.warp_sync}
// CHECK: arith.trunci %{{.*}} : i64 to i32
__global__ void vote(unsigned *p) {
  p[threadIdx.x] = __ballot_sync(0xffffffffu, p[threadIdx.x] > 3);
}

// A signed minimum keeps the values' sign.
// CHECK-LABEL: func.func private @_Z7minimumPi
// CHECK: arith.extsi %{{.*}} : i32 to i64
// CHECK: scf.for
// CHECK: arith.minsi
__global__ void minimum(int *p) {
  p[threadIdx.x] = __reduce_min_sync(0xffffffffu, p[threadIdx.x]);
}

int main() { return 0; }
