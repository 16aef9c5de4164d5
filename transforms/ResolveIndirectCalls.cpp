//===- ResolveIndirectCalls.cpp - Calls through device function pointers --===//
//
// Device code calls through pointers to functions: a template's `op`
// parameter given a `__device__` function, a local that holds one of several
// functions, a field of a struct. Launch resolution needs every call direct:
// thread and block queries, barriers and warp operations only mean something
// once inlined into their launch. After a first inlining most such pointers
// are the address of a known function, and the call becomes a direct call of
// it. Any other call compares the pointer with the address of each function
// of its signature whose address device code takes, and calls the one it
// equals directly; a pointer that equals none reports a failed device
// assertion with the call's location, as a GPU would trap. A second inlining
// then inlines the direct calls.
//
// A function's address is the address of a token global that stands for
// it, not the function's code: device code only compares and stores it, and
// the function itself, once its calls are inlined, need not exist on its
// own (its body may query the launch, which it could not outside one).
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Demangle/Demangle.h"

namespace cucpu {
#define GEN_PASS_DEF_RESOLVEINDIRECTCALLS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// The prefix of the token globals whose addresses stand for functions.
constexpr llvm::StringLiteral kTokenPrefix = "__cucpu_function.";

struct ResolveIndirectCallsPass
    : public cucpu::impl::ResolveIndirectCallsBase<
          ResolveIndirectCallsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<simt::FunctionAddressOp> addresses;
    SmallVector<simt::IndirectCallOp> calls;
    module.walk([&](Operation *op) {
      if (auto address = dyn_cast<simt::FunctionAddressOp>(op))
        addresses.push_back(address);
      else if (auto call = dyn_cast<simt::IndirectCallOp>(op))
        calls.push_back(call);
    });
    if (addresses.empty() && calls.empty())
      return;

    // The functions whose address device code takes, by signature, in the
    // order of their first address (so that the comparisons come out the
    // same on every compile).
    llvm::MapVector<FunctionType, llvm::SetVector<func::FuncOp>> candidates;
    for (simt::FunctionAddressOp address : addresses) {
      auto fn = symbols.lookup<func::FuncOp>(address.getFunction());
      if (!fn) {
        address.emitError("the address of a function device code does not "
                          "define");
        return signalPassFailure();
      }
      candidates[fn.getFunctionType()].insert(fn);
    }

    for (simt::IndirectCallOp call : calls) {
      OpBuilder builder(call);
      if (auto address =
              call.getCallee().getDefiningOp<simt::FunctionAddressOp>()) {
        auto fn = symbols.lookup<func::FuncOp>(address.getFunction());
        if (fn.getFunctionType() == call.getCalleeType()) {
          auto direct =
              func::CallOp::create(builder, call.getLoc(), fn, call.getArgs());
          call.replaceAllUsesWith(direct.getResults());
          call.erase();
          continue;
        }
      }
      dispatch(call, candidates.lookup(call.getCalleeType()).getArrayRef(),
               module);
    }

