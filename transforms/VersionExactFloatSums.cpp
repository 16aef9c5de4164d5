//===- VersionExactFloatSums.cpp - Strict float sums that need no order ---===//
//
// A loop that adds the floats of an array in order, `s = s + a[i]`, is a
// chain of dependent additions: CUDA code that makes each thread sum an
// array (the paper's normalize) runs it at the adder's latency, and its
// result may depend on the order, so it cannot be reassociated.
//
// The order does not matter when no addition rounds. Every value and every
// partial sum is a multiple of 2^L, where L is the exponent of the lowest set
// bit over the initial value and the elements, and no partial sum exceeds
// S, the sum of their magnitudes. When S < 2^(24 + L) (and below 2^127),
// every partial sum has at most 24 significant bits and is exact in float,
// so the in-order result is the exact sum, which a double computes exactly
// in any order. Such data are common (counts, fixed-point values, the
// quarters of the normalize benchmark).
//
// The loop is versioned on that check: two passes over the array, which
// vectorize, compute the double sum and S, then check the elements against
// the L that S needs; if they pass, the double sum is the result, else the
// original loop runs.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace cucpu {
#define GEN_PASS_DEF_VERSIONEXACTFLOATSUMS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// `while (i < n) { s = s + base[i]; i = i + 1 }` as scf.while with the
/// float sum and the integer counter as its two values.
struct InOrderSum {
  scf::WhileOp loop;
  unsigned sumIndex; // which of the loop's values is the sum
  Value bound;       // n, defined outside the loop
  Value base;        // the array, defined outside the loop
};

constexpr StringLiteral kVersionedSumAttr = "cucpu.exact_sum";

std::optional<InOrderSum> matchInOrderSum(scf::WhileOp loop) {
  if (loop.getNumOperands() != 2 || loop.getNumResults() != 2)
    return std::nullopt;
  Block &before = loop.getBefore().front();
  Block &after = loop.getAfter().front();
  if (before.getOperations().size() != 2 || after.getOperations().size() != 6)
    return std::nullopt;
  unsigned sumIndex = loop.getOperand(0).getType().isF32() ? 0 : 1;
  unsigned counterIndex = 1 - sumIndex;
  if (!loop.getOperand(sumIndex).getType().isF32() ||
      !loop.getOperand(counterIndex).getType().isSignlessInteger())
    return std::nullopt;

  // Before: cmpi slt %i, %n; scf.condition(%c) with the values in order.
  auto cmp = dyn_cast<arith::CmpIOp>(before.front());
  auto condition = loop.getConditionOp();
  if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::slt ||
      cmp.getLhs() != before.getArgument(counterIndex) ||
      !loop.isDefinedOutsideOfLoop(cmp.getRhs()) ||
      condition.getCondition() != cmp.getResult() ||
      condition.getArgs().size() != 2 ||
      condition.getArgs()[0] != before.getArgument(0) ||
      condition.getArgs()[1] != before.getArgument(1))
    return std::nullopt;

  // After: index = ext(%i); p = gep base[index]; v = load p; s' = s + v;
  // i' = i + 1; yield in order.
  auto it = after.begin();
  Operation *ext = &*it++;
  auto gep = dyn_cast<LLVM::GEPOp>(*it++);
  auto load = dyn_cast<LLVM::LoadOp>(*it++);
  auto add = dyn_cast<arith::AddFOp>(*it++);
  auto next = dyn_cast<arith::AddIOp>(*it++);
  auto yield = dyn_cast<scf::YieldOp>(*it);
  Value counter = after.getArgument(counterIndex);
  Value sum = after.getArgument(sumIndex);
  if (!isa<arith::ExtSIOp>(ext) || ext->getOperand(0) != counter || !gep ||
      !load || !add || !next || !yield)
    return std::nullopt;
  auto indices = gep.getIndices();
  if (gep.getElemType() != load.getType() || !load.getType().isF32() ||
      indices.size() != 1 || !isa<Value>(indices[0]) ||
      cast<Value>(indices[0]) != ext->getResult(0) ||
      !loop.isDefinedOutsideOfLoop(gep.getBase()) || load.getAddr() != gep ||
      load.getVolatile_() ||
      load.getOrdering() != LLVM::AtomicOrdering::not_atomic)
    return std::nullopt;
  bool sumFirst = add.getLhs() == sum && add.getRhs() == load.getResult();
  bool sumSecond = add.getRhs() == sum && add.getLhs() == load.getResult();
  IntegerAttr one;
  if (!(sumFirst || sumSecond) || next.getLhs() != counter ||
      !matchPattern(next.getRhs(), m_Constant(&one)) || one.getInt() != 1)
    return std::nullopt;
  if (yield.getNumOperands() != 2 ||
      yield.getOperand(sumIndex) != add.getResult() ||
      yield.getOperand(counterIndex) != next.getResult())
    return std::nullopt;
  return InOrderSum{loop, sumIndex, cmp.getRhs(), gep.getBase()};
}

