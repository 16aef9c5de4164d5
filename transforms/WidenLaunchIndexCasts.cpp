//===- WidenLaunchIndexCasts.cpp - Launch indices are 31-bit values -------===//
//
// CUDA's thread and block indices are 32-bit unsigned integers; a kernel
// computes with them in `int`, and indexes memory with the 64-bit sign
// extension of the result: `a[ty * 16 + tx]`. The launch loops' induction
// variables are `index` values, cast to i32 where the kernel reads them, so
// LLVM sees `sext(trunc(iv) + 1)` and must keep the truncation: it computes
// each address with a shift left by 32 and an arithmetic shift right (two
// instructions per address, in every row of every thread loop).
//
// The values are smaller than that: a block has at most 1024 threads and a
// grid at most 2^31 - 1 blocks along x (65535 along y and z), limits the
// runtime checks at every launch. So the truncation of a launch loop's
// induction variable loses no bits, signed or unsigned:
//
//   %t = arith.index_castui %iv : index to i32
//   ->
//   %w = arith.index_castui %iv : index to i64
//   %t = arith.trunci %w overflow<nsw, nuw> : i64 to i32
//
// and LLVM then folds `sext(trunc nsw (iv) + 1 nsw)` to `iv + 1`.
//
// Runs after the passes that match thread-index comparisons on the
// `index_cast` form (narrowing), before the thread loops are serialized:
// the launch loops are still `scf.parallel` with their roles.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace cucpu {
#define GEN_PASS_DEF_WIDENLAUNCHINDEXCASTS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// Whether `v` is an induction variable of a launch loop: a block loop (the
/// role attribute) or a thread loop inside one.
bool isLaunchIndex(Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg)
    return false;
  auto loop = dyn_cast<scf::ParallelOp>(arg.getOwner()->getParentOp());
  if (!loop)
    return false;
  return isBlockLoop(loop) || isThreadLoop(loop);
}

/// Whether `v`, an integer, is `arith.trunci` without signed wrap from
/// `wide`'s type: a value whose sign extension to that type is its operand.
bool isSignedTruncFrom(Value v, Type wide) {
  auto trunc = v.getDefiningOp<arith::TruncIOp>();
  return trunc && trunc.getIn().getType() == wide &&
         bitEnumContainsAll(trunc.getOverflowFlags(),
                            arith::IntegerOverflowFlags::nsw);
}

/// `extsi(trunci nsw (x))` -> `x`.
struct FoldExtendOfSignedTrunc : OpRewritePattern<arith::ExtSIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ExtSIOp ext,
                                PatternRewriter &rewriter) const override {
    if (!isSignedTruncFrom(ext.getIn(), ext.getType()))
      return failure();
    rewriter.replaceOp(ext, ext.getIn().getDefiningOp()->getOperand(0));
    return success();
  }
};

/// Whether `v` is a signed truncation from `wide`, or add, sub or mul
/// without signed wrap with one in its operands (up to `depth` levels).
bool reachesSignedTrunc(Value v, Type wide, unsigned depth) {
  if (isSignedTruncFrom(v, wide))
    return true;
  Operation *def = v.getDefiningOp();
  if (depth == 0 || !def ||
      !isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(def))
    return false;
  auto flags = cast<arith::ArithIntegerOverflowFlagsInterface>(def);
  return flags.hasNoSignedWrap() &&
         llvm::any_of(def->getOperands(), [&](Value operand) {
           return reachesSignedTrunc(operand, wide, depth - 1);
         });
}

/// `extsi(a op<nsw> b)` -> `extsi(a) op<nsw> extsi(b)` for add, sub and mul
/// when an operand computes with a signed truncation from the wide type
/// (which the extension then folds away): the kernel's `int` index
/// arithmetic on a launch index then happens in 64 bits, and the address
/// needs no sign extension. Without signed wrap both compute the same.
template <typename BinaryOp>
struct WidenSignedArithmetic : OpRewritePattern<arith::ExtSIOp> {
  using OpRewritePattern<arith::ExtSIOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ExtSIOp ext,
                                PatternRewriter &rewriter) const override {
    auto op = ext.getIn().template getDefiningOp<BinaryOp>();
    Type wide = ext.getType();
    if (!op || !reachesSignedTrunc(op, wide, kMaxDepth))
      return failure();
    Location loc = ext.getLoc();
    Value lhs = arith::ExtSIOp::create(rewriter, loc, wide, op.getLhs());
    Value rhs = arith::ExtSIOp::create(rewriter, loc, wide, op.getRhs());
    rewriter.replaceOpWithNewOp<BinaryOp>(ext, lhs, rhs,
                                          arith::IntegerOverflowFlags::nsw);
    return success();
  }
  /// Index expressions are short: `(by * 16 + ty) * n + bx * 16 + tx`.
  static constexpr unsigned kMaxDepth = 4;
};

struct WidenLaunchIndexCastsPass
    : public cucpu::impl::WidenLaunchIndexCastsBase<
          WidenLaunchIndexCastsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> casts;
    getOperation().walk([&](Operation *op) {
      if (!isa<arith::IndexCastUIOp, arith::IndexCastOp>(op) ||
          !isLaunchIndex(op->getOperand(0)))
        return;
      auto type = dyn_cast<IntegerType>(op->getResult(0).getType());
      // 32 bits hold every launch index; narrower types may not.
      if (type && type.getWidth() >= 32 && type.getWidth() < 64)
        casts.push_back(op);
    });
    for (Operation *cast : casts) {
      OpBuilder b(cast);
      Location loc = cast->getLoc();
      Value wide = arith::IndexCastUIOp::create(b, loc, b.getI64Type(),
                                                cast->getOperand(0));
      Value narrow = arith::TruncIOp::create(
          b, loc, cast->getResult(0).getType(), wide,
          arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw);
      cast->getResult(0).replaceAllUsesWith(narrow);
      cast->erase();
    }
    if (casts.empty())
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldExtendOfSignedTrunc, WidenSignedArithmetic<arith::AddIOp>,
                 WidenSignedArithmetic<arith::SubIOp>,
                 WidenSignedArithmetic<arith::MulIOp>>(&getContext());
    arith::ExtSIOp::getCanonicalizationPatterns(patterns, &getContext());
    // Only these rewrites and folds: the launch loops keep their shape.
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};

} // namespace
