// RUN: %cucpu --emit-mlir %s -o - | FileCheck %s
// Virtual calls in device code: a constructor writes its class's tag where
// the host keeps the vtable pointer, before its members are initialized; an
// unqualified virtual call goes to the method's dispatcher, which compares
// the object's tag with the tag of each class that device code constructs
// and calls that class's overrider directly, with `this` moved from the
// subobject the call names to the overrider's; an unknown tag stops the
// program. A qualified call, or one through an object whose class is known,
// is a direct call.

struct A {
  int a;
  __device__ A() : a(1) {}
  __device__ virtual int f() { return a; }
};
struct B {
  int b;
  __device__ B() : b(2) {}
  __device__ virtual int g() { return b; }
};
struct C : A, B {
  int c;
  __device__ C() : c(3) {}
  __device__ int g() override { return c; }
};

// C's constructor: A and B are built (and write their own tags), then C's
// tags go to offset 0 (shared with A) and to B's subobject at 16, then c.
// CHECK-LABEL: func.func private @_ZN1CC1Ev(
// CHECK: call @_ZN1AC1Ev(
// CHECK: call @_ZN1BC1Ev(
// CHECK: %[[TAG0:.*]] = arith.constant [[CA:-?[0-9]+]] : i64
// CHECK: llvm.store %[[TAG0]], %arg0 {alignment = 8 : i64} : i64, !llvm.ptr
// CHECK: %[[TAG16:.*]] = arith.constant [[CB:-?[0-9]+]] : i64
// CHECK: %[[AT16:.*]] = llvm.getelementptr %arg0[16]
// CHECK: llvm.store %[[TAG16]], %[[AT16]] {alignment = 8 : i64} : i64, !llvm.ptr
// CHECK: arith.constant 3 : i32

// CHECK-LABEL: func.func private @_Z8callBothP1AP1B(
// CHECK: call @__cucpu_virtual._ZN1A1fEv(
// CHECK: call @__cucpu_virtual._ZN1B1gEv(
// CHECK: call @_ZN1A1fEv(
__device__ int callBoth(A *x, B *y) { return x->f() + y->g() + x->A::f(); }

// CHECK-LABEL: func.func private @_Z5local
// CHECK-NOT: __cucpu_virtual
// CHECK: call @_ZN1C1gEv(
// CHECK-NOT: __cucpu_virtual
// CHECK: return
__device__ int local() {
  C obj;
  return obj.g();
}

// The dispatcher of B::g: B's own tag calls B::g, C's tag for the B
// subobject calls C::g with `this` 16 bytes back.
// CHECK-LABEL: func.func private @__cucpu_virtual._ZN1B1gEv(
// CHECK: %[[TAG:.*]] = llvm.load %arg0 {alignment = 8 : i64} : !llvm.ptr -> i64
// CHECK-DAG: arith.constant [[CB]] : i64
// CHECK-DAG: llvm.getelementptr %arg0[-16]
// CHECK-DAG: call @_ZN1C1gEv(
// CHECK-DAG: call @_ZN1B1gEv(%arg0)
// CHECK: llvm.call @__cucpu_device_assert_fail(

__global__ void kernel(int *out) {
  C obj;
  out[0] = callBoth(&obj, &obj) + local();
  B plain;
  out[1] = callBoth(&obj, &plain);
}

int main() { return 0; }
