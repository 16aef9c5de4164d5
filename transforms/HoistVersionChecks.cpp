//===- HoistVersionChecks.cpp - Versioning checks taken once per loop nest -===//
//
// NarrowThreadLoops copies a thread loop for the blocks in which its guard
// (`j < n` in gaussian's update) holds for every thread, so that the copy
// runs without masks. Block coarsening has by then put each block of a group
// into a serial loop, and a 2D block's rows into another, so the check is
// made for every 16-thread row: in gaussian that is a dozen scalar
// operations and a branch for each 16-float vector update, and it keeps
// LLVM from treating a row's pieces as one stream. The check depends only on
// the group member's block index, not on the row, so it can be made once
// for the whole group before the rows are visited:
//
//   threads (y) { for m { if (c(m)) { A } else { B } } }
//   ->
//   all = true; for m { all &= c(m) }
//   if (all) { threads (y) { for m { A } } } else { the original }
//
// The condition's operations are copied in front of the nest, so they must
// have no effects and be safe to evaluate for every iteration (no division
// that could trap); evaluating them where the original code would not (a row
// past the grid's end) can only make `all` false, which runs the original.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace cucpu {
#define GEN_PASS_DEF_HOISTVERSIONCHECKS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// The operations of a versioning condition that can be computed in front
/// of `nest`: for each value, whether it can, and the `scf.for` loops
/// inside `nest` whose induction variables it uses.
class ConditionSlice {
public:
  explicit ConditionSlice(Operation *nest) : nest(nest) {}

  /// Whether `v` can be computed in front of the nest, given values defined
  /// outside it and the induction variables of the nest's `scf.for`s.
  bool computable(Value v) {
    auto [it, inserted] = known.try_emplace(v, false);
    if (!inserted)
      return it->second;
    bool result = computeUncached(v);
    known[v] = result;
    return result;
  }

  /// The `scf.for` loops whose induction variables the condition uses,
  /// outermost first.
  SmallVector<scf::ForOp> quantifiedLoops() const {
    SmallVector<scf::ForOp> loops(fors.begin(), fors.end());
    llvm::sort(loops, [](scf::ForOp a, scf::ForOp b) {
      return a->isProperAncestor(b);
    });
    return loops;
  }

  /// Copies the operations `v` needs, with `mapping` giving the copies of
  /// the loops' induction variables; returns `v`'s copy.
  Value materialize(OpBuilder &b, Value v, IRMapping &mapping) const {
    if (Value mapped = mapping.lookupOrNull(v))
      return mapped;
    if (!inside(v))
      return v;
    Operation *def = v.getDefiningOp();
    assert(def && "computable values inside the nest are results or IVs");
    for (Value operand : def->getOperands())
      materialize(b, operand, mapping);
    Operation *copy = b.clone(*def, mapping);
    return copy->getResult(cast<OpResult>(v).getResultNumber());
  }

private:
  bool inside(Value v) const {
    return nest->isAncestor(v.getParentRegion()->getParentOp());
  }

  bool computeUncached(Value v) {
    if (!inside(v))
      return true;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
      if (!loop || loop.getInductionVar() != arg)
        return false;
      if (!computable(loop.getLowerBound()) ||
          !computable(loop.getUpperBound()) || !computable(loop.getStep()))
        return false;
      fors.insert(loop);
      return true;
    }
    Operation *def = v.getDefiningOp();
    if (def->getNumRegions() != 0 || !isSafeToSpeculate(def))
      return false;
    return llvm::all_of(def->getOperands(),
                        [&](Value operand) { return computable(operand); });
  }

  Operation *nest;
  llvm::DenseMap<Value, bool> known;
  llvm::SetVector<scf::ForOp> fors;
};

/// Whether the check may climb from inside `op` to `op`: the operations
/// between a thread loop and its block loop that are copied whole.
bool canClimbTo(Operation *op) {
  if (auto loop = dyn_cast<scf::ParallelOp>(op))
    return isThreadLoop(loop);
  return isa<scf::ForOp, scf::IfOp>(op);
}

unsigned countOps(Operation *op) {
  unsigned count = 0;
  op->walk([&](Operation *) { ++count; });
  return count;
}

/// The conjunction of `condition` over the iterations of `loops` (outermost
/// first), built at `b`: a nest of `scf.for`s that AND it into a flag.
Value buildConjunction(OpBuilder &b, Location loc, const ConditionSlice &slice,
                       Value condition, ArrayRef<scf::ForOp> loops,
                       IRMapping &mapping) {
  if (loops.empty())
    return slice.materialize(b, condition, mapping);
  scf::ForOp loop = loops.front();
  Value lb = slice.materialize(b, loop.getLowerBound(), mapping);
  Value ub = slice.materialize(b, loop.getUpperBound(), mapping);
  Value step = slice.materialize(b, loop.getStep(), mapping);
  Value allTrue = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  auto all = scf::ForOp::create(
      b, loc, lb, ub, step, ValueRange{allTrue},
      [&](OpBuilder &nb, Location nloc, Value iv, ValueRange acc) {
        mapping.map(loop.getInductionVar(), iv);
        Value here = buildConjunction(nb, nloc, slice, condition,
                                      loops.drop_front(), mapping);
        Value both = arith::AndIOp::create(nb, nloc, acc[0], here);
        scf::YieldOp::create(nb, nloc, both);
      });
  return all.getResult(0);
}

