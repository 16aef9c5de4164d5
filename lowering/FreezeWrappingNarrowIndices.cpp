//===- FreezeWrappingNarrowIndices.cpp - Around an LLVM 22 vectorizer bug -===//
//
// LLVM 22's loop vectorizer can treat an access whose index is a loop's
// induction variable narrowed (`t & 15`, `(unsigned char)t`) as consecutive
// even when the narrowed value wraps inside the loop: `cd[t % 16]` over 96
// threads became one wide load of cd[1..16], reading past the array
// (differential fuzzing, seed 770021). Such an index needs a run-time
// "does not wrap" predicate; ScalarEvolution's SCEVWrapPredicate::implies
// compares predicates on recurrences of different widths after extending
// them, so a predicate on an i32 index of the same loop "implies" the
// narrow one, which is then never checked (upstream: the implication and
// known-false wrap-predicate fixes under review in late 2026).
//
// Thread loops make this shape common: lane ids (`tid & 31`), tables
// indexed by `tid % 16`, next to 32-bit indices. The pass runs just before
// the vectorizer and hides from ScalarEvolution the induction variable
// under every narrowing to fewer than 32 bits that ScalarEvolution cannot
// show free of wrapping: the operand gets a `freeze`, which changes no
// value, but ends the recurrence there. The access is then vectorized as a
// gather, which is what a correct vectorizer does with an index that wraps.
// Narrowings to 32 bits and more are left alone: thread indices stay far
// below 2^32, and cucpu's 32-bit indices are what the predicates exist for.
//
//===----------------------------------------------------------------------===//

#include "lowering/Lowering.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace cucpu {

namespace {

/// Narrowings below this width get a freeze unless they provably do not wrap.
constexpr unsigned kSafeWidth = 32;

/// The width that `inst` narrows its first operand to (`and x, 2^k - 1`:
/// k; `trunc x to iK`: K), or 0 when it does not narrow.
unsigned narrowedWidth(Instruction &inst) {
  const APInt *mask;
  if (match(&inst, m_And(m_Value(), m_APInt(mask))) && mask->isMask() &&
      mask->countr_one() < mask->getBitWidth())
    return mask->countr_one();
  if (auto *trunc = dyn_cast<TruncInst>(&inst))
    if (auto *type = dyn_cast<IntegerType>(trunc->getType()))
      return type->getBitWidth();
  return 0;
}

/// Whether `expr` (the SCEV of a narrowing's result) still needs a wrap
/// predicate: it is a narrow recurrence of `loop`, or an extension of one,
/// without the no-wrap flag that would make the extension fold away.
bool needsWrapPredicate(const SCEV *expr, const Loop *loop) {
  if (auto *ext = dyn_cast<SCEVCastExpr>(expr))
    expr = ext->getOperand(0);
  auto *rec = dyn_cast<SCEVAddRecExpr>(expr);
  if (!rec || rec->getLoop() != loop)
    return false;
  return !rec->hasNoUnsignedWrap() && !rec->hasNoSignedWrap();
}

} // namespace

PreservedAnalyses
FreezeWrappingNarrowIndicesPass::run(Function &fn,
                                     FunctionAnalysisManager &analyses) {
  if (fn.hasOptNone())
    return PreservedAnalyses::all();
  auto &loops = analyses.getResult<LoopAnalysis>(fn);
  auto &scev = analyses.getResult<ScalarEvolutionAnalysis>(fn);
  SmallVector<Instruction *> toFreeze;
  for (Loop *loop : loops.getLoopsInPreorder()) {
    if (!loop->isInnermost())
      continue;
    for (BasicBlock *block : loop->blocks())
      for (Instruction &inst : *block) {
        unsigned width = narrowedWidth(inst);
        if (width == 0 || width >= kSafeWidth ||
            !scev.isSCEVable(inst.getType()))
          continue;
        Value *operand = inst.getOperand(0);
        if (isa<FreezeInst>(operand) ||
            !isa<SCEVAddRecExpr>(scev.getSCEV(operand)))
          continue;
        if (needsWrapPredicate(scev.getSCEV(&inst), loop))
          toFreeze.push_back(&inst);
      }
  }
  if (toFreeze.empty())
    return PreservedAnalyses::all();
  for (Instruction *inst : toFreeze) {
    IRBuilder<> builder(inst);
    Value *operand = inst->getOperand(0);
    inst->setOperand(0,
                     builder.CreateFreeze(operand, "iv.frozen"));
  }
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}

} // namespace cucpu
