//===- SIMTDialect.cpp - The simt dialect ---------------------------------===//

#include "dialect/SIMTDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace cucpu::simt;

#include "dialect/SIMTOpsDialect.cpp.inc"
#include "dialect/SIMTOpsEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialect/SIMTOpsAttributes.cpp.inc"

bool cucpu::isThreadLoop(scf::ParallelOp loop) {
  return loop->getParentOfType<scf::ParallelOp>() != nullptr;
}

namespace {
/// Device functions are inlined into their launch, so every simt operation may
/// be moved into any region: their meaning is fixed by the launch around them.
struct SIMTInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void SIMTDialect::initialize() {
  addInterfaces<SIMTInlinerInterface>();
  addOperations<
#define GET_OP_LIST
#include "dialect/SIMTOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialect/SIMTOpsAttributes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// BarrierOp
//===----------------------------------------------------------------------===//

LogicalResult BarrierOp::verify() {
  // Each operand must be an induction variable of one enclosing parallel loop,
  // and all of them of the same loop: a barrier synchronizes one block.
  if (getThreads().empty())
    return success();
  scf::ParallelOp loop;
  for (Value v : getThreads()) {
    auto arg = dyn_cast<BlockArgument>(v);
    auto parallel =
        arg ? dyn_cast<scf::ParallelOp>(arg.getOwner()->getParentOp()) : nullptr;
    if (!parallel)
      return emitOpError("operand must be an induction variable of an "
                         "enclosing scf.parallel");
    if (loop && loop != parallel)
      return emitOpError("operands must belong to one scf.parallel");
    loop = parallel;
  }
  if (!loop->isProperAncestor(*this))
    return emitOpError("thread loop must enclose the barrier");
  return success();
}

//===----------------------------------------------------------------------===//
// FunctionAddressOp
//===----------------------------------------------------------------------===//

LogicalResult
FunctionAddressOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *function =
      symbolTable.lookupNearestSymbolFrom(*this, getFunctionAttr());
  if (!function || !isa<FunctionOpInterface>(function))
    return emitOpError("'") << getFunction() << "' is not a function";
  return success();
}

#define GET_OP_CLASSES
#include "dialect/SIMTOps.cpp.inc"
