// RUN: cucpu-opt %s -cucpu-emit-kernel-registration | FileCheck %s

// Every entry carrying a kernel name is registered from one constructor, with
// the layout of its parameters when the entry has one.

// CHECK-DAG: llvm.mlir.global private constant @__cucpu_name.0("_Z1kPf\00")
// CHECK-DAG: llvm.mlir.global private constant @__cucpu_params.1(dense<[8, 8, 12, 4]> : tensor<4xi64>) {{.*}} : !llvm.array<4 x i64>
// CHECK-DAG: llvm.mlir.global private constant @__cucpu_name.2("_Z1gv\00")
// CHECK-DAG: llvm.mlir.global private constant @__cucpu_name.3("_Z1hi\00")
// CHECK-DAG: llvm.func @__cucpu_register_kernel(!llvm.ptr, !llvm.ptr)
// CHECK-DAG: llvm.func @__cucpu_register_var(!llvm.ptr, !llvm.ptr, i64)
// CHECK-DAG: llvm.func @__cucpu_register_kernel_params(!llvm.ptr, i32, !llvm.ptr)
// CHECK: llvm.func internal @__cucpu_register_device_module()
// CHECK-DAG: %[[N0:.*]] = llvm.mlir.addressof @__cucpu_name.0
// CHECK-DAG: %[[E0:.*]] = llvm.mlir.addressof @entry_k
// CHECK: llvm.call @__cucpu_register_kernel(%[[N0]], %[[E0]])
// CHECK: %[[T0:.*]] = llvm.mlir.addressof @__cucpu_params.1
// CHECK: %[[C0:.*]] = llvm.mlir.constant(2 : i32)
// CHECK: llvm.call @__cucpu_register_kernel_params(%[[N0]], %[[C0]], %[[T0]])
// CHECK: %[[N1:.*]] = llvm.mlir.addressof @__cucpu_name.2
// CHECK: llvm.call @__cucpu_register_kernel(%[[N1]],
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[C1:.*]] = llvm.mlir.constant(0 : i32)
// CHECK: llvm.call @__cucpu_register_kernel_params(%[[N1]], %[[C1]], %[[NULL]])
// CHECK: llvm.call @__cucpu_register_kernel
// CHECK-NOT: llvm.call @__cucpu_register_kernel_params
// CHECK: %[[STORAGE:.*]] = llvm.mlir.addressof @coeffs
// CHECK: %[[SIZE:.*]] = llvm.mlir.constant(12 : i64)
// CHECK: llvm.call @__cucpu_register_var(%{{.*}}, %[[STORAGE]], %[[SIZE]])
// CHECK-NOT: @not_registered
// CHECK: llvm.mlir.global_ctors ctors = [@__cucpu_register_device_module], priorities = [65535
llvm.mlir.global internal @coeffs(#llvm.zero) {cucpu.device_var = "coeffs"} : !llvm.array<12 x i8>
llvm.mlir.global internal @not_registered(#llvm.zero) : !llvm.array<4 x i8>
llvm.func internal @entry_k(%a: i32) attributes {cucpu.kernel_name = "_Z1kPf", cucpu.kernel_params = array<i64: 8, 8, 12, 4>} {
  llvm.return
}
llvm.func internal @entry_g() attributes {cucpu.kernel_name = "_Z1gv", cucpu.kernel_params = array<i64>} {
  llvm.return
}
// An entry without a layout (an older device object) is registered alone.
llvm.func internal @entry_h(%a: i32) attributes {cucpu.kernel_name = "_Z1hi"} {
  llvm.return
}
llvm.func @not_a_kernel() {
  llvm.return
}
