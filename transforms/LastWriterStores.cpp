//===- LastWriterStores.cpp - Guarded uniform stores run once per block ---===//
//
// CUDA code often lets the one thread whose test holds publish a value for
// the block: `if (k[t] <= key && key < k[t + 1]) next = child[t];` with
// `next` in shared memory. Once the block's threads are a serial loop, the
// conditional store to an address that does not depend on the thread keeps
// LLVM from vectorizing the loop, and every thread runs the branch.
//
// In the serial loop the stored value is the one of the last thread whose
// guard holds. If nothing else in the loop writes memory and nothing in it
// reads what the guarded stores write, that thread can be found first and
// the store run for it alone after the loop. The loop keeps, per address,
// the largest key of the stores that ran: the linear index, times the
// number of stores to that address, plus the store's rank in program order
// (a max reduction of 32-bit keys, which LLVM vectorizes, with masked loads
// where a guard reads memory only on some paths). Guards may nest and have
// else branches (`if (t < n) { if (a) p = x; if (b) p = y; }`): each if that
// holds stores yields its largest key. The code after the loop recomputes
// the chosen store's value for that thread from its index.
//
//===----------------------------------------------------------------------===//

#include "transforms/LastWriterStores.h"
#include "transforms/MemoryAccess.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;

namespace cucpu {

namespace {

/// The stores of the loop body to block-uniform addresses, by address, each
/// address's stores in program order.
using StoresByAddress = llvm::MapVector<Value, SmallVector<LLVM::StoreOp>>;

/// Collects into `stores` the stores of `block`, and of the ifs nested in
/// it, to addresses computed before `outermost`. Fails when anything else
/// there writes memory, when such a store or any load is volatile or atomic
/// (the code after the loop repeats loads), or when an if holding such a
/// store has results (its results could feed another store's value, and the
/// code after the loop would repeat its store).
LogicalResult collectUniformStores(Block &block, scf::ForOp outermost,
                                   StoresByAddress &stores) {
  for (Operation &op : block.without_terminator()) {
    if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
      if (!isPlainAccess(store) ||
          !outermost.isDefinedOutsideOfLoop(store.getAddr()))
        return failure();
      stores[store.getAddr()].push_back(store);
      continue;
    }
    if (auto guard = dyn_cast<scf::IfOp>(op)) {
      auto countStores = [&] {
        unsigned count = 0;
        for (const auto &entry : stores)
          count += entry.second.size();
        return count;
      };
      unsigned before = countStores();
      for (Region &region : guard->getRegions())
        for (Block &nested : region)
          if (failed(collectUniformStores(nested, outermost, stores)))
            return failure();
      if (countStores() != before && guard.getNumResults() != 0)
        return failure();
      continue;
    }
    bool plainLoads = true;
    op.walk([&](LLVM::LoadOp load) { plainLoads &= isPlainAccess(load); });
    if (!plainLoads)
      return failure();
    SmallVector<MemoryAccess> accesses;
    collectAccesses(&op, accesses);
    if (llvm::any_of(accesses,
                     [](const MemoryAccess &a) { return a.isWrite; }))
      return failure();
  }
  return success();
}

/// Clones into the builder's position the computation of `v` inside `body`,
/// with the values `mapping` already holds (the induction variables) as its
/// inputs. Only effect-free operations and plain loads reach here.
Value cloneComputation(OpBuilder &b, Value v, Block *body,
                       IRMapping &mapping) {
  if (Value known = mapping.lookupOrNull(v))
    return known;
  Operation *def = v.getDefiningOp();
  if (!def || !body->getParentOp()->isAncestor(def))
    return v;
  SmallVector<Value> inputs(def->getOperands());
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(def->getRegions(), captured);
  inputs.append(captured.begin(), captured.end());
  for (Value input : inputs)
    cloneComputation(b, input, body, mapping);
  b.clone(*def, mapping);
  return mapping.lookup(v);
}

/// Replaces the uniform stores of the loop body by the search for the last
/// one that runs. Every store gets a key that grows with the serial order:
/// linear index * (stores to its address) + its rank among them. What a
/// block computes for an address is the largest key of its stores that ran
/// (-1 if none): ifs that hold stores yield it.
class StoreKeys {
public:
  StoreKeys(OpBuilder &b, Location loc, const StoresByAddress &stores,
            Value none)
      : b(b), loc(loc), none(none) {
    for (auto [group, entry] : llvm::enumerate(stores)) {
      scale.push_back(entry.second.size());
      for (auto [rank, store] : llvm::enumerate(entry.second))
        keyOf[store] = {group, rank};
    }
  }

