//===- DropVersionsInRareFallbacks.cpp - One copy of rare code ------------===//
//
// See the pass description in Passes.td. Every version's else branch is the
// code it was made from (versionOn moves the original there), so keeping
// it alone changes no result.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseSet.h"

namespace cucpu {
#define GEN_PASS_DEF_DROPVERSIONSINRAREFALLBACKS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// Replaces `version` by the operations of its else branch.
void keepElseBranch(scf::IfOp version) {
  Block *elseBlock = version.elseBlock();
  auto yield = cast<scf::YieldOp>(elseBlock->getTerminator());
  version.replaceAllUsesWith(yield.getOperands());
  Block *parent = version->getBlock();
  parent->getOperations().splice(version->getIterator(),
                                 elseBlock->getOperations(),
                                 elseBlock->begin(), yield->getIterator());
  version.erase();
}

struct DropVersionsInRareFallbacksPass
    : public cucpu::impl::DropVersionsInRareFallbacksBase<
          DropVersionsInRareFallbacksPass> {
  void runOnOperation() override {
    // Outer versions first: dropping one erases the versions in its then
    // branch, which must not be visited after.
    SmallVector<scf::IfOp> versions;
    getOperation().walk<WalkOrder::PreOrder>([&](scf::IfOp ifOp) {
      if (ifOp->hasAttr(kRareFallbackAttr) && ifOp.elseBlock() &&
          inRareFallback(ifOp))
        versions.push_back(ifOp);
    });
    DenseSet<Operation *> erased;
    for (scf::IfOp version : versions) {
      if (erased.contains(version))
        continue;
      version.getThenRegion().walk(
          [&](scf::IfOp inner) { erased.insert(inner); });
      keepElseBranch(version);
    }
  }
};

} // namespace
