//===- EmitKernelRegistration.cpp - Kernel table in a module constructor --===//
//
// The host object registers each kernel stub under the kernel's mangled name;
// the device object registers each entry under the same name. The runtime joins
// both tables at the first launch, so the order of the two constructors does
// not matter.
//
//===----------------------------------------------------------------------===//

#include "lowering/Lowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace cucpu {
#define GEN_PASS_DEF_EMITKERNELREGISTRATION
#include "lowering/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

constexpr StringLiteral kRegisterKernelFn = "__cucpu_register_kernel";
constexpr StringLiteral kCtorName = "__cucpu_register_device_module";

struct EmitKernelRegistrationPass
    : public cucpu::impl::EmitKernelRegistrationBase<
          EmitKernelRegistrationPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<LLVM::LLVMFuncOp> entries;
    module.walk([&](LLVM::LLVMFuncOp fn) {
      if (fn->hasAttr(kKernelNameAttr))
        entries.push_back(fn);
    });
    if (entries.empty())
      return;

    MLIRContext *ctx = &getContext();
    OpBuilder builder(ctx);
    Location loc = module.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto voidType = LLVM::LLVMVoidType::get(ctx);

    builder.setInsertionPointToEnd(module.getBody());
    if (!module.lookupSymbol<LLVM::LLVMFuncOp>(kRegisterKernelFn))
      LLVM::LLVMFuncOp::create(
          builder, loc, kRegisterKernelFn,
          LLVM::LLVMFunctionType::get(voidType, {ptrType, ptrType}));

    auto ctor = LLVM::LLVMFuncOp::create(
        builder, loc, kCtorName, LLVM::LLVMFunctionType::get(voidType, {}),
        LLVM::Linkage::Internal);
    Block *body = ctor.addEntryBlock(builder);
    builder.setInsertionPointToStart(body);
    unsigned index = 0;
    for (LLVM::LLVMFuncOp entry : entries) {
      StringRef name =
          entry->getAttrOfType<StringAttr>(kKernelNameAttr).getValue();
      std::string symbol = ("__cucpu_kernel_name." + Twine(index++)).str();
      {
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPointToStart(module.getBody());
        std::string data = (name + Twine('\0')).str();
        auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), data.size());
        LLVM::GlobalOp::create(builder, loc, type, /*isConstant=*/true,
                               LLVM::Linkage::Private, symbol,
                               builder.getStringAttr(data));
      }
      Value namePtr = LLVM::AddressOfOp::create(builder, loc, ptrType, symbol);
      Value entryPtr =
          LLVM::AddressOfOp::create(builder, loc, ptrType, entry.getSymName());
      LLVM::CallOp::create(builder, loc, TypeRange(), kRegisterKernelFn,
                           ValueRange{namePtr, entryPtr});
    }
    LLVM::ReturnOp::create(builder, loc, ValueRange());

    builder.setInsertionPointToEnd(module.getBody());
    LLVM::GlobalCtorsOp::create(
        builder, loc,
        builder.getArrayAttr(FlatSymbolRefAttr::get(ctx, kCtorName)),
        builder.getArrayAttr(builder.getI32IntegerAttr(65535)),
        builder.getArrayAttr(LLVM::ZeroAttr::get(ctx)));
  }
};

} // namespace
