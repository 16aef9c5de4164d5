//===- CanonicalizeKeepingLaunch.cpp - Canonicalize around launch loops ---===//

#include "transforms/MemoryAccess.h"
#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
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

/// An `if` whose branches only compute a few values without effects becomes
/// selects: `a && b` and `c ? x + 1 : x` reach us as `scf.if` with a region
/// per operand. As selects they are plain values of the thread index, which
/// barrier lowering can recompute instead of storing per thread, and whose
/// comparisons can become thread-loop bounds (NarrowThreadLoops).
struct SpeculatePureIf : public OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;

  /// Branches larger than this stay branches: speculating them would compute
  /// both sides for every thread.
  static constexpr unsigned kMaxOpsPerBranch = 4;

  /// A read of a local (`i < 15 - s` with the loop counter s kept in
  /// memory across barriers) cannot fault either: the local is always
  /// there to read.
  static bool isLoadOfLocal(Operation &op) {
    auto load = dyn_cast<LLVM::LoadOp>(op);
    return load && !load.getVolatile_() &&
           load.getOrdering() == LLVM::AtomicOrdering::not_atomic &&
           load.getAddr().getDefiningOp<LLVM::AllocaOp>();
  }

  static bool isSpeculatableBranch(Region &region) {
    if (region.empty())
      return false;
    unsigned count = 0;
    for (Operation &op : region.front().without_terminator()) {
      if (++count > kMaxOpsPerBranch || op.getNumRegions() != 0 ||
          !(cucpu::isSafeToSpeculate(&op) || isLoadOfLocal(op)))
        return false;
    }
    return true;
  }

  LogicalResult matchAndRewrite(scf::IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    if (ifOp.getNumResults() == 0 || !ifOp.elseBlock() ||
        !isSpeculatableBranch(ifOp.getThenRegion()) ||
        !isSpeculatableBranch(ifOp.getElseRegion()))
      return failure();
    Block *thenBlock = ifOp.thenBlock(), *elseBlock = ifOp.elseBlock();
    SmallVector<Value> thenValues(ifOp.thenYield().getOperands());
    SmallVector<Value> elseValues(ifOp.elseYield().getOperands());
    for (Block *block : {thenBlock, elseBlock})
      for (Operation &op : llvm::make_early_inc_range(
               block->without_terminator()))
        rewriter.moveOpBefore(&op, ifOp);
    rewriter.setInsertionPoint(ifOp);
    SmallVector<Value> results;
    for (auto [thenValue, elseValue] : llvm::zip(thenValues, elseValues))
      results.push_back(arith::SelectOp::create(
          rewriter, ifOp.getLoc(), ifOp.getCondition(), thenValue, elseValue));
    rewriter.replaceOp(ifOp, results);
    return success();
  }
};

/// `c ? a : b` on two locals (`max(a, b)` with parameters kept in allocas:
/// clang's conditional operator on lvalues selects an address) loads through
/// a select of their addresses, which keeps both locals in memory. A local is
/// always safe to read, so both are read and the value is selected; the
/// locals are then only loaded and stored, and mem2reg promotes them. When
/// only one side is a local, each side is read in a branch of an `if`.
struct LoadOfSelectedLocals : public OpRewritePattern<LLVM::LoadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LLVM::LoadOp load,
                                PatternRewriter &rewriter) const override {
    if (!cucpu::isPlainAccess(load))
      return failure();
    Value addr = load.getAddr();
    Value condition, trueAddr, falseAddr;
    if (auto select = addr.getDefiningOp<arith::SelectOp>()) {
      condition = select.getCondition();
      trueAddr = select.getTrueValue();
      falseAddr = select.getFalseValue();
    } else if (auto select = addr.getDefiningOp<LLVM::SelectOp>()) {
      condition = select.getCondition();
      trueAddr = select.getTrueValue();
      falseAddr = select.getFalseValue();
    } else {
      return failure();
    }
    bool trueLocal = trueAddr.getDefiningOp<LLVM::AllocaOp>() != nullptr;
    bool falseLocal = falseAddr.getDefiningOp<LLVM::AllocaOp>() != nullptr;
    if (!trueLocal && !falseLocal)
      return failure();
    auto readFrom = [&](OpBuilder &b, Value from) {
      return LLVM::LoadOp::create(b, load.getLoc(), load.getType(), from,
                                  load.getAlignment().value_or(0));
    };
    if (trueLocal && falseLocal) {
      Value trueValue = readFrom(rewriter, trueAddr);
      Value falseValue = readFrom(rewriter, falseAddr);
      rewriter.replaceOpWithNewOp<arith::SelectOp>(load, condition, trueValue,
                                                   falseValue);
      return success();
    }
    // `float above = nz > 1 ? in[c + plane] : here;` selects between a
    // pointer that may not be valid to read and a local: only the selected
    // one is read, in a branch.
    auto ifOp = scf::IfOp::create(rewriter, load.getLoc(), load.getType(),
                                  condition, /*withElseRegion=*/true);
    OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
    scf::YieldOp::create(thenBuilder, load.getLoc(),
                         ValueRange{readFrom(thenBuilder, trueAddr)});
    OpBuilder elseBuilder = ifOp.getElseBodyBuilder();
    scf::YieldOp::create(elseBuilder, load.getLoc(),
                         ValueRange{readFrom(elseBuilder, falseAddr)});
    rewriter.replaceOp(load, ifOp.getResults());
    return success();
  }
};

/// `if (c) {} else { W }` becomes `if (!c) { W }`, with a comparison
/// inverted rather than negated: an early `return` whose flag was promoted
/// leaves this shape, and the passes that read guards (uniform-loop
/// interchange, thread-loop narrowing) look for the work in the then branch.
struct SwapEmptyThen : public OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    if (ifOp.getNumResults() != 0 || !ifOp.elseBlock() ||
        !ifOp.thenBlock()->without_terminator().empty() ||
        ifOp.elseBlock()->without_terminator().empty())
      return failure();
    Location loc = ifOp.getLoc();
    Value condition = ifOp.getCondition();
    Value inverted;
    rewriter.setInsertionPoint(ifOp);
    if (auto cmp = condition.getDefiningOp<arith::CmpIOp>()) {
      inverted = arith::CmpIOp::create(
          rewriter, loc, arith::invertPredicate(cmp.getPredicate()),
          cmp.getLhs(), cmp.getRhs());
    } else {
      Value trueValue =
          arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true));
      inverted = arith::XOrIOp::create(rewriter, loc, condition, trueValue);
    }
    auto newIf = scf::IfOp::create(rewriter, loc, inverted,
                                   /*withElseRegion=*/false);
    Block *work = ifOp.elseBlock();
    rewriter.eraseOp(newIf.thenBlock()->getTerminator());
    rewriter.mergeBlocks(work, newIf.thenBlock());
    rewriter.eraseOp(ifOp);
    return success();
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
    owningPatterns.add<FoldComparisonUnderIf, SpeculatePureIf, LoadOfSelectedLocals,
                     SwapEmptyThen>(context);
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
