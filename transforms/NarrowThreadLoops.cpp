//===- NarrowThreadLoops.cpp - Guards on the thread index become bounds ---===//
//
// CUDA code guards most of its work with comparisons of the thread's index
// (`if (i < n)` with i = blockIdx.x * blockDim.x + threadIdx.x, `if (tx ==
// 0)`, `if (tx > s && tx < 15 - s)`). Once a block's threads are a serial
// loop, such a guard makes every iteration conditional, and LLVM vectorizes
// the loop with masked loads and stores (slow, and on some CPUs very slow) or
// not at all. When the guarded `scf.if` is the only operation of the thread
// loop with effects, the iterations whose guard is false do nothing
// observable: the loop's bounds can be narrowed to the threads whose
// comparisons hold, and the comparisons become true.
//
// The index expression is followed through additions of values that are the
// same for all threads and through casts; the bounds are computed in 64 bits.
// Where an addition or a cast could wrap for some thread (unsigned
// arithmetic, a narrowing cast), the narrowed loop runs only when a check
// before it proves that it does not; otherwise the original loop runs.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "dialect/ThreadAnalysis.h"
#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Transforms/RegionUtils.h"

namespace cucpu {
#define GEN_PASS_DEF_NARROWTHREADLOOPS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

using arith::CmpIPredicate;

/// The predicate of the same comparison with its operands swapped.
CmpIPredicate swapOperands(CmpIPredicate pred) {
  switch (pred) {
  case CmpIPredicate::slt:
    return CmpIPredicate::sgt;
  case CmpIPredicate::sle:
    return CmpIPredicate::sge;
  case CmpIPredicate::sgt:
    return CmpIPredicate::slt;
  case CmpIPredicate::sge:
    return CmpIPredicate::sle;
  case CmpIPredicate::ult:
    return CmpIPredicate::ugt;
  case CmpIPredicate::ule:
    return CmpIPredicate::uge;
  case CmpIPredicate::ugt:
    return CmpIPredicate::ult;
  case CmpIPredicate::uge:
    return CmpIPredicate::ule;
  case CmpIPredicate::eq:
  case CmpIPredicate::ne:
    return pred;
  }
  llvm_unreachable("unknown predicate");
}

/// `v` (an index or a signed integer) as i64.
Value toI64(OpBuilder &b, Location loc, Value v) {
  Type i64 = b.getI64Type();
  if (v.getType() == i64)
    return v;
  if (isa<IndexType>(v.getType()))
    return arith::IndexCastOp::create(b, loc, i64, v);
  return arith::ExtSIOp::create(b, loc, i64, v);
}

Value i64Constant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
}

/// The largest upper bound of a loop whose every index keeps its value when
/// cast to a signed integer of `width` bits: 2^(width-1).
int64_t castLimit(unsigned width) {
  return width >= 64 ? std::numeric_limits<int64_t>::max()
                     : int64_t(1) << (width - 1);
}

/// A memo of parallel LICM (`if (!computed) { v = work; computed = true }`)
/// sits where the threads needed its value: under their guard, which
/// narrowing has just turned into bounds. Every iteration of the narrowed
/// loop now needs it, so when the loop runs at all the memo can be read
/// once before it; in the loop the check of the flag was what kept LLVM
/// from vectorizing (normalize's `out[i] = in[i] / sum(in, n)`).
void computeMemosBefore(scf::ParallelOp loop, ArrayRef<Value> lower,
                        ArrayRef<Value> upper) {
  auto definedOutside = [&](Value v) { return loop.isDefinedOutsideOfLoop(v); };
  // The guard whose comparisons all became bounds is now `if (true)`: its
  // work is the loop's.
  for (Operation &op :
       llvm::make_early_inc_range(loop.getBody()->without_terminator())) {
    auto guard = dyn_cast<scf::IfOp>(op);
    if (!guard || guard.getNumResults() != 0 || guard.elseBlock() ||
        !matchPattern(guard.getCondition(), m_One()))
      continue;
    guard.thenBlock()->getTerminator()->erase();
    loop.getBody()->getOperations().splice(
        guard->getIterator(), guard.thenBlock()->getOperations());
    guard.erase();
  }
  for (Operation &op :
       llvm::make_early_inc_range(loop.getBody()->without_terminator())) {
    auto memo = dyn_cast<scf::IfOp>(op);
    if (!memo || memo.getNumResults() == 0)
      continue;
    auto flag = memo.getCondition().getDefiningOp<LLVM::LoadOp>();
    if (!flag || flag->getBlock() != loop.getBody() || !flag->hasOneUse() ||
        !definedOutside(flag.getAddr()))
      continue;
    auto flagAlloca = flag.getAddr().getDefiningOp<LLVM::AllocaOp>();
    if (!flagAlloca || !flagAlloca->hasAttr(kMemoAttr))
      continue;
    SetVector<Value> used;
    getUsedValuesDefinedAbove(memo->getRegions(), used);
    if (!llvm::all_of(used, definedOutside))
      continue;
    OpBuilder b(loop);
    Location loc = memo.getLoc();
    Value runs = hasIterations(b, loc, lower, upper);
    auto guard = scf::IfOp::create(b, loc, memo.getResultTypes(), runs,
                                   /*withElseRegion=*/true);
    OpBuilder tb = guard.getThenBodyBuilder();
    flag->moveBefore(tb.getInsertionBlock(), tb.getInsertionPoint());
    memo->moveAfter(flag);
    scf::YieldOp::create(tb, loc, memo.getResults());
    // An empty loop uses nothing: any value will do.
    OpBuilder eb = guard.getElseBodyBuilder();
    SmallVector<Value> unused;
    for (Type type : memo.getResultTypes())
      unused.push_back(LLVM::PoisonOp::create(eb, loc, type));
    scf::YieldOp::create(eb, loc, unused);
    memo->replaceUsesWithIf(guard.getResults(), [&](OpOperand &use) {
      return loop->isAncestor(use.getOwner());
    });
  }
}

