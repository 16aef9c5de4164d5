//===- MarkRareParallelRegions.cpp - Cheap compiles for rare fallbacks ----===//
//
// See the pass description in Passes.td. The mark is a call rather than an
// attribute because the OpenMP translation outlines each region into a new
// LLVM function and keeps none of the region's attributes; a call inside it
// is the one thing certain to end up in that function.
//
//===----------------------------------------------------------------------===//

#include "lowering/Lowering.h"
#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace cucpu {
#define GEN_PASS_DEF_MARKRAREPARALLELREGIONS
#include "lowering/Passes.h.inc"
} // namespace cucpu

using namespace mlir;

namespace {

struct MarkRareParallelRegionsPass
    : public cucpu::impl::MarkRareParallelRegionsBase<
          MarkRareParallelRegionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<omp::ParallelOp> rare;
    module.walk([&](omp::ParallelOp region) {
      if (cucpu::inRareFallback(region))
        rare.push_back(region);
    });
    if (rare.empty())
      return;
    MLIRContext *ctx = module.getContext();
    auto type = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {});
    auto marker =
        module.lookupSymbol<LLVM::LLVMFuncOp>(cucpu::kRareRegionMarker);
    if (!marker) {
      OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
      marker = LLVM::LLVMFuncOp::create(b, module.getLoc(),
                                        cucpu::kRareRegionMarker, type);
    }
    for (omp::ParallelOp region : rare) {
      OpBuilder b = OpBuilder::atBlockBegin(&region.getRegion().front());
      LLVM::CallOp::create(b, region.getLoc(), marker, ValueRange{});
    }
  }
};

} // namespace
