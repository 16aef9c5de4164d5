//===- SplitThreadLoops.cpp - Give each guard on the thread index a loop --===//
//
// Between two barriers the threads of a block are independent: a thread loop
// `threads { A; if (tx == 0) B; C }` may run as `threads { A }; threads { if
// (tx == 0) B }; threads { C }` without changing what a race-free program
// computes (each thread still does A, B and C in that order; only the
// interleaving of different threads changes, and between barriers any
// interleaving is allowed). Split so, the guard is alone in its loop and
// NarrowThreadLoops turns it into the loop's bounds: the one-thread work
// becomes one iteration instead of a masked scatter across the whole block,
// and the other loops vectorize without the guard's mask (gaussian's
// `if (tx == 0) rowMult[ty] = ...; if (ty == 0) pivotRow[tx] = ...;`).
//
// A guard whose body does several things, one of them guarded again (`if (i
// < n) { a[i] = x; if (j == t) b[i] = y; }`), is first split into one `if` per
// part on the same condition; canonicalization then merges the nested ifs.
//
// Values that an operation with effects computes (a load, an `scf.if` that
// reads) and a later part uses keep both parts in one loop; values without
// effects are recomputed in every loop that needs them.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"
#include "dialect/ThreadAnalysis.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace cucpu {
#define GEN_PASS_DEF_SPLITTHREADLOOPS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// Appends the values `op` uses: its operands and the values from above
/// that its regions use.
void appendValuesUsed(Operation *op, SmallVectorImpl<Value> &values) {
  llvm::append_range(values, op->getOperands());
  for (Region &region : op->getRegions()) {
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(region, above);
    llvm::append_range(values, above);
  }
}

/// Whether `condition` has a conjunct comparing a function of the thread
/// index with a value the same in every thread of the block: a condition
/// that NarrowThreadLoops may turn into bounds.
bool comparesThreadIndex(Value condition, const ThreadAnalysis &threads) {
  Operation *def = condition.getDefiningOp();
  if (!def)
    return false;
  if (auto cmp = dyn_cast<arith::CmpIOp>(def)) {
    for (auto [varying, bound] : {std::pair(cmp.getLhs(), cmp.getRhs()),
                                  std::pair(cmp.getRhs(), cmp.getLhs())})
      if (threads.isUniformInBlock(bound) &&
          threads.facts(varying).dependsOnThreadIndex())
        return true;
    return false;
  }
  if (auto andOp = dyn_cast<arith::AndIOp>(def))
    return comparesThreadIndex(andOp.getLhs(), threads) ||
           comparesThreadIndex(andOp.getRhs(), threads);
  if (auto select = dyn_cast<arith::SelectOp>(def))
    return comparesThreadIndex(select.getCondition(), threads) ||
           comparesThreadIndex(select.getTrueValue(), threads);
  return false;
}

/// An `scf.if` without results and without else work whose condition
/// compares the thread index: work that only some threads do.
bool isIndexGuard(Operation *op, const ThreadAnalysis &threads) {
  auto ifOp = dyn_cast<scf::IfOp>(op);
  return ifOp && ifOp.getNumResults() == 0 &&
         (!ifOp.elseBlock() || ifOp.elseBlock()->without_terminator().empty()) &&
         comparesThreadIndex(ifOp.getCondition(), threads);
}

/// The operations of `block` with effects, cut into consecutive parts so
/// that every index guard is a part of its own, then merged where a later
/// part uses a value that an earlier part's operation with effects computed.
/// Returns no parts when the block is one part.
SmallVector<SmallVector<Operation *>>
partitionAtGuards(Block &block, function_ref<bool(Operation *)> isGuard) {
  SmallVector<Operation *> effectful;
  for (Operation &op : block.without_terminator())
    if (!isMemoryEffectFree(&op))
      effectful.push_back(&op);
  if (effectful.size() < 2)
    return {};
  // part[i]: the part of effectful[i] before merging.
  SmallVector<unsigned> part(effectful.size());
  unsigned current = 0;
  for (auto [i, op] : llvm::enumerate(effectful)) {
    bool guard = isGuard(op);
    if (i != 0 && (guard || isGuard(effectful[i - 1])))
      ++current;
    part[i] = current;
  }
  if (current == 0)
    return {};

  // The effectful operations each operation's values come from, through
  // operations without effects of the block.
  DenseMap<Operation *, unsigned> indexOf;
  for (auto [i, op] : llvm::enumerate(effectful))
    indexOf[op] = i;
  auto producers = [&](Operation *op) {
    SmallVector<unsigned> found;
    SmallVector<Value> worklist;
    DenseSet<Value> visited;
    appendValuesUsed(op, worklist);
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      if (!visited.insert(v).second)
        continue;
      Operation *def = v.getDefiningOp();
      if (!def || def->getBlock() != &block)
        continue;
      auto it = indexOf.find(def);
      if (it != indexOf.end()) {
        found.push_back(it->second);
        continue;
      }
      appendValuesUsed(def, worklist);
    }
    return found;
  };
  // Merging [first part, last part] into one keeps the parts consecutive;
  // repeat until no use crosses a part boundary.
  bool merged = true;
  while (merged) {
    merged = false;
    for (auto [i, op] : llvm::enumerate(effectful)) {
      for (unsigned producer : producers(op)) {
        if (part[producer] == part[i])
          continue;
        unsigned from = part[producer], to = part[i];
        for (unsigned &p : part)
          if (p > from && p <= to)
            p = from;
        merged = true;
      }
    }
  }
  SmallVector<SmallVector<Operation *>> parts;
  for (auto [i, op] : llvm::enumerate(effectful)) {
    if (i == 0 || part[i] != part[i - 1])
      parts.emplace_back();
    parts.back().push_back(op);
  }
  if (parts.size() < 2)
    return {};
  return parts;
}

