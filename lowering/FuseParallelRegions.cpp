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
//  - A region inside a serial `scf.for` or `scf.while` (the loops around
//    barriers) moves out of it: every thread runs the loop (its bounds and
//    the values it computes are the same for all), and shares the work of
//    each iteration's loops. Reads and writes outside the region are
//    ordered with barriers, writes made by one thread.
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

bool synchronizedBefore(Operation *op);

/// Whether all workers are known to have met after `op` (work-sharing loops
/// and singles end with an implicit barrier).
bool endsSynchronized(Operation *op) {
  if (auto loop = dyn_cast<omp::WsloopOp>(op))
    return !loop.getNowait();
  if (auto single = dyn_cast<omp::SingleOp>(op))
    return !single.getNowait();
  if (isa<omp::BarrierOp>(op))
    return true;
  // A while loop leaves right after its condition region.
  if (auto loop = dyn_cast<scf::WhileOp>(op))
    return synchronizedBefore(loop.getBefore().front().getTerminator());
  // A for loop ends after its last iteration, or, if it runs none, where
  // it started.
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return synchronizedBefore(loop.getBody()->getTerminator()) &&
           synchronizedBefore(loop);
  return false;
}

/// Whether all workers are known to have met right before `op`: its
/// predecessors without effects are skipped; the start of a parallel region
/// is such a point, the start of a loop body is if the body ends with one
/// and the loop starts at one.
bool synchronizedBefore(Operation *op) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (endsSynchronized(prev))
      return true;
    if (!isMemoryEffectFree(prev))
      return false;
  }
  Operation *parent = op->getParentOp();
  if (isa<omp::ParallelOp>(parent))
    return true;
  return false;
}

/// Whether the work in `region` ends with all workers meeting.
bool regionEndsSynchronized(omp::ParallelOp region) {
  return synchronizedBefore(region.getRegion().back().getTerminator());
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
  if (!regionEndsSynchronized(into)) {
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

  /// How an operation of a serial loop's body (other than the region) can
  /// run once every worker runs the loop.
  enum class Replica { Compute, Read, Write };

  static std::optional<Replica> classify(Operation *op) {
    if (op->hasTrait<OpTrait::IsTerminator>() || isMemoryEffectFree(op))
      return Replica::Compute;
    auto iface = dyn_cast<MemoryEffectOpInterface>(op);
    if (!iface || op->getNumRegions() != 0)
      return std::nullopt;
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    auto all = [&](auto pred) { return llvm::all_of(effects, pred); };
    if (all([](auto &e) { return isa<MemoryEffects::Read>(e.getEffect()); }))
      return Replica::Read;
    if (op->getNumResults() == 0 &&
        all([](auto &e) { return isa<MemoryEffects::Write>(e.getEffect()); }))
      return Replica::Write;
    return std::nullopt;
  }

  /// Moves the one region of a serial loop's body (an scf.for, or an
  /// scf.while in either of its regions) out of the loop, and the loop into
  /// the region: every worker runs the loop, and the region's work-sharing
  /// loops share each iteration's work. The loop's other operations then
  /// run on every worker: computation as it is; reads of memory after all
  /// workers have arrived, with a barrier behind them so no write overtakes
  /// a slower worker's read; writes (no results) in an `omp.single`, whose
  /// implicit barrier publishes them. The values every worker computes are
  /// the same, so all take the same path through the loop.
  bool hoistOutOfLoop(Operation *loop) {
    if (!llvm::all_of(loop->getResults(),
                      [](Value v) { return v.use_empty(); }))
      return false;
    omp::ParallelOp region;
    SmallVector<Operation *> reads, writes;
    for (Region &body : loop->getRegions()) {
      if (!body.hasOneBlock())
        return false;
      for (Operation &op : body.front()) {
        if (auto r = dyn_cast<omp::ParallelOp>(op)) {
          if (region || !isSingleBlock(r) || r.getNumReductionVars() ||
              r->getNumOperands() != 0)
            return false;
          region = r;
          continue;
        }
        std::optional<Replica> kind = classify(&op);
        if (!kind)
          return false;
        if (*kind == Replica::Read)
          reads.push_back(&op);
        else if (*kind == Replica::Write)
          writes.push_back(&op);
      }
    }
    if (!region)
      return false;
    // The loop's bounds and initial values are defined outside it, the same
    // for every worker.
    Location loc = region.getLoc();
    rewriter.setInsertionPoint(loop);
    auto outer = omp::ParallelOp::create(rewriter, loc);
    Block *outerBody = rewriter.createBlock(&outer.getRegion());
    rewriter.setInsertionPointToEnd(outerBody);
    auto terminator = omp::TerminatorOp::create(rewriter, loc);
    rewriter.moveOpBefore(loop, terminator);

    bool needsBarrier = !regionEndsSynchronized(region);
    Block &inner = region.getRegion().front();
    rewriter.eraseOp(inner.getTerminator());
    Operation *afterRegion = region->getNextNode();
    rewriter.inlineBlockBefore(&inner, region);
    rewriter.eraseOp(region);
    if (needsBarrier) {
      rewriter.setInsertionPoint(afterRegion);
      omp::BarrierOp::create(rewriter, loc);
    }
    // Each run of consecutive writes goes into one single.
    for (size_t i = 0; i < writes.size();) {
      size_t end = i + 1;
      while (end < writes.size() &&
             writes[end] == writes[end - 1]->getNextNode())
        ++end;
      rewriter.setInsertionPoint(writes[i]);
      auto single = omp::SingleOp::create(rewriter, writes[i]->getLoc(),
                                          omp::SingleOperands{});
      Block *singleBody = rewriter.createBlock(&single.getRegion());
      rewriter.setInsertionPointToEnd(singleBody);
      auto singleEnd = omp::TerminatorOp::create(rewriter, single.getLoc());
      for (size_t j = i; j < end; ++j)
        rewriter.moveOpBefore(writes[j], singleEnd);
      i = end;
    }
    // A barrier behind each run of reads.
    for (size_t i = 0; i < reads.size(); ++i) {
      Operation *next = reads[i]->getNextNode();
      if (i + 1 < reads.size() && reads[i + 1] == next)
        continue;
      rewriter.setInsertionPoint(next);
      omp::BarrierOp::create(rewriter, reads[i]->getLoc());
    }
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
      SmallVector<Operation *> loops;
      root->walk([&](Operation *op) {
        if (isa<scf::ForOp, scf::WhileOp>(op) &&
            !op->getParentOfType<omp::ParallelOp>())
          loops.push_back(op);
      });
      for (Operation *loop : loops)
        if (hoistOutOfLoop(loop)) {
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
