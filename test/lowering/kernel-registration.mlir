// RUN: cucpu-opt %s -cucpu-emit-kernel-registration | FileCheck %s

// Every entry carrying a kernel name is registered from one constructor.

// CHECK-DAG: llvm.mlir.global private constant @__cucpu_name.0("_Z1kPf\00")
// CHECK-DAG: llvm.mlir.global private constant @__cucpu_name.1("_Z1gv\00")
// CHECK-DAG: llvm.func @__cucpu_register_kernel(!llvm.ptr, !llvm.ptr)
// CHECK-DAG: llvm.func @__cucpu_register_var(!llvm.ptr, !llvm.ptr, i64)
// CHECK: llvm.func internal @__cucpu_register_device_module()
// CHECK-DAG: %[[N0:.*]] = llvm.mlir.addressof @__cucpu_name.0
// CHECK-DAG: %[[E0:.*]] = llvm.mlir.addressof @entry_k
// CHECK: llvm.call @__cucpu_register_kernel(%[[N0]], %[[E0]])
// CHECK: llvm.call @__cucpu_register_kernel
// CHECK: %[[STORAGE:.*]] = llvm.mlir.addressof @coeffs
// CHECK: %[[SIZE:.*]] = llvm.mlir.constant(12 : i64)
// CHECK: llvm.call @__cucpu_register_var(%{{.*}}, %[[STORAGE]], %[[SIZE]])
// CHECK-NOT: @not_registered
// CHECK: llvm.mlir.global_ctors ctors = [@__cucpu_register_device_module], priorities = [65535
llvm.mlir.global internal @coeffs(#llvm.zero) {cucpu.device_var = "coeffs"} : !llvm.array<12 x i8>
llvm.mlir.global internal @not_registered(#llvm.zero) : !llvm.array<4 x i8>
llvm.func internal @entry_k(%a: i32) attributes {cucpu.kernel_name = "_Z1kPf"} {
  llvm.return
}
llvm.func internal @entry_g() attributes {cucpu.kernel_name = "_Z1gv"} {
  llvm.return
}
llvm.func @not_a_kernel() {
  llvm.return
}
