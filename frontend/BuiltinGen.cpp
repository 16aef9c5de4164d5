//===- BuiltinGen.cpp - CUDA intrinsics and clang builtins ----------------===//

#include "dialect/SIMTDialect.h"
#include "frontend/FunctionGen.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using mlir::Value;
namespace arith = mlir::arith;
namespace LLVM = mlir::LLVM;
namespace simt = cucpu::simt;

namespace cucpu {

namespace {

/// The operation implementing a floating-point libm function (called through
/// its builtin, e.g. `__builtin_sqrtf`), applied to arguments of the result
/// type.
StringRef mathOpFor(StringRef fn) {
  // The float variants carry an `f` suffix; `erf` ends in `f` by itself.
  StringRef base = fn;
  if (fn.ends_with("f") && fn != "erf")
    base = fn.drop_back();
  return llvm::StringSwitch<StringRef>(base)
      .Case("sqrt", "math.sqrt")
      .Case("cbrt", "math.cbrt")
      .Case("exp", "math.exp")
      .Case("exp2", "math.exp2")
      .Case("log", "math.log")
      .Case("log2", "math.log2")
      .Case("log10", "math.log10")
      .Case("pow", "math.powf")
      .Case("sin", "math.sin")
      .Case("cos", "math.cos")
      .Case("tan", "math.tan")
      .Case("asin", "math.asin")
      .Case("acos", "math.acos")
      .Case("atan", "math.atan")
      .Case("atan2", "math.atan2")
      .Case("sinh", "math.sinh")
      .Case("cosh", "math.cosh")
      .Case("tanh", "math.tanh")
      .Case("asinh", "math.asinh")
      .Case("acosh", "math.acosh")
      .Case("atanh", "math.atanh")
      .Case("erf", "math.erf")
      .Case("erfc", "math.erfc")
      .Case("fabs", "math.absf")
      .Case("floor", "math.floor")
      .Case("ceil", "math.ceil")
      .Case("trunc", "math.trunc")
      .Case("round", "math.round")
      .Case("rint", "math.roundeven")
      .Case("nearbyint", "math.roundeven")
      .Case("fma", "math.fma")
      .Case("copysign", "math.copysign")
      .Case("fmin", "arith.minnumf")
      .Case("fmax", "arith.maxnumf")
      .Case("fmod", "arith.remf")
      .Default("");
}

/// C library math functions that have no MLIR operation; device code calls
/// the host's C library for them.
bool isLibmCall(StringRef fn) {
  static const llvm::StringLiteral kFunctions[] = {
      "lgamma", "tgamma", "hypot",     "remainder", "fdim", "ldexp",
      "scalbn", "ilogb",  "logb",      "nextafter", "frexp", "modf",
      // The math dialect lowers these as log(1 + x) and exp(x) - 1, which
      // loses the precision they exist for.
      "log1p",  "expm1"};
  auto listed = [](StringRef name) {
    return llvm::is_contained(kFunctions, name);
  };
  return listed(fn) || (fn.ends_with("f") && listed(fn.drop_back()));
}

/// CUDA's math functions with no clang builtin, and the C library's Bessel
/// functions (host functions, and on a GPU not there at all): cucpu's math
/// library (runtime-shim/lib/DeviceMath.cpp) defines them as
/// __cucpu_math_<name>, for both targets.
bool isCudaOnlyMathFunction(const FunctionDecl *callee) {
  static const llvm::StringLiteral kFunctions[] = {
      "erfinv", "erfcinv", "erfcx", "normcdf", "normcdfinv", "rcbrt",
      "sinpi",  "cospi",   "j0",    "j1",      "jn",         "y0",
      "y1",     "yn",      "cyl_bessel_i0",    "cyl_bessel_i1"};
  if (callee->hasBody() || !callee->isExternC() || !callee->getIdentifier())
    return false;
  StringRef name = callee->getName();
  auto listed = [](StringRef n) { return llvm::is_contained(kFunctions, n); };
  return listed(name) || (name.ends_with("f") && listed(name.drop_back()));
}

/// The dimension of a builtin-variable getter or NVVM special register
/// (`..._x`, `..._y`, `..._z`).
std::optional<simt::Dimension> dimensionSuffix(StringRef name) {
  if (name.ends_with("_x"))
    return simt::Dimension::x;
  if (name.ends_with("_y"))
    return simt::Dimension::y;
  if (name.ends_with("_z"))
    return simt::Dimension::z;
  return std::nullopt;
}

/// Which index query a builtin variable or special register reads.
enum class IndexQuery { None, ThreadId, BlockId, BlockDim, GridDim };

IndexQuery queryFor(StringRef name) {
  if (name.contains("threadIdx") || name.contains("sreg_tid"))
    return IndexQuery::ThreadId;
  if (name.contains("blockIdx") || name.contains("sreg_ctaid"))
    return IndexQuery::BlockId;
  if (name.contains("blockDim") || name.contains("sreg_ntid"))
    return IndexQuery::BlockDim;
  if (name.contains("gridDim") || name.contains("sreg_nctaid"))
    return IndexQuery::GridDim;
  return IndexQuery::None;
}

} // namespace

bool FunctionGen::emitBuiltinCall(const CallExpr *call,
                                  const FunctionDecl *callee, Value &result) {
  SourceLocation where = call->getExprLoc();
  mlir::Location l = loc(where);
  result = nullptr;
  StringRef name = callee->getIdentifier() ? callee->getName() : "";

  // threadIdx.x and friends: clang's builtin variables are properties whose
  // getters are static members of __cuda_builtin_<var>_t; the NVVM special
  // register builtins read the same values.
  IndexQuery query = IndexQuery::None;
  if (const auto *method = dyn_cast<CXXMethodDecl>(callee);
      method && name.starts_with("__fetch_builtin_"))
    query = queryFor(method->getParent()->getName());
  else if (name.starts_with("__nvvm_read_ptx_sreg_"))
    query = queryFor(name);
  if (query != IndexQuery::None) {
    std::optional<simt::Dimension> dim = dimensionSuffix(name);
    if (!dim) {
      mod.unsupported(where, "the builtin '" + name.str() + "'");
      result = undefValue(call->getType(), where);
      return true;
    }
    auto dimAttr = simt::DimensionAttr::get(mod.ctx, *dim);
    Value index;
    switch (query) {
    case IndexQuery::ThreadId:
      index = simt::ThreadIdOp::create(builder, l, dimAttr);
      break;
    case IndexQuery::BlockId:
      index = simt::BlockIdOp::create(builder, l, dimAttr);
      break;
    case IndexQuery::BlockDim:
      index = simt::BlockDimOp::create(builder, l, dimAttr);
      break;
    case IndexQuery::GridDim:
      index = simt::GridDimOp::create(builder, l, dimAttr);
      break;
    case IndexQuery::None:
      llvm_unreachable("handled above");
    }
    result = arith::IndexCastUIOp::create(
        builder, l, mod.convertType(call->getType(), where), index);
    return true;
  }

  if (name == "__syncthreads" ||
      (name == "__syncwarp" && !callee->hasBody())) {
    // A block barrier also synchronizes the warp: threads of the block that
    // do not reach it count as arrived.
    auto barrier = simt::BarrierOp::create(builder, l, mlir::ValueRange{});
    if (name == "__syncwarp")
      barrier->setAttr(kWarpSyncAttr, builder.getUnitAttr());
    return true;
  }
  if (!callee->hasBody() &&
      (name == "__shfl_sync" || name == "__shfl_up_sync" ||
       name == "__shfl_down_sync" || name == "__shfl_xor_sync")) {
    result = emitWarpShuffle(call, name);
    return true;
  }
  if (!callee->hasBody() &&
      (name == "__ballot_sync" || name == "__any_sync" ||
       name == "__all_sync" || name == "__reduce_add_sync" ||
       name == "__reduce_min_sync" || name == "__reduce_max_sync" ||
       name == "__reduce_and_sync" || name == "__reduce_or_sync" ||
       name == "__reduce_xor_sync" || name == "__match_any_sync" ||
       name == "__match_all_sync")) {
    result = emitWarpReduction(call, name);
    return true;
  }
  // Which lanes run the call together is known only once a divergent
  // branch's threads run apart: after the launch is resolved.
  if (!callee->hasBody() && name == "__activemask") {
    result = simt::ActiveMaskOp::create(builder, l, builder.getI32Type());
    return true;
  }
  if ((name == "__syncthreads_count" || name == "__syncthreads_and" ||
       name == "__syncthreads_or") &&
      !callee->hasBody()) {
    result = emitSyncthreadsReduction(call, name);
    return true;
  }
  if (name.starts_with("__threadfence") && !callee->hasBody()) {
    LLVM::FenceOp::create(builder, l, LLVM::AtomicOrdering::seq_cst);
    return true;
  }
  if (name.starts_with("atomic") && !callee->hasBody())
    return emitAtomic(call, name, result);
  if (name == "__assert_fail" && !callee->hasBody()) {
    emitAssertFail(call);
    return true;
  }
  if ((name == "malloc" || name == "free") && !callee->hasBody() &&
      callee->isExternC() && callee->getNumParams() == 1) {
    Value arg = emitScalar(call->getArg(0));
    if (name == "malloc")
      result = heapAllocate(convertScalar(arg, call->getArg(0)->getType(),
                                          mod.ast.UnsignedLongTy, where),
                            l);
    else
      heapFree(arg, l);
    return true;
  }
  // nan("") and nanf(""): the C library's names, which clang does not fold
  // as it folds __builtin_nan. A quiet NaN, with the payload the tag spells.
  if ((name == "nan" || name == "nanf" || name == "__builtin_nan" ||
       name == "__builtin_nanf") &&
      call->getNumArgs() == 1) {
    if (const auto *tag = dyn_cast<StringLiteral>(
            call->getArg(0)->IgnoreParenImpCasts())) {
      llvm::APInt payload;
      bool hasPayload = !tag->getString().getAsInteger(0, payload);
      mlir::Type type = mod.convertType(call->getType(), where);
      llvm::APFloat value = llvm::APFloat::getQNaN(
          mod.ast.getFloatTypeSemantics(call->getType()), /*Negative=*/false,
          hasPayload ? &payload : nullptr);
      result = arith::ConstantOp::create(builder, l, type,
                                         builder.getFloatAttr(type, value));
      return true;
    }
  }

  if (name == "printf" && callee->isVariadic() && !callee->hasBody()) {
    // Device printf is the C library's: each call writes its whole output
    // under the stream's lock, so lines of different threads never mix.
    auto ptrType = LLVM::LLVMPointerType::get(mod.ctx);
    auto type = LLVM::LLVMFunctionType::get(builder.getI32Type(), {ptrType},
                                            /*isVarArg=*/true);
    LLVM::LLVMFuncOp printfFn = mod.getLibraryFunction("printf", type);
    SmallVector<Value> args;
    for (const Expr *arg : call->arguments()) {
      if (mod.isAggregate(arg->getType())) {
        mod.unsupported(arg->getExprLoc(), "an aggregate printf argument");
        return true;
      }
      args.push_back(emitScalar(arg));
    }
    result = LLVM::CallOp::create(builder, l, printfFn, args).getResult();
    return true;
  }

  if (isCudaOnlyMathFunction(callee)) {
    SmallVector<Value> args;
    SmallVector<mlir::Type> params;
    for (const Expr *arg : call->arguments()) {
      args.push_back(emitScalar(arg));
      params.push_back(args.back().getType());
    }
    auto type = LLVM::LLVMFunctionType::get(
        mod.convertType(call->getType(), where), params);
    LLVM::LLVMFuncOp libFn =
        mod.getLibraryFunction(("__cucpu_math_" + name).str(), type);
    result = LLVM::CallOp::create(builder, l, libFn, args).getResult();
    return true;
  }

  unsigned id = callee->getBuiltinID();
  if (id == 0)
    return false;
  std::string builtinName = mod.ast.BuiltinInfo.getName(id);
  StringRef fn = builtinName;
  fn.consume_front("__builtin_");

  // std::move, std::forward and friends, which clang treats as builtins:
  // the object itself (a reference is its address).
  if (fn == "move" || fn == "forward" || fn == "move_if_noexcept" ||
      fn == "as_const" || fn == "forward_like" || fn == "addressof" ||
      fn == "__addressof") {
    const Expr *arg = call->getArg(0);
    result = arg->isGLValue() ? emitLValue(arg).addr : emitScalar(arg);
    return true;
  }

  // Builtins that are constants: __builtin_inff (INFINITY),
  // __builtin_nanf("") (NAN), __builtin_huge_val (HUGE_VAL), ...
  if (Value constant = emitConstant(call)) {
    result = constant;
    return true;
  }

  SmallVector<Value> args;
  auto emitArgs = [&]() {
    for (const Expr *arg : call->arguments())
      args.push_back(emitScalar(arg));
  };

  if (StringRef opName = mathOpFor(fn); !opName.empty()) {
    emitArgs();
    mlir::Type type = mod.convertType(call->getType(), where);
    mlir::OperationState state(l, opName);
    state.addOperands(args);
    state.addTypes(type);
    result = applyFPOptions(builder.create(state)->getResult(0),
                            call->getFPFeaturesInEffect(mod.ast.getLangOpts()));
    return true;
  }
  if (fn == "popcount" || fn == "popcountl" || fn == "popcountll" ||
      fn == "clz" || fn == "clzl" || fn == "clzll" || fn == "ctz" ||
      fn == "ctzl" || fn == "ctzll") {
    emitArgs();
    Value v = args[0];
    if (fn.starts_with("popcount"))
      v = mlir::math::CtPopOp::create(builder, l, v);
    else if (fn.starts_with("clz"))
      v = mlir::math::CountLeadingZerosOp::create(builder, l, v);
    else
      v = mlir::math::CountTrailingZerosOp::create(builder, l, v);
    result = convertScalar(v, call->getArg(0)->getType(), call->getType(),
                           where);
    return true;
  }
  if (fn == "bitreverse8" || fn == "bitreverse16" || fn == "bitreverse32" ||
      fn == "bitreverse64") {
    emitArgs();
    result = LLVM::BitReverseOp::create(builder, l, args[0].getType(), args[0]);
    return true;
  }
  if (isLibmCall(fn)) {
    // A C library math function without an MLIR operation: call it.
    emitArgs();
    SmallVector<mlir::Type> params;
    for (Value arg : args)
      params.push_back(arg.getType());
    mlir::Type resultType = mod.convertType(call->getType(), where);
    auto type = LLVM::LLVMFunctionType::get(resultType, params);
    LLVM::LLVMFuncOp libFn = mod.getLibraryFunction(fn, type);
    result = LLVM::CallOp::create(builder, l, libFn, args).getResult();
    return true;
  }
  if (fn == "memcpy" || fn == "memmove" || fn == "memset") {
    emitArgs();
    Value size = convertScalar(args[2], call->getArg(2)->getType(),
                               mod.ast.UnsignedLongTy, where);
    if (fn == "memset") {
      Value byte = arith::TruncIOp::create(builder, l, builder.getI8Type(),
                                           args[1]);
      LLVM::MemsetOp::create(builder, l, args[0], byte, size, false);
    } else if (fn == "memcpy") {
      LLVM::MemcpyOp::create(builder, l, args[0], args[1], size, false);
    } else {
      LLVM::MemmoveOp::create(builder, l, args[0], args[1], size, false);
    }
    result = args[0];
    return true;
  }
  if (fn == "signbit" || fn == "signbitf" || fn == "signbitl") {
    emitArgs();
    Value v = args[0];
    auto intType = builder.getIntegerType(v.getType().getIntOrFloatBitWidth());
    Value bits = arith::BitcastOp::create(builder, l, intType, v);
    Value negative = arith::CmpIOp::create(builder, l, arith::CmpIPredicate::slt,
                                           bits, intConstant(intType, 0, where));
    result = convertScalar(negative, mod.ast.BoolTy, call->getType(), where);
    return true;
  }
  if (fn == "readcyclecounter") {
    // x86's time-stamp counter; NVPTX reads %clock64.
    result = LLVM::CallIntrinsicOp::create(
                 builder, l, builder.getI64Type(),
                 builder.getStringAttr("llvm.readcyclecounter"),
                 mlir::ValueRange{})
                 .getResult(0);
    return true;
  }
  if (fn == "expect") {
    emitArgs();
    result = args[0];
    return true;
  }
  if (fn == "assume" || fn == "unreachable") {
    return true;
  }
  if (fn == "isnan" || fn == "isinf" || fn == "isfinite") {
    emitArgs();
    Value v = args[0];
    if (fn == "isnan") {
      result = arith::CmpFOp::create(builder, l, arith::CmpFPredicate::UNO, v, v);
    } else {
      Value absV = mlir::math::AbsFOp::create(builder, l, v);
      Value inf = arith::ConstantOp::create(
          builder, l, v.getType(),
          builder.getFloatAttr(v.getType(),
                               std::numeric_limits<double>::infinity()));
      result = arith::CmpFOp::create(builder, l,
                                     fn == "isinf" ? arith::CmpFPredicate::OEQ
                                                   : arith::CmpFPredicate::OLT,
                                     absV, inf);
    }
    result = convertScalar(result, mod.ast.BoolTy, call->getType(), where);
    return true;
  }
  mod.unsupported(where, "the builtin '" + builtinName + "'");
  result = undefValue(call->getType(), where);
  return true;
}

Value FunctionGen::emitSyncthreadsReduction(const CallExpr *call,
                                            StringRef name) {
  SourceLocation where = call->getExprLoc();
  mlir::Location l = loc(where);
  auto i32 = builder.getI32Type();
  Value predicate = emitCondition(call->getArg(0));
  Value counter =
      LLVM::AddressOfOp::create(builder, l, mod.getSyncCounter());
  Value zero = intConstant(i32, 0, where);
  Value one = intConstant(i32, 1, where);

  // Everyone is done with the counter's previous use; thread 0 resets it.
  simt::BarrierOp::create(builder, l, mlir::ValueRange{});
  Value first;
  for (simt::Dimension dim :
       {simt::Dimension::x, simt::Dimension::y, simt::Dimension::z}) {
    Value id = simt::ThreadIdOp::create(
        builder, l, simt::DimensionAttr::get(mod.ctx, dim));
    Value zeroIndex = mlir::arith::ConstantIndexOp::create(builder, l, 0);
    Value isZero = arith::CmpIOp::create(builder, l, arith::CmpIPredicate::eq,
                                         id, zeroIndex);
    first = first ? arith::AndIOp::create(builder, l, first, isZero).getResult()
                  : isZero;
  }
  {
    auto ifFirst = mlir::scf::IfOp::create(builder, l, first, false);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(ifFirst.thenBlock()->getTerminator());
    LLVM::StoreOp::create(builder, l, zero, counter, 4);
  }
  simt::BarrierOp::create(builder, l, mlir::ValueRange{});
  // _and counts the threads whose predicate fails.
  if (name == "__syncthreads_and")
    predicate = arith::XOrIOp::create(
        builder, l, predicate, intConstant(builder.getI1Type(), 1, where));
  {
    auto ifCounted = mlir::scf::IfOp::create(builder, l, predicate, false);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(ifCounted.thenBlock()->getTerminator());
    LLVM::AtomicRMWOp::create(builder, l, LLVM::AtomicBinOp::add, counter, one,
                              LLVM::AtomicOrdering::monotonic, StringRef(), 4);
  }
  simt::BarrierOp::create(builder, l, mlir::ValueRange{});
  Value count = LLVM::LoadOp::create(builder, l, i32, counter, 4);
  if (name == "__syncthreads_count")
    return count;
  Value test = arith::CmpIOp::create(
      builder, l,
      name == "__syncthreads_and" ? arith::CmpIPredicate::eq
                                  : arith::CmpIPredicate::ne,
      count, zero);
  return arith::ExtUIOp::create(builder, l, i32, test);
}

void FunctionGen::emitAssertFail(const CallExpr *call) {
  SourceLocation where = call->getExprLoc();
  SmallVector<Value> args;
  // __assert_fail(expression, file, line, function)
  for (const Expr *arg : call->arguments())
    args.push_back(emitScalar(arg));
  if (args.size() != 4) {
    mod.unsupported(where, "this form of assert");
    return;
  }
  args[2] = convertScalar(args[2], call->getArg(2)->getType(),
                          mod.ast.UnsignedIntTy, where);
  emitAssertFailCall(args, where);
}

void FunctionGen::emitRuntimeFailure(StringRef message, SourceLocation where) {
  mlir::Location l = loc(where);
  auto address = [&](StringRef text) -> Value {
    std::string bytes = text.str();
    bytes.push_back('\0');
    return LLVM::AddressOfOp::create(builder, l,
                                     mod.getStringConstant(bytes, where));
  };
  PresumedLoc presumed = mod.ast.getSourceManager().getPresumedLoc(where);
  SmallVector<Value> args{
      address(message), address(presumed.isValid() ? presumed.getFilename() : ""),
      intConstant(builder.getI32Type(), presumed.isValid() ? presumed.getLine() : 0,
                  where),
      address(fd->getNameAsString())};
  emitAssertFailCall(args, where);
}

void FunctionGen::emitAssertFailCall(SmallVectorImpl<Value> &args,
                                     SourceLocation where) {
  mlir::Location l = loc(where);
  auto ptrType = LLVM::LLVMPointerType::get(mod.ctx);
  auto i32 = builder.getI32Type();
  // The block and thread indices, for the message.
  Value ids = LLVM::AllocaOp::create(builder, l, ptrType, i32,
                                     i64Constant(6, where), 4);
  unsigned slot = 0;
  for (bool block : {true, false})
    for (simt::Dimension dim :
         {simt::Dimension::x, simt::Dimension::y, simt::Dimension::z}) {
      auto dimAttr = simt::DimensionAttr::get(mod.ctx, dim);
      Value index = block ? Value(simt::BlockIdOp::create(builder, l, dimAttr))
                          : Value(simt::ThreadIdOp::create(builder, l, dimAttr));
      Value v = arith::IndexCastUIOp::create(builder, l, i32, index);
      Value addr = LLVM::GEPOp::create(
          builder, l, ptrType, i32, ids,
          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(slot++)});
      LLVM::StoreOp::create(builder, l, v, addr, 4);
    }
  args.push_back(ids);
  auto type = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(mod.ctx),
      {ptrType, ptrType, i32, ptrType, ptrType});
  LLVM::LLVMFuncOp fail =
      mod.getLibraryFunction(kAssertFailFunction, type);
  LLVM::CallOp::create(builder, l, fail, args);
}

