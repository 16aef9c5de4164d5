//===- ResolveLaunchIds.cpp - Bind simt queries to launch loops -----------===//

#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace cucpu {
#define GEN_PASS_DEF_RESOLVELAUNCHIDS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// Returns the closest enclosing `scf.parallel` with the given launch role.
scf::ParallelOp findLaunchLoop(Operation *op, StringRef role) {
  for (auto loop = op->getParentOfType<scf::ParallelOp>(); loop;
       loop = loop->getParentOfType<scf::ParallelOp>()) {
    auto attr = loop->getAttrOfType<StringAttr>(kLoopRoleAttr);
    if (attr && attr.getValue() == role)
      return loop;
  }
  return nullptr;
}

/// Index of a dimension within a launch loop; loops have x, y, z in order.
Value dimValue(scf::ParallelOp loop, simt::Dimension dim, bool bound) {
  unsigned idx = static_cast<unsigned>(dim);
  if (bound)
    return loop.getUpperBound()[idx];
  return loop.getInductionVars()[idx];
}

struct ResolveLaunchIdsPass
    : public cucpu::impl::ResolveLaunchIdsBase<ResolveLaunchIdsPass> {
  void runOnOperation() override {
    bool failed = false;
    IRRewriter rewriter(&getContext());
    auto resolve = [&](Operation *op, simt::Dimension dim, StringRef role,
                       bool bound, StringRef what) {
      scf::ParallelOp loop = findLaunchLoop(op, role);
      if (!loop) {
        op->emitError() << what
                        << " used in a device function that could not be "
                           "inlined into its kernel (is it recursive?)";
        failed = true;
        return;
      }
      rewriter.replaceOp(op, dimValue(loop, dim, bound));
    };

    getOperation().walk([&](Operation *op) {
      if (auto q = dyn_cast<simt::ThreadIdOp>(op))
        resolve(op, q.getDimension(), kThreadLoopRole, false, "threadIdx");
      else if (auto q = dyn_cast<simt::BlockDimOp>(op))
        resolve(op, q.getDimension(), kThreadLoopRole, true, "blockDim");
      else if (auto q = dyn_cast<simt::BlockIdOp>(op))
        resolve(op, q.getDimension(), kBlockLoopRole, false, "blockIdx");
      else if (auto q = dyn_cast<simt::GridDimOp>(op))
        resolve(op, q.getDimension(), kBlockLoopRole, true, "gridDim");
      else if (auto barrier = dyn_cast<simt::BarrierOp>(op)) {
        if (!barrier.getThreads().empty())
          return;
        scf::ParallelOp loop = findLaunchLoop(op, kThreadLoopRole);
        if (!loop) {
          op->emitError("__syncthreads used in a device function that could "
                        "not be inlined into its kernel (is it recursive?)");
          failed = true;
          return;
        }
        barrier.getThreadsMutable().assign(loop.getInductionVars());
      }
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
