//===- PromoteLocals.cpp - Locals to SSA values through scf regions -------===//
//
// The frontend keeps every local variable in an `llvm.alloca`, read and
// written with loads and stores, also inside `scf.if`, `scf.for` and
// `scf.while`. MLIR's mem2reg does not promote through such regions, so the
// values the later passes want to reason about (a loop's sum, an index)
// would stay hidden in memory. This pass promotes a local whose only uses are
// plain loads and stores of its own type: a store defines the current value,
// a load is replaced by it, and a region operation that stores the local
// gets the value as an extra result (`scf.if`) or loop-carried value
// (`scf.for`, `scf.while`).
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "transforms/MemoryAccess.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

namespace cucpu {
#define GEN_PASS_DEF_PROMOTELOCALS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// The operations that can carry a promoted value out of their regions.
bool isCarrier(Operation *op) {
  return isa<scf::IfOp, scf::ForOp, scf::WhileOp>(op);
}

bool containsBarrier(Operation *op) {
  return op
      ->walk([](simt::BarrierOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// The type a local holds if it is a single element, else null.
Type slotType(LLVM::AllocaOp alloca) {
  if (!matchPattern(alloca.getArraySize(), m_One()))
    return {};
  return alloca.getElemType();
}

class Promoter {
public:
  Promoter(bool keepBarrierRegions) : keepBarrierRegions(keepBarrierRegions) {}

  /// Whether `alloca` can be promoted: every use is a plain load from it or a
  /// store to it of its element type, in single-block regions, and every
  /// store is either in the alloca's block or nested only in carriers.
  bool canPromote(LLVM::AllocaOp alloca) {
    Type type = slotType(alloca);
    if (!type)
      return false;
    Region *home = alloca->getParentRegion();
    for (OpOperand &use : alloca.getResult().getUses()) {
      Operation *user = use.getOwner();
      bool isStore = false;
      if (auto load = dyn_cast<LLVM::LoadOp>(user)) {
        if (!isPlainAccess(load) || load.getType() != type)
          return false;
      } else if (auto store = dyn_cast<LLVM::StoreOp>(user)) {
        if (use.getOperandNumber() != store.getAddrMutable().getOperandNumber() ||
            !isPlainAccess(store) || store.getValue().getType() != type)
          return false;
        isStore = true;
      } else {
        return false;
      }
      // Walk out to the alloca's region: every region on the way must be a
      // single block, and stores may only cross carriers.
      for (Region *region = user->getParentRegion(); region != home;
           region = region->getParentRegion()) {
        if (!region || !region->hasOneBlock())
          return false;
        Operation *parent = region->getParentOp();
        if (!isStore)
          continue;
        if (!isCarrier(parent))
          return false;
        // Barrier lowering needs the values of a region with a barrier to
        // stay in memory; those locals are promoted after it.
        if (keepBarrierRegions && containsBarrier(parent))
          return false;
      }
    }
    return home->hasOneBlock();
  }

  void addSlot(LLVM::AllocaOp alloca) { slots.insert(alloca.getResult()); }

  /// Promotes the slots in `block` whose current values on entry are
  /// `values`; on return `values` holds their values at the block's end.
  void promoteIn(Block &block, DenseMap<Value, Value> &values) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
        if (slots.contains(load.getAddr())) {
          load.getResult().replaceAllUsesWith(current(values, load.getAddr(), load));
          load.erase();
        }
        continue;
      }
      if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
        if (slots.contains(store.getAddr())) {
          values[store.getAddr()] = store.getValue();
          store.erase();
        }
        continue;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        promoteInIf(ifOp, values);
        continue;
      }
      if (auto forOp = dyn_cast<scf::ForOp>(op)) {
        promoteInFor(forOp, values);
        continue;
      }
      if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
        promoteInWhile(whileOp, values);
        continue;
      }
      // Other regions only read the slots: they see the current values.
      for (Region &region : op.getRegions())
        for (Block &nested : region) {
          DenseMap<Value, Value> inner = values;
          promoteIn(nested, inner);
        }
    }
  }

