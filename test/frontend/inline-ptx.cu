// RUN: cucpu --emit-mlir %s | FileCheck %s

// Inline PTX becomes the operations its C++ forms become: the lane is the
// linear thread index modulo 32, a carry is bit 32 of a 33-bit sum, a
// guarded instruction is a select, a shuffle goes through the warp
// exchange between warp barriers, and an empty `asm` (a compiler barrier)
// is nothing.

// CHECK-LABEL: func.func private @_Z4lanePj
// CHECK: simt.thread_id  x
// CHECK: %[[LANE:.*]] = arith.andi %{{.*}}, %c31_i64
// CHECK: arith.trunci %[[LANE]] : i64 to i32
__global__ void lane(unsigned *p) {
  unsigned v;
  asm("mov.u32 %0, %%laneid;" : "=r"(v));
  p[0] = v;
}

// CHECK-LABEL: func.func private @_Z5carryPj
// CHECK: %[[SUM:.*]] = arith.addi {{.*}} : i33
// CHECK: %[[LOW:.*]] = arith.trunci %[[SUM]] : i33 to i32
// CHECK: %[[HIGH:.*]] = arith.shrui %[[SUM]], %c32_i33
// CHECK: %[[CARRY:.*]] = arith.trunci %[[HIGH]] : i33 to i1
// CHECK: %[[CIN:.*]] = arith.extui %[[CARRY]] : i1 to i33
// CHECK: arith.addi {{.*}}, %[[CIN]] : i33
__global__ void carry(unsigned *p) {
  asm("add.cc.u32 %0, %2, %3; addc.u32 %1, %2, %3;"
      : "=r"(p[0]), "=r"(p[1])
      : "r"(p[2]), "r"(p[3]));
}

// CHECK-LABEL: func.func private @_Z7guardedPj
// CHECK: %[[Q:.*]] = arith.cmpi ult, %{{.*}}, %c7_i32
// CHECK: arith.select %[[Q]], %{{.*}}, %c0_i32
__global__ void guarded(unsigned *p) {
  asm("{ .reg .pred q; setp.lt.u32 q, %1, 7; @q add.u32 %0, %1, 1; }"
      : "=r"(p[0])
      : "r"(p[1]));
}

// CHECK-LABEL: func.func private @_Z7shufflePj
// CHECK: llvm.mlir.addressof @__cucpu_warp_exchange
// CHECK: llvm.store
// CHECK: simt.barrier {cucpu.warp_sync}
// CHECK: llvm.load
// CHECK: simt.barrier {cucpu.warp_sync}
__global__ void shuffle(unsigned *p) {
  asm("shfl.sync.down.b32 %0, %1, 1, 31, -1;" : "=r"(p[0]) : "r"(p[1]));
}

// CHECK-LABEL: func.func private @_Z15compilerBarrierPj
// CHECK-NEXT: %{{.*}} = arith.constant
// CHECK-NEXT: %{{.*}} = llvm.alloca
// CHECK-NEXT: llvm.store
// CHECK-NEXT: return
__global__ void compilerBarrier(unsigned *p) { asm volatile("" ::: "memory"); }
