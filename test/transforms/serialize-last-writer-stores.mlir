// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-serialize-thread-loops))' -allow-unregistered-dialect | FileCheck %s
// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-serialize-thread-loops{last-writer-stores=false}))' -allow-unregistered-dialect | FileCheck %s --check-prefix=OFF

// `if (k[t] <= key) next = child[t];` with `next` a block's shared scalar:
// the loop only finds the last thread whose guard holds (a max reduction of
// its linear index, 32 bits wide, kept in a slot; the guard yields the
// index or -1), and the guarded load and store run once after the loop,
// for that thread, with its indices recovered from the linear index.

// CHECK-LABEL: func.func @last_writer
// CHECK: %[[NEXT:.*]] = llvm.alloca {{.*}} x i32
// CHECK: %[[NONE:.*]] = arith.constant -1 : i32
// CHECK: %[[SLOT:.*]] = llvm.alloca {{.*}} x i32
// CHECK: llvm.store %[[NONE]], %[[SLOT]]
// CHECK: scf.for %[[Y:.*]] = %{{.*}} to %[[NY:[^ ]*]]
// CHECK-NEXT: scf.for %[[X:.*]] = %{{.*}} to %[[NX:[^ ]*]]
// CHECK: %[[SCALED:.*]] = arith.muli %[[Y]], %[[NX]]
// CHECK: %[[LIN:.*]] = arith.addi %[[SCALED]], %[[X]]
// CHECK: %[[LIN32:.*]] = arith.index_castui %[[LIN]] : index to i32
// CHECK: %[[HOLDS:.*]] = arith.cmpi sle
// CHECK: %[[CAND:.*]] = scf.if %[[HOLDS]] -> (i32) {
// CHECK-NEXT: scf.yield %[[LIN32]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[NONE]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[OLD:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> i32
// CHECK-NEXT: %[[MAX:.*]] = arith.maxsi %[[OLD]], %[[CAND]]
// CHECK-NEXT: llvm.store %[[MAX]], %[[SLOT]]
// CHECK-NEXT: }
// CHECK: }
// CHECK: %[[LAST:.*]] = llvm.load %[[SLOT]]
// CHECK: %[[ANY:.*]] = arith.cmpi sge, %[[LAST]]
// CHECK: scf.if %[[ANY]] {
// CHECK: %[[FOUND:.*]] = arith.index_castui %[[LAST]] : i32 to index
// CHECK: %[[LX:.*]] = arith.remui %[[FOUND]], %[[NX]]
// CHECK: %[[LY:.*]] = arith.divui %[[FOUND]], %[[NX]]
// CHECK: %[[T:.*]] = arith.index_cast %[[LX]] : index to i64
// CHECK: %[[P:.*]] = llvm.getelementptr %arg1[%[[T]]]
// CHECK: %[[V:.*]] = llvm.load %[[P]]
// CHECK: %[[YV:.*]] = arith.index_cast %[[LY]] : index to i32
// CHECK: %[[SUM:.*]] = arith.addi %[[V]], %[[YV]]
// CHECK: llvm.store %[[SUM]], %[[NEXT]]
// CHECK: }
// CHECK: "test.after"

// OFF-LABEL: func.func @last_writer
// OFF: scf.for
// OFF: scf.for
// OFF: scf.if
// OFF: llvm.store
// OFF-NOT: arith.maxsi
func.func @last_writer(%k: !llvm.ptr, %child: !llvm.ptr, %key: i32,
                       %g: index, %nx: index, %ny: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    %next = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    scf.parallel (%x, %y) = (%c0, %c0) to (%nx, %ny) step (%c1, %c1) {
      %t = arith.index_cast %x : index to i64
      %kp = llvm.getelementptr %k[%t] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      %kv = llvm.load %kp : !llvm.ptr -> i32
      %holds = arith.cmpi sle, %kv, %key : i32
      scf.if %holds {
        %cp = llvm.getelementptr %child[%t] : (!llvm.ptr, i64) -> !llvm.ptr, i32
        %cv = llvm.load %cp : !llvm.ptr -> i32
        %yv = arith.index_cast %y : index to i32
        %sum = arith.addi %cv, %yv : i32
        llvm.store %sum, %next : i32, !llvm.ptr
      }
      scf.reduce
    }
    %result = llvm.load %next : !llvm.ptr -> i32
    "test.after"(%result) : (i32) -> ()
    scf.reduce
  }
  return
}

