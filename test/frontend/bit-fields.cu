// RUN: cucpu --emit-mlir %s | FileCheck %s

// A bit-field is read and written through the bytes its bits touch: `mid`,
// bits 6..21, as the i24 of the first three bytes with the field at bit 6.
// (Functions appear in the order of their first use.)

struct S {
  unsigned low : 6;
  unsigned mid : 16;
  int high : 10;
};

// A store keeps the other fields' bits: the old bytes masked, the new value
// shifted into place.
// CHECK-LABEL: func.func private @_Z5writeP1Sj
// CHECK: %[[V:.*]] = arith.trunci %{{.*}} : i32 to i24
// CHECK: %[[MASK:.*]] = arith.constant 4194240 : i24
// CHECK: %[[KEEP:.*]] = arith.constant -4194241 : i24
// CHECK: %[[SHIFTED:.*]] = arith.shli %[[V]], %c6_i24 : i24
// CHECK: %[[NEW:.*]] = arith.andi %[[SHIFTED]], %[[MASK]] : i24
// CHECK: %[[OLD:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr -> i24
// CHECK: %[[KEPT:.*]] = arith.andi %[[OLD]], %[[KEEP]] : i24
// CHECK: %[[OR:.*]] = arith.ori %[[KEPT]], %[[NEW]] : i24
// CHECK: llvm.store %[[OR]], %{{.*}} {alignment = 1 : i64} : i24, !llvm.ptr
__device__ void write(S *s, unsigned v) { s->mid = v; }

// CHECK-LABEL: func.func private @_Z4readP1S
// CHECK: %[[BITS:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr -> i24
// CHECK: %[[UP:.*]] = arith.shli %[[BITS]], %c2_i24 : i24
// CHECK: %[[DOWN:.*]] = arith.shrui %[[UP]], %c8_i24 : i24
// CHECK: arith.extui %[[DOWN]] : i24 to i32
// The signed field, bits 22..31: the top ten bits of bytes 2 and 3, whose
// sign an arithmetic shift keeps.
// CHECK: llvm.getelementptr %{{.*}}[2] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: %[[HIGH:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr -> i16
// CHECK: %[[SIGNED:.*]] = arith.shrsi %[[HIGH]], %c6_i16 : i16
// CHECK: arith.extsi %[[SIGNED]] : i16 to i32
__device__ int read(S *s) { return s->mid + s->high; }

__global__ void k(S *s, int *out) {
  write(s, 5);
  out[0] = read(s);
}

int main() { return 0; }
