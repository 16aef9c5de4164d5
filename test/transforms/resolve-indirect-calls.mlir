// RUN: cucpu-opt %s --simt-resolve-indirect-calls --split-input-file | FileCheck %s

// A callee that is a known function's address becomes a direct call; the
// address that stays becomes a token's.
// CHECK-DAG: llvm.mlir.global internal constant @__cucpu_function.add(0 : i8)
// CHECK-LABEL: func.func @known
// CHECK: %[[T:.*]] = llvm.mlir.addressof @__cucpu_function.add
// CHECK: %[[R:.*]] = call @add(%arg0, %arg1) : (f32, f32) -> f32
// CHECK-NOT: simt.indirect_call
// CHECK: llvm.store %[[T]], %arg2
// CHECK: return %[[R]]
func.func private @add(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @known(%a: f32, %b: f32, %slot: !llvm.ptr) -> f32 {
  %f = simt.function_address @add
  %r = simt.indirect_call %f(%a, %b) : (f32, f32) -> f32
  llvm.store %f, %slot : !llvm.ptr, !llvm.ptr
  return %r : f32
}

// -----

// A pointer read from memory is compared with each function of the call's
// signature whose address is taken, in the order of their first address; a
// function of another signature is no candidate, and when none is equal the
// call reports a failed device assertion and yields poison.
// CHECK-LABEL: func.func @unknown
// CHECK: %[[P:.*]] = llvm.load %arg2
// CHECK: %[[MUL:.*]] = llvm.mlir.addressof @__cucpu_function.mul
// CHECK: %[[IS_MUL:.*]] = llvm.icmp "eq" %[[P]], %[[MUL]]
// CHECK: %[[R:.*]] = scf.if %[[IS_MUL]] -> (i32)
// CHECK: %[[M:.*]] = func.call @mul(%arg0, %arg1)
// CHECK: scf.yield %[[M]]
// CHECK: } else {
// CHECK: %[[SUB:.*]] = llvm.mlir.addressof @__cucpu_function.sub
// CHECK: %[[IS_SUB:.*]] = llvm.icmp "eq" %[[P]], %[[SUB]]
// CHECK: scf.if %[[IS_SUB]] -> (i32)
// CHECK: func.call @sub(%arg0, %arg1)
// CHECK: } else {
// CHECK-NOT: func.call @neg
// CHECK: simt.block_id x
// CHECK: simt.thread_id z
// CHECK: llvm.call @__cucpu_device_assert_fail
// CHECK: llvm.mlir.poison : i32
// CHECK: return %[[R]]
func.func private @mul(%a: i32, %b: i32) -> i32 {
  %p = arith.muli %a, %b : i32
  return %p : i32
}
func.func private @sub(%a: i32, %b: i32) -> i32 {
  %d = arith.subi %a, %b : i32
  return %d : i32
}
func.func private @neg(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %d = arith.subi %c0, %a : i32
  return %d : i32
}
func.func @take(%slot: !llvm.ptr) {
  %m = simt.function_address @mul
  %s = simt.function_address @sub
  %n = simt.function_address @neg
  llvm.store %m, %slot : !llvm.ptr, !llvm.ptr
  llvm.store %s, %slot : !llvm.ptr, !llvm.ptr
  llvm.store %n, %slot : !llvm.ptr, !llvm.ptr
  return
}
func.func @unknown(%a: i32, %b: i32, %slot: !llvm.ptr) -> i32 {
  %f = llvm.load %slot : !llvm.ptr -> !llvm.ptr
  %r = simt.indirect_call %f(%a, %b) : (i32, i32) -> i32
  return %r : i32
}
