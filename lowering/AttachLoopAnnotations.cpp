//===- AttachLoopAnnotations.cpp - Loop metadata reaches LLVM IR ----------===//
//
// SerializeThreadLoops annotates each serial thread loop with
// `llvm.loop_annotation` (the loop's parallel accesses). scf-to-cf copies that
// discardable attribute onto the loop's back-edge branch, and cf-to-llvm keeps
// it there, but the translation to LLVM IR reads only the branch's own
// `loop_annotation` property: without this pass every `!llvm.loop` is lost,
// and LLVM's vectorizer never learns that the threads' iterations are
// independent.
//
//===----------------------------------------------------------------------===//

#include "lowering/Lowering.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace cucpu {
#define GEN_PASS_DEF_ATTACHLOOPANNOTATIONS
#include "lowering/Passes.h.inc"
} // namespace cucpu

using namespace mlir;

namespace {

/// Moves the discardable annotation of `branch` into its property, unless the
/// branch already has one of its own (that one wins).
template <typename BranchOp> void attach(BranchOp branch) {
  auto annotation = dyn_cast_or_null<LLVM::LoopAnnotationAttr>(
      branch->getDiscardableAttr(cucpu::kLoopAnnotationAttr));
  if (!annotation)
    return;
  branch->removeDiscardableAttr(cucpu::kLoopAnnotationAttr);
  if (!branch.getLoopAnnotationAttr())
    branch.setLoopAnnotationAttr(annotation);
}

struct AttachLoopAnnotationsPass
    : public cucpu::impl::AttachLoopAnnotationsBase<AttachLoopAnnotationsPass> {
  void runOnOperation() override {
    getOperation().walk([](Operation *op) {
      if (auto br = dyn_cast<LLVM::BrOp>(op))
        attach(br);
      else if (auto condBr = dyn_cast<LLVM::CondBrOp>(op))
        attach(condBr);
    });
  }
};

} // namespace
