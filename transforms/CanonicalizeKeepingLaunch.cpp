//===- CanonicalizeKeepingLaunch.cpp - Canonicalize around launch loops ---===//

#include "transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace cucpu {
#define GEN_PASS_DEF_CANONICALIZEKEEPINGLAUNCH
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;

namespace {

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
