//===- HoistLocalsToParallelRegion.cpp - One set of locals per OpenMP thread =//

#include "lowering/Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace cucpu {
#define GEN_PASS_DEF_HOISTLOCALSTOPARALLELREGION
#include "lowering/Passes.h.inc"
} // namespace cucpu

using namespace mlir;

namespace {

struct HoistLocalsToParallelRegionPass
    : public cucpu::impl::HoistLocalsToParallelRegionBase<
          HoistLocalsToParallelRegionPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());

    // Dissolve the scopes inside work-sharing loops: their allocas move out.
    SmallVector<memref::AllocaScopeOp> scopes;
    getOperation().walk([&](memref::AllocaScopeOp scope) {
      if (scope->getParentOfType<omp::ParallelOp>())
        scopes.push_back(scope);
    });
    for (memref::AllocaScopeOp scope : scopes) {
      Block *body = &scope.getBodyRegion().front();
      Operation *terminator = body->getTerminator();
      SmallVector<Value> results(terminator->getOperands());
      rewriter.eraseOp(terminator);
      rewriter.inlineBlockBefore(body, scope);
      rewriter.replaceOp(scope, results);
    }

    // Constant-size allocas, and those sized by a value from outside the
    // parallel region (the dynamic shared memory of a launch).
    SmallVector<LLVM::AllocaOp> allocas;
    getOperation().walk([&](LLVM::AllocaOp alloca) {
      if (!alloca->getParentOfType<omp::WsloopOp>())
        return;
      auto parallel = alloca->getParentOfType<omp::ParallelOp>();
      Value size = alloca.getArraySize();
      if (matchPattern(size, m_Constant()) ||
          !parallel->isAncestor(size.getParentRegion()->getParentOp()))
        allocas.push_back(alloca);
    });
    for (LLVM::AllocaOp alloca : allocas) {
      auto parallel = alloca->getParentOfType<omp::ParallelOp>();
      Block &entry = parallel.getRegion().front();
      Value size = alloca.getArraySize();
      if (!parallel->isAncestor(size.getParentRegion()->getParentOp())) {
        rewriter.moveOpBefore(alloca, &entry, entry.begin());
        continue;
      }
      rewriter.setInsertionPointToStart(&entry);
      Operation *sizeCopy = rewriter.clone(*size.getDefiningOp());
      rewriter.moveOpAfter(alloca, sizeCopy);
      alloca.getArraySizeMutable().assign(sizeCopy->getResult(0));
    }
  }
};

} // namespace
