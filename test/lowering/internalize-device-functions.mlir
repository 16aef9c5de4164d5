// RUN: cucpu-opt %s -cucpu-internalize-device-functions | FileCheck %s

// A device function that survived inlining (a recursive one) has the host
// copy's mangled name; it becomes internal, so the two never meet at the
// link. Declarations (the C library's) and functions that already chose a
// linkage keep theirs.

// CHECK: llvm.func internal @_Z3gcdii
llvm.func @_Z3gcdii(%a: i32, %b: i32) -> i32 attributes {sym_visibility = "private"} {
  %zero = llvm.mlir.constant(0 : i32) : i32
  %done = llvm.icmp "eq" %b, %zero : i32
  llvm.cond_br %done, ^ret, ^rec
^rec:
  %r = llvm.srem %a, %b : i32
  %g = llvm.call @_Z3gcdii(%b, %r) : (i32, i32) -> i32
  llvm.return %g : i32
^ret:
  llvm.return %a : i32
}

// CHECK: llvm.func @printf
llvm.func @printf(!llvm.ptr, ...) -> i32 attributes {sym_visibility = "private"}

// CHECK: llvm.func linkonce_odr @keeps_its_linkage
llvm.func linkonce_odr @keeps_its_linkage() attributes {sym_visibility = "private"} {
  llvm.return
}

// CHECK: llvm.func @public_entry
llvm.func @public_entry() {
  llvm.return
}
