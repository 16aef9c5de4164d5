//===- MoveBarriers.cpp - Barriers out of uniform conditionals ------------===//
//
// CUDA requires every thread of a block to reach the same barriers, so a
// barrier under an `if` means the condition is the same for the whole block.
// Such a barrier that ends a branch (only computation without memory effects
// after it) can move behind the `if`, and one that starts a branch in front
// of it: the threads then also meet there when the condition is false, which
// orders strictly more and so keeps every behaviour the program had. Where
// both branches end (or start) with a barrier, the two become one.
//
// Outside the conditional a barrier stops splitting the branch in barrier
// lowering, and it often lands next to another barrier or next to code that
// no longer needs it, which barrier elimination then removes.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace cucpu {
#define GEN_PASS_DEF_MOVEBARRIERS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// The barrier that ends `block` with nothing but memory-effect-free
/// operations between it and the terminator, if any.
simt::BarrierOp trailingBarrier(Block &block) {
  for (Operation &op : llvm::reverse(block.without_terminator())) {
    if (auto barrier = dyn_cast<simt::BarrierOp>(op))
      return barrier;
    if (!isMemoryEffectFree(&op))
      return {};
  }
  return {};
}

/// The barrier that starts `block` with nothing but memory-effect-free
/// operations in front of it, if any.
simt::BarrierOp leadingBarrier(Block &block) {
  for (Operation &op : block.without_terminator()) {
    if (auto barrier = dyn_cast<simt::BarrierOp>(op))
      return barrier;
    if (!isMemoryEffectFree(&op))
      return {};
  }
  return {};
}

/// The barrier of `branch` chosen by `find`, or null for an empty region.
simt::BarrierOp barrierOf(Region &branch,
                          simt::BarrierOp (*find)(Block &)) {
  if (branch.empty())
    return {};
  return find(branch.front());
}

struct MoveBarriersPass
    : public cucpu::impl::MoveBarriersBase<MoveBarriersPass> {
  using MoveBarriersBase::MoveBarriersBase;

  /// Moves the barriers at one end of `ifOp`'s branches out of it. Returns
  /// whether it moved any.
  bool moveOut(scf::IfOp ifOp, bool atEnd) {
    auto find = atEnd ? trailingBarrier : leadingBarrier;
    simt::BarrierOp thenBarrier = barrierOf(ifOp.getThenRegion(), find);
    simt::BarrierOp elseBarrier = barrierOf(ifOp.getElseRegion(), find);
    if (!thenBarrier && !elseBarrier)
      return false;
    simt::BarrierOp kept = thenBarrier ? thenBarrier : elseBarrier;
    // A barrier's operands are the thread loop's induction variables, which
    // dominate the whole thread loop body and thus the if.
    if (atEnd)
      kept->moveAfter(ifOp);
    else
      kept->moveBefore(ifOp);
    if (remarks)
      kept.emitRemark() << "cucpu: barrier moved out of a conditional "
                        << (atEnd ? "(to after it)" : "(to before it)");
    if (thenBarrier && elseBarrier) {
      // One barrier for both: it synchronizes the block unless both only
      // synchronized a warp.
      if (!elseBarrier->hasAttr(kWarpSyncAttr))
        kept->removeAttr(kWarpSyncAttr);
      elseBarrier.erase();
    }
    return true;
  }

  void runOnOperation() override {
    // Innermost ifs first, so a barrier can travel out through nested ifs
    // in one sweep; repeat while something moved.
    bool changed = true;
    while (changed) {
      changed = false;
      SmallVector<scf::IfOp> ifs;
      getOperation()->walk<WalkOrder::PostOrder>(
          [&](scf::IfOp ifOp) { ifs.push_back(ifOp); });
      for (scf::IfOp ifOp : ifs) {
        while (moveOut(ifOp, /*atEnd=*/true))
          changed = true;
        while (moveOut(ifOp, /*atEnd=*/false))
          changed = true;
      }
    }
  }
};

} // namespace
