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

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"
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

/// The `if` that holds all of `loop`'s work, after operations without
/// effects and allocas.
scf::IfOp incidentalGuard(scf::ParallelOp loop) {
  // Locals declared before the guard are only allocated there: allocating
  // them inside the guard changes nothing either.
  return soleGuard(loop, [](Operation &op) {
    return op.getNumRegions() == 0 &&
           (isPure(&op) || isa<LLVM::AllocaOp>(op));
  });
}

/// The `if` that holds all of `loop`'s work, when its condition is defined
/// outside the loop and its else branch is empty.
scf::IfOp uniformGuard(scf::ParallelOp loop) {
  scf::IfOp guard = incidentalGuard(loop);
  if (!guard || !loop.isDefinedOutsideOfLoop(guard.getCondition()))
    return {};
  return guard;
}

/// For `if (a && b) { W }` (an `arith.andi`, or the `select` C's `&&`
/// becomes) with `a` defined outside `loop` and `b` not, the `b` that stays
/// in the loop; `a` is returned in `uniform`.
Value splitUniformConjunct(scf::ParallelOp loop, Value condition,
                           Value &uniform) {
  Value lhs, rhs;
  if (auto andOp = condition.getDefiningOp<arith::AndIOp>()) {
    lhs = andOp.getLhs();
    rhs = andOp.getRhs();
  } else if (auto select = condition.getDefiningOp<arith::SelectOp>()) {
    if (!matchPattern(select.getFalseValue(), m_Zero()))
      return {};
    lhs = select.getCondition();
    rhs = select.getTrueValue();
  } else {
    return {};
  }
  bool lhsUniform = loop.isDefinedOutsideOfLoop(lhs);
  bool rhsUniform = loop.isDefinedOutsideOfLoop(rhs);
  if (lhsUniform == rhsUniform)
    return {};
  uniform = lhsUniform ? lhs : rhs;
  return lhsUniform ? rhs : lhs;
}

/// Puts `loop` into a new `if (condition)` in its place.
void wrapInIf(RewriterBase &rewriter, scf::ParallelOp loop, Value condition,
              Location loc) {
  rewriter.setInsertionPoint(loop);
  auto outer = scf::IfOp::create(rewriter, loc, condition,
                                 /*withElseRegion=*/false);
  rewriter.moveOpBefore(loop, outer.thenBlock()->getTerminator());
}

} // namespace

namespace cucpu {

SmallVector<Location> hoistUniformGuards(RewriterBase &rewriter,
                                         scf::ParallelOp loop,
                                         bool splitConjunctions) {
  SmallVector<Location> hoisted;
  // A hoisted guard may uncover another one in the same loop (two early
  // returns); hoisting moves the loop but makes no new one.
  while (true) {
    // The condition is often computed in the loop from the block index
    // (`blockIdx.x >= nq` after inlining): compute it before.
    moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
    scf::IfOp guard = uniformGuard(loop);
    if (guard) {
      wrapInIf(rewriter, loop, guard.getCondition(), guard.getLoc());
      hoisted.push_back(guard.getLoc());
      rewriter.eraseOp(guard.thenBlock()->getTerminator());
      rewriter.inlineBlockBefore(guard.thenBlock(), guard);
      rewriter.eraseOp(guard);
      continue;
    }
    if (!splitConjunctions)
      return hoisted;
    guard = incidentalGuard(loop);
    Value uniform;
    Value rest =
        guard ? splitUniformConjunct(loop, guard.getCondition(), uniform)
              : Value();
    if (!rest)
      return hoisted;
    wrapInIf(rewriter, loop, uniform, guard.getLoc());
    rewriter.modifyOpInPlace(
        guard, [&] { guard.getConditionMutable().assign(rest); });
    hoisted.push_back(guard.getLoc());
  }
}

} // namespace cucpu

namespace {

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
      SmallVector<Location> hoisted =
          hoistUniformGuards(rewriter, loop, /*splitConjunctions=*/false);
      if (remarks)
        for (Location loc : hoisted)
          emitRemark(loc)
              << "cucpu: condition shared by the block's threads taken "
                 "once for the block";
    }
  }
};

} // namespace
