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

/// The accesses not yet separated from the current point by a barrier, by
/// the block-shared object they touch: the stores, and the loads.
using AccessMap =
    llvm::MapVector<Value, llvm::SmallSetVector<Operation *, 4>>;
struct PendingAccesses {
  AccessMap stores;
  AccessMap loads;
  /// Whether a fence or a volatile access of shared memory came since the
  /// last barrier: the marks of code written for a warp in lock step.
  bool warpSynchronous = false;
  void clear() {
    stores.clear();
    loads.clear();
    warpSynchronous = false;
  }
};

void merge(AccessMap &into, const AccessMap &from) {
  for (const auto &[root, ops] : from)
    into[root].insert(ops.begin(), ops.end());
}

void merge(PendingAccesses &into, const PendingAccesses &from) {
  merge(into.stores, from.stores);
  merge(into.loads, from.loads);
  into.warpSynchronous |= from.warpSynchronous;
}

Value accessAddress(Operation *op) {
  if (auto store = dyn_cast<LLVM::StoreOp>(op))
    return store.getAddr();
  return cast<LLVM::LoadOp>(op).getAddr();
}

class LockstepInserter {
public:
  LockstepInserter(scf::ParallelOp threadLoop, bool remarks)
      : threadLoop(threadLoop), remarks(remarks) {}

  unsigned run() {
    PendingAccesses pending;
    walk(threadLoop.getBody(), pending);
    return added;
  }

private:
  void walk(Block *block, PendingAccesses &pending) {
    for (Operation &op : llvm::make_early_inc_range(*block))
      visit(&op, pending);
  }

  void visit(Operation *op, PendingAccesses &pending) {
    if (isa<simt::BarrierOp>(op)) {
      pending.clear();
      return;
    }
    if (isa<LLVM::FenceOp>(op)) {
      pending.warpSynchronous = true;
      return;
    }
    if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
      visitStore(store, pending);
      return;
    }
    if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
      visitLoad(load, pending);
      return;
    }
    if (op->getNumRegions() == 0)
      return;
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      PendingAccesses elsePending = pending;
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
    PendingAccesses before = pending;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        walk(&block, pending);
    merge(pending, before);
  }

  /// Removes the stores that run only when `condition` is `onTrue`: those
  /// in the then (else) region of an `scf.if` on `condition`.
  void dropGuarded(PendingAccesses &pending, Value condition, bool onTrue) {
    dropGuarded(pending.stores, condition, onTrue);
    dropGuarded(pending.loads, condition, onTrue);
  }
  void dropGuarded(AccessMap &pending, Value condition, bool onTrue) {
    for (auto &[object, stores] : pending)
      stores.remove_if([&](Operation *store) {
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

  void visitLoad(LLVM::LoadOp load, PendingAccesses &pending) {
    Value root = blockSharedObject(load.getAddr(), threadLoop);
    if (!root)
      return;
    if (load.getVolatile_())
      pending.warpSynchronous = true;
    // A load after a store of another thread's element: that thread must
    // have stored first (read after write).
    separateFrom(load, root, pending.stores, pending);
    pending.loads[root].insert(load);
  }

  /// A store after a load of another thread's element: in lock step every
  /// thread loads before any stores (`s[t] += s[t - 1]` in a warp scan), so
  /// when a thread loop runs thread t to its end before thread t + 1, t + 1
  /// would read what t stored in the same step (write after read). A store
  /// after a store to another element is ordered the same way (write after
  /// write).
  void visitStore(LLVM::StoreOp store, PendingAccesses &pending) {
    Value root = blockSharedObject(store.getAddr(), threadLoop);
    if (!root)
      return;
    if (store.getVolatile_())
      pending.warpSynchronous = true;
    // A store after another thread's store to another element is ordered
    // too: in lock step the later statement's stores come last (`s[t] = 0;
    // s[t + 16] = v`: lane t + 16's zero must not overwrite lane t's v).
    // Both only in code marked as warp-synchronous: elsewhere loads and
    // stores between two __syncthreads touch disjoint elements (a tree
    // reduction's `s[t] += s[t + stride]` under `t % (2 * stride) == 0`),
    // and a barrier in each step would only cost.
    if (pending.warpSynchronous &&
        !separateFrom(store, root, pending.loads, pending))
      separateFrom(store, root, pending.stores, pending);
    pending.stores[root].insert(store);
  }

  /// Puts a lock-step barrier before `access` if one of `earlier` (the
  /// pending accesses of `root`) touches another address. Returns whether
  /// it did.
  bool separateFrom(Operation *access, Value root, AccessMap &earlier,
                    PendingAccesses &pending) {
    auto it = earlier.find(root);
    if (it == earlier.end())
      return false;
    SmallVector<Operation *> others;
    for (Operation *other : it->second)
      // The same offset computed twice (`s[j]` loaded, then `s[j]`
      // stored) is the same element of this thread.
      if (!simt::isSameAddressComputation(accessAddress(other),
                                          accessAddress(access)))
        others.push_back(other);
    if (others.empty())
      return false;

    // As far out as the earlier accesses allow: before the ancestor of this
    // access in the innermost block that holds it and every such access.
    Block *block = access->getBlock();
    auto holdsAll = [&](Block *candidate) {
      return llvm::all_of(others, [&](Operation *other) {
        return candidate->findAncestorOpInBlock(*other) != nullptr;
      });
    };
    while (!holdsAll(block) && block->getParentOp() != threadLoop)
      block = block->getParentOp()->getBlock();
    Operation *before = block->findAncestorOpInBlock(*access);
    OpBuilder b(before);
    auto barrier = simt::BarrierOp::create(b, access->getLoc(),
                                           threadLoop.getInductionVars());
    barrier->setAttr(kWarpSyncAttr, b.getUnitAttr());
    barrier->setAttr(kLockstepAttr, b.getUnitAttr());
    ++added;
    if (remarks)
      access->emitRemark(isa<LLVM::LoadOp>(access)
                             ? "lock-step barrier before this load of shared "
                               "memory: another thread stores to it with no "
                               "barrier between"
                             : "lock-step barrier before this store to shared "
                               "memory: another thread accesses it with no "
                               "barrier between");
    // What the barrier now separates from the access is no longer pending.
    for (AccessMap *map : {&pending.stores, &pending.loads})
      for (auto &[object, ops] : *map)
        ops.remove_if([&](Operation *op) { return !before->isAncestor(op); });
    return true;
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
