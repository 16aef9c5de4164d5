//===- ElideJoinBarriers.cpp - One barrier at the end of a launch ---------===//
//
// The OpenMP region of a launch ends with its work-sharing loop over blocks.
// Unless that loop is `nowait`, OpenMP's lowering puts an explicit barrier
// after it, and the region's join waits for all workers again: two barriers
// per launch where a combined `parallel for` has one. The loop's own barrier
// orders nothing that the join does not.
//
//===----------------------------------------------------------------------===//

#include "lowering/Lowering.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace cucpu {
#define GEN_PASS_DEF_ELIDEJOINBARRIERS
#include "lowering/Passes.h.inc"
} // namespace cucpu

using namespace mlir;

namespace {

/// Whether `op` is the last work of the `omp.parallel` region it is directly
/// in: what follows it up to the region's terminator has no memory effects.
bool endsItsParallelRegion(Operation *op) {
  if (!isa_and_nonnull<omp::ParallelOp>(op->getParentOp()) ||
      !op->getParentRegion()->hasOneBlock())
    return false;
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode()) {
    if (next->hasTrait<OpTrait::IsTerminator>())
      return isa<omp::TerminatorOp>(next);
    if (!isMemoryEffectFree(next))
      return false;
  }
  return false;
}

struct ElideJoinBarriers
    : cucpu::impl::ElideJoinBarriersBase<ElideJoinBarriers> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      if (auto loop = dyn_cast<omp::WsloopOp>(op)) {
        // A reduction's result is combined at the loop's end; keep the
        // loop as OpenMP's lowering expects it.
        if (loop.getNowait() || !loop.getReductionVars().empty() ||
            !endsItsParallelRegion(loop))
          return;
        loop.setNowait(true);
      } else if (auto single = dyn_cast<omp::SingleOp>(op)) {
        if (single.getNowait() || !single.getCopyprivateVars().empty() ||
            !endsItsParallelRegion(single))
          return;
        single.setNowait(true);
      } else {
        return;
      }
      if (remarks)
        op->emitRemark("cucpu: no barrier after the region's last "
                       "work-sharing construct: the join waits for all");
    });
  }
};

} // namespace