private:
  /// The value of `slot` at `user`; a local read before any store holds an
  /// undefined value.
  Value current(DenseMap<Value, Value> &values, Value slot, Operation *user) {
    auto it = values.find(slot);
    if (it != values.end())
      return it->second;
    OpBuilder builder(slot.getDefiningOp());
    builder.setInsertionPointAfter(slot.getDefiningOp());
    Value undef = LLVM::UndefOp::create(
        builder, slot.getLoc(),
        cast<LLVM::AllocaOp>(slot.getDefiningOp()).getElemType());
    values[slot] = undef;
    return undef;
  }

  /// The slots declared outside `op` and stored somewhere inside it, in a
  /// deterministic order.
  SmallVector<Value> storedIn(Operation *op) {
    llvm::SetVector<Value> stored;
    op->walk([&](LLVM::StoreOp store) {
      if (slots.contains(store.getAddr()) &&
          !op->isAncestor(store.getAddr().getDefiningOp()))
        stored.insert(store.getAddr());
    });
    return stored.takeVector();
  }

  SmallVector<Value> currentValues(DenseMap<Value, Value> &values,
                                   ArrayRef<Value> stored, Operation *at) {
    return llvm::map_to_vector(
        stored, [&](Value slot) { return current(values, slot, at); });
  }

  void promoteInIf(scf::IfOp ifOp, DenseMap<Value, Value> &values) {
    SmallVector<Value> stored = storedIn(ifOp);
    if (stored.empty()) {
      for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
        for (Block &nested : *region) {
          DenseMap<Value, Value> inner = values;
          promoteIn(nested, inner);
        }
      return;
    }
    // The branches start from the current values; a missing else yields
    // them unchanged.
    (void)currentValues(values, stored, ifOp);
    SmallVector<Type> types(ifOp.getResultTypes());
    for (Value slot : stored)
      types.push_back(cast<LLVM::AllocaOp>(slot.getDefiningOp()).getElemType());
    OpBuilder builder(ifOp);
    auto newIf = scf::IfOp::create(builder, ifOp.getLoc(), types,
                                   ifOp.getCondition(), /*withElse=*/false);
    newIf.getThenRegion().takeBody(ifOp.getThenRegion());
    newIf.getElseRegion().takeBody(ifOp.getElseRegion());
    if (newIf.getElseRegion().empty()) {
      Block *elseBlock = builder.createBlock(&newIf.getElseRegion());
      builder.setInsertionPointToEnd(elseBlock);
      scf::YieldOp::create(builder, ifOp.getLoc());
    }
    for (Region *region : {&newIf.getThenRegion(), &newIf.getElseRegion()}) {
      Block &body = region->front();
      DenseMap<Value, Value> inner = values;
      promoteIn(body, inner);
      auto yield = cast<scf::YieldOp>(body.getTerminator());
      SmallVector<Value> operands(yield.getOperands());
      for (Value slot : stored)
        operands.push_back(inner.lookup(slot));
      yield->setOperands(operands);
    }
    unsigned numOld = ifOp.getNumResults();
    ifOp.replaceAllUsesWith(newIf.getResults().take_front(numOld));
    ifOp.erase();
    for (auto [i, slot] : llvm::enumerate(stored))
      values[slot] = newIf.getResult(numOld + i);
  }

  void promoteInFor(scf::ForOp forOp, DenseMap<Value, Value> &values) {
    SmallVector<Value> stored = storedIn(forOp);
    if (stored.empty()) {
      DenseMap<Value, Value> inner = values;
      promoteIn(*forOp.getBody(), inner);
      return;
    }
    SmallVector<Value> inits(forOp.getInitArgs());
    llvm::append_range(inits, currentValues(values, stored, forOp));
    OpBuilder builder(forOp);
    auto newFor = scf::ForOp::create(builder, forOp.getLoc(),
                                     forOp.getLowerBound(),
                                     forOp.getUpperBound(), forOp.getStep(),
                                     inits);
    newFor->setAttrs(forOp->getAttrs());
    Block *newBody = newFor.getBody();
    if (!newBody->empty())
      newBody->getTerminator()->erase();
    Block *oldBody = forOp.getBody();
    unsigned numOldArgs = oldBody->getNumArguments();
    newBody->getOperations().splice(newBody->end(), oldBody->getOperations());
    for (unsigned i = 0; i < numOldArgs; ++i)
      oldBody->getArgument(i).replaceAllUsesWith(newBody->getArgument(i));
    DenseMap<Value, Value> inner = values;
    for (auto [i, slot] : llvm::enumerate(stored))
      inner[slot] = newBody->getArgument(numOldArgs + i);
    promoteIn(*newBody, inner);
    auto yield = cast<scf::YieldOp>(newBody->getTerminator());
    SmallVector<Value> operands(yield.getOperands());
    for (Value slot : stored)
      operands.push_back(inner.lookup(slot));
    yield->setOperands(operands);
    unsigned numOld = forOp.getNumResults();
    forOp.replaceAllUsesWith(newFor.getResults().take_front(numOld));
    forOp.erase();
    for (auto [i, slot] : llvm::enumerate(stored))
      values[slot] = newFor.getResult(numOld + i);
  }

  void promoteInWhile(scf::WhileOp whileOp, DenseMap<Value, Value> &values) {
    SmallVector<Value> stored = storedIn(whileOp);
    if (stored.empty()) {
      for (Region &region : whileOp->getRegions()) {
        DenseMap<Value, Value> inner = values;
        promoteIn(region.front(), inner);
      }
      return;
    }
    SmallVector<Type> slotTypes = llvm::map_to_vector(stored, [](Value slot) {
      return cast<LLVM::AllocaOp>(slot.getDefiningOp()).getElemType();
    });
    SmallVector<Value> inits(whileOp.getInits());
    llvm::append_range(inits, currentValues(values, stored, whileOp));
    SmallVector<Type> resultTypes(whileOp.getResultTypes());
    llvm::append_range(resultTypes, slotTypes);
    OpBuilder builder(whileOp);
    auto newWhile = scf::WhileOp::create(builder, whileOp.getLoc(), resultTypes,
                                         inits);
    newWhile->setAttrs(whileOp->getAttrs());
    Location loc = whileOp.getLoc();
    for (unsigned r = 0; r < 2; ++r) {
      Region &oldRegion = whileOp->getRegion(r);
      Region &newRegion = newWhile->getRegion(r);
      newRegion.takeBody(oldRegion);
      Block &body = newRegion.front();
      DenseMap<Value, Value> inner = values;
      for (auto [slot, type] : llvm::zip(stored, slotTypes))
        inner[slot] = body.addArgument(type, loc);
      promoteIn(body, inner);
      Operation *terminator = body.getTerminator();
      SmallVector<Value> operands(terminator->getOperands());
      for (Value slot : stored)
        operands.push_back(inner.lookup(slot));
      terminator->setOperands(operands);
    }
    unsigned numOld = whileOp.getNumResults();
    whileOp.replaceAllUsesWith(newWhile.getResults().take_front(numOld));
    whileOp.erase();
    for (auto [i, slot] : llvm::enumerate(stored))
      values[slot] = newWhile.getResult(numOld + i);
  }

  bool keepBarrierRegions;
  DenseSet<Value> slots;
};