/// Builds the bound computations and the no-wrap checks of one thread loop,
/// before it.
class Narrowing {
public:
  /// Which comparisons narrowBy takes: all, all but those of x other than
  /// equalities (those stay masks in short rows), or only those.
  enum class Take { All, AllButMaskedX, OnlyMaskedX };

  Narrowing(scf::ParallelOp loop, Take take)
      : loop(loop), take(take), facts(loop), b(loop), loc(loop.getLoc()),
        i64(b.getI64Type()) {
    for (auto [lb, ub] : llvm::zip(loop.getLowerBound(), loop.getUpperBound())) {
      lower.push_back(toI64(lb));
      upper.push_back(toI64(ub));
    }
    originalLower = lower;
    originalUpper = upper;
  }

  /// Tries to turn `cmp` (true for the threads that do the work) into bounds;
  /// returns whether it did.
  bool narrowBy(arith::CmpIOp cmp, bool negated);

  /// Whether some comparison narrowed the loop.
  bool changed() const { return !narrowed.empty(); }
  /// How many comparisons of x stayed in the guard for AllButMaskedX.
  unsigned maskedCount() const { return masked; }
  ArrayRef<Operation *> narrowedComparisons() const { return narrowed; }

  /// Replaces the loop by `if (checks) { narrowed copy } else { loop }`.
  void rewrite(ArrayRef<std::pair<Operation *, bool>> replaced);

  /// Replaces the loop by `if (checks && the comparisons hold for every
  /// thread) { copy } else { loop }`: the copy keeps its bounds.
  void versionWhereAllHold(ArrayRef<std::pair<Operation *, bool>> replaced);

private:
  /// The thread index `x` (of dimension `dim`) that `v` is `offset + x` of,
  /// for every thread of the loop, as a signed value of its type.
  struct Affine {
    unsigned dim;
    Value offset; // i64
  };
  std::optional<Affine> asAffine(Value v);

  Value toI64(Value index) {
    return arith::IndexCastOp::create(b, loc, i64, index);
  }
  Value constant(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  }
  /// `value` of integer type widened to i64, signed or unsigned.
  Value widen(Value value, bool isSigned) {
    auto type = cast<IntegerType>(value.getType());
    if (type.getWidth() == 64)
      return value;
    if (isSigned)
      return arith::ExtSIOp::create(b, loc, i64, value);
    return arith::ExtUIOp::create(b, loc, i64, value);
  }
  /// Adds the check that offset + x stays within [min, max] for every x of
  /// dimension `dim` (in i64; offsets are kept far from the i64 limits).
  void requireRange(unsigned dim, Value offset, int64_t min, int64_t max) {
    Value first = arith::AddIOp::create(b, loc, offset, originalLower[dim]);
    Value last = arith::AddIOp::create(
        b, loc, arith::AddIOp::create(b, loc, offset, originalUpper[dim]),
        constant(-1));
    checks.push_back(
        arith::CmpIOp::create(b, loc, CmpIPredicate::sge, first, constant(min)));
    checks.push_back(
        arith::CmpIOp::create(b, loc, CmpIPredicate::sle, last, constant(max)));
  }
  /// Adds the check that `v` (i64) lies well inside the i64 range, so that
  /// the bound arithmetic on it cannot overflow.
  void requireModerate(Value v) {
    constexpr int64_t kLimit = int64_t(1) << 60;
    checks.push_back(
        arith::CmpIOp::create(b, loc, CmpIPredicate::sge, v, constant(-kLimit)));
    checks.push_back(
        arith::CmpIOp::create(b, loc, CmpIPredicate::sle, v, constant(kLimit)));
  }
  bool isInvariant(Value v) {
    return !loop->isAncestor(v.getParentRegion()->getParentOp());
  }
  /// The conjunction of the no-wrap checks, built before the loop.
  Value checksHold();
  /// `if (condition) { copy of the loop with `bounds` } else { loop }`, the
  /// `replaced` comparisons constants in the copy; returns the copy. With
  /// `rareFallback`, the original runs only in unusual launches
  /// (kRareFallbackAttr).
  scf::ParallelOp cloneUnder(Value condition, ValueRange newLower,
                             ValueRange newUpper,
                             ArrayRef<std::pair<Operation *, bool>> replaced,
                             bool rareFallback);

  scf::ParallelOp loop;
  Take take;
  /// Which thread index a comparison tests: ThreadAnalysis's facts of the
  /// loop (asAffine only builds the offset and the no-wrap checks).
  ThreadFactsInLoop facts;
  OpBuilder b;
  Location loc;
  Type i64;
  SmallVector<Value> lower, upper, originalLower, originalUpper;
  SmallVector<Value> checks;
  /// Additions without nsw that `checks` show not to wrap, with the number
  /// of checks when each was added (a comparison dropped drops them too).
  SmallVector<std::pair<Operation *, size_t>> provenNoWrap;
  SmallVector<Operation *> narrowed;
  unsigned masked = 0;
};

