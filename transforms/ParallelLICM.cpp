//===- ParallelLICM.cpp - Hoist invariant work out of the launch loops ----===//
//
// In a parallel loop, an operation whose operands are the same in every
// iteration computes the same value in every iteration, unless memory it
// reads changes in between. A write by the same iteration before it would
// change it; a write by another iteration that is not ordered by a barrier
// would be a data race in the CUDA program, so the paper's condition is
// enough: no earlier operation of the body may write what it reads. The
// barriers of a thread loop count as writes of what other threads wrote
// before them (their memory effects), so reads after a barrier stay.
//
// The launch loops never run zero iterations (a launch with an empty grid or
// block is refused), so an operation the body runs unconditionally may be
// run once before the loop. An operation under an `scf.if` may not run at
// all; a loop that only reads is not hoisted but memoized: the first thread
// that reaches it computes it and stores the results, the others load them.
// For a value the whole grid shares, the memo lives in the function and is
// marked `cucpu.per_worker`: the OpenMP lowering gives each worker thread a
// copy, so every worker computes it once.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "transforms/MemoryAccess.h"
#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace cucpu {
#define GEN_PASS_DEF_PARALLELLICM
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

bool isLaunchLoop(Operation *op) {
  return isa<scf::ParallelOp>(op) && op->hasAttr(kLoopRoleAttr);
}

/// Whether every value `op` and its regions use from outside `op` is
/// defined outside `loop`.
bool isInvariant(Operation *op, Operation *loop) {
  auto definedOutsideLoop = [&](Value v) {
    return !loop->isAncestor(v.getParentRegion()->getParentOp());
  };
  WalkResult result = op->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands()) {
      bool fromOutsideOp =
          !op->isAncestor(operand.getParentRegion()->getParentOp());
      if (fromOutsideOp && !definedOutsideLoop(operand))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// What the body of `loop` writes before `target` in program order (a
/// pre-order walk), including the writes other threads make visible
/// through barriers.
SmallVector<MemoryAccess> writesBefore(Operation *loop, Operation *target) {
  SmallVector<MemoryAccess> writes;
  loop->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == loop)
      return WalkResult::advance();
    if (op == target)
      return WalkResult::interrupt();
    // Only the operation's own effects: nested ones are visited in turn.
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(op)) {
      SmallVector<SideEffects::EffectInstance<MemoryEffects::Effect>> effects;
      iface.getEffects(effects);
      for (const auto &effect : effects)
        if (isa<MemoryEffects::Write, MemoryEffects::Free>(effect.getEffect()))
          writes.push_back({op, effect.getValue(), true});
    } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
      writes.push_back({op, Value(), true});
    }
    return WalkResult::advance();
  });
  return writes;
}

/// Whether `op` only reads memory (or not even that), allocates nothing,
/// and reads nothing that `writes` may have changed.
bool readsOnlyUnchanged(Operation *op, ArrayRef<MemoryAccess> writes) {
  bool allocates = op->walk([](Operation *nested) {
                       return isa<LLVM::AllocaOp, simt::BarrierOp>(nested)
                                  ? WalkResult::interrupt()
                                  : WalkResult::advance();
                     })
                       .wasInterrupted();
  if (allocates)
    return false;
  SmallVector<MemoryAccess> accesses;
  collectAccesses(op, accesses);
  for (const MemoryAccess &access : accesses) {
    if (access.isWrite)
      return false;
    if (auto load = dyn_cast<LLVM::LoadOp>(access.op))
      if (!isPlainAccess(load))
        return false;
    for (const MemoryAccess &write : writes)
      if (mayAlias(access.addr, write.addr))
        return false;
  }
  return true;
}

bool readsMemory(Operation *op) {
  SmallVector<MemoryAccess> accesses;
  collectAccesses(op, accesses);
  return !accesses.empty();
}

StringRef describe(Operation *loop) {
  return isBlockLoop(loop) ? "the grid's block loop"
                           : "the block's thread loop";
}

class Hoister {
public:
  Hoister(bool remarks) : remarks(remarks) {}

  /// Moves the invariant operations at the top level of `loop`'s body in
  /// front of it.
  void hoistFrom(scf::ParallelOp loop) {
    for (Operation &op :
         llvm::make_early_inc_range(loop.getBody()->without_terminator())) {
      if (op.getNumResults() == 0 || !isInvariant(&op, loop))
        continue;
      if (!readsOnlyUnchanged(&op, writesBefore(loop, &op)))
        continue;
      bool interesting = op.getNumRegions() != 0 || readsMemory(&op);
      op.moveBefore(loop);
      if (remarks && interesting)
        op.emitRemark() << "cucpu: hoisted out of " << describe(loop)
                        << " (computed once "
                        << (isBlockLoop(loop) ? "per launch" : "per block")
                        << " instead of once per "
                        << (isBlockLoop(loop) ? "block" : "thread") << ")";
    }
  }

