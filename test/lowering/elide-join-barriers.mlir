// RUN: cucpu-opt %s -split-input-file --cucpu-elide-join-barriers=remarks=1 -verify-diagnostics | FileCheck %s

// The region's only loop: its barrier would meet the join's at once.
// CHECK-LABEL: func.func @last_loop
// CHECK: omp.wsloop nowait
func.func @last_loop(%n: index, %p: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    // expected-remark @below {{no barrier after the region's last work-sharing construct}}
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        llvm.store %v, %p : f32, !llvm.ptr
        omp.yield
      }
    }
    %unused = arith.addi %n, %c1 : index
    omp.terminator
  }
  return
}

// -----

// Two loops: the first keeps the barrier that orders them; after the last,
// only operations without effects.
// CHECK-LABEL: func.func @two_loops
// CHECK: omp.wsloop {
// CHECK: omp.wsloop nowait
func.func @two_loops(%n: index, %p: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        llvm.store %v, %p : f32, !llvm.ptr
        omp.yield
      }
    }
    // expected-remark @below {{no barrier after the region's last work-sharing construct}}
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %x = llvm.load %p : !llvm.ptr -> f32
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// -----

// A load after the loop may read what another worker stored in it: the
// barrier stays.
// CHECK-LABEL: func.func @store_after
// CHECK: omp.wsloop {
// CHECK-NOT: nowait
func.func @store_after(%n: index, %p: !llvm.ptr, %q: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        llvm.store %v, %p : f32, !llvm.ptr
        omp.yield
      }
    }
    %x = llvm.load %p : !llvm.ptr -> f32
    llvm.store %x, %q : f32, !llvm.ptr
    omp.terminator
  }
  return
}

// -----

// Inside an scf.if of the region, the loop is not the region's last work
// in every case: not touched.
// CHECK-LABEL: func.func @nested_in_if
// CHECK-NOT: nowait
func.func @nested_in_if(%n: index, %c: i1, %p: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    scf.if %c {
      omp.wsloop {
        omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
          llvm.store %v, %p : f32, !llvm.ptr
          omp.yield
        }
      }
    }
    omp.terminator
  }
  return
}

// -----

// A single at the end of the region, as a loop.
// CHECK-LABEL: func.func @last_single
// CHECK: omp.single nowait
func.func @last_single(%p: !llvm.ptr, %v: f32) {
  omp.parallel {
    // expected-remark @below {{no barrier after the region's last work-sharing construct}}
    omp.single {
      llvm.store %v, %p : f32, !llvm.ptr
      omp.terminator
    }
    omp.terminator
  }
  return
}

// -----

omp.declare_reduction @add_f32 : f32 init {
^bb0(%arg: f32):
  %zero = arith.constant 0.0 : f32
  omp.yield (%zero : f32)
} combiner {
^bb0(%a: f32, %b: f32):
  %sum = arith.addf %a, %b : f32
  omp.yield (%sum : f32)
}

// A loop with a reduction keeps its barrier.
// CHECK-LABEL: func.func @reduction
// CHECK: omp.wsloop reduction
// CHECK-NOT: nowait
func.func @reduction(%n: index, %acc: !llvm.ptr, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop reduction(@add_f32 %acc -> %prv : !llvm.ptr) {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %old = llvm.load %prv : !llvm.ptr -> f32
        %new = arith.addf %old, %v : f32
        llvm.store %new, %prv : f32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
