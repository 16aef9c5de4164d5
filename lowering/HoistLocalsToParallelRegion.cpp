//===- HoistLocalsToParallelRegion.cpp - One set of locals per OpenMP thread =//

#include "lowering/Lowering.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"

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

    privatizePerWorkerMemos(rewriter);
    moveLargeLocalsToHeap(rewriter);
  }

  /// A worker thread's stack is that of an OpenMP thread (or the program's
  /// main thread): a few MiB. Per-thread copies of large locals kept across
  /// barriers (a 32 KiB table in each of 256 threads is 8 MiB) overflowed it.
  /// Allocations at the start of a parallel region that may exceed
  /// kMaxStackBytes come from the heap instead, once per worker and launch,
  /// and are freed where the region ends.
  static constexpr uint64_t kMaxStackBytes = 256 * 1024;
  /// Per-thread buffers are sized by the block's threads, at most 1024.
  static constexpr uint64_t kMaxThreadsPerBlock = 1024;

  void moveLargeLocalsToHeap(IRRewriter &rewriter) {
    ModuleOp module = getOperation();
    DataLayout layout = DataLayout::closest(module);
    // Each large allocation with the size of its element.
    SmallVector<std::pair<LLVM::AllocaOp, uint64_t>> large;
    module.walk([&](omp::ParallelOp parallel) {
      for (auto alloca : parallel.getRegion().front().getOps<LLVM::AllocaOp>()) {
        if (alloca.getAlignment().value_or(1) > 16)
          continue;
        uint64_t elementBytes = layout.getTypeSize(alloca.getElemType());
        APInt count;
        uint64_t bound =
            matchPattern(alloca.getArraySize(), m_ConstantInt(&count))
                ? count.getZExtValue()
                : kMaxThreadsPerBlock;
        if (elementBytes * bound > kMaxStackBytes)
          large.push_back({alloca, elementBytes});
      }
    });
    if (large.empty())
      return;
    OpBuilder builder(module.getBodyRegion());
    auto i64 = builder.getI64Type();
    auto mallocFn = LLVM::lookupOrCreateMallocFn(builder, module, i64);
    auto freeFn = LLVM::lookupOrCreateFreeFn(builder, module);
    if (failed(mallocFn) || failed(freeFn))
      return signalPassFailure();
    for (auto [alloca, bytesPerElement] : large) {
      Location loc = alloca.getLoc();
      rewriter.setInsertionPoint(alloca);
      Value count = alloca.getArraySize();
      if (count.getType() != i64)
        count = LLVM::ZExtOp::create(rewriter, loc, i64, count);
      Value elementBytes = LLVM::ConstantOp::create(
          rewriter, loc, i64, rewriter.getI64IntegerAttr(bytesPerElement));
      Value bytes = LLVM::MulOp::create(rewriter, loc, count, elementBytes);
      Value memory =
          LLVM::CallOp::create(rewriter, loc, *mallocFn, ValueRange{bytes})
              .getResult();
      for (NamedAttribute attr : alloca->getDiscardableAttrs())
        memory.getDefiningOp()->setAttr(attr.getName(), attr.getValue());
      rewriter.replaceOp(alloca, memory);
      auto parallel = memory.getDefiningOp()->getParentOfType<omp::ParallelOp>();
      parallel.walk([&](omp::TerminatorOp terminator) {
        if (terminator->getParentOp() != parallel)
          return;
        rewriter.setInsertionPoint(terminator);
        LLVM::CallOp::create(rewriter, loc, *freeFn, ValueRange{memory});
      });
    }
  }

  /// Moves the memos that parallel LICM put in front of a block loop (allocas
  /// and initializing stores marked `cucpu.per_worker`) into the parallel
  /// region that uses them: each worker thread fills its own. A memo used by
  /// several regions (a block loop run in versions) gets a copy in each.
  void privatizePerWorkerMemos(IRRewriter &rewriter) {
    SmallVector<Operation *> memoOps;
    getOperation().walk([&](Operation *op) {
      if (op->hasAttr(cucpu::kPerWorkerAttr) &&
          !op->getParentOfType<omp::ParallelOp>())
        memoOps.push_back(op);
    });
    // Allocas first, then the stores that initialize them, in their order.
    std::stable_partition(memoOps.begin(), memoOps.end(), [](Operation *op) {
      return isa<LLVM::AllocaOp>(op);
    });
    // Each memo's regions, and the memo's value in each.
    DenseMap<Value, SmallVector<std::pair<omp::ParallelOp, Value>>> copiesOf;
    for (Operation *op : memoOps) {
      if (auto alloca = dyn_cast<LLVM::AllocaOp>(op)) {
        SetVector<omp::ParallelOp> regions;
        for (Operation *user : alloca->getUsers())
          if (auto p = user->getParentOfType<omp::ParallelOp>())
            regions.insert(p);
        // A memo whose users did not become a parallel region stays shared
        // by the one thread that runs them.
        for (omp::ParallelOp parallel : regions) {
          Operation *copy = op;
          if (parallel != regions.front()) {
            rewriter.setInsertionPoint(op);
            copy = rewriter.clone(*op);
            rewriter.replaceUsesWithIf(
                alloca.getResult(), copy->getResult(0), [&](OpOperand &use) {
                  return parallel->isAncestor(use.getOwner());
                });
          }
          copiesOf[alloca].push_back({parallel, copy->getResult(0)});
          moveToRegionStart(rewriter, copy, parallel);
        }
      } else if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
        for (auto [parallel, addr] : copiesOf.lookup(store.getAddr())) {
          Operation *copy = op;
          if (addr != store.getAddr()) {
            rewriter.setInsertionPoint(op);
            copy = rewriter.clone(*op);
            cast<LLVM::StoreOp>(copy).getAddrMutable().assign(addr);
          }
          moveToRegionStart(rewriter, copy, parallel);
        }
      }
    }
  }

  /// Moves `op` after the per-worker memo operations already at the start of
  /// `parallel`.
  void moveToRegionStart(IRRewriter &rewriter, Operation *op,
                         omp::ParallelOp parallel) {
    Block &entry = parallel.getRegion().front();
    Operation *insertAfter = nullptr;
    for (Operation &existing : entry)
      if (existing.hasAttr(cucpu::kPerWorkerAttr))
        insertAfter = &existing;
    if (insertAfter)
      rewriter.moveOpAfter(op, insertAfter);
    else
      rewriter.moveOpBefore(op, &entry, entry.begin());
    // Constant operands defined between may not dominate the new place.
    for (OpOperand &operand : op->getOpOperands()) {
      Operation *def = operand.get().getDefiningOp();
      if (def && def->getBlock() == op->getBlock() &&
          op->isBeforeInBlock(def)) {
        rewriter.setInsertionPoint(op);
        operand.set(rewriter.clone(*def)->getResult(0));
      }
    }
  }
};

} // namespace
