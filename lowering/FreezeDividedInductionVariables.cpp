//===- FreezeDividedInductionVariables.cpp - Cheaper block index math -----===//
//
// An OpenMP loop that collapses a grid's block loops runs one induction
// variable over all blocks and recovers each block's x, y and z by dividing
// it by the grid's extents (`urem`/`udiv` by run-time values). Nothing can
// strength-reduce such a division, but ScalarEvolution still models it as
// an expression of the recurrence, and LLVM's loop strength reduction, its
// IV-users analysis and instruction selection spent about a third of the
// code generation time of a small kernel on it (1,000 generated kernels:
// benchmarks/compile).
//
// The pass runs at the start of LLVM's pipeline and puts a `freeze` between
// the induction variable of a block loop and each division or remainder of
// it by a value that is not a constant: the value is unchanged, and
// ScalarEvolution sees an unknown. Innermost loops with loop annotations
// (the thread loops, which the vectorizer works on) and divisions by
// constants (which become multiplications) are left as they are.
//
//===----------------------------------------------------------------------===//

#include "lowering/Lowering.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace cucpu {

PreservedAnalyses
FreezeDividedInductionVariablesPass::run(Function &fn,
                                         FunctionAnalysisManager &analyses) {
  if (fn.hasOptNone())
    return PreservedAnalyses::all();
  auto &loops = analyses.getResult<LoopAnalysis>(fn);
  if (loops.empty())
    return PreservedAnalyses::all();
  auto &scev = analyses.getResult<ScalarEvolutionAnalysis>(fn);
  SmallVector<BinaryOperator *> divisions;
  for (Loop *loop : loops.getLoopsInPreorder()) {
    // The thread loops carry the loop annotations cucpu gives them for the
    // vectorizer; a block loop has none, and is innermost where the thread
    // loops were unrolled (as inside the chunk loop of a dynamic schedule).
    if (loop->isInnermost() && loop->getLoopID())
      continue;
    for (BasicBlock *block : loop->blocks()) {
      // The blocks of inner loops are theirs.
      if (loops.getLoopFor(block) != loop)
        continue;
      for (Instruction &inst : *block) {
        auto *division = dyn_cast<BinaryOperator>(&inst);
        if (!division || !division->isIntDivRem() ||
            isa<Constant>(division->getOperand(1)))
          continue;
        Value *dividend = division->getOperand(0);
        auto *rec = dyn_cast<SCEVAddRecExpr>(scev.getSCEV(dividend));
        if (rec && rec->getLoop() == loop)
          divisions.push_back(division);
      }
    }
  }
  if (divisions.empty())
    return PreservedAnalyses::all();
  // One freeze per dividend, shared by its divisions.
  DenseMap<Value *, Value *> frozen;
  for (BinaryOperator *division : divisions) {
    Value *dividend = division->getOperand(0);
    Value *&replacement = frozen[dividend];
    if (!replacement) {
      IRBuilder<> builder(division);
      if (auto *def = dyn_cast<Instruction>(dividend))
        builder.SetInsertPoint(
            def->getInsertionPointAfterDef().value_or(division->getIterator()));
      replacement = builder.CreateFreeze(dividend, "index.frozen");
    }
    division->setOperand(0, replacement);
  }
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}

} // namespace cucpu
