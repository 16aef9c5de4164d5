//===- ResolveLaunchIds.cpp - Bind simt queries to launch loops -----------===//

#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace cucpu {
#define GEN_PASS_DEF_RESOLVELAUNCHIDS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// Returns the closest enclosing `scf.parallel` with the given launch role.
scf::ParallelOp findLaunchLoop(Operation *op, StringRef role) {
  for (auto loop = op->getParentOfType<scf::ParallelOp>(); loop;
       loop = loop->getParentOfType<scf::ParallelOp>()) {
    auto attr = loop->getAttrOfType<StringAttr>(kLoopRoleAttr);
    if (attr && attr.getValue() == role)
      return loop;
  }
  return nullptr;
}

/// Index of a dimension within a launch loop; loops have x, y, z in order.
Value dimValue(scf::ParallelOp loop, simt::Dimension dim, bool bound) {
  unsigned idx = static_cast<unsigned>(dim);
  if (bound)
    return loop.getUpperBound()[idx];
  return loop.getInductionVars()[idx];
}

/// Replaces addresses of `__shared__` globals by per-block allocas.
class SharedMemoryResolver {
public:
  SharedMemoryResolver(ModuleOp module, IRRewriter &rewriter)
      : symbols(module), rewriter(rewriter) {}

  /// Returns failure if `addr` names shared memory outside a launch.
  LogicalResult resolve(LLVM::AddressOfOp addr) {
    auto global = symbols.lookup<LLVM::GlobalOp>(addr.getGlobalName());
    if (!global)
      return success();
    auto kind = global->getAttrOfType<StringAttr>(kSharedAttr);
    if (!kind)
      return success();
    scf::ParallelOp blockLoop = findLaunchLoop(addr, kBlockLoopRole);
    if (!blockLoop)
      return addr.emitError("__shared__ variable '")
             << global.getSymName()
             << "' used in a device function that could not be inlined "
                "into its kernel";
    bool dynamic = kind.getValue() == kDynamicShared;
    Value &slot = slots[{blockLoop, dynamic ? nullptr : global}];
    if (!slot)
      slot = createSlot(blockLoop, global, dynamic);
    rewriter.replaceOp(addr, slot);
    return success();
  }

private:
  Value createSlot(scf::ParallelOp blockLoop, LLVM::GlobalOp global,
                   bool dynamic) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(blockLoop.getBody());
    Location loc = global.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    // Shared memory is aligned as generously as any CUDA type requires.
    constexpr unsigned kAlignment = 16;
    if (dynamic) {
      auto launcher = blockLoop->getParentOfType<func::FuncOp>();
      Value bytes = launcher.getArgument(kDynamicSharedBytesArg);
      return LLVM::AllocaOp::create(rewriter, loc, ptrType,
                                    rewriter.getI8Type(), bytes, kAlignment);
    }
    Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                         rewriter.getI64IntegerAttr(1));
    return LLVM::AllocaOp::create(rewriter, loc, ptrType,
                                  global.getGlobalType(), one,
                                  std::max<unsigned>(kAlignment,
                                                     global.getAlignment()
                                                         .value_or(0)));
  }

  SymbolTable symbols;
  IRRewriter &rewriter;
  DenseMap<std::pair<Operation *, Operation *>, Value> slots;
};

struct ResolveLaunchIdsPass
    : public cucpu::impl::ResolveLaunchIdsBase<ResolveLaunchIdsPass> {
  void runOnOperation() override {
    bool failed = false;
    IRRewriter rewriter(&getContext());
    SharedMemoryResolver shared(getOperation(), rewriter);
    auto resolve = [&](Operation *op, simt::Dimension dim, StringRef role,
                       bool bound, StringRef what) {
      scf::ParallelOp loop = findLaunchLoop(op, role);
      if (!loop) {
        op->emitError() << what
                        << " used in a device function that could not be "
                           "inlined into its kernel (is it recursive?)";
        failed = true;
        return;
      }
      rewriter.replaceOp(op, dimValue(loop, dim, bound));
    };

    getOperation().walk([&](Operation *op) {
      if (auto q = dyn_cast<simt::ThreadIdOp>(op))
        resolve(op, q.getDimension(), kThreadLoopRole, false, "threadIdx");
      else if (auto q = dyn_cast<simt::BlockDimOp>(op))
        resolve(op, q.getDimension(), kThreadLoopRole, true, "blockDim");
      else if (auto q = dyn_cast<simt::BlockIdOp>(op))
        resolve(op, q.getDimension(), kBlockLoopRole, false, "blockIdx");
      else if (auto q = dyn_cast<simt::GridDimOp>(op))
        resolve(op, q.getDimension(), kBlockLoopRole, true, "gridDim");
      else if (auto addr = dyn_cast<LLVM::AddressOfOp>(op)) {
        if (::mlir::failed(shared.resolve(addr)))
          failed = true;
      } else if (auto barrier = dyn_cast<simt::BarrierOp>(op)) {
        if (!barrier.getThreads().empty())
          return;
        scf::ParallelOp loop = findLaunchLoop(op, kThreadLoopRole);
        if (!loop) {
          op->emitError("__syncthreads used in a device function that could "
                        "not be inlined into its kernel (is it recursive?)");
          failed = true;
          return;
        }
        barrier.getThreadsMutable().assign(loop.getInductionVars());
      }
    });
    if (failed)
      return signalPassFailure();
    // Shared globals have no storage of their own.
    for (auto global : llvm::make_early_inc_range(
             getOperation().getOps<LLVM::GlobalOp>()))
      if (global->hasAttr(kSharedAttr) &&
          SymbolTable::symbolKnownUseEmpty(global, getOperation()))
        global.erase();
  }
};

} // namespace