// -----

// The guarded store goes to each thread's own element: not a last writer.
// CHECK-LABEL: func.func @per_thread_store
// CHECK-NOT: arith.maxsi
// CHECK: scf.if
// CHECK: llvm.store
func.func @per_thread_store(%out: !llvm.ptr, %g: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %v = arith.constant 7 : i32
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    scf.parallel (%x) = (%c0) to (%n) step (%c1) {
      %holds = arith.cmpi slt, %x, %c5 : index
      scf.if %holds {
        %t = arith.index_cast %x : index to i64
        %p = llvm.getelementptr %out[%t] : (!llvm.ptr, i64) -> !llvm.ptr, i32
        llvm.store %v, %p : i32, !llvm.ptr
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// The loop reads what the guarded store writes (`if (c) flag = flag + 1`):
// every guarded iteration matters, so the loop stays as it is.
// CHECK-LABEL: func.func @reads_own_store
// CHECK-NOT: arith.maxsi
// CHECK: scf.if
func.func @reads_own_store(%g: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  %inc = arith.constant 1 : i32
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    %flag = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    scf.parallel (%x) = (%c0) to (%n) step (%c1) {
      %holds = arith.cmpi slt, %x, %c5 : index
      scf.if %holds {
        %old = llvm.load %flag : !llvm.ptr -> i32
        %new = arith.addi %old, %inc : i32
        llvm.store %new, %flag : i32, !llvm.ptr
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Another write in the loop (each thread's own element) keeps the guard in
// place: the guarded code could read it.
// CHECK-LABEL: func.func @other_write
// CHECK-NOT: arith.maxsi
func.func @other_write(%out: !llvm.ptr, %g: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  %v = arith.constant 7 : i32
  scf.parallel (%b) = (%c0) to (%g) step (%c1) {
    %next = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    scf.parallel (%x) = (%c0) to (%n) step (%c1) {
      %t = arith.index_cast %x : index to i64
      %p = llvm.getelementptr %out[%t] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      llvm.store %v, %p : i32, !llvm.ptr
      %holds = arith.cmpi slt, %x, %c5 : index
      scf.if %holds {
        llvm.store %v, %next : i32, !llvm.ptr
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Two guards store to the same block scalar: the key of a store is
// 2 * index + its rank in program order, so that the thread that stores
// last decides, and within it the second store. After the loop the rank
// picks the store to repeat.
// CHECK-LABEL: func.func @two_guards_one_address
// CHECK: scf.for %[[X:[^ ]*]]
// CHECK: %[[LIN:.*]] = arith.index_castui %[[X]] : index to i32
// CHECK: %[[FIRST:.*]] = scf.if
// CHECK: %[[S1:.*]] = arith.muli %[[LIN]], {{%c2_i32[_0-9]*}}
// CHECK: %[[K1:.*]] = arith.addi %[[S1]], {{%c0_i32[_0-9]*}}
// CHECK-NEXT: scf.yield %[[K1]]
// CHECK: %[[SECOND:.*]] = scf.if
// CHECK: %[[S2:.*]] = arith.muli %[[LIN]], {{%c2_i32[_0-9]*}}
// CHECK: %[[K2:.*]] = arith.addi %[[S2]], {{%c1_i32[_0-9]*}}
// CHECK-NEXT: scf.yield %[[K2]]
// CHECK: %[[BOTH:.*]] = arith.maxsi %[[FIRST]], %[[SECOND]]
// CHECK: arith.maxsi %{{.*}}, %[[BOTH]]
// CHECK-NOT: scf.if
// CHECK: }
// CHECK: scf.if
// CHECK: %[[FOUND:.*]] = arith.index_castui
// CHECK: %[[RANK:.*]] = arith.remui %[[FOUND]], %[[C2:.*]] : index
// CHECK: arith.divui %[[FOUND]], %[[C2]]
// CHECK: %[[IS0:.*]] = arith.cmpi eq, %[[RANK]], %{{.*}} : index
// CHECK: scf.if %[[IS0]] {
// CHECK-NEXT: llvm.store %c1_i32
// CHECK: %[[IS1:.*]] = arith.cmpi eq, %[[RANK]], %{{.*}} : index
// CHECK: scf.if %[[IS1]] {
// CHECK-NEXT: llvm.store %c2_i32
func.func @two_guards_one_address(%g: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  scf.parallel (%blk) = (%c0) to (%g) step (%c1) {
    %next = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    scf.parallel (%x) = (%c0) to (%n) step (%c1) {
      %first = arith.cmpi slt, %x, %c5 : index
      scf.if %first {
        llvm.store %a, %next : i32, !llvm.ptr
      }
      %second = arith.cmpi slt, %x, %c3 : index
      scf.if %second {
        llvm.store %b, %next : i32, !llvm.ptr
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Stores in ifs nested in a guard, in its then and its else branch
// (findRangeK's leaf search under `t < n`): each if that holds a store
// yields the largest key of its stores that ran, or -1, up to the loop
// body, which keeps the largest in the slot.
// CHECK-LABEL: func.func @nested_guards
// CHECK: %[[NONE:.*]] = arith.constant -1 : i32
// CHECK: scf.for %[[X:[^ ]*]]
// CHECK: %[[LIN:.*]] = arith.index_castui %[[X]] : index to i32
// CHECK: %[[OUTER:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK: %[[INNER:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK: arith.muli %[[LIN]]
// CHECK: scf.yield
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[NONE]]
// CHECK: scf.yield %[[INNER]]
// CHECK: } else {
// CHECK: %[[ELSE:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK: scf.yield
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[NONE]]
// CHECK: scf.yield %[[ELSE]]
// CHECK: arith.maxsi %{{.*}}, %[[OUTER]]
// CHECK-NEXT: llvm.store
// CHECK-NEXT: }
// CHECK: scf.if
// CHECK: %[[FOUND:.*]] = arith.index_castui
// CHECK: %[[RANK:.*]] = arith.remui %[[FOUND]]
// CHECK: %[[T:.*]] = arith.divui %[[FOUND]]
// CHECK: arith.cmpi eq, %[[RANK]]
// CHECK: scf.if
// CHECK: %[[T64:.*]] = arith.index_cast %[[T]] : index to i64
// CHECK: %[[KP:.*]] = llvm.getelementptr %arg0[%[[T64]]]
// CHECK: %[[KV:.*]] = llvm.load %[[KP]]
// CHECK: llvm.store %[[KV]], %[[POS:[^ ]*]]
// CHECK: arith.cmpi eq, %[[RANK]]
// CHECK: scf.if
// CHECK: %[[TV:.*]] = arith.index_cast %[[T]] : index to i32
// CHECK: llvm.store %[[TV]], %[[POS]]
// CHECK: "test.after"
func.func @nested_guards(%k: !llvm.ptr, %g: index, %n: index,
                         %limit: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  %zero = arith.constant 0 : i32
  scf.parallel (%blk) = (%c0) to (%g) step (%c1) {
    %pos = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    scf.parallel (%x) = (%c0) to (%n) step (%c1) {
      %t = arith.index_cast %x : index to i64
      %kp = llvm.getelementptr %k[%t] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      %below = arith.cmpi slt, %x, %limit : index
      scf.if %below {
        %kv = llvm.load %kp : !llvm.ptr -> i32
        %pos_key = arith.cmpi sgt, %kv, %zero : i32
        scf.if %pos_key {
          llvm.store %kv, %pos : i32, !llvm.ptr
        }
      } else {
        %last = arith.cmpi eq, %x, %c3 : index
        scf.if %last {
          %tv = arith.index_cast %x : index to i32
          llvm.store %tv, %pos : i32, !llvm.ptr
        }
      }
      scf.reduce
    }
    %p = llvm.load %pos : !llvm.ptr -> i32
    "test.after"(%p) : (i32) -> ()
    scf.reduce
  }
  return
}

// -----

// An if that yields a value and stores: the code after the loop would
// repeat its store with the value, so nothing moves.
// CHECK-LABEL: func.func @store_in_if_with_result
// CHECK-NOT: arith.maxsi
func.func @store_in_if_with_result(%g: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  scf.parallel (%blk) = (%c0) to (%g) step (%c1) {
    %next = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    %other = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    scf.parallel (%x) = (%c0) to (%n) step (%c1) {
      %holds = arith.cmpi slt, %x, %c5 : index
      %v = scf.if %holds -> (i32) {
        llvm.store %a, %next : i32, !llvm.ptr
        scf.yield %a : i32
      } else {
        scf.yield %b : i32
      }
      llvm.store %v, %other : i32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A store to a block scalar outside any guard: the last thread stores.
// CHECK-LABEL: func.func @unguarded_store
// CHECK: scf.for %[[X:[^ ]*]]
// CHECK: %[[LIN:.*]] = arith.index_castui %[[X]] : index to i32
// CHECK: %[[OLD:.*]] = llvm.load
// CHECK: arith.maxsi %[[OLD]], %[[LIN]]
// CHECK: }
// CHECK: scf.if
// CHECK: %[[FOUND:.*]] = arith.index_castui
// CHECK: %[[TV:.*]] = arith.index_cast %[[FOUND]] : index to i32
// CHECK: llvm.store %[[TV]]
func.func @unguarded_store(%g: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  scf.parallel (%blk) = (%c0) to (%g) step (%c1) {
    %next = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    scf.parallel (%x) = (%c0) to (%n) step (%c1) {
      %tv = arith.index_cast %x : index to i32
      llvm.store %tv, %next : i32, !llvm.ptr
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Two guards with their own block scalars: each finds its last thread.
// CHECK-LABEL: func.func @two_guards_two_addresses
// CHECK-COUNT-2: arith.maxsi
func.func @two_guards_two_addresses(%g: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  scf.parallel (%blk) = (%c0) to (%g) step (%c1) {
    %lo = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    %hi = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    scf.parallel (%x) = (%c0) to (%n) step (%c1) {
      %first = arith.cmpi slt, %x, %c5 : index
      scf.if %first {
        llvm.store %a, %lo : i32, !llvm.ptr
      }
      %second = arith.cmpi slt, %x, %c3 : index
      scf.if %second {
        llvm.store %b, %hi : i32, !llvm.ptr
      }
      scf.reduce
    }
    %l = llvm.load %lo : !llvm.ptr -> i32
    %h = llvm.load %hi : !llvm.ptr -> i32
    "test.after"(%l, %h) : (i32, i32) -> ()
    scf.reduce
  }
  return
}

// -----

// The guarded store sits in a loop of the thread's own code (a triangle
// over x < y): that loop writes memory and is not a guard, so nothing moves.
// CHECK-LABEL: func.func @triangle
// CHECK-NOT: arith.maxsi
func.func @triangle(%g: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = arith.constant 1 : i32
  scf.parallel (%blk) = (%c0) to (%g) step (%c1) {
    %next = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    scf.parallel (%y) = (%c0) to (%n) step (%c1) {
      scf.for %x = %c0 to %y step %c1 {
        %holds = arith.cmpi eq, %x, %c0 : index
        scf.if %holds {
          llvm.store %a, %next : i32, !llvm.ptr
        }
      }
      scf.reduce
    }
    scf.reduce
  }
  return
}
