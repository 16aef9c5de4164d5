//===- LowerGPUDeviceCalls.cpp - Library calls of device code on the GPU ---===//
//
// On the CPU, device code calls the C library (printf, libm) and the runtime
// (__cucpu_device_assert_fail). A GPU module cannot: printf and assert become
// the PTX system calls vprintf and __assertfail, log1p and expm1 math
// operations, the functions of cucpu's GPU math library (lgamma, hypot, ...)
// calls to it, and any other call to a function without a body is reported
// where it is made.
//
//===----------------------------------------------------------------------===//

#include "lowering/GPULowering.h"
#include "lowering/Lowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace cucpu {
#define GEN_PASS_DEF_LOWERGPUDEVICECALLS
#include "lowering/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

constexpr StringLiteral kVprintf = "vprintf";
constexpr StringLiteral kAssertFail = "__assertfail";

LLVM::LLVMFuncOp declare(ModuleOp module, StringRef name,
                         LLVM::LLVMFunctionType type) {
  if (auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return fn;
  OpBuilder b(module.getContext());
  b.setInsertionPointToEnd(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

/// printf(format, args...) -> vprintf(format, &{args...}): the arguments
/// (already promoted as for a C variadic call) are laid out as a struct,
/// each at its natural alignment, which is the buffer vprintf reads.
void lowerPrintf(ModuleOp module, LLVM::CallOp call) {
  MLIRContext *ctx = module.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  auto i32 = IntegerType::get(ctx, 32);
  LLVM::LLVMFuncOp vprintf = declare(
      module, kVprintf, LLVM::LLVMFunctionType::get(i32, {ptrType, ptrType}));
  OpBuilder b(call);
  Location loc = call.getLoc();
  ValueRange operands = call.getArgOperands();
  Value buffer;
  if (operands.size() == 1) {
    buffer = LLVM::ZeroOp::create(b, loc, ptrType);
  } else {
    SmallVector<Type> fields;
    for (Value v : operands.drop_front())
      fields.push_back(v.getType());
    auto structType = LLVM::LLVMStructType::getLiteral(ctx, fields);
    {
      // One buffer per function, at its start, not one per loop iteration.
      OpBuilder::InsertionGuard guard(b);
      auto fn = call->getParentOfType<FunctionOpInterface>();
      b.setInsertionPointToStart(&fn.getFunctionBody().front());
      Value one = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                           b.getI64IntegerAttr(1));
      buffer = LLVM::AllocaOp::create(b, loc, ptrType, structType, one, 8);
    }
    for (auto [i, v] : llvm::enumerate(operands.drop_front())) {
      Value field = LLVM::GEPOp::create(
          b, loc, ptrType, structType, buffer,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
      LLVM::StoreOp::create(b, loc, v, field);
    }
  }
  auto lowered = LLVM::CallOp::create(b, loc, vprintf,
                                      ValueRange{operands.front(), buffer});
  call.getResult().replaceAllUsesWith(lowered.getResult());
  call.erase();
}

/// __cucpu_device_assert_fail(expression, file, line, function, ids) ->
/// __assertfail(expression, file, line, function, sizeof(char)); the GPU
/// reports the block and thread itself.
void lowerAssert(ModuleOp module, LLVM::CallOp call) {
  MLIRContext *ctx = module.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  auto i32 = IntegerType::get(ctx, 32);
  auto i64 = IntegerType::get(ctx, 64);
  LLVM::LLVMFuncOp fail = declare(
      module, kAssertFail,
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                  {ptrType, ptrType, i32, ptrType, i64}));
  OpBuilder b(call);
  ValueRange operands = call.getArgOperands();
  Value charSize = LLVM::ConstantOp::create(b, call.getLoc(), i64,
                                            b.getI64IntegerAttr(1));
  LLVM::CallOp::create(b, call.getLoc(), fail,
                       ValueRange{operands[0], operands[1], operands[2],
                                  operands[3], charSize});
  call.erase();
}

/// log1p and expm1 (double or float): the CPU target calls the C library
/// for them (math.log1p's generic lowering, log(1 + x), loses the precision
/// they exist for), the GPU target computes them (cucpu-lower-gpu-math).
/// Returns whether `call` was one.
bool lowerToMathOp(LLVM::CallOp call, StringRef callee) {
  if (call.getArgOperands().size() != 1 || call.getNumResults() != 1)
    return false;
  Type type = call.getResult().getType();
  bool isFloat = type.isF32() && callee.ends_with("f");
  if (!(type.isF64() || isFloat))
    return false;
  StringRef base = isFloat ? callee.drop_back() : callee;
  OpBuilder b(call);
  Value arg = call.getArgOperands().front();
  Value result;
  if (base == "log1p")
    result = math::Log1pOp::create(b, call.getLoc(), arg);
  else if (base == "expm1")
    result = math::ExpM1Op::create(b, call.getLoc(), arg);
  else
    return false;
  call.getResult().replaceAllUsesWith(result);
  call.erase();
  return true;
}

/// A C math function the GPU math library implements -> a call to the
/// library's __cucpu_math_<name>, linked in after translation to LLVM IR.
/// Returns whether `call` was one.
bool lowerToMathLibrary(ModuleOp module, LLVM::CallOp call, StringRef callee) {
  // Already a call to it (CUDA's functions without a C name, erfinv, ...).
  if (callee.starts_with(kMathLibraryPrefix) &&
      gpuMathLibraryDefines(callee.drop_front(kMathLibraryPrefix.size())))
    return true;
  if (!gpuMathLibraryDefines(callee))
    return false;
  LLVM::LLVMFuncOp implementation = declare(
      module, (kMathLibraryPrefix + callee).str(), call.getCalleeFunctionType());
  call.setCalleeAttr(FlatSymbolRefAttr::get(implementation.getSymNameAttr()));
  return true;
}

struct LowerGPUDeviceCallsPass
    : public cucpu::impl::LowerGPUDeviceCallsBase<LowerGPUDeviceCallsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<LLVM::CallOp> calls;
    module.walk([&](LLVM::CallOp call) { calls.push_back(call); });
    bool failed = false;
    // Declarations that may have lost their last call.
    llvm::SetVector<StringRef> replaced;
    replaced.insert(StringRef("printf"));
    replaced.insert(StringRef("__cucpu_device_assert_fail"));
    for (LLVM::CallOp call : calls) {
      std::optional<StringRef> callee = call.getCallee();
      if (!callee)
        continue; // Through a pointer to a device function.
      auto fn = symbols.lookup<FunctionOpInterface>(*callee);
      if (fn && !fn.isExternal())
        continue;
      if (*callee == "printf" && call.getArgOperands().size() >= 1) {
        lowerPrintf(module, call);
      } else if (*callee == "__cucpu_device_assert_fail" &&
                 call.getArgOperands().size() == 5) {
        lowerAssert(module, call);
      } else if (lowerToMathOp(call, *callee)) {
        replaced.insert(*callee);
      } else if (lowerToMathLibrary(module, call, *callee)) {
        if (!callee->starts_with(kMathLibraryPrefix))
          replaced.insert(*callee);
      } else if (*callee != kVprintf && *callee != kAssertFail &&
                 // The device heap's functions, which the CUDA driver
                 // provides to PTX as it provides vprintf.
                 *callee != "malloc" && *callee != "free") {
        call.emitError("'")
            << *callee
            << "' has no implementation on the GPU target (the CPU target "
               "calls the C library for it)";
        failed = true;
      }
    }
    if (failed)
      return signalPassFailure();
    for (StringRef name : replaced)
      if (Operation *decl = symbols.lookup(name))
        if (SymbolTable::symbolKnownUseEmpty(decl, module))
          decl->erase();
  }
};

} // namespace
