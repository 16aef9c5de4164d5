//===- FuseParallelRegions.cpp - Fewer OpenMP fork/joins per launch -------===//
//
// When a block's threads run in parallel (blocks one after another), each
// thread loop that barrier lowering created becomes its own `omp.parallel`,
// and the serial loop over blocks starts them again for every block: a
// fork and a join per thread loop and block. Two rewrites remove them:
//
//  - Adjacent regions become one. Their work-sharing loops end with an
//    implicit barrier, which is the barrier they were split at; an explicit
//    `omp.barrier` is added where a region has other code after its last
//    loop.
//  - A region that is the only effectful operation of a serial `scf.for`
//    moves out of it: every thread runs the loop (its bounds and other
//    operations are the same for all), and shares the work of each
//    iteration's loops.
//
//===----------------------------------------------------------------------===//

#include "lowering/Lowering.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace cucpu {
#define GEN_PASS_DEF_FUSEPARALLELREGIONS
#include "lowering/Passes.h.inc"
} // namespace cucpu

using namespace mlir;

namespace {

/// Whether the last operation of `region`'s body before its terminator is a
/// work-sharing loop, whose implicit barrier then ends the region's work.
bool endsWithWorksharingLoop(omp::ParallelOp region) {
  Block &body = region.getRegion().back();
  Operation *terminator = body.getTerminator();
  Operation *last = terminator->getPrevNode();
  return last && isa<omp::WsloopOp>(last) && !cast<omp::WsloopOp>(last).getNowait();
}

bool isSingleBlock(omp::ParallelOp region) {
  return region.getRegion().hasOneBlock();
}

/// Appends the body of `from` to `into` (both single-block regions) with a
/// barrier between where the first does not end with one.
void appendRegion(IRRewriter &rewriter, omp::ParallelOp into,
                  omp::ParallelOp from) {
  Block &target = into.getRegion().front();
  Operation *terminator = target.getTerminator();
  if (!endsWithWorksharingLoop(into)) {
    rewriter.setInsertionPoint(terminator);
    omp::BarrierOp::create(rewriter, into.getLoc());
  }
  Block &source = from.getRegion().front();
  rewriter.eraseOp(source.getTerminator());
  rewriter.inlineBlockBefore(&source, terminator);
  rewriter.eraseOp(from);
}

class Fuser {
public:
  Fuser(MLIRContext *ctx, bool remarks) : rewriter(ctx), remarks(remarks) {}

  /// Merges runs of regions in `block` separated only by operations without
  /// effects (which move in front of the run). Returns whether it changed
  /// anything.
  bool fuseAdjacent(Block &block) {
    bool changed = false;
    omp::ParallelOp current;
    SmallVector<Operation *> between;
    for (Operation &op : llvm::make_early_inc_range(block)) {
      auto region = dyn_cast<omp::ParallelOp>(op);
      if (region && isSingleBlock(region) && !region.getNumReductionVars() &&
          region->getNumOperands() == 0) {
        if (current) {
          for (Operation *pure : between)
            rewriter.moveOpBefore(pure, current);
          appendRegion(rewriter, current, region);
          if (remarks)
            current.emitRemark()
                << "cucpu: OpenMP parallel regions fused (one fork/join)";
          changed = true;
        } else {
          current = region;
        }
        between.clear();
        continue;
      }
      if (current && op.getNumRegions() == 0 && isMemoryEffectFree(&op)) {
        between.push_back(&op);
        continue;
      }
      current = nullptr;
      between.clear();
    }
    return changed;
  }

  /// Moves the one region of `forOp`'s body out of the loop, the loop into
  /// the region.
  bool hoistOutOfFor(scf::ForOp forOp) {
    if (forOp.getNumResults() != 0)
      return false;
    omp::ParallelOp region;
    for (Operation &op : forOp.getBody()->without_terminator()) {
      if (auto r = dyn_cast<omp::ParallelOp>(op)) {
        if (region || !isSingleBlock(r) || r.getNumReductionVars() ||
            r->getNumOperands() != 0)
          return false;
        region = r;
        continue;
      }
      // Every thread will run the other operations: they must not have
      // effects (loops that only compute are fine too).
      if (!isMemoryEffectFree(&op))
        return false;
    }
    if (!region)
      return false;
    // The loop's bounds must not come from inside the loop's block... they
    // are operands of the for, defined outside it, and thus the same for
    // every thread.
    rewriter.setInsertionPoint(forOp);
    auto outer = omp::ParallelOp::create(rewriter, region.getLoc());
    Block *outerBody = rewriter.createBlock(&outer.getRegion());
    rewriter.setInsertionPointToEnd(outerBody);
    auto terminator = omp::TerminatorOp::create(rewriter, region.getLoc());
    rewriter.moveOpBefore(forOp, terminator);
    // The region's code runs in every iteration; its loops share the work.
    bool needsBarrier = !endsWithWorksharingLoop(region);
    Block &inner = region.getRegion().front();
    rewriter.eraseOp(inner.getTerminator());
    rewriter.inlineBlockBefore(&inner, region);
    if (needsBarrier) {
      rewriter.setInsertionPoint(forOp.getBody()->getTerminator());
      omp::BarrierOp::create(rewriter, region.getLoc());
    }
    rewriter.eraseOp(region);
    if (remarks)
      outer.emitRemark() << "cucpu: OpenMP parallel region hoisted out of a "
                            "serial loop (one fork/join for all iterations)";
    return true;
  }

  void run(Operation *root) {
    bool changed = true;
    while (changed) {
      changed = false;
      SmallVector<Block *> blocks;
      root->walk([&](Block *block) {
        if (!block->getParentOp()->getParentOfType<omp::ParallelOp>() &&
            !isa<omp::ParallelOp>(block->getParentOp()))
          blocks.push_back(block);
      });
      for (Block *block : blocks)
        changed |= fuseAdjacent(*block);
      SmallVector<scf::ForOp> loops;
      root->walk([&](scf::ForOp forOp) {
        if (!forOp->getParentOfType<omp::ParallelOp>())
          loops.push_back(forOp);
      });
      for (scf::ForOp forOp : loops)
        if (hoistOutOfFor(forOp)) {
          changed = true;
          break;
        }
    }
  }

private:
  IRRewriter rewriter;
  bool remarks;
};

struct FuseParallelRegionsPass
    : public cucpu::impl::FuseParallelRegionsBase<FuseParallelRegionsPass> {
  using FuseParallelRegionsBase::FuseParallelRegionsBase;
  void runOnOperation() override {
    Fuser(&getContext(), remarks).run(getOperation());
  }
};

} // namespace
