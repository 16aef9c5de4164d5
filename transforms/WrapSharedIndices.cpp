//===- WrapSharedIndices.cpp - 32-bit shared addressing on the CPU --------===//
//
// `__shared__` memory lives in a 32-bit window on a GPU: `base + index`
// wraps at 2^32, so merge-path kernels that index a shared pointer with an
// unsigned difference that went below zero (`BS[~Ax]`) read the element just
// before `BS`. Here the block's shared memory is an ordinary allocation and
// the frontend zero-extends such an index, as C says: the address lands far
// outside the allocation and the program crashed. Sign-extending the index
// instead gives the GPU's address, and changes nothing where the index is
// below 2^31 (every real offset into a shared window).
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "transforms/MemoryAccess.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace cucpu {
#define GEN_PASS_DEF_WRAPSHAREDINDICES
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// Whether `addr` points into memory allocated outside `threadLoop` (the
/// block's shared memory): through GEPs, and through a thread's local
/// pointer variable (a local that only loads and stores use), every store
/// to which stores such a pointer. `depth` bounds the search.
bool pointsIntoSharedMemory(Value addr, scf::ParallelOp threadLoop,
                            unsigned depth = 4) {
  if (blockSharedObject(addr, threadLoop))
    return true;
  auto load = rootObject(addr).getDefiningOp<LLVM::LoadOp>();
  if (!load || depth == 0)
    return false;
  auto slot = load.getAddr().getDefiningOp<LLVM::AllocaOp>();
  if (!slot || !threadLoop->isAncestor(slot))
    return false;
  bool stored = false;
  for (Operation *user : slot->getUsers()) {
    if (isa<LLVM::LoadOp>(user))
      continue;
    auto store = dyn_cast<LLVM::StoreOp>(user);
    if (!store || store.getAddr() != slot.getResult() ||
        !pointsIntoSharedMemory(store.getValue(), threadLoop, depth - 1))
      return false;
    stored = true;
  }
  return stored;
}

/// Whether `gep` addresses the block-shared memory of the thread loop it is
/// in.
bool addressesSharedMemory(LLVM::GEPOp gep) {
  auto threadLoop = gep->getParentOfType<scf::ParallelOp>();
  return threadLoop && isThreadLoop(threadLoop) &&
         pointsIntoSharedMemory(gep.getBase(), threadLoop);
}

struct WrapSharedIndicesPass
    : public cucpu::impl::WrapSharedIndicesBase<WrapSharedIndicesPass> {
  void runOnOperation() override {
    getOperation().walk([&](LLVM::GEPOp gep) {
      if (!addressesSharedMemory(gep))
        return;
      for (OpOperand &operand : gep.getDynamicIndicesMutable()) {
        auto widen = operand.get().getDefiningOp<arith::ExtUIOp>();
        if (!widen || widen.getIn().getType().getIntOrFloatBitWidth() > 32)
          continue;
        OpBuilder b(gep);
        operand.set(arith::ExtSIOp::create(b, widen.getLoc(), widen.getType(),
                                           widen.getIn()));
      }
    });
  }
};

} // namespace