  /// The largest key, per address, of the stores in `block` that run (null
  /// where the block has none); the stores are gone.
  SmallVector<Value> lower(Block &block, Value linear) {
    SmallVector<Value> largest(scale.size());
    for (Operation &op : llvm::make_early_inc_range(block.without_terminator())) {
      if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
        auto it = keyOf.find(store);
        if (it == keyOf.end())
          continue;
        auto [group, rank] = it->second;
        b.setInsertionPoint(store);
        Value key = linear;
        if (scale[group] > 1) {
          Value scaled = arith::MulIOp::create(
              b, loc, linear,
              arith::ConstantIntOp::create(b, loc, b.getI32Type(),
                                           scale[group]));
          key = arith::AddIOp::create(
              b, loc, scaled,
              arith::ConstantIntOp::create(b, loc, b.getI32Type(), rank));
        }
        // A later store of the same iteration has the larger key.
        largest[group] = key;
        Value stored = store.getValue();
        store.erase();
        eraseIfUnused(stored);
        continue;
      }
      auto guard = dyn_cast<scf::IfOp>(op);
      if (!guard)
        continue;
      SmallVector<Value> inThen = lower(*guard.thenBlock(), linear);
      SmallVector<Value> inElse(scale.size());
      if (guard.elseBlock())
        inElse = lower(*guard.elseBlock(), linear);
      SmallVector<unsigned> groups;
      for (unsigned group = 0; group < scale.size(); ++group)
        if (inThen[group] || inElse[group])
          groups.push_back(group);
      if (groups.empty())
        continue;
      // The guard has no results (collectUniformStores): the rebuilt one
      // yields the keys.
      b.setInsertionPoint(guard);
      SmallVector<Type> types(groups.size(), b.getI32Type());
      auto rebuilt = scf::IfOp::create(b, loc, types, guard.getCondition(),
                                       /*withElseRegion=*/true);
      rebuilt.getThenRegion().takeBody(guard.getThenRegion());
      bool hadElse = guard.elseBlock() != nullptr;
      if (hadElse)
        rebuilt.getElseRegion().takeBody(guard.getElseRegion());
      else if (rebuilt.getElseRegion().empty())
        rebuilt.getElseRegion().emplaceBlock();
      auto yieldKeys = [&](Block *block, ArrayRef<Value> keys) {
        SmallVector<Value> values;
        for (unsigned group : groups)
          values.push_back(keys[group] ? keys[group] : none);
        if (!block->empty() && isa<scf::YieldOp>(block->back()))
          block->back().erase();
        b.setInsertionPointToEnd(block);
        scf::YieldOp::create(b, loc, values);
      };
      yieldKeys(rebuilt.thenBlock(), inThen);
      yieldKeys(rebuilt.elseBlock(), inElse);
      guard.erase();
      // A store before the guard in this block ran; the guard's keys are
      // larger where one of its stores ran.
      b.setInsertionPointAfter(rebuilt);
      for (auto [result, group] : llvm::zip(rebuilt.getResults(), groups))
        largest[group] =
            largest[group]
                ? arith::MaxSIOp::create(b, loc, largest[group], result)
                      .getResult()
                : Value(result);
    }
    return largest;
  }

private:
  /// Erases the computation of a moved store's value where nothing else in
  /// the loop uses it (the code after the loop has its own copy).
  static void eraseIfUnused(Value v) {
    Operation *def = v.getDefiningOp();
    if (!def || !def->use_empty() || def->getNumRegions() != 0)
      return;
    auto load = dyn_cast<LLVM::LoadOp>(def);
    if (!(load && isPlainAccess(load)) && !isMemoryEffectFree(def))
      return;
    SmallVector<Value> operands(def->getOperands());
    def->erase();
    for (Value operand : operands)
      eraseIfUnused(operand);
  }

  OpBuilder &b;
  Location loc;
  Value none;
  llvm::DenseMap<Operation *, std::pair<unsigned, int64_t>> keyOf;
  SmallVector<int64_t> scale;
};

} // namespace