/// The largest nest around `version` in front of which its condition can be
/// computed, or null when the check stays where it is.
Operation *targetNest(scf::IfOp version, unsigned maxOps) {
  Value condition = version.getCondition();
  // The ops the check may climb to, innermost first, as long as the
  // condition stays computable in front of them.
  SmallVector<Operation *> nests;
  for (Operation *op = version->getParentOp(); op && canClimbTo(op);
       op = op->getParentOp()) {
    ConditionSlice slice(op);
    if (!slice.computable(condition) || countOps(op) > maxOps)
      break;
    nests.push_back(op);
  }
  // The outermost without results (those would need forwarding out of the
  // new if) that has a loop in it.
  Operation *nest = nullptr;
  bool crossesLoop = false;
  for (Operation *op : nests) {
    crossesLoop |= isa<scf::ForOp, scf::ParallelOp>(op);
    if (crossesLoop && op->getNumResults() == 0)
      nest = op;
  }
  return nest;
}

/// Versions `nest` on the conjunction of the `versions`' conditions over
/// the nest's iterations; in the copy for when it holds, their conditions
/// are true. The checks left in the original nest are not hoisted again, so
/// that a nest is copied once however many checks it holds.
void hoistChecks(Operation *nest, ArrayRef<scf::IfOp> versions) {
  Location loc = versions.front()->getLoc();
  OpBuilder b(nest);
  Value all;
  for (scf::IfOp version : versions) {
    ConditionSlice slice(nest);
    (void)slice.computable(version.getCondition());
    IRMapping conditionMapping;
    Value holds =
        buildConjunction(b, loc, slice, version.getCondition(),
                         slice.quantifiedLoops(), conditionMapping);
    all = all ? arith::AndIOp::create(b, loc, all, holds).getResult() : holds;
  }
  IRMapping mapping;
  versionOn(b, loc, nest, all, mapping);
  for (scf::IfOp version : versions) {
    auto copy = cast<scf::IfOp>(mapping.lookup(version.getOperation()));
    OpBuilder cb(copy);
    // The canonicalizer keeps the then branch.
    Value isTrue = arith::ConstantOp::create(cb, loc, cb.getBoolAttr(true));
    copy.getConditionMutable().assign(isTrue);
    copy->removeAttr(kVersionAttr);
  }
  nest->walk([](scf::IfOp ifOp) { ifOp->removeAttr(kVersionAttr); });
}

/// Where a remark about `version` points: the guard that its copy goes
/// without (the first `if` of the original), or else the version itself.
Location guardLoc(scf::IfOp version) {
  Location loc = version->getLoc();
  version.getElseRegion().walk([&](scf::IfOp guard) {
    loc = guard->getLoc();
    return WalkResult::interrupt();
  });
  return loc;
}

/// The loops from `op` out to `nest`, `nest` included.
unsigned loopsBetween(Operation *op, Operation *nest) {
  unsigned count = 0;
  for (Operation *cur = op->getParentOp(); cur; cur = cur->getParentOp()) {
    count += isa<scf::ForOp, scf::ParallelOp>(cur);
    if (cur == nest)
      break;
  }
  return count;
}

struct HoistVersionChecksPass
    : public cucpu::impl::HoistVersionChecksBase<HoistVersionChecksPass> {
  using HoistVersionChecksBase::HoistVersionChecksBase;

  void runOnOperation() override {
    // Each round versions one nest. Checks inside its copy that climb to
    // smaller nests are left to later rounds; the rounds are bounded, as
    // each copies code.
    constexpr unsigned kMaxRounds = 16;
    for (unsigned round = 0; round < kMaxRounds; ++round) {
      SmallVector<std::pair<scf::IfOp, Operation *>> candidates;
      getOperation().walk([&](scf::IfOp ifOp) {
        if (!ifOp->hasAttr(kVersionAttr))
          return;
        if (Operation *nest = targetNest(ifOp, maxOps))
          candidates.push_back({ifOp, nest});
        else
          ifOp->removeAttr(kVersionAttr);
      });
      if (candidates.empty())
        return;
      Operation *nest = candidates.front().second;
      for (auto [version, candidate] : candidates)
        if (candidate->isProperAncestor(nest))
          nest = candidate;
      SmallVector<scf::IfOp> versions;
      for (auto [version, candidate] : candidates)
        if (candidate == nest)
          versions.push_back(version);
      hoistChecks(nest, versions);
      if (remarks)
        for (scf::IfOp version : versions)
          emitRemark(guardLoc(version))
              << "cucpu: check for the copy without this guard's comparisons "
                 "made once for the "
              << loopsBetween(version, nest) << " loop(s) around it";
    }
  }
};

} // namespace
