//===- InsertLockstepBarriers.cpp - Lock step for warp-synchronous code ---===//
//
// Warp-synchronous code (written for GPUs that run a warp's lanes in lock
// step) exchanges values through __shared__ memory between two statements
// with no barrier: lane t stores a column, then loads a row that lanes t+1,
// t+2, ... stored. A thread loop runs thread t to its next barrier before
// thread t+1 starts; without a barrier between the store and the load, lane
// t reads what the later lanes have not written yet.
//
// The walk below follows the thread loop's body in program order with the
// stores to each block-shared object that no barrier has separated from the
// current point. A load of such an object at another address than every
// pending store gets a lock-step barrier before it.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "transforms/MemoryAccess.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"

namespace cucpu {
#define GEN_PASS_DEF_INSERTLOCKSTEPBARRIERS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// The stores not yet separated from the current point by a barrier, by the
/// block-shared object they write.
using PendingStores =
    llvm::MapVector<Value, llvm::SmallSetVector<LLVM::StoreOp, 4>>;

void merge(PendingStores &into, const PendingStores &from) {
  for (const auto &[root, stores] : from)
    into[root].insert(stores.begin(), stores.end());
}

class LockstepInserter {
public:
  LockstepInserter(scf::ParallelOp threadLoop, bool remarks)
      : threadLoop(threadLoop), remarks(remarks) {}

  unsigned run() {
    PendingStores pending;
    walk(threadLoop.getBody(), pending);
    return added;
  }

private:
  void walk(Block *block, PendingStores &pending) {
    for (Operation &op : llvm::make_early_inc_range(*block))
      visit(&op, pending);
  }

  void visit(Operation *op, PendingStores &pending) {
    if (isa<simt::BarrierOp>(op)) {
      pending.clear();
      return;
    }
    if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
      if (Value root = blockSharedObject(store.getAddr(), threadLoop))
        pending[root].insert(store);
      return;
    }
    if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
      visitLoad(load, pending);
      return;
    }
    if (op->getNumRegions() == 0)
      return;
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      PendingStores elsePending = pending;
      walk(ifOp.thenBlock(), pending);
      if (ifOp.elseBlock())
        walk(ifOp.elseBlock(), elsePending);
      // The frontend splits `if (c) { s[t] = v; __syncthreads(); ... }` into
      // ifs on the same condition: a store under `c` did not run on the path
      // where `c` is false, nor one under `!c` where it is true.
      dropGuarded(pending, ifOp.getCondition(), /*onTrue=*/false);
      dropGuarded(elsePending, ifOp.getCondition(), /*onTrue=*/true);
      merge(pending, elsePending);
      return;
    }
    // Loops, and any other region: walked once, and maybe not run at all.
    // A store of one iteration is not checked against the loads of the next:
    // in a loop over a block-stride range (`for (i = tid; i < n; i +=
    // blockDim.x)`) those are other elements, and lock step between
    // iterations would cost a barrier in every iteration of such loops.
    PendingStores before = pending;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        walk(&block, pending);
    merge(pending, before);
  }

  /// Removes the stores that run only when `condition` is `onTrue`: those
  /// in the then (else) region of an `scf.if` on `condition`.
  void dropGuarded(PendingStores &pending, Value condition, bool onTrue) {
    for (auto &[object, stores] : pending)
      stores.remove_if([&](LLVM::StoreOp store) {
        for (Operation *op = store->getParentOp(); op && op != threadLoop;
             op = op->getParentOp()) {
          auto guard = dyn_cast<scf::IfOp>(op);
          if (!guard || guard.getCondition() != condition)
            continue;
          Region *region = &(onTrue ? guard.getThenRegion()
                                    : guard.getElseRegion());
          if (region->isAncestor(store->getParentRegion()))
            return true;
        }
        return false;
      });
  }

  void visitLoad(LLVM::LoadOp load, PendingStores &pending) {
    Value root = blockSharedObject(load.getAddr(), threadLoop);
    if (!root)
      return;
    auto it = pending.find(root);
    if (it == pending.end())
      return;
    SmallVector<Operation *> others;
    for (LLVM::StoreOp store : it->second)
      if (store.getAddr() != load.getAddr())
        others.push_back(store);
    if (others.empty())
      return;

    // As far out as the stores allow: before the ancestor of the load in the
    // innermost block that holds the load and every such store.
    Block *block = load->getBlock();
    auto holdsAll = [&](Block *candidate) {
      return llvm::all_of(others, [&](Operation *store) {
        return candidate->findAncestorOpInBlock(*store) != nullptr;
      });
    };
    while (!holdsAll(block) && block->getParentOp() != threadLoop)
      block = block->getParentOp()->getBlock();
    Operation *before = block->findAncestorOpInBlock(*load);
    OpBuilder b(before);
    auto barrier = simt::BarrierOp::create(b, load.getLoc(),
                                           threadLoop.getInductionVars());
    barrier->setAttr(kWarpSyncAttr, b.getUnitAttr());
    barrier->setAttr(kLockstepAttr, b.getUnitAttr());
    ++added;
    if (remarks)
      load.emitRemark("lock-step barrier before this load of shared memory: "
                      "another thread stores to it with no barrier between");
    // What the barrier now separates from the load is no longer pending.
    for (auto &[object, stores] : pending)
      stores.remove_if(
          [&](LLVM::StoreOp store) { return !before->isAncestor(store); });
  }

  scf::ParallelOp threadLoop;
  bool remarks;
  unsigned added = 0;
};

struct InsertLockstepBarriersPass
    : public cucpu::impl::InsertLockstepBarriersBase<
          InsertLockstepBarriersPass> {
  using InsertLockstepBarriersBase::InsertLockstepBarriersBase;

  void runOnOperation() override {
    SmallVector<scf::ParallelOp> threadLoops;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (isThreadLoop(loop))
        threadLoops.push_back(loop);
    });
    for (scf::ParallelOp loop : threadLoops)
      LockstepInserter(loop, remarks).run();
  }
};

} // namespace