unsigned sinkLastWriterStores(OpBuilder &b, ArrayRef<scf::ForOp> loops) {
  SmallVector<scf::ForOp> nest(loops);
  scf::ForOp outermost = nest.front(), innermost = nest.back();
  Block *body = innermost.getBody();
  // Between the loops of the nest there is nothing but the next loop, and
  // the bounds are computed before the nest: the linear index below counts
  // with them, and the code after the nest recovers the indices with them.
  for (scf::ForOp loop : loops.drop_back())
    if (loop.getBody()->getOperations().size() != 2)
      return 0;
  for (scf::ForOp loop : loops)
    if (!outermost.isDefinedOutsideOfLoop(loop.getLowerBound()) ||
        !outermost.isDefinedOutsideOfLoop(loop.getUpperBound()) ||
        !outermost.isDefinedOutsideOfLoop(loop.getStep()))
      return 0;

  StoresByAddress stores;
  if (failed(collectUniformStores(*body, outermost, stores)) || stores.empty())
    return 0;
  // Each address finds its own last store: two addresses that may overlap
  // would lose the order between their writes.
  for (auto it = stores.begin(); it != stores.end(); ++it)
    for (auto other = std::next(it); other != stores.end(); ++other)
      if (mayAlias(it->first, other->first))
        return 0;
  // No read in the loop may see what a moved store writes: the stores move
  // after the loop.
  SmallVector<MemoryAccess> accesses;
  for (Operation &op : body->without_terminator())
    collectAccesses(&op, accesses);
  for (const MemoryAccess &access : accesses) {
    if (access.isWrite)
      continue;
    for (const auto &entry : stores)
      if (mayAlias(access.addr, entry.first))
        return 0;
  }

  Location loc = outermost.getLoc();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto indexConst = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };

  // The linear index of an iteration, x + nx * (y + ny * z), grows with the
  // serial order.
  b.setInsertionPointToStart(body);
  Value linear = outermost.getInductionVar();
  for (size_t d = 1; d < nest.size(); ++d) {
    Value scaled =
        arith::MulIOp::create(b, loc, linear, nest[d].getUpperBound());
    linear = arith::AddIOp::create(b, loc, scaled, nest[d].getInductionVar());
  }
  // Keys are 32 bits wide, so that LLVM's vectors hold as many as they hold
  // of the threads' 32-bit values: a block has at most 1024 threads, and an
  // address a few stores.
  Value linear32 = arith::IndexCastUIOp::create(b, loc, i32, linear);

  // Per address, the slot of the largest key so far; allocated in front of
  // the nest (LLVM keeps it in a register).
  b.setInsertionPoint(outermost);
  Value none = arith::ConstantIntOp::create(b, loc, i32, -1);
  SmallVector<Value> slots;
  for (size_t i = 0; i < stores.size(); ++i) {
    Value one = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1));
    Value slot = LLVM::AllocaOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), i32, one, 4);
    LLVM::StoreOp::create(b, loc, none, slot);
    slots.push_back(slot);
  }

  // After the loop, per address: the store with the largest key, for its
  // iteration, with the indices recovered from the key.
  b.setInsertionPointAfter(outermost);
  for (auto [slot, entry] : llvm::zip(slots, stores)) {
    ArrayRef<LLVM::StoreOp> sites = entry.second;
    Value last = LLVM::LoadOp::create(b, loc, i32, slot);
    Value any = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::sge, last,
        arith::ConstantIntOp::create(b, loc, i32, 0));
    auto after = scf::IfOp::create(b, loc, any, /*withElseRegion=*/false);
    b.setInsertionPointToStart(after.thenBlock());
    Value found =
        arith::IndexCastUIOp::create(b, loc, b.getIndexType(), last);
    Value rest = found, rank;
    if (sites.size() > 1) {
      Value count = indexConst(sites.size());
      rank = arith::RemUIOp::create(b, loc, found, count);
      rest = arith::DivUIOp::create(b, loc, found, count);
    }
    IRMapping mapping;
    for (int d = nest.size() - 1; d >= 0; --d) {
      Value extent = nest[d].getUpperBound();
      Value iv = d == 0 ? rest
                        : arith::RemUIOp::create(b, loc, rest, extent)
                              .getResult();
      mapping.map(nest[d].getInductionVar(), iv);
      if (d != 0)
        rest = arith::DivUIOp::create(b, loc, rest, extent);
    }
    for (auto [index, site] : llvm::enumerate(sites)) {
      LLVM::StoreOp store = site;
      OpBuilder::InsertionGuard atRank(b);
      if (rank) {
        Value isRank = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq, rank, indexConst(index));
        auto chosen = scf::IfOp::create(b, loc, isRank,
                                        /*withElseRegion=*/false);
        b.setInsertionPointToStart(chosen.thenBlock());
      }
      IRMapping forStore = mapping;
      cloneComputation(b, store.getValue(), body, forStore);
      b.clone(*store, forStore);
    }
    b.setInsertionPointAfter(after);
  }

  // In the loop: each slot keeps the largest key that ran.
  StoreKeys keys(b, loc, stores, none);
  SmallVector<Value> largest = keys.lower(*body, linear32);
  b.setInsertionPoint(body->getTerminator());
  unsigned moved = 0;
  for (auto [slot, key, entry] : llvm::zip(slots, largest, stores)) {
    moved += entry.second.size();
    Value seen = LLVM::LoadOp::create(b, loc, i32, slot);
    LLVM::StoreOp::create(b, loc, arith::MaxSIOp::create(b, loc, seen, key),
                          slot);
  }
  return moved;
}

} // namespace cucpu
