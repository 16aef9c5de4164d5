// RUN: cucpu-opt %s -split-input-file -verify-diagnostics -cucpu-outline-gpu-kernels | FileCheck %s

// A launcher at the optimized stage becomes a kernel: the parameter loaded
// whole as a pointer is a pointer parameter, the one accessed in parts is
// passed by value; the loops' induction variables are the special registers,
// the block's allocas shared globals (the one of the dynamic size the extern
// array), the barrier nvvm.barrier0.

// CHECK-DAG: llvm.mlir.global external @__cucpu_dynamic_shared() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-DAG: llvm.mlir.global internal @__cucpu_shared.0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x i8>
// CHECK-LABEL: func.func @_Z1kPfS_(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr {llvm.noalias},
// CHECK-SAME: %[[S:.*]]: !llvm.ptr {llvm.align = 8 : i64, llvm.byval = !llvm.array<16 x i8>})
// CHECK-SAME: attributes {cucpu.gpu_kernel}
// CHECK-NOT: scf.parallel
// CHECK-DAG: %[[STATIC:.*]] = llvm.mlir.addressof @__cucpu_shared.0 : !llvm.ptr<3>
// CHECK-DAG: llvm.addrspacecast %[[STATIC]] : !llvm.ptr<3> to !llvm.ptr
// CHECK-DAG: llvm.mlir.addressof @__cucpu_dynamic_shared : !llvm.ptr<3>
// CHECK-DAG: nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK-DAG: nvvm.read.ptx.sreg.tid.x : i32
// CHECK-DAG: llvm.getelementptr %[[S]][8]
// CHECK: nvvm.barrier0
// CHECK-NOT: simt.barrier
// CHECK-NOT: __cucpu_entry
func.func @__cucpu_entry__Z1kPfS_(%gx: i32, %gy: i32, %gz: i32, %bx: i32, %by: i32, %bz: i32, %dyn: i64, %argv: !llvm.ptr) attributes {cucpu.kernel_name = "_Z1kPfS_", cucpu.kernel_params = array<i64: 8, 8, 16, 8>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  %g0 = arith.index_castui %gx : i32 to index
  %g1 = arith.index_castui %gy : i32 to index
  %g2 = arith.index_castui %gz : i32 to index
  %b0 = arith.index_castui %bx : i32 to index
  %b1 = arith.index_castui %by : i32 to index
  %b2 = arith.index_castui %bz : i32 to index
  %a0 = llvm.load %argv : !llvm.ptr -> !llvm.ptr
  %p = llvm.load %a0 {cucpu.noalias} : !llvm.ptr -> !llvm.ptr
  %slot1 = llvm.getelementptr %argv[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
  %s = llvm.load %slot1 : !llvm.ptr -> !llvm.ptr
  %second = llvm.getelementptr %s[8] : (!llvm.ptr) -> !llvm.ptr, i8
  %v = llvm.load %second : !llvm.ptr -> f32
  scf.parallel (%bi, %bj, %bk) = (%c0, %c0, %c0) to (%g0, %g1, %g2) step (%c1, %c1, %c1) {
    %static = llvm.alloca %one x !llvm.array<64 x i8> {alignment = 16 : i64} : (i64) -> !llvm.ptr
    %dynamic = llvm.alloca %dyn x i8 {alignment = 16 : i64} : (i64) -> !llvm.ptr
    scf.parallel (%ti, %tj, %tk) = (%c0, %c0, %c0) to (%b0, %b1, %b2) step (%c1, %c1, %c1) {
      %t = arith.index_cast %ti : index to i64
      %cell = llvm.getelementptr %static[%t] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %v, %cell : f32, !llvm.ptr
      simt.barrier(%ti, %tj, %tk)
      %b = arith.index_cast %bi : index to i64
      %out = llvm.getelementptr %p[%b] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %x = llvm.load %cell : !llvm.ptr -> f32
      llvm.store %x, %out : f32, !llvm.ptr
      llvm.store %x, %dynamic : f32, !llvm.ptr
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Work hoisted to the block would run on every GPU thread: writes there are
// rejected.
func.func @__cucpu_entry__Z1gPi(%gx: i32, %gy: i32, %gz: i32, %bx: i32, %by: i32, %bz: i32, %dyn: i64, %argv: !llvm.ptr) attributes {cucpu.kernel_name = "_Z1gPi", cucpu.kernel_params = array<i64: 8, 8>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %g0 = arith.index_castui %gx : i32 to index
  %b0 = arith.index_castui %bx : i32 to index
  %a0 = llvm.load %argv : !llvm.ptr -> !llvm.ptr
  %p = llvm.load %a0 : !llvm.ptr -> !llvm.ptr
  scf.parallel (%bi, %bj, %bk) = (%c0, %c0, %c0) to (%g0, %c1, %c1) step (%c1, %c1, %c1) {
    // expected-error @+1 {{work done once per block cannot be mapped to the GPU (it writes memory)}}
    llvm.store %zero, %p : i32, !llvm.ptr
    scf.parallel (%ti, %tj, %tk) = (%c0, %c0, %c0) to (%b0, %c1, %c1) step (%c1, %c1, %c1) {
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// __syncwarp synchronizes only the warp; recursion-safe index queries outside
// launches read the registers directly.
// CHECK-LABEL: func.func private @device_helper
// CHECK: nvvm.read.ptx.sreg.tid.y
// CHECK: nvvm.bar.warp.sync
// CHECK: nvvm.barrier0
func.func @device_helper() -> index {
  %t = simt.thread_id y
  simt.barrier {cucpu.warp_sync}
  simt.barrier
  return %t : index
}
