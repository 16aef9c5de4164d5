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
// the guarded code run for it alone after the loop. The loop keeps the
// largest linear index whose guard holds (a max reduction, which LLVM
// vectorizes, with masked loads where the guard reads memory only on some
// paths); the code after it recomputes that thread's values from its index.
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

/// The stores of `guard` when it is `if (c) { ... }` whose then-block only
/// computes, reads and stores to addresses computed before `outermost`, each
/// store unconditional within the block. Empty otherwise.
SmallVector<LLVM::StoreOp> uniformGuardedStores(scf::IfOp guard,
                                                scf::ForOp outermost) {
  SmallVector<LLVM::StoreOp> stores;
  if (guard.getNumResults() != 0 ||
      (guard.elseBlock() && !guard.elseBlock()->without_terminator().empty()))
    return {};
  for (Operation &op : guard.thenBlock()->without_terminator()) {
    if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
      if (!isPlainAccess(store) || !outermost.isDefinedOutsideOfLoop(store.getAddr()))
        return {};
      stores.push_back(store);
      continue;
    }
    if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
      if (!isPlainAccess(load))
        return {};
      continue;
    }
    if (op.getNumRegions() != 0 || !isMemoryEffectFree(&op))
      return {};
  }
  return stores;
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

  SmallVector<scf::IfOp> guards;
  SmallVector<LLVM::StoreOp> stores;
  for (Operation &op : body->without_terminator()) {
    if (auto guard = dyn_cast<scf::IfOp>(op)) {
      SmallVector<LLVM::StoreOp> guarded =
          uniformGuardedStores(guard, outermost);
      // Each guard finds its own last thread: two guards that may write the
      // same memory would lose the order between their writes.
      bool overlaps = llvm::any_of(guarded, [&](LLVM::StoreOp store) {
        return llvm::any_of(stores, [&](LLVM::StoreOp other) {
          return mayAlias(store.getAddr(), other.getAddr());
        });
      });
      if (overlaps)
        return 0;
      if (!guarded.empty()) {
        guards.push_back(guard);
        stores.append(guarded);
        continue;
      }
    }
    // Everything else only computes and reads.
    SmallVector<MemoryAccess> accesses;
    collectAccesses(&op, accesses);
    if (llvm::any_of(accesses,
                     [](const MemoryAccess &a) { return a.isWrite; }))
      return 0;
  }
  if (guards.empty())
    return 0;
  // No read in the loop may see what a guarded store writes: the stores
  // move after the loop.
  SmallVector<MemoryAccess> accesses;
  for (Operation &op : body->without_terminator())
    collectAccesses(&op, accesses);
  for (const MemoryAccess &access : accesses) {
    if (access.isWrite)
      continue;
    for (LLVM::StoreOp store : stores)
      if (mayAlias(access.addr, store.getAddr()))
        return 0;
  }

  Location loc = outermost.getLoc();
  Type i64 = b.getI64Type();
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

  for (scf::IfOp guard : guards) {
    // The slot of the largest index so far; allocated in front of the nest
    // (LLVM keeps it in a register).
    b.setInsertionPoint(outermost);
    Value one = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1));
    Value slot = LLVM::AllocaOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), i64, one, 8);
    Value none = arith::ConstantIndexOp::create(b, loc, -1);
    LLVM::StoreOp::create(
        b, loc, arith::IndexCastOp::create(b, loc, i64, none), slot);

    // In the loop: slot = max(slot, guard ? index : -1).
    b.setInsertionPoint(guard);
    Value candidate =
        arith::SelectOp::create(b, loc, guard.getCondition(), linear, none);
    Value seen = arith::IndexCastOp::create(
        b, loc, b.getIndexType(), LLVM::LoadOp::create(b, loc, i64, slot));
    Value last = arith::MaxSIOp::create(b, loc, seen, candidate);
    LLVM::StoreOp::create(b, loc, arith::IndexCastOp::create(b, loc, i64, last),
                          slot);

    // After the loop: the guarded code, for the last thread whose guard held.
    b.setInsertionPointAfter(outermost);
    Value found = arith::IndexCastOp::create(
        b, loc, b.getIndexType(), LLVM::LoadOp::create(b, loc, i64, slot));
    Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, found,
                                      indexConst(0));
    auto after = scf::IfOp::create(b, loc, any, /*withElseRegion=*/false);
    b.setInsertionPointToStart(after.thenBlock());
    IRMapping mapping;
    Value rest = found;
    for (int d = nest.size() - 1; d >= 0; --d) {
      Value extent = nest[d].getUpperBound();
      Value iv = d == 0 ? rest
                        : arith::RemUIOp::create(b, loc, rest, extent)
                              .getResult();
      mapping.map(nest[d].getInductionVar(), iv);
      if (d != 0)
        rest = arith::DivUIOp::create(b, loc, rest, extent);
    }
    for (Operation &op : guard.thenBlock()->without_terminator()) {
      for (Value operand : op.getOperands())
        cloneComputation(b, operand, body, mapping);
      b.clone(op, mapping);
    }
    guard.erase();
  }
  return guards.size();
}

} // namespace cucpu
