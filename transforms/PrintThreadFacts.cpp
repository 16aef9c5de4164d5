//===- PrintThreadFacts.cpp - Remarks on what ThreadAnalysis knows --------===//

#include "transforms/Passes.h"
#include "dialect/SIMTDialect.h"
#include "dialect/ThreadAnalysis.h"

namespace cucpu {
#define GEN_PASS_DEF_PRINTTHREADFACTS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;

namespace {

struct PrintThreadFactsPass
    : public cucpu::impl::PrintThreadFactsBase<PrintThreadFactsPass> {
  using PrintThreadFactsBase::PrintThreadFactsBase;

  void runOnOperation() override {
    cucpu::ThreadAnalysis analysis(getOperation());
    DenseMap<Operation *, std::unique_ptr<cucpu::ThreadFactsInLoop>> inLoops;
    auto factsOf = [&](Operation *op, Value v) {
      // The innermost launch loop: a thread loop, or for what is outside
      // them, the block loop.
      auto loop = op->getParentOfType<scf::ParallelOp>();
      if (!inLoop || !loop)
        return analysis.facts(v);
      std::unique_ptr<cucpu::ThreadFactsInLoop> &facts = inLoops[loop];
      if (!facts)
        facts = std::make_unique<cucpu::ThreadFactsInLoop>(
            cucpu::isThreadLoop(loop)
                ? cucpu::ThreadFactsInLoop(loop)
                : cucpu::ThreadFactsInLoop::overBlocks(loop));
      return facts->facts(v);
    };
    getOperation()->walk([&](Operation *op) {
      auto probe = op->getAttrOfType<StringAttr>("probe");
      if (!probe || op->getNumResults() == 0)
        return;
      Value v = op->getResult(0);
      InFlightDiagnostic remark = op->emitRemark();
      remark << probe.getValue() << ": ";
      std::string text;
      llvm::raw_string_ostream os(text);
      factsOf(op, v).print(os);
      // A range that says something: not every value of the type.
      std::optional<ConstantIntRanges> range;
      if (v.getType().isIntOrIndex())
        range = analysis.range(v);
      if (range && !(range->smin().isMinSignedValue() &&
                     range->smax().isMaxSignedValue()))
        os << "; range [" << range->smin() << ", " << range->smax() << "]";
      remark << text;
    });
  }
};

} // namespace