std::optional<Narrowing::Affine> Narrowing::asAffine(Value v) {
  for (auto [dim, iv] : llvm::enumerate(loop.getInductionVars()))
    if (v == iv)
      return Affine{static_cast<unsigned>(dim), constant(0)};
  Operation *def = v.getDefiningOp();
  if (!def || !loop->isAncestor(def))
    return std::nullopt;
  // index -> iN: the value is kept if it fits in iN.
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(def)) {
    Value source = def->getOperand(0);
    auto type = dyn_cast<IntegerType>(v.getType());
    if (!isa<IndexType>(source.getType()) || !type)
      return std::nullopt;
    std::optional<Affine> inner = asAffine(source);
    if (!inner)
      return std::nullopt;
    unsigned width = type.getWidth();
    if (width < 64) {
      if (width < 2)
        return std::nullopt;
      requireRange(inner->dim, inner->offset, -(int64_t(1) << (width - 1)),
                   (int64_t(1) << (width - 1)) - 1);
    }
    return inner;
  }
  if (auto ext = dyn_cast<arith::ExtSIOp>(def))
    return asAffine(ext.getIn());
  if (auto ext = dyn_cast<arith::ExtUIOp>(def)) {
    std::optional<Affine> inner = asAffine(ext.getIn());
    if (!inner)
      return std::nullopt;
    // A negative value would become a large one.
    requireRange(inner->dim, inner->offset, 0,
                 std::numeric_limits<int64_t>::max() / 2);
    return inner;
  }
  auto add = dyn_cast<arith::AddIOp>(def);
  auto sub = dyn_cast<arith::SubIOp>(def);
  if (!add && !sub)
    return std::nullopt;
  Value lhs = def->getOperand(0), rhs = def->getOperand(1);
  Value varying, invariant;
  if (isInvariant(rhs)) {
    varying = lhs;
    invariant = rhs;
  } else if (add && isInvariant(lhs)) {
    varying = rhs;
    invariant = lhs;
  } else {
    return std::nullopt;
  }
  auto type = dyn_cast<IntegerType>(v.getType());
  if (!type)
    return std::nullopt;
  std::optional<Affine> inner = asAffine(varying);
  if (!inner)
    return std::nullopt;
  Value term = widen(invariant, /*isSigned=*/true);
  requireModerate(term);
  Value offset = add ? Value(arith::AddIOp::create(b, loc, inner->offset, term))
                     : Value(arith::SubIOp::create(b, loc, inner->offset, term));
  unsigned width = type.getWidth();
  bool nsw =
      cast<arith::ArithIntegerOverflowFlagsInterface>(def).hasNoSignedWrap();
  // Signed arithmetic of C (nsw) does not wrap; other additions must be
  // shown not to for this launch.
  if (!nsw) {
    if (width >= 64 || width < 2)
      return std::nullopt;
    requireRange(inner->dim, offset, -(int64_t(1) << (width - 1)),
                 (int64_t(1) << (width - 1)) - 1);
    provenNoWrap.push_back({def, checks.size()});
  }
  return Affine{inner->dim, offset};
}

bool Narrowing::narrowBy(arith::CmpIOp cmp, bool negated) {
  CmpIPredicate pred = cmp.getPredicate();
  Value lhs = cmp.getLhs(), rhs = cmp.getRhs();
  if (!isa<IntegerType>(lhs.getType()))
    return false;
  if (!isInvariant(rhs)) {
    if (!isInvariant(lhs))
      return false;
    std::swap(lhs, rhs);
    pred = swapOperands(pred);
  }
  if (negated)
    pred = arith::invertPredicate(pred);
  if (pred == CmpIPredicate::ne)
    return false;
  bool isUnsigned = pred == CmpIPredicate::ult || pred == CmpIPredicate::ule ||
                    pred == CmpIPredicate::ugt || pred == CmpIPredicate::uge;
  unsigned width = cast<IntegerType>(lhs.getType()).getWidth();
  if (isUnsigned && width >= 64)
    return false;

  OpBuilder::InsertionGuard guard(b);
  // Work on a copy of the checks: a comparison that cannot be used must not
  // leave its checks behind.
  size_t checkCount = checks.size();
  auto dropChecks = [&] {
    checks.resize(checkCount);
    while (!provenNoWrap.empty() && provenNoWrap.back().second > checkCount)
      provenNoWrap.pop_back();
  };
  // `offset + x`: one thread index with stride 1, the same offset in every
  // thread, read from no memory that varies between threads.
  ThreadFacts lhsFacts = facts.facts(lhs);
  std::optional<unsigned> dim = lhsFacts.soleThreadDimension();
  if (!dim || lhsFacts.getStride(*dim) != 1 || !lhsFacts.isIndexFunction()) {
    dropChecks();
    return false;
  }
  std::optional<Affine> affine = asAffine(lhs);
  if (!affine || affine->dim != *dim) {
    dropChecks();
    return false;
  }
  bool maskedX = affine->dim == 0 && pred != CmpIPredicate::eq;
  if (take == Take::AllButMaskedX && maskedX) {
    dropChecks();
    ++masked;
    return false;
  }
  if (take == Take::OnlyMaskedX && !maskedX) {
    dropChecks();
    return false;
  }
  if (isUnsigned)
    requireRange(affine->dim, affine->offset, 0,
                 std::numeric_limits<int64_t>::max() / 2);
  Value bound = widen(rhs, /*isSigned=*/!isUnsigned);
  // offset + x (pred) bound  <=>  x (pred) bound - offset.
  Value limit = arith::SubIOp::create(b, loc, bound, affine->offset);
  Value one = constant(1);
  unsigned d = affine->dim;
  auto raiseLower = [&](Value v) {
    lower[d] = arith::MaxSIOp::create(b, loc, lower[d], v);
  };
  auto cutUpper = [&](Value v) {
    upper[d] = arith::MinSIOp::create(b, loc, upper[d], v);
  };
  switch (pred) {
  case CmpIPredicate::slt:
  case CmpIPredicate::ult:
    cutUpper(limit);
    break;
  case CmpIPredicate::sle:
  case CmpIPredicate::ule:
    cutUpper(arith::AddIOp::create(b, loc, limit, one));
    break;
  case CmpIPredicate::sgt:
  case CmpIPredicate::ugt:
    raiseLower(arith::AddIOp::create(b, loc, limit, one));
    break;
  case CmpIPredicate::sge:
  case CmpIPredicate::uge:
    raiseLower(limit);
    break;
  case CmpIPredicate::eq:
    raiseLower(limit);
    cutUpper(arith::AddIOp::create(b, loc, limit, one));
    break;
  case CmpIPredicate::ne:
    llvm_unreachable("not narrowed");
  }
  narrowed.push_back(cmp);
  return true;
}

