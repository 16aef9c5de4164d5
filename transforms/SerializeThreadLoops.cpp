//===- SerializeThreadLoops.cpp - Thread loops become serial loops --------===//

#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace cucpu {
#define GEN_PASS_DEF_SERIALIZETHREADLOOPS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// Replaces `loop` by a nest of scf.for, the last dimension outermost, so that
/// the first dimension (x) varies fastest as consecutive threads do on a GPU.
void serialize(IRRewriter &rewriter, scf::ParallelOp loop) {
  rewriter.setInsertionPoint(loop);
  Location loc = loop.getLoc();
  unsigned rank = loop.getNumLoops();
  SmallVector<Value> ivs(rank);
  Block *innermost = nullptr;
  for (unsigned i = 0; i < rank; ++i) {
    unsigned d = rank - 1 - i;
    auto forOp = scf::ForOp::create(rewriter, loc, loop.getLowerBound()[d],
                                    loop.getUpperBound()[d], loop.getStep()[d]);
    ivs[d] = forOp.getInductionVar();
    innermost = forOp.getBody();
    rewriter.setInsertionPointToStart(innermost);
  }
  rewriter.eraseOp(loop.getBody()->getTerminator());
  rewriter.inlineBlockBefore(loop.getBody(), innermost->getTerminator(), ivs);
  rewriter.eraseOp(loop);
}

/// Reverses the dimensions of a block loop, so that once OpenMP collapses it,
/// x varies fastest: GPU code maps blockIdx.x to the contiguous dimension of
/// its data, and neighbouring blocks then run one after another on a worker.
void reverseDimensions(IRRewriter &rewriter, scf::ParallelOp loop) {
  unsigned rank = loop.getNumLoops();
  if (rank < 2)
    return;
  auto reversed = [](ValueRange values) {
    return llvm::to_vector(llvm::reverse(values));
  };
  rewriter.setInsertionPoint(loop);
  auto newLoop = scf::ParallelOp::create(
      rewriter, loop.getLoc(), reversed(loop.getLowerBound()),
      reversed(loop.getUpperBound()), reversed(loop.getStep()));
  newLoop->setAttrs(loop->getAttrs());
  Block *newBody = newLoop.getBody();
  rewriter.eraseOp(newBody->getTerminator());
  SmallVector<Value> ivs = reversed(newLoop.getInductionVars());
  rewriter.mergeBlocks(loop.getBody(), newBody, ivs);
  rewriter.eraseOp(loop);
}

struct SerializeThreadLoopsPass
    : public cucpu::impl::SerializeThreadLoopsBase<SerializeThreadLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ParallelOp> threadLoops;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (loop->getParentOfType<scf::ParallelOp>() && loop.getNumResults() == 0)
        threadLoops.push_back(loop);
    });
    bool failed = false;
    for (scf::ParallelOp loop : threadLoops) {
      loop.walk([&](simt::BarrierOp barrier) {
        barrier.emitError("__syncthreads() is not supported yet: barrier "
                          "lowering is not implemented");
        failed = true;
      });
    }
    if (failed)
      return signalPassFailure();
    IRRewriter rewriter(&getContext());
    // The walk is post-order: inner loops come before the loops around them.
    for (scf::ParallelOp loop : threadLoops)
      serialize(rewriter, loop);
    SmallVector<scf::ParallelOp> blockLoops;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>() && loop.getNumResults() == 0)
        blockLoops.push_back(loop);
    });
    for (scf::ParallelOp loop : blockLoops)
      reverseDimensions(rewriter, loop);
  }
};

} // namespace
