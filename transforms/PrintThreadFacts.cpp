//===- PrintThreadFacts.cpp - Remarks on what ThreadAnalysis knows --------===//

#include "transforms/Passes.h"
#include "transforms/ThreadAnalysis.h"

namespace cucpu {
#define GEN_PASS_DEF_PRINTTHREADFACTS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;

namespace {

struct PrintThreadFactsPass
    : public cucpu::impl::PrintThreadFactsBase<PrintThreadFactsPass> {
  void runOnOperation() override {
    cucpu::ThreadAnalysis analysis(getOperation());
    getOperation()->walk([&](Operation *op) {
      auto probe = op->getAttrOfType<StringAttr>("probe");
      if (!probe || op->getNumResults() == 0)
        return;
      Value v = op->getResult(0);
      InFlightDiagnostic remark = op->emitRemark();
      remark << probe.getValue() << ": ";
      std::string text;
      llvm::raw_string_ostream os(text);
      analysis.facts(v).print(os);
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
