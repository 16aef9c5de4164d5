//===- InternalizeDeviceFunctions.cpp - Device functions stay local -------===//
//
// The device object is linked beside the host object built from the same
// source. Both define `__host__ __device__` functions under the same mangled
// name; only the registration constructor is the device object's interface.
// MLIR's func-to-llvm ignores a function's symbol visibility, so without this
// pass every device function that inlining did not remove (recursive ones)
// is a second, external definition of the host's function.
//
//===----------------------------------------------------------------------===//

#include "lowering/Lowering.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace cucpu {
#define GEN_PASS_DEF_INTERNALIZEDEVICEFUNCTIONS
#include "lowering/Passes.h.inc"
} // namespace cucpu

using namespace mlir;

namespace {

struct InternalizeDeviceFunctionsPass
    : public cucpu::impl::InternalizeDeviceFunctionsBase<
          InternalizeDeviceFunctionsPass> {
  void runOnOperation() override {
    for (auto fn : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      if (fn.isExternal() ||
          SymbolTable::getSymbolVisibility(fn) !=
              SymbolTable::Visibility::Private)
        continue;
      if (fn.getLinkage() == LLVM::Linkage::External)
        fn.setLinkage(LLVM::Linkage::Internal);
    }
  }
};

} // namespace
