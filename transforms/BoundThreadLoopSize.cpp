//===- BoundThreadLoopSize.cpp - Cuts in very long thread loops -----------===//
//
// See the pass description in Passes.td. A cut is a barrier: LowerBarriers
// already knows how to make two thread loops of one, keeping the values that
// cross (stored per thread or recomputed, whichever is cheaper), how to move
// a cut out of the `if`s around it, and how to keep the threads' locals.
// Adding synchronization to a race-free program leaves its results as they
// were; cuts go only where every thread that runs the thread loop's body
// runs them the same number of times (in its body, or in `if`s in it), so
// the barriers they become are well formed.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace cucpu {
#define GEN_PASS_DEF_BOUNDTHREADLOOPSIZE
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// The operations `op` is, with those it holds.
uint64_t sizeOf(Operation *op) {
  uint64_t size = 0;
  op->walk([&](Operation *) { ++size; });
  return size;
}

/// The block in which to cut a body of `total` operations: `body`, or, when
/// one result-less `if` of it holds most of the operations (the rest of a
/// kernel after an early return), that `if`'s then block, recursively.
Block *blockToCut(Block *body, uint64_t total) {
  for (;;) {
    scf::IfOp largest;
    for (Operation &op : body->without_terminator())
      if (auto ifOp = dyn_cast<scf::IfOp>(op);
          ifOp && ifOp.getNumResults() == 0 && sizeOf(ifOp) * 2 > total)
        largest = ifOp;
    if (!largest)
      return body;
    body = largest.thenBlock();
  }
}

struct BoundThreadLoopSizePass
    : public cucpu::impl::BoundThreadLoopSizeBase<BoundThreadLoopSizePass> {
  using BoundThreadLoopSizeBase::BoundThreadLoopSizeBase;

  void runOnOperation() override {
    SmallVector<scf::ParallelOp> loops;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (isThreadLoop(loop))
        loops.push_back(loop);
    });
    uint64_t chunk = std::max<uint64_t>(maxOps / 2, 1);
    for (scf::ParallelOp loop : loops) {
      uint64_t total = sizeOf(loop);
      if (total <= maxOps)
        continue;
      Block *block = blockToCut(loop.getBody(), total);
      unsigned cuts = 0;
      uint64_t sinceCut = 0;
      Operation *last = block->getTerminator();
      for (Operation &op :
           llvm::make_early_inc_range(block->without_terminator())) {
        sinceCut += sizeOf(&op);
        Operation *next = op.getNextNode();
        if (sinceCut < chunk || next == last)
          continue;
        OpBuilder b(next);
        simt::BarrierOp::create(b, next->getLoc(), loop.getInductionVars());
        sinceCut = 0;
        ++cuts;
      }
      if (remarks && cuts)
        loop.emitRemark() << "cucpu: thread loop of " << total
                          << " operations cut in " << cuts + 1
                          << " to bound the compile time";
    }
  }
};

} // namespace