/// A loop over [lb, ub) of the array's elements as doubles, with `inits`
/// and `body(builder, loc, element, accumulators)` giving the next values.
scf::ForOp forEachElement(
    OpBuilder &b, Location loc, Value base, Value lb, Value ub,
    ValueRange inits,
    function_ref<SmallVector<Value>(OpBuilder &, Location, Value, ValueRange)>
        body) {
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  return scf::ForOp::create(
      b, loc, lb, ub, step, inits,
      [&](OpBuilder &nb, Location nl, Value iv, ValueRange acc) {
        Value index = arith::IndexCastOp::create(nb, nl, nb.getI64Type(), iv);
        Value address = LLVM::GEPOp::create(
            nb, nl, LLVM::LLVMPointerType::get(nb.getContext()),
            nb.getF32Type(), base, ArrayRef<LLVM::GEPArg>{index});
        Value v = LLVM::LoadOp::create(nb, nl, nb.getF32Type(), address, 4);
        Value d = arith::ExtFOp::create(nb, nl, nb.getF64Type(), v);
        scf::YieldOp::create(nb, nl, body(nb, nl, d, acc));
      });
}

/// The loop, versioned. The first pass adds the elements and their
/// magnitudes in double precision (S); L is then the smallest exponent with
/// S < 2^(24 + L), the second pass checks that every element (and the
/// initial value) is a multiple of 2^L (x 2^-L is an integer: the scaling
/// is exact in double for any float and L below 128). If so, and S is below
/// 2^127, no in-order partial sum rounds, and the first pass's sums were
/// exact too (they stay below 2^(53 + L)).
void version(InOrderSum &sum) {
  scf::WhileOp loop = sum.loop;
  unsigned counterIndex = 1 - sum.sumIndex;
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Type f64 = b.getF64Type();
  auto reassoc = arith::FastMathFlagsAttr::get(b.getContext(),
                                               arith::FastMathFlags::reassoc);
  auto f = [&](double v) {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(v));
  };

  Value start = loop.getOperand(counterIndex);
  Value initial =
      arith::ExtFOp::create(b, loc, f64, loop.getOperand(sum.sumIndex));
  // The counter's final value: n where the loop runs, else where it began.
  Value runs = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, start,
                                     sum.bound);
  Value end = arith::SelectOp::create(b, loc, runs, sum.bound, start);
  Value lb = arith::IndexCastOp::create(b, loc, b.getIndexType(), start);
  Value ub = arith::IndexCastOp::create(b, loc, b.getIndexType(), end);

  auto sums = forEachElement(
      b, loc, sum.base, lb, ub,
      ValueRange{initial, math::AbsFOp::create(b, loc, initial)},
      [&](OpBuilder &nb, Location nl, Value d, ValueRange acc) {
        return SmallVector<Value>{
            arith::AddFOp::create(nb, nl, acc[0], d, reassoc),
            arith::AddFOp::create(nb, nl, acc[1],
                                  math::AbsFOp::create(nb, nl, d), reassoc)};
      });
  Value total = sums.getResult(0), magnitude = sums.getResult(1);

  // 2^-L = 2^(23 - e) for S in [2^e, 2^(e+1)), from S's exponent bits (S
  // below 2^127 is checked with the result; 1 for S = 0).
  Value sBits = arith::BitcastOp::create(b, loc, b.getI64Type(), magnitude);
  auto i64c = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  };
  Value exponent = arith::SubIOp::create(
      b, loc,
      arith::AndIOp::create(
          b, loc, arith::ShRUIOp::create(b, loc, sBits, i64c(52)), i64c(0x7ff)),
      i64c(1023));
  exponent = arith::MaxSIOp::create(b, loc, exponent, i64c(-126));
  Value scaleBits = arith::ShLIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc,
                            arith::SubIOp::create(b, loc, i64c(23), exponent),
                            i64c(1023)),
      i64c(52));
  Value scale = arith::BitcastOp::create(b, loc, f64, scaleBits);
  auto isMultiple = [&](OpBuilder &nb, Location nl, Value d) -> Value {
    Value scaled = arith::MulFOp::create(nb, nl, d, scale);
    return arith::CmpFOp::create(nb, nl, arith::CmpFPredicate::OEQ,
                                 math::TruncOp::create(nb, nl, scaled), scaled);
  };
  Value initialOk = arith::OrIOp::create(
      b, loc, isMultiple(b, loc, initial),
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, initial, f(0)));
  auto grid =
      forEachElement(b, loc, sum.base, lb, ub, ValueRange{initialOk},
                     [&](OpBuilder &nb, Location nl, Value d, ValueRange acc) {
                       return SmallVector<Value>{arith::AndIOp::create(
                           nb, nl, acc[0], isMultiple(nb, nl, d))};
                     });
  Value small = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                      magnitude, f(0x1p127));
  Value exact = arith::AndIOp::create(b, loc, small, grid.getResult(0));

  auto chosen = scf::IfOp::create(
      b, loc, exact,
      [&](OpBuilder &tb, Location tl) {
        SmallVector<Value, 2> results(2);
        results[sum.sumIndex] =
            arith::TruncFOp::create(tb, tl, tb.getF32Type(), total);
        results[counterIndex] = end;
        scf::YieldOp::create(tb, tl, results);
      },
      [&](OpBuilder &eb, Location el) {
        Operation *copy = eb.clone(*loop);
        scf::YieldOp::create(eb, el, copy->getResults());
      });
  chosen->setAttr(kVersionedSumAttr, b.getUnitAttr());
  loop.replaceAllUsesWith(chosen.getResults());
  loop.erase();
}

struct VersionExactFloatSumsPass
    : public cucpu::impl::VersionExactFloatSumsBase<VersionExactFloatSumsPass> {
  using VersionExactFloatSumsBase::VersionExactFloatSumsBase;
  void runOnOperation() override {
    SmallVector<InOrderSum> sums;
    getOperation()->walk([&](scf::WhileOp loop) {
      // The fallback copy of a loop versioned before.
      if (auto parent = loop->getParentOfType<scf::IfOp>();
          parent && parent->hasAttr(kVersionedSumAttr))
        return;
      // Unusual launches' code is compiled as at -O0: a faster copy would
      // not be vectorized there.
      if (inRareFallback(loop))
        return;
      if (std::optional<InOrderSum> sum = matchInOrderSum(loop))
        sums.push_back(*sum);
    });
    for (InOrderSum &sum : sums) {
      if (remarks)
        sum.loop.emitRemark("cucpu: in-order float sum versioned: added in "
                            "any order when no addition can round");
      version(sum);
    }
  }
};

} // namespace
