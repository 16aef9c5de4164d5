// RUN: cucpu-opt %s -split-input-file -simt-resolve-ids -verify-diagnostics | FileCheck %s

// __shared__ globals become one alloca per block at the top of the block
// loop; all extern __shared__ arrays share the dynamic buffer.

llvm.mlir.global internal @tile() {cucpu.shared = "static", alignment = 16 : i64} : !llvm.array<1024 x i8>
llvm.mlir.global internal @dynA() {cucpu.shared = "dynamic", alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.mlir.global internal @dynB() {cucpu.shared = "dynamic", alignment = 16 : i64} : !llvm.array<0 x i8>

// CHECK-NOT: llvm.mlir.global internal @tile
// CHECK-NOT: llvm.mlir.global internal @dyn
// CHECK-LABEL: func.func @launch
// CHECK-SAME: %[[SHMEM:[^:]*]]: i64, %{{[^:]*}}: !llvm.ptr)
// CHECK: scf.parallel
// CHECK-DAG: %[[DYN:.*]] = llvm.alloca %[[SHMEM]] x i8 {alignment = 16 : i64}
// CHECK-DAG: %[[TILE:.*]] = llvm.alloca %{{.*}} x !llvm.array<1024 x i8> {alignment = 16 : i64}
// CHECK: scf.parallel
// CHECK: llvm.store %{{.*}}, %[[TILE]]
// CHECK: llvm.store %{{.*}}, %[[DYN]]
// CHECK: llvm.store %{{.*}}, %[[DYN]]
func.func @launch(%g: index, %b: index, %a2: i32, %a3: i32, %a4: i32, %a5: i32, %shmem: i64, %args: !llvm.ptr) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x) = (%c0) to (%b) step (%c1) {
      %t = llvm.mlir.addressof @tile : !llvm.ptr
      llvm.store %v, %t : f32, !llvm.ptr
      %a = llvm.mlir.addressof @dynA : !llvm.ptr
      llvm.store %v, %a : f32, !llvm.ptr
      %d = llvm.mlir.addressof @dynB : !llvm.ptr
      llvm.store %v, %d : f32, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

llvm.mlir.global internal @tile() {cucpu.shared = "static"} : !llvm.array<16 x i8>

func.func @outside() -> !llvm.ptr {
  // expected-error @+1 {{__shared__ variable 'tile' used in a device function that could not be inlined into its kernel}}
  %t = llvm.mlir.addressof @tile : !llvm.ptr
  return %t : !llvm.ptr
}
