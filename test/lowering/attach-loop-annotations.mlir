// RUN: cucpu-opt %s -split-input-file -cucpu-attach-loop-annotations | FileCheck %s
// RUN: cucpu-opt %s -split-input-file -cucpu-attach-loop-annotations | mlir-translate --split-input-file --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// The annotation that scf-to-cf and cf-to-llvm left as a discardable
// attribute on the back edge becomes the branch's property, which is what
// the translation to LLVM IR reads.

#group = #llvm.access_group<id = distinct[0]<>>
#loop = #llvm.loop_annotation<parallelAccesses = #group>

// CHECK-LABEL: llvm.func @back_edge
// CHECK: llvm.br ^bb1(%{{.*}} : i64) {loop_annotation = #{{.*}}}
// CHECK-NOT: llvm.loop_annotation =
// IR-LABEL: define void @back_edge
// IR: br label %{{.*}}, !llvm.loop ![[LOOP:[0-9]+]]
// IR: ![[LOOP]] = distinct !{![[LOOP]], ![[PAR:[0-9]+]]}
// IR: ![[PAR]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}
llvm.func @back_edge(%p: !llvm.ptr, %n: i64) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %c = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %c, ^bb2, ^bb3
^bb2:
  %g = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %g {access_groups = [#group]} : !llvm.ptr -> f32
  llvm.store %v, %g {access_groups = [#group]} : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%next : i64) {llvm.loop_annotation = #loop}
^bb3:
  llvm.return
}

// -----

#group = #llvm.access_group<id = distinct[0]<>>
#loop = #llvm.loop_annotation<parallelAccesses = #group>
#own = #llvm.loop_annotation<disableNonforced = true>

// A conditional back edge is handled alike; an annotation the branch already
// has is kept.
// CHECK: #[[OWN:.*]] = #llvm.loop_annotation<disableNonforced = true>
// CHECK-LABEL: llvm.func @cond_back_edge
// CHECK: llvm.cond_br %{{.*}}, ^bb1(%{{.*}} : i64), ^bb2 {loop_annotation = #[[LOOP:.*]]}
// CHECK-NOT: llvm.loop_annotation =
// CHECK: llvm.br ^bb3(%{{.*}} : i64) {loop_annotation = #[[OWN]]}
// CHECK-NOT: llvm.loop_annotation =
llvm.func @cond_back_edge(%p: !llvm.ptr, %n: i64) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %g = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %g {access_groups = [#group]} : !llvm.ptr -> f32
  llvm.store %v, %g {access_groups = [#group]} : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  %c = llvm.icmp "slt" %next, %n : i64
  llvm.cond_br %c, ^bb1(%next : i64), ^bb2 {llvm.loop_annotation = #loop}
^bb2:
  llvm.br ^bb3(%c0 : i64)
^bb3(%j: i64):
  %d = llvm.icmp "slt" %j, %n : i64
  llvm.cond_br %d, ^bb4, ^bb5
^bb4:
  %jn = llvm.add %j, %c1 : i64
  llvm.br ^bb3(%jn : i64) {llvm.loop_annotation = #loop, loop_annotation = #own}
^bb5:
  llvm.return
}
