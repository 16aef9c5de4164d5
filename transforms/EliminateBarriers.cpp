//===- EliminateBarriers.cpp - Remove barriers that order nothing ---------===//
//
// A barrier is needed only if some access before it and some access after
// it may touch the same memory from different threads, one of them writing.
// Reads with reads never need ordering, and accesses at the same injective
// function of the thread index (`s[threadIdx.x]` on both sides) are made by
// one thread only. A barrier without such a pair is removed. Barriers are
// decided one at a time on the current code: removing one widens the
// neighbourhoods of the others.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"

namespace cucpu {
#define GEN_PASS_DEF_ELIMINATEBARRIERS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

struct EliminateBarriersPass
    : public cucpu::impl::EliminateBarriersBase<EliminateBarriersPass> {
  using EliminateBarriersBase::EliminateBarriersBase;

  void runOnOperation() override {
    SmallVector<simt::BarrierOp> barriers;
    getOperation()->walk(
        [&](simt::BarrierOp barrier) { barriers.push_back(barrier); });
    // Of two barriers each of which makes the other unnecessary, the later
    // one goes: a value written before a pair of barriers is then published
    // as early as the program asked for.
    for (simt::BarrierOp barrier : llvm::reverse(barriers)) {
      // Such a barrier is there for the threads' turns, not for an order.
      if (barrier->hasAttr(kProgressAttr))
        continue;
      std::optional<simt::BarrierConflict> conflict =
          simt::findCrossThreadConflict(barrier);
      if (!conflict) {
        if (remarks)
          barrier.emitRemark()
              << "cucpu: barrier removed: no access before it conflicts with "
                 "one after it";
        barrier.erase();
        continue;
      }
      if (!remarksMissed)
        continue;
      InFlightDiagnostic diag = barrier.emitRemark()
                                << "cucpu: barrier kept: threads may access "
                                   "the same memory on both sides";
      if (conflict->before != barrier.getOperation()) {
        diag.attachNote(conflict->before->getLoc()) << "this access before it";
        diag.attachNote(conflict->after->getLoc())
            << "may conflict with this access after it";
      }
    }
  }
};

} // namespace
