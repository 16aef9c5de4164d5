//===- EmitKernelRegistration.cpp - Kernel table in a module constructor --===//
//
// The host object registers each kernel stub under the kernel's mangled name;
// the device object registers each entry under the same name. The runtime joins
// both tables at the first launch, so the order of the two constructors does
// not matter.
//
//===----------------------------------------------------------------------===//

#include "lowering/Lowering.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
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

constexpr StringLiteral kRegisterVarFn = "__cucpu_register_var";

constexpr StringLiteral kRegisterParamsFn = "__cucpu_register_kernel_params";

constexpr StringLiteral kRegisterArchFn = "__cucpu_register_kernel_arch";

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
    SmallVector<LLVM::GlobalOp> variables;
    for (auto global : module.getOps<LLVM::GlobalOp>())
      if (global->hasAttr(kDeviceVarAttr))
        variables.push_back(global);
    if (entries.empty() && variables.empty())
      return;

    MLIRContext *ctx = &getContext();
    OpBuilder builder(ctx);
    Location loc = module.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto voidType = LLVM::LLVMVoidType::get(ctx);
    auto i64 = builder.getI64Type();
    auto i32 = builder.getI32Type();

    builder.setInsertionPointToEnd(module.getBody());
    auto declare = [&](StringRef name, ArrayRef<Type> params) {
      if (!module.lookupSymbol<LLVM::LLVMFuncOp>(name))
        LLVM::LLVMFuncOp::create(builder, loc, name,
                                 LLVM::LLVMFunctionType::get(voidType, params));
    };
    declare(kRegisterKernelFn, {ptrType, ptrType});
    declare(kRegisterVarFn, {ptrType, ptrType, i64});
    declare(kRegisterParamsFn, {ptrType, i32, ptrType});
    auto arch = module->getAttrOfType<IntegerAttr>(kCudaArchAttr);
    if (arch)
      declare(kRegisterArchFn, {ptrType, i32});

    auto ctor = LLVM::LLVMFuncOp::create(
        builder, loc, kCtorName, LLVM::LLVMFunctionType::get(voidType, {}),
        LLVM::Linkage::Internal);
    Block *body = ctor.addEntryBlock(builder);
    builder.setInsertionPointToStart(body);
    unsigned index = 0;
    // A pointer to a private NUL-terminated copy of `text`.
    auto nameConstant = [&](StringRef text) -> Value {
      std::string symbol = ("__cucpu_name." + Twine(index++)).str();
      {
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPointToStart(module.getBody());
        std::string data = (text + Twine('\0')).str();
        auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), data.size());
        LLVM::GlobalOp::create(builder, loc, type, /*isConstant=*/true,
                               LLVM::Linkage::Private, symbol,
                               builder.getStringAttr(data));
      }
      return LLVM::AddressOfOp::create(builder, loc, ptrType, symbol);
    };
    for (LLVM::LLVMFuncOp entry : entries) {
      Value name = nameConstant(
          entry->getAttrOfType<StringAttr>(kKernelNameAttr).getValue());
      Value entryPtr =
          LLVM::AddressOfOp::create(builder, loc, ptrType, entry.getSymName());
      LLVM::CallOp::create(builder, loc, TypeRange(), kRegisterKernelFn,
                           ValueRange{name, entryPtr});
      if (arch) {
        Value version = LLVM::ConstantOp::create(
            builder, loc, i32, builder.getI32IntegerAttr(arch.getInt()));
        LLVM::CallOp::create(builder, loc, TypeRange(), kRegisterArchFn,
                             ValueRange{name, version});
      }
      // The parameters' sizes and alignments let a launch copy its
      // arguments, so that it can return before the kernel runs.
      auto layout = entry->getAttrOfType<DenseI64ArrayAttr>(kKernelParamsAttr);
      if (!layout)
        continue;
      ArrayRef<int64_t> values = layout.asArrayRef();
      Value table;
      if (values.empty()) {
        table = LLVM::ZeroOp::create(builder, loc, ptrType);
      } else {
        std::string symbol = ("__cucpu_params." + Twine(index++)).str();
        {
          OpBuilder::InsertionGuard guard(builder);
          builder.setInsertionPointToStart(module.getBody());
          auto type = LLVM::LLVMArrayType::get(i64, values.size());
          auto data = DenseElementsAttr::get(
              RankedTensorType::get({static_cast<int64_t>(values.size())}, i64),
              values);
          LLVM::GlobalOp::create(builder, loc, type, /*isConstant=*/true,
                                 LLVM::Linkage::Private, symbol, data);
        }
        table = LLVM::AddressOfOp::create(builder, loc, ptrType, symbol);
      }
      Value count = LLVM::ConstantOp::create(
          builder, loc, i32,
          builder.getI32IntegerAttr(static_cast<int32_t>(values.size() / 2)));
      LLVM::CallOp::create(builder, loc, TypeRange(), kRegisterParamsFn,
                           ValueRange{name, count, table});
    }
    for (LLVM::GlobalOp global : variables) {
      Value name = nameConstant(
          global->getAttrOfType<StringAttr>(kDeviceVarAttr).getValue());
      Value storage = LLVM::AddressOfOp::create(builder, loc, global);
      // A byte array, or a packed struct when its initial value holds the
      // addresses of functions.
      uint64_t size = DataLayout::closest(global).getTypeSize(
          global.getGlobalType());
      Value sizeValue = LLVM::ConstantOp::create(
          builder, loc, i64, builder.getI64IntegerAttr(size));
      LLVM::CallOp::create(builder, loc, TypeRange(), kRegisterVarFn,
                           ValueRange{name, storage, sizeValue});
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
