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
// The same holds for global memory in one shape: a loop whose threads run
// different iterations (`for (k = lane; k < n; k += 32) row[k] = ...`), then
// code that only some threads run (`if (lane == 0)`) reading what the loop
// stored. A GPU's warp reconverges after the loop, and warp-synchronous code
// relies on it; a thread loop would run lane 0 through both before lane 1
// starts the loop. Other global accesses are left alone: between barriers,
// threads of race-free code touch disjoint elements, and a barrier after
// every block-stride loop would only cost.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "dialect/ThreadAnalysis.h"
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
  /// Stores to global memory in loops whose iterations differ between
  /// threads, by the object under their GEPs.
  AccessMap divergentLoopStores;
  /// Whether a fence or a volatile access of shared memory came since the
  /// last barrier: the marks of code written for a warp in lock step.
  bool warpSynchronous = false;
  void clear() {
    stores.clear();
    loads.clear();
    divergentLoopStores.clear();
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
  merge(into.divergentLoopStores, from.divergentLoopStores);
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
    if (!root) {
      // Global memory: only a read in code some threads skip, after a loop
      // whose threads ran different iterations stored to the same object.
      if (Value global = globalObject(load.getAddr());
          global && !pending.divergentLoopStores.empty() &&
          underThreadCondition(load))
        separateFromDivergentLoopStores(load, global, pending);
      return;
    }
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
    if (!root) {
      if (Value global = globalObject(store.getAddr());
          global && inThreadDivergentLoop(store))
        pending.divergentLoopStores[global].insert(store);
      return;
    }
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
    return separate(access, others, pending, /*afterDivergentLoop=*/false);
  }

  /// Puts a lock-step barrier before `load` (global memory, in code some
  /// threads skip) if a pending store of a loop whose iterations differ
  /// between threads wrote through the same pointer: the same SSA value, or
  /// a pointer kept in a local and loaded anew at each use. Other pointers
  /// may alias too, but reading one array after writing another is the
  /// common case (PPCG's kernels), and a barrier there would only cost.
  bool separateFromDivergentLoopStores(LLVM::LoadOp load, Value root,
                                       PendingAccesses &pending) {
    SmallVector<Operation *> others;
    for (auto &[storeRoot, stores] : pending.divergentLoopStores) {
      if (!isSamePointer(storeRoot, root))
        continue;
      for (Operation *store : stores)
        if (!simt::isSameAddressComputation(accessAddress(store),
                                            load.getAddr()))
          others.push_back(store);
    }
    return separate(load, others, pending, /*afterDivergentLoop=*/true);
  }

  static bool isSamePointer(Value a, Value b) {
    if (a == b)
      return true;
    auto loadA = a.getDefiningOp<LLVM::LoadOp>();
    auto loadB = b.getDefiningOp<LLVM::LoadOp>();
    return loadA && loadB && loadA.getAddr() == loadB.getAddr();
  }

  /// Puts a lock-step barrier before `access`, separating it from
  /// `others`; nothing when `others` is empty. Returns whether it did.
  bool separate(Operation *access, ArrayRef<Operation *> others,
                PendingAccesses &pending, bool afterDivergentLoop) {
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
      access->emitRemark(
          afterDivergentLoop
              ? "lock-step barrier before this load: a loop whose iterations "
                "differ between threads stored to this memory with no "
                "barrier between, and a warp reconverges after it"
          : isa<LLVM::LoadOp>(access)
              ? "lock-step barrier before this load of shared memory: "
                "another thread stores to it with no barrier between"
              : "lock-step barrier before this store to shared memory: "
                "another thread accesses it with no barrier between");
    // What the barrier now separates from the access is no longer pending.
    for (AccessMap *map :
         {&pending.stores, &pending.loads, &pending.divergentLoopStores})
      for (auto &[object, ops] : *map)
        ops.remove_if([&](Operation *op) { return !before->isAncestor(op); });
    return true;
  }

  /// The pointer under the GEPs of an address that is neither block-shared
  /// nor a thread's own local: global memory. It may differ between threads
  /// (a row per warp, chosen by an scf.if on the warp's index): a store and
  /// a load are compared by their pointers (isSamePointer), not by what the
  /// pointers hold.
  Value globalObject(Value addr) {
    if (blockSharedObject(addr, threadLoop))
      return nullptr;
    Value root = rootObject(addr);
    if (!root || root.getDefiningOp<LLVM::AllocaOp>())
      return nullptr;
    return root;
  }

  /// Whether `op` is in a loop, inside the thread loop, whose condition or
  /// bounds may differ between threads: its threads run different
  /// iterations.
  bool inThreadDivergentLoop(Operation *op) {
    for (Operation *parent = op->getParentOp(); parent && parent != threadLoop;
         parent = parent->getParentOp()) {
      if (auto loop = dyn_cast<scf::ForOp>(parent)) {
        if (!facts.isUniformInBlock(loop.getLowerBound()) ||
            !facts.isUniformInBlock(loop.getUpperBound()) ||
            !facts.isUniformInBlock(loop.getStep()))
          return true;
      } else if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
        if (!facts.isUniformInBlock(loop.getConditionOp().getCondition()))
          return true;
      }
    }
    return false;
  }

  /// Whether `op` is under an scf.if, inside the thread loop, whose
  /// condition may differ between threads.
  bool underThreadCondition(Operation *op) {
    for (Operation *parent = op->getParentOp(); parent && parent != threadLoop;
         parent = parent->getParentOp())
      if (auto ifOp = dyn_cast<scf::IfOp>(parent))
        if (!facts.isUniformInBlock(ifOp.getCondition()))
          return true;
    return false;
  }

  scf::ParallelOp threadLoop;
  bool remarks;
  unsigned added = 0;
  ThreadFactsInLoop facts{threadLoop};
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
