//===- CanonicalizeKeepingLaunch.cpp - Canonicalize around launch loops ---===//

#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace cucpu {
#define GEN_PASS_DEF_CANONICALIZEKEEPINGLAUNCH
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;

namespace {

/// Inside `if (a < b)`, `a < b` holds and `a >= b` does not. The frontend
/// lowers an early `return` to a flag that every later condition tests
/// (`if (i >= n) return;` guards the rest with `i < n` and keeps testing
/// `i >= n` in its loops); folding the flag inside the guard leaves plain
/// loops behind.
struct FoldComparisonUnderIf : public OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    auto guard = ifOp.getCondition().getDefiningOp<arith::CmpIOp>();
    if (!guard)
      return failure();
    bool changed = false;
    for (Operation *user : guard.getLhs().getUsers()) {
      auto cmp = dyn_cast<arith::CmpIOp>(user);
      if (!cmp || cmp == guard || cmp.getLhs() != guard.getLhs() ||
          cmp.getRhs() != guard.getRhs())
        continue;
      bool same = cmp.getPredicate() == guard.getPredicate();
      if (!same &&
          cmp.getPredicate() != arith::invertPredicate(guard.getPredicate()))
        continue;
      for (auto [region, holds] : {std::pair(&ifOp.getThenRegion(), true),
                                   std::pair(&ifOp.getElseRegion(), false)}) {
        if (region->empty() ||
            llvm::none_of(cmp->getUses(), [&](OpOperand &use) {
              return region->isAncestor(use.getOwner()->getParentRegion());
            }))
          continue;
        rewriter.setInsertionPointToStart(&region->front());
        Value known = arith::ConstantOp::create(
            rewriter, cmp.getLoc(), rewriter.getBoolAttr(same == holds));
        rewriter.replaceUsesWithIf(cmp.getResult(), known, [&](OpOperand &use) {
          return region->isAncestor(use.getOwner()->getParentRegion());
        });
        changed = true;
      }
    }
    return success(changed);
  }
};

struct CanonicalizeKeepingLaunchPass
    : public cucpu::impl::CanonicalizeKeepingLaunchBase<
          CanonicalizeKeepingLaunchPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet owningPatterns(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owningPatterns);
    auto parallelName = OperationName(scf::ParallelOp::getOperationName(),
                                      context);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      if (op != parallelName)
        op.getCanonicalizationPatterns(owningPatterns, context);
    owningPatterns.add<FoldComparisonUnderIf>(context);
    patterns = std::make_shared<FrozenRewritePatternSet>(
        std::move(owningPatterns));
    return success();
  }

  void runOnOperation() override {
    GreedyRewriteConfig config;
    (void)applyPatternsGreedily(getOperation(), *patterns, config);
  }

  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};

} // namespace
