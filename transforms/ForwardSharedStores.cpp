//===- ForwardSharedStores.cpp - mem2reg for thread-indexed shared memory -===//
//
// A block's shared array is often used as per-thread storage on one side of
// a barrier (`tile[ty][tx] = x; __syncthreads(); y = tile[ty][tx];`) and as
// shared storage on the other. If every write to the array indexes it by
// the same injective function of the thread index, only the thread itself
// ever changes its element: a load of that element reads the value the
// thread stored last, across barriers. The load is replaced by the stored
// value, and a store that a later store of the same element overwrites
// before anything may read the array is removed. The array stays where
// another thread reads it.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "transforms/MemoryAccess.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace cucpu {
#define GEN_PASS_DEF_FORWARDSHAREDSTORES
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

class Forwarder {
public:
  Forwarder(scf::ParallelOp threadLoop, bool remarks)
      : threadLoop(threadLoop), remarks(remarks) {
    SmallVector<MemoryAccess> accesses;
    collectAccesses(threadLoop, accesses);
    // A barrier's effects summarize the accesses around it, which are
    // looked at themselves.
    for (const MemoryAccess &access : accesses)
      if (access.isWrite && !isa<simt::BarrierOp>(access.op))
        loopWrites.push_back(access);
  }

  void run() {
    runOnBlock(*threadLoop.getBody());
  }

private:
  /// Whether only the owning thread writes its elements of the object
  /// `store` writes: every write to the object in the thread loop is a plain
  /// store at the same injective address computation.
  bool ownedByThread(LLVM::StoreOp store) {
    Value addr = store.getAddr();
    if (!simt::isThreadInjectiveAddress(addr, threadLoop))
      return false;
    for (const MemoryAccess &access : loopWrites) {
      if (!mayAlias(access.addr, addr))
        continue;
      auto other = dyn_cast<LLVM::StoreOp>(access.op);
      if (!other || !isPlainAccess(other) ||
          !simt::isSameAddressComputation(other.getAddr(), addr))
        return false;
    }
    return true;
  }

  void runOnBlock(Block &block) {
    // Forwarding erases loads after a store and possibly the store itself:
    // collect the stores first.
    SmallVector<LLVM::StoreOp> stores;
    block.walk([&](LLVM::StoreOp store) { stores.push_back(store); });
    for (LLVM::StoreOp store : stores)
      if (isPlainAccess(store) && ownedByThread(store))
        forwardFrom(store);
  }

  /// Replaces the loads of `store`'s element that follow it in its block,
  /// up to the next write of the element; removes `store` if a later store
  /// overwrites it before anything may read the object.
  void forwardFrom(LLVM::StoreOp store) {
    Value addr = store.getAddr();
    bool readSince = false;
    for (Operation *op = store->getNextNode(); op; op = op->getNextNode()) {
      if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
        if (isPlainAccess(load) &&
            simt::isSameAddressComputation(load.getAddr(), addr) &&
            load.getType() == store.getValue().getType()) {
          if (remarks)
            load.emitRemark() << "cucpu: load of a shared element replaced "
                                 "by the value this thread stored";
          load.getResult().replaceAllUsesWith(store.getValue());
          op = op->getPrevNode();
          load.erase();
          continue;
        }
      }
      if (auto later = dyn_cast<LLVM::StoreOp>(op)) {
        if (simt::isSameAddressComputation(later.getAddr(), addr)) {
          if (!readSince && isPlainAccess(later) &&
              later.getValue().getType() == store.getValue().getType()) {
            llvm::erase_if(loopWrites, [&](const MemoryAccess &access) {
              return access.op == store.getOperation();
            });
            store.erase();
          }
          return;
        }
      }
      if (isa<simt::BarrierOp>(op)) {
        // Other threads may read the element after the barrier.
        readSince = true;
        continue;
      }
      SmallVector<MemoryAccess> accesses;
      collectAccesses(op, accesses);
      for (const MemoryAccess &access : accesses) {
        if (!mayAlias(access.addr, addr))
          continue;
        if (access.isWrite)
          return; // A write we cannot follow (nested, or unknown).
        readSince = true;
      }
    }
  }

  scf::ParallelOp threadLoop;
  bool remarks;
  /// The loop's writes (not barriers), collected once; a store erased as
  /// dead leaves the list with it.
  SmallVector<MemoryAccess> loopWrites;
};

struct ForwardSharedStoresPass
    : public cucpu::impl::ForwardSharedStoresBase<ForwardSharedStoresPass> {
  using ForwardSharedStoresBase::ForwardSharedStoresBase;

  void runOnOperation() override {
    getOperation()->walk([&](scf::ParallelOp loop) {
      auto role = loop->getAttrOfType<StringAttr>(kLoopRoleAttr);
      if (role && role.getValue() == kThreadLoopRole)
        Forwarder(loop, remarks).run();
    });
  }
};

} // namespace