/// A local declared at the top of a thread loop whose every read lies in one
/// block of a loop body (or of a branch), after an unconditional store there,
/// holds nothing across iterations: the stores outside that block are never
/// read (`bool live = false;` before a loop that sets `live` first thing in
/// each iteration), and moving the local to its first store in the block lets
/// it be promoted there, in code that has barriers elsewhere (`int aCol =
/// base + tx;` in a tiled loop). Barriers between its uses do not matter: the
/// promoted value crosses them as any other SSA value does, and barrier
/// lowering recomputes it or keeps it per thread (hotspot's `live = tx > s &&
/// ...;` flag, set before one barrier and tested after it).
///
/// Only a thread's own local moves: an alloca of the block loop outside its
/// thread loop is `__shared__` memory, which other threads write between
/// a thread's store and its read (`found = false;` by every thread, then
/// `found = true;` by one, read by thread 0 after a barrier).
void sinkToOnlyBlock(LLVM::AllocaOp alloca) {
  Value slot = alloca.getResult();
  if (slot.use_empty() || !matchPattern(alloca.getArraySize(), m_One()))
    return;
  bool threadLocal = false;
  for (auto loop = alloca->getParentOfType<scf::ParallelOp>(); loop;
       loop = loop->getParentOfType<scf::ParallelOp>()) {
    auto role = loop->getAttrOfType<StringAttr>(kLoopRoleAttr);
    threadLocal |= isThreadLoop(loop) || (role && role == kThreadLoopRole);
  }
  if (!threadLocal)
    return;
  SmallVector<Operation *> loads;
  for (OpOperand &use : slot.getUses()) {
    Operation *user = use.getOwner();
    if (isa<LLVM::LoadOp>(user)) {
      loads.push_back(user);
      continue;
    }
    auto store = dyn_cast<LLVM::StoreOp>(user);
    // Anything else (the address stored, passed on, offset) lets the local
    // be read where we cannot see it.
    if (!store || use.getOperandNumber() !=
                      store.getAddrMutable().getOperandNumber())
      return;
  }
  if (loads.empty())
    return;
  // The innermost block that holds every read.
  Block *block = loads.front()->getBlock();
  for (Operation *load : loads)
    while (block && !block->findAncestorOpInBlock(*load))
      block = block->getParentOp() ? block->getParentOp()->getBlock() : nullptr;
  // (The reads use the alloca, so that block is the alloca's or nested in it.)
  if (!block || block == alloca->getBlock())
    return;
  Operation *first = nullptr;
  SmallVector<Operation *> outside;
  for (Operation *user : slot.getUsers()) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor) {
      outside.push_back(user);
      continue;
    }
    if (!first || ancestor->isBeforeInBlock(first))
      first = ancestor;
  }
  auto store = dyn_cast<LLVM::StoreOp>(first);
  if (!store || store.getAddr() != slot)
    return;
  // Every read follows `store` in its block: the stores elsewhere are dead.
  for (Operation *deadStore : outside)
    deadStore->erase();
  alloca->moveBefore(first);
  // The size constant must still dominate the alloca.
  Value size = alloca.getArraySize();
  if (Operation *def = size.getDefiningOp()) {
    if (def->getBlock() == alloca->getBlock() && alloca->isBeforeInBlock(def))
      def->moveBefore(alloca);
    else if (!def->getBlock()->findAncestorOpInBlock(*alloca))
      alloca->setOperand(0, OpBuilder(alloca).clone(*def)->getResult(0));
  }
}

