// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-serialize-thread-loops))' -allow-unregistered-dialect | FileCheck %s
// RUN: cucpu-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(simt-serialize-thread-loops{last-writer-stores=false}))' -allow-unregistered-dialect | FileCheck %s --check-prefix=OFF

// `if (k[t] <= key) next = child[t];` with `next` a block's shared scalar:
// the loop only finds the last thread whose guard holds (a max reduction of
// its linear index, kept in a slot), and the guarded load and store run once
// after the loop, for that thread, with its indices recovered from the
// linear index.

// CHECK-LABEL: func.func @last_writer
// CHECK: %[[NEXT:.*]] = llvm.alloca {{.*}} x i32
// CHECK: %[[SLOT:.*]] = llvm.alloca {{.*}} x i64
// CHECK: llvm.store %{{.*}}, %[[SLOT]]
// CHECK: scf.for %[[Y:.*]] = %{{.*}} to %[[NY:[^ ]*]]
// CHECK-NEXT: scf.for %[[X:.*]] = %{{.*}} to %[[NX:[^ ]*]]
// CHECK: %[[SCALED:.*]] = arith.muli %[[Y]], %[[NX]]
// CHECK: %[[LIN:.*]] = arith.addi %[[SCALED]], %[[X]]
// CHECK: %[[HOLDS:.*]] = arith.cmpi sle
// CHECK: %[[CAND:.*]] = arith.select %[[HOLDS]], %[[LIN]], %{{.*}}
// CHECK: %[[OLD:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> i64
// CHECK: %[[OLDIDX:.*]] = arith.index_cast %[[OLD]]
// CHECK: %[[MAX:.*]] = arith.maxsi %[[OLDIDX]], %[[CAND]]
// CHECK: llvm.store %{{.*}}, %[[SLOT]]
// CHECK-NOT: scf.if
// CHECK: }
// CHECK: }
// CHECK: %[[LAST:.*]] = llvm.load %[[SLOT]]
// CHECK: %[[FOUND:.*]] = arith.index_cast %[[LAST]]
// CHECK: %[[ANY:.*]] = arith.cmpi sge, %[[FOUND]]
// CHECK: scf.if %[[ANY]] {
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

// Two guards store to the same block scalar: which thread stores last
// depends on both guards, so neither moves.
// CHECK-LABEL: func.func @two_guards_one_address
// CHECK-NOT: arith.maxsi
// CHECK: scf.if
// CHECK: scf.if
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
