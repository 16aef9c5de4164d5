//===- HoistUniformIfs.cpp - Block-uniform guards move out of thread loops -===//
//
// `if (blockIdx.x >= nq) return;` at the start of a kernel guards the rest of
// the kernel with a condition that every thread of a block evaluates alike.
// Inside the thread loop that guard is one `scf.if` holding all the work, so
// the passes that look at the thread loop's direct children see none of it:
// the locals declared after the return are not promoted across barriers, and
// barrier lowering must split the `if` at every barrier and keep per-thread
// copies of each value it carries. As the condition does not depend on the
// thread, the `if` may as well be taken once for the whole block:
//
//   threads (t) { pure prefix; if (c) { W } }
//   ->
//   if (c) { threads (t) { pure prefix; W } }
//
// The prefix (index casts of t, locals' allocas) has no effects, so running
// it only when c holds changes nothing. An `if` with an else branch that does
// something stays where it is.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace cucpu {
#define GEN_PASS_DEF_HOISTUNIFORMIFS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// The `if` that holds all of `loop`'s work, when its condition is defined
/// outside the loop and its else branch is empty.
scf::IfOp uniformGuard(scf::ParallelOp loop) {
  // Locals declared before the guard are only allocated there: allocating
  // them inside the guard changes nothing either.
  scf::IfOp guard = soleGuard(loop, [](Operation &op) {
    return op.getNumRegions() == 0 &&
           (isPure(&op) || isa<LLVM::AllocaOp>(op));
  });
  if (!guard || !loop.isDefinedOutsideOfLoop(guard.getCondition()))
    return {};
  return guard;
}

struct HoistUniformIfsPass
    : public cucpu::impl::HoistUniformIfsBase<HoistUniformIfsPass> {
  using HoistUniformIfsBase::HoistUniformIfsBase;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<scf::ParallelOp> loops;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (isThreadLoop(loop) && loop.getNumResults() == 0)
        loops.push_back(loop);
    });
    for (scf::ParallelOp loop : loops) {
      // A hoisted guard may uncover another one in the same loop (two early
      // returns); hoisting moves the loop but makes no new one.
      while (true) {
        // The condition is often computed in the loop from the block index
        // (`blockIdx.x >= nq` after inlining): compute it before.
        moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
        scf::IfOp guard = uniformGuard(loop);
        if (!guard)
          break;
        rewriter.setInsertionPoint(loop);
        auto outer = scf::IfOp::create(rewriter, guard.getLoc(),
                                       guard.getCondition(),
                                       /*withElseRegion=*/false);
        rewriter.moveOpBefore(loop, outer.thenBlock()->getTerminator());
        rewriter.eraseOp(guard.thenBlock()->getTerminator());
        rewriter.inlineBlockBefore(guard.thenBlock(), guard);
        rewriter.eraseOp(guard);
        if (remarks)
          emitRemark(outer.getLoc())
              << "cucpu: condition shared by the block's threads taken "
                 "once for the block";
      }
    }
  }
};

} // namespace