bool FunctionGen::emitAtomic(const CallExpr *call, StringRef name,
                             Value &result) {
  SourceLocation where = call->getExprLoc();
  mlir::Location l = loc(where);
  // atomicAdd_block and atomicAdd_system order the same on a CPU.
  StringRef op = name;
  if (!op.consume_back("_block"))
    op.consume_back("_system");
  QualType type = call->getType();
  bool isFloat = type->isRealFloatingType();
  bool isSigned = mod.isSigned(type);
  std::optional<LLVM::AtomicBinOp> binOp =
      llvm::StringSwitch<std::optional<LLVM::AtomicBinOp>>(op)
          .Case("atomicAdd",
                isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add)
          .Case("atomicSub", LLVM::AtomicBinOp::sub)
          .Case("atomicExch", LLVM::AtomicBinOp::xchg)
          .Case("atomicMin",
                isSigned ? LLVM::AtomicBinOp::min : LLVM::AtomicBinOp::umin)
          .Case("atomicMax",
                isSigned ? LLVM::AtomicBinOp::max : LLVM::AtomicBinOp::umax)
          // CUDA's atomicInc/atomicDec wrap exactly as LLVM's uinc_wrap and
          // udec_wrap: ((old >= val) ? 0 : old + 1) and
          // ((old == 0 || old > val) ? val : old - 1).
          .Case("atomicInc", LLVM::AtomicBinOp::uinc_wrap)
          .Case("atomicDec", LLVM::AtomicBinOp::udec_wrap)
          .Case("atomicAnd", LLVM::AtomicBinOp::_and)
          .Case("atomicOr", LLVM::AtomicBinOp::_or)
          .Case("atomicXor", LLVM::AtomicBinOp::_xor)
          .Default(std::nullopt);
  unsigned align = mod.alignOf(type);
  if (binOp && call->getNumArgs() == 2) {
    Value ptr = emitScalar(call->getArg(0));
    Value val = emitScalar(call->getArg(1));
    result = LLVM::AtomicRMWOp::create(builder, l, *binOp, ptr, val,
                                       LLVM::AtomicOrdering::monotonic,
                                       StringRef(), align);
    return true;
  }
  if (op == "atomicCAS" && call->getNumArgs() == 3) {
    Value ptr = emitScalar(call->getArg(0));
    Value expected = emitScalar(call->getArg(1));
    Value desired = emitScalar(call->getArg(2));
    auto cmpxchg = LLVM::AtomicCmpXchgOp::create(
        builder, l, ptr, expected, desired, LLVM::AtomicOrdering::monotonic,
        LLVM::AtomicOrdering::monotonic, StringRef(), align);
    result = LLVM::ExtractValueOp::create(builder, l, cmpxchg.getRes(),
                                          ArrayRef<int64_t>{0});
    return true;
  }
  mod.unsupported(where, "the atomic operation '" + name.str() + "'");
  result = undefValue(type, where);
  return true;
}

} // namespace cucpu
