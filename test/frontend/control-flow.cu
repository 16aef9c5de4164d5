// RUN: cucpu --emit-mlir %s | FileCheck %s

// Loops are scf.while; break, continue and early return set flags in memory
// and the statements after them run under scf.if on those flags.

__device__ int firstNegative(const int *a, int n) {
  for (int i = 0; i < n; ++i) {
    if (a[i] >= 0)
      continue;
    return i;
  }
  return -1;
}

__global__ void kernel(const int *a, int *out, int n) {
  int count = 0;
  while (true) {
    if (count > n)
      break;
    count += 2;
  }
  do {
    --count;
  } while (count > 0);
  out[0] = firstNegative(a, n) + count;
}

int main() { return 0; }

// CHECK-LABEL: func.func private @_Z6kernelPKiPii
// The while(true) loop: its condition is evaluated only while not broken out.
// CHECK: scf.while
// CHECK: scf.if %{{.*}} -> (i1)
// CHECK: scf.condition
// CHECK: } do {
// CHECK: scf.if
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i8
// CHECK-NEXT: llvm.store %[[ONE]], %[[BREAK:[0-9]+]] {alignment = 1 : i64} : i8, !llvm.ptr
// CHECK: llvm.load %[[BREAK]]
// The do-while: body first, in the before region.
// CHECK: scf.while
// CHECK: arith.subi
// CHECK: arith.cmpi sgt
// CHECK: scf.condition
// CHECK: call @_Z13firstNegativePKii

// CHECK-LABEL: func.func private @_Z13firstNegativePKii
// CHECK: scf.while
// CHECK: scf.condition
// The rest of the body after the `if (…) continue;` is guarded by the flags.
// CHECK: arith.xori
// CHECK: scf.if
// CHECK: return %{{.*}} : i32
