// RUN: %cucpu --emit-mlir -O2 %s -o - | FileCheck %s
// A copy of a small struct of scalars (float4, a pair of an int and a
// pointer) is made field by field: loads and stores that mem2reg and the
// vectorizers see through. Other aggregates (with a bool, a union, an
// array member) are copied with one memcpy.

struct Mixed {
  int n;
  float *p;
};
struct WithFlag {
  float v;
  bool on;
};
union Bits {
  float f;
  int i;
};
struct WithArray {
  float v[4];
};

// CHECK-LABEL: func.func private @_Z10copyFloat4
// CHECK-NOT: llvm.intr.memcpy
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: llvm.store %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK: llvm.getelementptr %{{.*}}[4] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.getelementptr %{{.*}}[8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.getelementptr %{{.*}}[12] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NOT: llvm.intr.memcpy
// CHECK: return
__global__ void copyFloat4(const float4 *in, float *out) {
  float4 v = in[1];
  *out = v.x + v.w;
}

// CHECK-LABEL: func.func private @_Z9copyMixed
// CHECK-NOT: llvm.intr.memcpy
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: llvm.getelementptr %{{.*}}[8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK: return
__global__ void copyMixed(const Mixed *in, int *out) {
  Mixed m = *in;
  *out = m.n + (m.p != nullptr);
}

// CHECK-LABEL: func.func private @_Z10copyOthers
// CHECK: "llvm.intr.memcpy"
// CHECK: "llvm.intr.memcpy"
// CHECK: "llvm.intr.memcpy"
// CHECK: return
__global__ void copyOthers(const WithFlag *a, const Bits *b,
                           const WithArray *c, float *out) {
  WithFlag x = *a;
  Bits y = *b;
  WithArray z = *c;
  *out = x.v + y.f + z.v[2];
}