/// The operations without effects of `block` that `ops` need, in block order.
SmallVector<Operation *> pureOperationsNeeded(Block &block,
                                              ArrayRef<Operation *> ops) {
  DenseSet<Operation *> needed;
  SmallVector<Value> worklist;
  for (Operation *op : ops)
    appendValuesUsed(op, worklist);
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != &block || !isMemoryEffectFree(def) ||
        !needed.insert(def).second)
      continue;
    appendValuesUsed(def, worklist);
  }
  SmallVector<Operation *> ordered;
  for (Operation &op : block.without_terminator())
    if (needed.contains(&op))
      ordered.push_back(&op);
  return ordered;
}

/// Clones the operations of `part` and the pure operations they need from
/// `block` at `b`'s insertion point, through `mapping`.
/// `mapping` may already hold clones of some of them, which are reused.
void cloneParts(OpBuilder &b, Block &block, ArrayRef<Operation *> part,
                IRMapping &mapping) {
  DenseSet<Operation *> inPart(part.begin(), part.end());
  SmallVector<Operation *> pure = pureOperationsNeeded(block, part);
  DenseSet<Operation *> inPure(pure.begin(), pure.end());
  for (Operation &op : block.without_terminator())
    if (inPart.contains(&op) ||
        (inPure.contains(&op) && !mapping.contains(&op)))
      b.clone(op, mapping);
}

/// Splits `ifOp` (an index guard inside `loop`) into one `if` on the same
/// condition per part of its body, when its body holds an index guard among
/// other work. Returns whether it did.
bool splitGuard(scf::IfOp ifOp, const ThreadAnalysis &threads) {
  Block &body = *ifOp.thenBlock();
  // Nested guards first, so that their own parts show here.
  for (Operation &op : llvm::make_early_inc_range(body.without_terminator()))
    if (isIndexGuard(&op, threads))
      splitGuard(cast<scf::IfOp>(op), threads);
  bool hasGuard = llvm::any_of(body.without_terminator(), [&](Operation &op) {
    return isIndexGuard(&op, threads);
  });
  if (!hasGuard)
    return false;
  SmallVector<SmallVector<Operation *>> parts = partitionAtGuards(
      body, [&](Operation *op) { return isIndexGuard(op, threads); });
  if (parts.empty())
    return false;
  OpBuilder b(ifOp);
  for (ArrayRef<Operation *> part : parts) {
    // The values a part needs that can be computed anywhere (index
    // arithmetic, comparisons) are computed before its `if`: a part that is
    // a nested guard then leaves `if (c) { if (d) {...} }`, which
    // canonicalization merges into `if (c && d)`.
    IRMapping mapping;
    for (Operation *op : pureOperationsNeeded(body, part))
      if (isSafeToSpeculate(op) && op->getNumRegions() == 0 &&
          llvm::all_of(op->getOperands(), [&](Value v) {
            return v.getParentBlock() != &body || mapping.contains(v);
          }))
        b.clone(*op, mapping);
    auto newIf = scf::IfOp::create(b, ifOp.getLoc(), ifOp.getCondition(),
                                   /*withElseRegion=*/false);
    OpBuilder inner = newIf.getThenBodyBuilder();
    cloneParts(inner, body, part, mapping);
  }
  ifOp.erase();
  return true;
}

/// Splits `loop` into one thread loop per part of its body. Returns the
/// number of loops made (0 if it was left alone).
unsigned splitLoop(scf::ParallelOp loop, const ThreadAnalysis &threads) {
  Block &body = *loop.getBody();
  for (Operation &op : llvm::make_early_inc_range(body.without_terminator()))
    if (isIndexGuard(&op, threads))
      splitGuard(cast<scf::IfOp>(op), threads);
  SmallVector<SmallVector<Operation *>> parts = partitionAtGuards(
      body, [&](Operation *op) { return isIndexGuard(op, threads); });
  if (parts.empty())
    return 0;
  OpBuilder b(loop);
  for (ArrayRef<Operation *> part : parts) {
    scf::ParallelOp newLoop = createThreadLoop(b, loop.getLoc(), loop);
    OpBuilder inner = OpBuilder::atBlockTerminator(newLoop.getBody());
    IRMapping mapping;
    mapping.map(loop.getInductionVars(), newLoop.getInductionVars());
    cloneParts(inner, body, part, mapping);
  }
  loop.erase();
  return parts.size();
}

struct SplitThreadLoopsPass
    : public cucpu::impl::SplitThreadLoopsBase<SplitThreadLoopsPass> {
  using SplitThreadLoopsBase::SplitThreadLoopsBase;

  void runOnOperation() override {
    // Splitting clones what it moves: the facts of the values it makes are
    // not known (they vary), the others' stay true.
    ThreadAnalysis threads(getOperation());
    SmallVector<scf::ParallelOp> loops;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (isThreadLoop(loop) && loop.getNumResults() == 0)
        loops.push_back(loop);
    });
    for (scf::ParallelOp loop : loops) {
      // Barrier lowering has run: a barrier left here is an error reported
      // later; do not reorder around it.
      if (loop->walk([](simt::BarrierOp) { return WalkResult::interrupt(); })
              .wasInterrupted())
        continue;
      Location loc = loop.getLoc();
      unsigned made = splitLoop(loop, threads);
      if (made != 0 && remarks)
        emitRemark(loc) << "cucpu: thread loop split in " << made
                        << " so that each guard on the thread index has its "
                           "own loop";
    }
  }
};

} // namespace