Value Narrowing::checksHold() {
  Value ok = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  for (Value check : checks)
    ok = arith::AndIOp::create(b, loc, ok, check);
  return ok;
}

void Narrowing::rewrite(ArrayRef<std::pair<Operation *, bool>> replaced) {
  Value ok = checksHold();
  SmallVector<Value> newLower, newUpper;
  for (auto [lo, hi] : llvm::zip(lower, upper)) {
    // An empty range stays empty: the upper bound is at least the lower.
    Value hiClamped = arith::MaxSIOp::create(b, loc, hi, lo);
    newLower.push_back(
        arith::IndexCastOp::create(b, loc, b.getIndexType(), lo));
    newUpper.push_back(
        arith::IndexCastOp::create(b, loc, b.getIndexType(), hiClamped));
  }
  // The original runs only where the checks fail: index arithmetic that
  // would wrap.
  scf::ParallelOp narrowedLoop =
      cloneUnder(ok, newLower, newUpper, replaced, /*rareFallback=*/true);
  computeMemosBefore(narrowedLoop, newLower, newUpper);
}

scf::ParallelOp
Narrowing::cloneUnder(Value condition, ValueRange newLower,
                      ValueRange newUpper,
                      ArrayRef<std::pair<Operation *, bool>> replaced,
                      bool rareFallback) {
  IRMapping mapping;
  auto copyLoop =
      cast<scf::ParallelOp>(versionOn(b, loc, loop, condition, mapping));
  copyLoop.getLowerBoundMutable().assign(newLower);
  copyLoop.getUpperBoundMutable().assign(newUpper);
  copyLoop->getParentOp()->setAttr(kVersionAttr, b.getUnitAttr());
  if (rareFallback)
    copyLoop->getParentOp()->setAttr(kRareFallbackAttr, b.getUnitAttr());
  // The checks hold in the copy: the additions they cover do not wrap, and
  // with nsw LLVM computes their addresses without checking for wrap itself.
  for (auto [op, _] : provenNoWrap) {
    Operation *copy = mapping.lookup(op);
    auto iface = cast<arith::ArithIntegerOverflowFlagsInterface>(copy);
    arith::IntegerOverflowFlags flags = iface.getOverflowAttr().getValue() |
                                        arith::IntegerOverflowFlags::nsw;
    copy->setAttr(iface.getIntegerOverflowAttrName(),
                  arith::IntegerOverflowFlagsAttr::get(copy->getContext(),
                                                       flags));
  }
  // Inside the copy the comparisons hold.
  for (auto [op, negated] : replaced) {
    Operation *copy = mapping.lookup(op);
    OpBuilder cb(copy);
    Value value = arith::ConstantOp::create(cb, copy->getLoc(),
                                            cb.getBoolAttr(!negated));
    copy->getResult(0).replaceAllUsesWith(value);
    copy->erase();
  }
  return copyLoop;
}

void Narrowing::versionWhereAllHold(
    ArrayRef<std::pair<Operation *, bool>> replaced) {
  Value ok = checksHold();
  // Every thread's comparisons hold when narrowing would keep every thread.
  for (auto [lo, hi, originalLo, originalHi] :
       llvm::zip(lower, upper, originalLower, originalUpper)) {
    ok = arith::AndIOp::create(
        b, loc, ok,
        arith::CmpIOp::create(b, loc, CmpIPredicate::eq, lo, originalLo));
    ok = arith::AndIOp::create(
        b, loc, ok,
        arith::CmpIOp::create(b, loc, CmpIPredicate::eq, hi, originalHi));
  }
  // The original runs in the blocks where some thread's comparison fails
  // (the grid's last block): not rare enough to compile for size.
  cloneUnder(ok, loop.getLowerBound(), loop.getUpperBound(), replaced,
             /*rareFallback=*/false);
}

/// Whether `op` (with what it contains) at most reads memory: skipping it
/// for a thread changes nothing another thread or the host can see.
bool onlyReads(Operation *op) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  return effects && llvm::all_of(*effects, [](const auto &effect) {
           return isa<MemoryEffects::Read>(effect.getEffect());
         });
}