  /// Memoizes the loops under `scf.if`s of `loop`'s body that only read
  /// memory no earlier operation writes.
  void memoizeIn(scf::ParallelOp threadLoop) {
    SmallVector<Operation *> candidates;
    threadLoop.getBody()->walk([&](Operation *op) {
      if (op->getNumRegions() == 0 || op->getNumResults() == 0 ||
          isa<scf::IfOp>(op) || !isa<scf::IfOp>(op->getParentOp()))
        return;
      // Only under a chain of ifs: in a loop it would run more than once.
      for (Operation *parent = op->getParentOp(); parent != threadLoop;
           parent = parent->getParentOp())
        if (!isa<scf::IfOp>(parent))
          return;
      candidates.push_back(op);
    });
    auto blockLoop = threadLoop->getParentOfType<scf::ParallelOp>();
    for (Operation *op : candidates) {
      if (!isInvariant(op, threadLoop) || !readsMemory(op))
        continue;
      // A value the whole grid shares is kept per worker; one that only the
      // block's threads share, per block.
      bool perGrid = blockLoop && isLaunchLoop(blockLoop) &&
                     isInvariant(op, blockLoop) &&
                     readsOnlyUnchanged(op, writesBefore(blockLoop, op));
      if (!perGrid && !readsOnlyUnchanged(op, writesBefore(threadLoop, op)))
        continue;
      Operation *home = perGrid ? blockLoop.getOperation()
                                : threadLoop.getOperation();
      memoize(op, home, perGrid);
      if (remarks)
        op->emitRemark() << "cucpu: hoisted out of "
                         << (perGrid ? "the kernel's grid" : "the thread loop")
                         << " (computed by the first thread that needs it, "
                         << (perGrid ? "once per worker" : "once per block")
                         << ")";
    }
  }

private:
  /// Replaces `op` by a lookup in a memo created in front of `home`.
  void memoize(Operation *op, Operation *home, bool perWorker) {
    MLIRContext *ctx = op->getContext();
    Location loc = op->getLoc();
    OpBuilder builder(home);
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto i64 = builder.getI64Type();
    auto i1 = builder.getI1Type();
    Value one = LLVM::ConstantOp::create(builder, loc, i64, 1);
    auto markPerWorker = [&](Operation *memoOp) {
      if (isa<LLVM::AllocaOp>(memoOp))
        memoOp->setAttr(kMemoAttr, UnitAttr::get(ctx));
      if (perWorker)
        memoOp->setAttr(kPerWorkerAttr, UnitAttr::get(ctx));
    };
    auto flag = LLVM::AllocaOp::create(builder, loc, ptrType, i1, one);
    markPerWorker(flag);
    SmallVector<Value> slots;
    for (Type type : op->getResultTypes()) {
      auto slot = LLVM::AllocaOp::create(builder, loc, ptrType, type, one);
      markPerWorker(slot);
      slots.push_back(slot);
    }
    Value falseValue = LLVM::ConstantOp::create(builder, loc, i1, 0);
    markPerWorker(LLVM::StoreOp::create(builder, loc, falseValue, flag));

    builder.setInsertionPoint(op);
    Value done = LLVM::LoadOp::create(builder, loc, i1, flag);
    auto lookup = scf::IfOp::create(builder, loc, op->getResultTypes(), done,
                                    /*withElse=*/true);
    builder.setInsertionPointToStart(lookup.thenBlock());
    SmallVector<Value> loaded;
    for (auto [slot, type] : llvm::zip(slots, op->getResultTypes()))
      loaded.push_back(LLVM::LoadOp::create(builder, loc, type, slot));
    scf::YieldOp::create(builder, loc, loaded);

    builder.setInsertionPointToStart(lookup.elseBlock());
    op->replaceAllUsesWith(lookup.getResults());
    op->moveBefore(lookup.elseBlock(), lookup.elseBlock()->end());
    builder.setInsertionPointAfter(op);
    for (auto [slot, result] : llvm::zip(slots, op->getResults()))
      LLVM::StoreOp::create(builder, loc, result, slot);
    Value trueValue = LLVM::ConstantOp::create(builder, loc, i1, 1);
    LLVM::StoreOp::create(builder, loc, trueValue, flag);
    scf::YieldOp::create(builder, loc, op->getResults());
  }

  bool remarks;
};

struct ParallelLICMPass
    : public cucpu::impl::ParallelLICMBase<ParallelLICMPass> {
  using ParallelLICMBase::ParallelLICMBase;

  void runOnOperation() override {
    // Inner loops first: what leaves a thread loop may then leave the grid.
    SmallVector<scf::ParallelOp> loops;
    getOperation()->walk([&](scf::ParallelOp loop) {
      if (isLaunchLoop(loop))
        loops.push_back(loop);
    });
    Hoister hoister(remarks);
    for (scf::ParallelOp loop : loops)
      hoister.hoistFrom(loop);
    if (!memoize)
      return;
    for (scf::ParallelOp loop : loops)
      if (auto role = loop->getAttrOfType<StringAttr>(kLoopRoleAttr);
          role && role.getValue() == kThreadLoopRole)
        hoister.memoizeIn(loop);
  }
};

} // namespace
