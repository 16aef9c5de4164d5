//===- LowerGPUMath.cpp - Math functions without libdevice ------------------===//
//
// The NVPTX backend selects instructions for the LLVM intrinsics of
// square roots, rounding, fused multiply-add, sign and bit counting, but not
// for transcendental functions, which CUDA takes from libdevice. cucpu does
// not need a CUDA installation, so single-precision transcendental functions
// are computed by MLIR's polynomial approximations (after math-expand-ops has
// written the rarer ones in terms of the common ones); what is left without
// an instruction (double-precision transcendental functions) is an error at
// the call, instead of a failure in the backend.
//
//===----------------------------------------------------------------------===//

#include "lowering/GPULowering.h"
#include "lowering/Lowering.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace cucpu {
#define GEN_PASS_DEF_LOWERGPUMATH
#include "lowering/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// The math operations whose LLVM intrinsics NVPTX implements exactly.
bool hasGPUInstruction(Operation *op) {
  return isa<math::SqrtOp, math::RsqrtOp, math::AbsFOp, math::AbsIOp,
             math::FloorOp, math::CeilOp, math::TruncOp, math::RoundEvenOp,
             math::RoundOp, math::FmaOp, math::CopySignOp, math::CtPopOp,
             math::CountLeadingZerosOp, math::CountTrailingZerosOp>(op);
}

struct LowerGPUMathPass
    : public cucpu::impl::LowerGPUMathBase<LowerGPUMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(
        patterns, MathPolynomialApproximationOptions{});
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    bool failed = false;
    getOperation()->walk([&](Operation *op) {
      if (op->getDialect() != op->getContext()->getLoadedDialect("math") ||
          hasGPUInstruction(op))
        return;
      Type type = op->getNumResults() ? op->getResult(0).getType() : Type();
      op->emitError("'")
          << op->getName().stripDialect() << "' on " << type
          << " has no implementation on the GPU target yet (cucpu does not "
             "use libdevice; single precision is supported)";
      failed = true;
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
