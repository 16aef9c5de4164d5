// RUN: cucpu-opt %s -split-input-file -simt-bound-inlining=max-ops=200 | FileCheck %s

// A call tree that multiplies: @outer calls @middle 8 times, @middle calls
// @leaf 8 times. Inlined, @kernel would have about 64 copies of @leaf. The
// heaviest candidate, @middle (its inlined size times its 8 copies), stays
// out of line; after that @kernel is under the bound, so @leaf is inlined.
// @uses_thread queries the thread index: never a candidate.

// CHECK-LABEL: func.func @leaf
// CHECK-NOT: no_inline
// CHECK-LABEL: func.func @middle
// CHECK-SAME: attributes {no_inline}
// CHECK-LABEL: func.func @uses_thread
// CHECK-NOT: no_inline
// CHECK-LABEL: func.func @kernel
func.func @leaf(%x: i64) -> i64 {
  %a = arith.muli %x, %x : i64
  %b = arith.addi %a, %x : i64
  %c = arith.xori %b, %a : i64
  return %c : i64
}
func.func @middle(%x: i64) -> i64 {
  %0 = func.call @leaf(%x) : (i64) -> i64
  %1 = func.call @leaf(%0) : (i64) -> i64
  %2 = func.call @leaf(%1) : (i64) -> i64
  %3 = func.call @leaf(%2) : (i64) -> i64
  %4 = func.call @leaf(%3) : (i64) -> i64
  %5 = func.call @leaf(%4) : (i64) -> i64
  %6 = func.call @leaf(%5) : (i64) -> i64
  %7 = func.call @leaf(%6) : (i64) -> i64
  return %7 : i64
}
func.func @uses_thread(%x: i64) -> i64 {
  %t = simt.thread_id x
  %i = arith.index_cast %t : index to i64
  %0 = func.call @middle(%x) : (i64) -> i64
  %1 = func.call @middle(%0) : (i64) -> i64
  %2 = func.call @middle(%1) : (i64) -> i64
  %3 = func.call @middle(%2) : (i64) -> i64
  %4 = arith.addi %3, %i : i64
  return %4 : i64
}
func.func @kernel(%x: i64) -> i64 {
  %0 = func.call @uses_thread(%x) : (i64) -> i64
  %1 = func.call @middle(%0) : (i64) -> i64
  %2 = func.call @middle(%1) : (i64) -> i64
  %3 = func.call @middle(%2) : (i64) -> i64
  %4 = func.call @middle(%3) : (i64) -> i64
  return %4 : i64
}

// -----

// Under the bound nothing changes.

// CHECK-LABEL: func.func @small_leaf
// CHECK-NOT: no_inline
// CHECK-LABEL: func.func @small_kernel
func.func @small_leaf(%x: i64) -> i64 {
  %a = arith.muli %x, %x : i64
  return %a : i64
}
func.func @small_kernel(%x: i64) -> i64 {
  %0 = func.call @small_leaf(%x) : (i64) -> i64
  %1 = func.call @small_leaf(%0) : (i64) -> i64
  return %1 : i64
}