/// The comparisons that must all hold for `condition` to be true: the
/// operands of `and`s and of short-circuit `&&`s (an `scf.if` that only reads
/// and yields false in its else branch). Each comes with whether it is
/// negated (`!(a >= b)`, an early return's flag).
void conjuncts(Value condition, scf::ParallelOp loop,
               SmallVectorImpl<std::pair<arith::CmpIOp, bool>> &out,
               bool negated = false) {
  Operation *def = condition.getDefiningOp();
  if (!def || !loop->isAncestor(def))
    return;
  if (auto cmp = dyn_cast<arith::CmpIOp>(def)) {
    out.push_back({cmp, negated});
    return;
  }
  if (auto xorOp = dyn_cast<arith::XOrIOp>(def)) {
    if (matchPattern(xorOp.getRhs(), m_One()))
      conjuncts(xorOp.getLhs(), loop, out, !negated);
    return;
  }
  // !(a || b) is !a && !b: the early return `if (x >= nx || y >= ny)
  // return;` guards the rest with the negation of a disjunction.
  if (negated) {
    if (auto orOp = dyn_cast<arith::OrIOp>(def)) {
      conjuncts(orOp.getLhs(), loop, out, /*negated=*/true);
      conjuncts(orOp.getRhs(), loop, out, /*negated=*/true);
    } else if (auto select = dyn_cast<arith::SelectOp>(def)) {
      if (matchPattern(select.getTrueValue(), m_One())) {
        conjuncts(select.getCondition(), loop, out, /*negated=*/true);
        conjuncts(select.getFalseValue(), loop, out, /*negated=*/true);
      }
    }
    return;
  }
  if (auto andOp = dyn_cast<arith::AndIOp>(def)) {
    conjuncts(andOp.getLhs(), loop, out);
    conjuncts(andOp.getRhs(), loop, out);
    return;
  }
  if (auto select = dyn_cast<arith::SelectOp>(def)) {
    if (matchPattern(select.getFalseValue(), m_Zero())) {
      conjuncts(select.getCondition(), loop, out);
      conjuncts(select.getTrueValue(), loop, out);
    }
    return;
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    if (ifOp.getNumResults() != 1 || !ifOp.elseBlock() || !onlyReads(ifOp))
      return;
    auto elseYield = cast<scf::YieldOp>(ifOp.elseBlock()->getTerminator());
    if (!matchPattern(elseYield.getOperand(0), m_Zero()))
      return;
    conjuncts(ifOp.getCondition(), loop, out);
    conjuncts(ifOp.thenYield().getOperand(0), loop, out);
  }
}

/// The single operation of `loop`'s body that does more than read memory, if
/// it is an `scf.if` without results whose else branch is empty: the guarded
/// work.
scf::IfOp guardedWork(scf::ParallelOp loop) {
  return soleGuard(loop, [](Operation &op) { return onlyReads(&op); });
}

/// The part of a comparison `x + b (pred) c` that narrowing by a bound
/// depending on the other thread indices needs: x is the innermost thread
/// index (dimension 0) cast to a signed integer, b and c do not depend on x.
struct InnerComparison {
  arith::CmpIOp cmp;
  CmpIPredicate pred; // with x's side on the left, negation applied
  Value offset;       // b, or null
  Value bound;        // c
  unsigned width;     // of the cast of x
  bool negated;       // the guard needs the comparison to be false
};

