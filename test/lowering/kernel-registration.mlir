// RUN: cucpu-opt %s -cucpu-emit-kernel-registration | FileCheck %s

// Every entry carrying a kernel name is registered from one constructor.

// CHECK-DAG: llvm.mlir.global private constant @__cucpu_kernel_name.0("_Z1kPf\00")
// CHECK-DAG: llvm.mlir.global private constant @__cucpu_kernel_name.1("_Z1gv\00")
// CHECK-DAG: llvm.func @__cucpu_register_kernel(!llvm.ptr, !llvm.ptr)
// CHECK: llvm.func internal @__cucpu_register_device_module()
// CHECK-DAG: %[[N0:.*]] = llvm.mlir.addressof @__cucpu_kernel_name.0
// CHECK-DAG: %[[E0:.*]] = llvm.mlir.addressof @entry_k
// CHECK: llvm.call @__cucpu_register_kernel(%[[N0]], %[[E0]])
// CHECK: llvm.call @__cucpu_register_kernel
// CHECK: llvm.mlir.global_ctors ctors = [@__cucpu_register_device_module], priorities = [65535
llvm.func internal @entry_k(%a: i32) attributes {cucpu.kernel_name = "_Z1kPf"} {
  llvm.return
}
llvm.func internal @entry_g() attributes {cucpu.kernel_name = "_Z1gv"} {
  llvm.return
}
llvm.func @not_a_kernel() {
  llvm.return
}