struct PromoteLocalsPass
    : public cucpu::impl::PromoteLocalsBase<PromoteLocalsPass> {
  using PromoteLocalsBase::PromoteLocalsBase;

  void runOnOperation() override {
    if (keepBarrierRegions) {
      SmallVector<LLVM::AllocaOp> allocas;
      getOperation()->walk(
          [&](LLVM::AllocaOp alloca) { allocas.push_back(alloca); });
      for (LLVM::AllocaOp alloca : allocas)
        sinkToOnlyBlock(alloca);
    }
    // Promote per block that holds allocas: their values start undefined at
    // the alloca and live to the end of that block.
    DenseMap<Block *, SmallVector<LLVM::AllocaOp>> byBlock;
    SmallVector<Block *> order;
    Promoter promoter(keepBarrierRegions);
    getOperation()->walk([&](LLVM::AllocaOp alloca) {
      if (!promoter.canPromote(alloca))
        return;
      Block *block = alloca->getBlock();
      if (!byBlock.count(block))
        order.push_back(block);
      byBlock[block].push_back(alloca);
    });
    for (Block *block : order)
      for (LLVM::AllocaOp alloca : byBlock[block])
        promoter.addSlot(alloca);
    for (Block *block : order) {
      // The walk of a block also rewrites the slots of the blocks nested in
      // it, which must not be walked again on their own: there the outer
      // slots' values would be unknown.
      bool nested = false;
      for (Operation *parent = block->getParentOp(); parent && !nested;
           parent = parent->getBlock() ? parent->getBlock()->getParentOp()
                                       : nullptr)
        nested = parent->getBlock() && byBlock.count(parent->getBlock());
      if (nested)
        continue;
      DenseMap<Value, Value> values;
      promoter.promoteIn(*block, values);
    }
    for (Block *block : order)
      for (LLVM::AllocaOp alloca : byBlock[block])
        if (alloca.getResult().use_empty())
          alloca.erase();
  }
};

} // namespace