/// Whether `v` is computed in `loop` without effects from the other thread
/// indices and from values defined before the loop: it can be computed
/// again in a loop over the other indices.
bool computableWithoutInner(Value v, scf::ParallelOp loop) {
  Value x = loop.getInductionVars()[0];
  if (v == x)
    return false;
  if (llvm::is_contained(loop.getInductionVars(), v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def)
    return !loop->isAncestor(v.getParentRegion()->getParentOp());
  if (!loop->isAncestor(def))
    return true;
  return def->getNumRegions() == 0 && isSafeToSpeculate(def) &&
         llvm::all_of(def->getOperands(), [&](Value o) {
           return computableWithoutInner(o, loop);
         });
}

std::optional<InnerComparison> matchInnerComparison(arith::CmpIOp cmp,
                                                    bool negated,
                                                    scf::ParallelOp loop) {
  Value x = loop.getInductionVars()[0];
  CmpIPredicate pred = cmp.getPredicate();
  Value lhs = cmp.getLhs(), rhs = cmp.getRhs();
  if (!dependsOn(lhs, x, loop)) {
    std::swap(lhs, rhs);
    pred = swapOperands(pred);
  }
  if (negated)
    pred = arith::invertPredicate(pred);
  if (pred != CmpIPredicate::slt && pred != CmpIPredicate::sle &&
      pred != CmpIPredicate::sgt && pred != CmpIPredicate::sge &&
      pred != CmpIPredicate::eq)
    return std::nullopt;
  if (!computableWithoutInner(rhs, loop))
    return std::nullopt;
  InnerComparison result{cmp, pred, Value(), rhs, 0, negated};
  Value varying = lhs;
  // x + b with C's signed `+` (nsw: it does not wrap).
  if (auto add = lhs.getDefiningOp<arith::AddIOp>()) {
    if (!add.hasNoSignedWrap())
      return std::nullopt;
    Value a = add.getLhs(), b = add.getRhs();
    if (!dependsOn(a, x, loop))
      std::swap(a, b);
    if (dependsOn(b, x, loop) || !computableWithoutInner(b, loop))
      return std::nullopt;
    result.offset = b;
    varying = a;
  }
  // x itself, cast to a signed integer.
  Operation *cast = varying.getDefiningOp();
  if (!cast || !isa<arith::IndexCastOp, arith::IndexCastUIOp>(cast) ||
      cast->getOperand(0) != x)
    return std::nullopt;
  auto type = dyn_cast<IntegerType>(varying.getType());
  if (!type || type.getWidth() < 2 || type.getWidth() > 64)
    return std::nullopt;
  result.width = type.getWidth();
  return result;
}

/// For `x + y == c` with y another thread index (cast to a signed integer)
/// and c the same for all threads, the y for which some x of [lo, hi)
/// matches: y in [c - hi + 1, c - lo + 1). Restricts y's bounds in `lbs` /
/// `ubs` (those of the indices after x) to it: the diagonal of a tile has
/// min(y + 1, ...) cells, not one per y. Each y kept still tests its x.
void narrowOuterByEquality(OpBuilder &b, scf::ParallelOp loop,
                           InnerComparison match,
                           SmallVectorImpl<Value> &lbs,
                           SmallVectorImpl<Value> &ubs) {
  if (match.pred != CmpIPredicate::eq || !match.offset ||
      !loop.isDefinedOutsideOfLoop(match.bound))
    return;
  Operation *cast = match.offset.getDefiningOp();
  if (!cast || !isa<arith::IndexCastOp, arith::IndexCastUIOp>(cast))
    return;
  auto ivs = loop.getInductionVars();
  auto it = llvm::find(ivs, cast->getOperand(0));
  if (it == ivs.end() || it == ivs.begin())
    return;
  unsigned k = std::distance(ivs.begin(), it) - 1;
  auto type = dyn_cast<IntegerType>(match.offset.getType());
  if (!type || type.getWidth() < 2 || type.getWidth() > 64)
    return;
  Location loc = loop.getLoc();
  Value c = toI64(b, loc, match.bound);
  Value one = i64Constant(b, loc, 1);
  Value xLo = toI64(b, loc, loop.getLowerBound()[0]);
  Value xHi = toI64(b, loc, loop.getUpperBound()[0]);
  Value yLo = toI64(b, loc, lbs[k]), yHi = toI64(b, loc, ubs[k]);
  // y is its cast only below 2^(width-1); otherwise the bounds stay.
  Value fits =
      arith::CmpIOp::create(b, loc, CmpIPredicate::sle, yHi,
                            i64Constant(b, loc, castLimit(type.getWidth())));
  // c is a 32-bit (or narrower) value widened, and the bounds come from
  // index casts of launch sizes: far from the i64 limits.
  Value first = arith::AddIOp::create(
      b, loc, arith::SubIOp::create(b, loc, c, xHi), one);
  Value last = arith::AddIOp::create(
      b, loc, arith::SubIOp::create(b, loc, c, xLo), one);
  Value newLo = arith::MaxSIOp::create(b, loc, yLo, first);
  Value newHi = arith::MinSIOp::create(b, loc, yHi, last);
  newHi = arith::MaxSIOp::create(b, loc, newHi, newLo);
  newLo = arith::SelectOp::create(b, loc, fits, newLo, yLo);
  newHi = arith::SelectOp::create(b, loc, fits, newHi, yHi);
  lbs[k] = arith::IndexCastOp::create(b, loc, b.getIndexType(), newLo);
  ubs[k] = arith::IndexCastOp::create(b, loc, b.getIndexType(), newHi);
}

/// For a guard whose comparison bounds the innermost thread index by values
/// of the other thread indices (`if (tx + ty == diag)`, a sweep over a
/// tile's anti-diagonal), runs the innermost index over the threads whose
/// comparison holds, computed per value of the others:
///
///   if (checks) { threads (y...) { for x in [lo(y), hi(y)) { work } } }
///   else { the original loop }
///
/// `checks` prove that x fits its cast; with nsw the addition does not wrap.
bool narrowInnerByOuter(scf::ParallelOp loop, scf::IfOp guard,
                        ArrayRef<std::pair<arith::CmpIOp, bool>> comparisons,
                        bool remarks) {
  if (loop.getNumLoops() < 2)
    return false;
  std::optional<InnerComparison> match;
  for (auto [cmp, negated] : comparisons)
    if ((match = matchInnerComparison(cmp, negated, loop)))
      break;
  if (!match)
    return false;

  Location loc = loop.getLoc();
  OpBuilder b(loop);
  // x < 2^(width-1): the cast of every x is its value.
  Value ok = arith::CmpIOp::create(
      b, loc, CmpIPredicate::sle, toI64(b, loc, loop.getUpperBound()[0]),
      i64Constant(b, loc, castLimit(match->width)));
  auto ifOp = scf::IfOp::create(b, loc, ok, /*withElseRegion=*/true);
  OpBuilder tb = ifOp.getThenBodyBuilder();
  SmallVector<Value> lbs(loop.getLowerBound().drop_front());
  SmallVector<Value> ubs(loop.getUpperBound().drop_front());
  SmallVector<Value> steps(loop.getStep().drop_front());
  narrowOuterByEquality(tb, loop, *match, lbs, ubs);
  auto outer = scf::ParallelOp::create(tb, loc, lbs, ubs, steps);
  markThreadLoop(outer);
  OpBuilder ob = OpBuilder::atBlockTerminator(outer.getBody());
  IRMapping mapping;
  for (auto [from, to] : llvm::zip(llvm::drop_begin(loop.getInductionVars()),
                                   outer.getInductionVars()))
    mapping.map(from, to);
  // The bound and the offset, computed for these outer indices.
  std::function<Value(Value)> rebuild = [&](Value v) -> Value {
    if (Value mapped = mapping.lookupOrNull(v))
      return mapped;
    Operation *def = v.getDefiningOp();
    if (!def || !loop->isAncestor(def))
      return v;
    for (Value operand : def->getOperands())
      rebuild(operand);
    return ob.clone(*def, mapping)->getResult(cast<OpResult>(v).getResultNumber());
  };
  Value limit = toI64(ob, loc, rebuild(match->bound));
  if (match->offset)
    limit = arith::SubIOp::create(ob, loc, limit,
                                  toI64(ob, loc, rebuild(match->offset)));
  Value lo = toI64(ob, loc, loop.getLowerBound()[0]);
  Value hi = toI64(ob, loc, loop.getUpperBound()[0]);
  Value one = i64Constant(ob, loc, 1);
  switch (match->pred) {
  case CmpIPredicate::slt:
    hi = arith::MinSIOp::create(ob, loc, hi, limit);
    break;
  case CmpIPredicate::sle:
    hi = arith::MinSIOp::create(ob, loc, hi,
                                arith::AddIOp::create(ob, loc, limit, one));
    break;
  case CmpIPredicate::sgt:
    lo = arith::MaxSIOp::create(ob, loc, lo,
                                arith::AddIOp::create(ob, loc, limit, one));
    break;
  case CmpIPredicate::sge:
    lo = arith::MaxSIOp::create(ob, loc, lo, limit);
    break;
  case CmpIPredicate::eq:
    lo = arith::MaxSIOp::create(ob, loc, lo, limit);
    hi = arith::MinSIOp::create(ob, loc, hi,
                                arith::AddIOp::create(ob, loc, limit, one));
    break;
  default:
    llvm_unreachable("predicate not matched");
  }
  hi = arith::MaxSIOp::create(ob, loc, hi, lo);
  Value loIndex = arith::IndexCastOp::create(ob, loc, ob.getIndexType(), lo);
  OpBuilder ib = ob;
  Value x;
  if (match->pred == CmpIPredicate::eq) {
    // At most one thread: an `if` instead of a loop of zero or one
    // iteration, whose bounds LLVM would test twice.
    Value any = arith::CmpIOp::create(ob, loc, CmpIPredicate::slt, lo, hi);
    auto single = scf::IfOp::create(ob, loc, any, /*withElseRegion=*/false);
    ib = single.getThenBodyBuilder();
    x = loIndex;
  } else {
    Value hiIndex = arith::IndexCastOp::create(ob, loc, ob.getIndexType(), hi);
    auto inner = scf::ForOp::create(ob, loc, loIndex, hiIndex,
                                    loop.getStep()[0]);
    ib = OpBuilder::atBlockTerminator(inner.getBody());
    x = inner.getInductionVar();
  }
  IRMapping bodyMapping;
  bodyMapping.map(loop.getInductionVars()[0], x);
  for (auto [from, to] : llvm::zip(llvm::drop_begin(loop.getInductionVars()),
                                   outer.getInductionVars()))
    bodyMapping.map(from, to);
  for (Operation &op : loop.getBody()->without_terminator())
    ib.clone(op, bodyMapping);
  // Inside the narrowed loop the comparison holds.
  Operation *copy = bodyMapping.lookup(match->cmp.getOperation());
  OpBuilder cb(copy);
  copy->getResult(0).replaceAllUsesWith(
      arith::ConstantOp::create(cb, loc, cb.getBoolAttr(!match->negated)));
  copy->erase();
  loop->moveBefore(ifOp.elseBlock()->getTerminator());
  if (remarks)
    guard.emitRemark() << "cucpu: innermost thread index narrowed per value "
                          "of the other thread indices";
  return true;
}

/// Copies `loop` for the blocks in which the `comparisons` that `take`
/// accepts hold for every thread (see Narrowing::versionWhereAllHold);
/// returns how many it used, 0 when it made no copy.
unsigned copyWhereAllHold(
    scf::ParallelOp loop, Narrowing::Take take,
    ArrayRef<std::pair<arith::CmpIOp, bool>> comparisons) {
  if (comparisons.empty())
    return 0;
  Narrowing narrowing(loop, take);
  SmallVector<std::pair<Operation *, bool>> replaced;
  for (auto [cmp, negated] : comparisons)
    if (narrowing.narrowBy(cmp, negated))
      replaced.push_back({cmp, negated});
  if (!narrowing.changed())
    return 0;
  narrowing.versionWhereAllHold(replaced);
  return replaced.size();
}

/// A select on a comparison of a thread index (hotspot's `left = col > 0 ?
/// tx - 1 : tx`) makes the address it feeds differ in form from thread to
/// thread, and LLVM reads through it with a gather. In most blocks the
/// comparison holds for every thread (all but the edge of the grid): the
/// loop gets a copy for those blocks in which the comparisons are true, and
/// the read becomes contiguous. Returns whether it made the copy.
bool versionBySelects(scf::ParallelOp loop, bool remarks) {
  SmallVector<std::pair<arith::CmpIOp, bool>> conditions;
  loop.walk([&](arith::SelectOp select) {
    // Only selects of indices: a select of i1 is a short-circuit `&&`,
    // which vectorizes as it is.
    if (select.getType().isInteger(1) ||
        !isa<IntegerType, IndexType>(select.getType()))
      return;
    auto cmp = select.getCondition().getDefiningOp<arith::CmpIOp>();
    std::pair<arith::CmpIOp, bool> condition = {cmp, /*negated=*/false};
    if (cmp && loop->isAncestor(cmp) &&
        !llvm::is_contained(conditions, condition))
      conditions.push_back(condition);
  });
  unsigned used = copyWhereAllHold(loop, Narrowing::Take::All, conditions);
  if (used && remarks)
    loop.emitRemark() << "cucpu: thread loop copied for the blocks in which "
                      << used << " select condition(s) hold for every thread";
  return used != 0;
}

/// Whether the work under `guard` loads from an address that does not vary
/// along the row (x), such as gaussian's `rowMult[ty]`.
bool loadsRowUniform(scf::IfOp guard, scf::ParallelOp loop) {
  ThreadFactsInLoop facts(loop);
  return guard.getThenRegion()
      .walk([&](LLVM::LoadOp load) {
        return facts.facts(load.getAddr()).getStride(0) == 0
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// In short rows the comparisons of x stay masks. Under the mask, a load
/// from an address all threads of the row share becomes a masked gather
/// (LLVM cannot speculate it out of the mask); in most blocks, though, the
/// comparisons on the grid's size (`j < n`, `col >= 0 && col < cols`) hold
/// for the whole row. Such a loop gets a copy for the blocks where every
/// thread's comparisons of x hold, in which they are true. Without such a
/// load the masks cost less than the copy's check (srad was 5% slower with
/// it). Returns whether it made the copy.
bool versionByRowGuards(scf::ParallelOp loop, bool remarks) {
  scf::IfOp guard = guardedWork(loop);
  if (!guard || !loadsRowUniform(guard, loop))
    return false;
  SmallVector<std::pair<arith::CmpIOp, bool>> comparisons;
  conjuncts(guard.getCondition(), loop, comparisons);
  unsigned used =
      copyWhereAllHold(loop, Narrowing::Take::OnlyMaskedX, comparisons);
  if (used && remarks)
    guard.emitRemark() << "cucpu: thread loop copied for the blocks in which "
                       << used << " comparison(s) of x hold for the whole row";
  return used != 0;
}

struct NarrowThreadLoopsPass
    : public cucpu::impl::NarrowThreadLoopsBase<NarrowThreadLoopsPass> {
  using NarrowThreadLoopsBase::NarrowThreadLoopsBase;
  void runOnOperation() override {
    // Thread loops too large to copy are left as they are, each named once.
    DenseSet<Operation *> tooLarge;
    auto collect = [&] {
      SmallVector<scf::ParallelOp> loops;
      getOperation().walk([&](scf::ParallelOp loop) {
        if (!isThreadLoop(loop) || loop.getNumResults() != 0 ||
            !llvm::all_of(loop.getStep(),
                          [](Value s) { return matchPattern(s, m_One()); }))
          return;
        if (tooLarge.contains(loop))
          return;
        // Code that only unusual launches run is compiled as at -O0 (see
        // MarkRareParallelRegions): a faster copy of it would never be
        // optimized, and would only double what is compiled.
        if (inRareFallback(loop))
          return;
        if (exceedsOpBudget(loop, maxOps)) {
          tooLarge.insert(loop);
          if (remarksMissed)
            loop.emitRemark() << "cucpu: thread loop not versioned: it has "
                                 "more than "
                              << static_cast<unsigned>(maxOps) << " operations";
          return;
        }
        loops.push_back(loop);
      });
      return loops;
    };
    if (versionSelects) {
      for (scf::ParallelOp loop : collect())
        versionBySelects(loop, remarks);
    }
    if (versionRows) {
      for (scf::ParallelOp loop : collect())
        if (launchedWithShortRows(loop, maskRowsUpTo)) {
          moveLoopInvariantCode(
              cast<LoopLikeOpInterface>(loop.getOperation()));
          versionByRowGuards(loop, remarks);
        }
    }
    for (scf::ParallelOp loop : collect()) {
      scf::IfOp guard = guardedWork(loop);
      if (!guard)
        continue;
      // A bound computed in the loop from values all threads share (`tx <
      // 15 - s`) is computed before it, where the comparison can use it.
      moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
      SmallVector<std::pair<arith::CmpIOp, bool>> comparisons;
      conjuncts(guard.getCondition(), loop, comparisons);
      if (comparisons.empty())
        continue;
      // Narrowed by a comparison of x, a short row (`tx > s && tx < 15 - s`
      // in a block of 16) is one vector and a scalar remainder of a few
      // iterations, with the trip-count checks of both; kept whole, it is a
      // vector or two of masked operations.
      bool keepXMasked = launchedWithShortRows(loop, maskRowsUpTo);
      Narrowing narrowing(loop, keepXMasked ? Narrowing::Take::AllButMaskedX
                                            : Narrowing::Take::All);
      SmallVector<std::pair<Operation *, bool>> replaced;
      for (auto [cmp, negated] : comparisons)
        if (narrowing.narrowBy(cmp, negated))
          replaced.push_back({cmp, negated});
      auto remarkMasked = [&] {
        if (remarks && narrowing.maskedCount())
          guard.emitRemark() << "cucpu: " << narrowing.maskedCount()
                             << " comparison(s) of x kept as a mask: the "
                                "kernel's launches have at most "
                             << static_cast<int64_t>(maskRowsUpTo)
                             << " threads along x";
      };
      if (!narrowing.changed()) {
        // Short rows or not, a 2D loop that only comparisons of x guard
        // (lud's `if (tx > k)`: rows of 15 threads down to 1) was faster
        // narrowed than masked.
        if (!narrowInnerByOuter(loop, guard, comparisons, remarks))
          remarkMasked();
        continue;
      }
      remarkMasked();
      if (remarks)
        guard.emitRemark()
            << "cucpu: thread loop narrowed to the threads whose "
            << replaced.size() << " index comparison(s) hold";
      narrowing.rewrite(replaced);
    }
  }
};

} // namespace