    // What stays of the addresses: values to store and compare.
    for (simt::FunctionAddressOp address : addresses) {
      OpBuilder builder(address);
      LLVM::GlobalOp token = getToken(module, address.getFunction());
      Value pointer =
          LLVM::AddressOfOp::create(builder, address.getLoc(), token);
      address.replaceAllUsesWith(pointer);
      address.erase();
    }
  }

  /// The token whose address stands for function `name`: one constant byte,
  /// not unnamed_addr, so that no two tokens share an address.
  LLVM::GlobalOp getToken(ModuleOp module, StringRef name) {
    std::string tokenName = (kTokenPrefix + name).str();
    if (auto token = module.lookupSymbol<LLVM::GlobalOp>(tokenName))
      return token;
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    auto i8 = builder.getI8Type();
    return LLVM::GlobalOp::create(builder, module.getLoc(), i8,
                                  /*isConstant=*/true, LLVM::Linkage::Internal,
                                  tokenName, builder.getI8IntegerAttr(0));
  }

  /// Replaces `call` by a chain of comparisons of its callee with each
  /// candidate's address, each calling its candidate directly, and a failed
  /// assertion when none matches.
  void dispatch(simt::IndirectCallOp call, ArrayRef<func::FuncOp> targets,
                ModuleOp module) {
    OpBuilder builder(call);
    SmallVector<Value> results = dispatchFrom(builder, call, targets, module);
    call.replaceAllUsesWith(results);
    call.erase();
  }

  SmallVector<Value> dispatchFrom(OpBuilder &builder, simt::IndirectCallOp call,
                                  ArrayRef<func::FuncOp> targets,
                                  ModuleOp module) {
    Location loc = call.getLoc();
    TypeRange resultTypes = call.getResultTypes();
    if (targets.empty()) {
      reportUnknownCallee(builder, call, module);
      SmallVector<Value> poison;
      for (Type type : resultTypes)
        poison.push_back(LLVM::PoisonOp::create(builder, loc, type));
      return poison;
    }
    func::FuncOp target = targets.front();
    Value address = LLVM::AddressOfOp::create(
        builder, loc, getToken(module, target.getSymName()));
    Value matches = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq,
                                         call.getCallee(), address);
    auto ifOp = scf::IfOp::create(builder, loc, resultTypes, matches,
                                  /*withElseRegion=*/true);
    {
      // Without results, the branches come with their yields.
      OpBuilder::InsertionGuard guard(builder);
      auto startBranch = [&](Block *block) {
        if (block->mightHaveTerminator())
          builder.setInsertionPoint(block->getTerminator());
        else
          builder.setInsertionPointToEnd(block);
      };
      startBranch(ifOp.thenBlock());
      auto direct = func::CallOp::create(builder, loc, target, call.getArgs());
      if (!resultTypes.empty())
        scf::YieldOp::create(builder, loc, direct.getResults());
      startBranch(ifOp.elseBlock());
      SmallVector<Value> rest =
          dispatchFrom(builder, call, targets.drop_front(), module);
      if (!resultTypes.empty())
        scf::YieldOp::create(builder, loc, rest);
    }
    return ifOp.getResults();
  }

  /// A failed device assertion that names the call's location: what a GPU
  /// does with a jump to an address that is no function is undefined.
  void reportUnknownCallee(OpBuilder &builder, simt::IndirectCallOp call,
                           ModuleOp module) {
    Location loc = call.getLoc();
    MLIRContext *ctx = builder.getContext();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto i32 = builder.getI32Type();
    StringRef file;
    unsigned line = 0;
    if (FileLineColLoc fileLoc = sourceLocation(loc)) {
      file = fileLoc.getFilename();
      line = fileLoc.getLine();
    }
    std::string message;
    llvm::raw_string_ostream os(message);
    os << "call through a pointer that holds no device function of type "
       << call.getCalleeType();
    // The kernel, as CUDA names it, when the call is inlined into one.
    std::string function;
    if (auto caller = call->getParentOfType<func::FuncOp>()) {
      auto kernel = caller->getAttrOfType<StringAttr>(kKernelNameAttr);
      function = llvm::demangle(kernel ? kernel.getValue() : caller.getSymName());
    }
    Value args[] = {
        stringAddress(builder, module, loc, message),
        stringAddress(builder, module, loc, file),
        arith::ConstantIntOp::create(builder, loc, i32, line),
        stringAddress(builder, module, loc, function),
        blockAndThreadIndices(builder, loc)};
    auto type = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(ctx), {ptrType, ptrType, i32, ptrType, ptrType});
    auto fail = module.lookupSymbol<LLVM::LLVMFuncOp>(kAssertFailFunction);
    if (!fail) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToEnd(module.getBody());
      fail = LLVM::LLVMFuncOp::create(builder, module.getLoc(),
                                      kAssertFailFunction, type);
    }
    LLVM::CallOp::create(builder, loc, fail, args);
  }

  /// Where the call is written: through the locations of the calls it was
  /// inlined through, to the innermost file position.
  static FileLineColLoc sourceLocation(Location loc) {
    if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
      return fileLoc;
    if (auto callSite = dyn_cast<CallSiteLoc>(loc))
      return sourceLocation(callSite.getCallee());
    if (auto name = dyn_cast<NameLoc>(loc))
      return sourceLocation(name.getChildLoc());
    if (auto fused = dyn_cast<FusedLoc>(loc))
      for (Location inner : fused.getLocations())
        if (FileLineColLoc fileLoc = sourceLocation(inner))
          return fileLoc;
    return {};
  }

  /// Six i32 for the message: the block's and the thread's indices.
  Value blockAndThreadIndices(OpBuilder &builder, Location loc) {
    auto ptrType = LLVM::LLVMPointerType::get(builder.getContext());
    auto i32 = builder.getI32Type();
    Value count = arith::ConstantIntOp::create(builder, loc, builder.getI64Type(), 6);
    Value ids = LLVM::AllocaOp::create(builder, loc, ptrType, i32, count, 4);
    int32_t slot = 0;
    for (bool block : {true, false})
      for (simt::Dimension dim :
           {simt::Dimension::x, simt::Dimension::y, simt::Dimension::z}) {
        auto dimAttr = simt::DimensionAttr::get(builder.getContext(), dim);
        Value index =
            block ? Value(simt::BlockIdOp::create(builder, loc, dimAttr))
                  : Value(simt::ThreadIdOp::create(builder, loc, dimAttr));
        Value value = arith::IndexCastUIOp::create(builder, loc, i32, index);
        Value addr = LLVM::GEPOp::create(builder, loc, ptrType, i32, ids,
                                         ArrayRef<LLVM::GEPArg>{slot++});
        LLVM::StoreOp::create(builder, loc, value, addr, 4);
      }
    return ids;
  }

  /// The address of a NUL-terminated copy of `text`.
  Value stringAddress(OpBuilder &builder, ModuleOp module, Location loc,
                      StringRef text) {
    std::string bytes = text.str();
    bytes.push_back('\0');
    auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), bytes.size());
    std::string name;
    do
      name = ("__cucpu_call_message." + Twine(messageCount++)).str();
    while (module.lookupSymbol(name));
    LLVM::GlobalOp global;
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(module.getBody());
      global = LLVM::GlobalOp::create(
          builder, loc, type, /*isConstant=*/true, LLVM::Linkage::Private,
          name, builder.getStringAttr(bytes));
    }
    return LLVM::AddressOfOp::create(builder, loc, global);
  }

  unsigned messageCount = 0;
};

} // namespace
