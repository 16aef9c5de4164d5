//===- BuiltinGen.cpp - CUDA intrinsics and clang builtins ----------------===//

#include "dialect/SIMTDialect.h"
#include "frontend/FunctionGen.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "clang/Basic/Builtins.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using mlir::Value;
namespace arith = mlir::arith;
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
      .Case("expm1", "math.expm1")
      .Case("log", "math.log")
      .Case("log2", "math.log2")
      .Case("log10", "math.log10")
      .Case("log1p", "math.log1p")
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

  if (name == "__syncthreads") {
    simt::BarrierOp::create(builder, l, mlir::ValueRange{});
    return true;
  }

  unsigned id = callee->getBuiltinID();
  if (id == 0)
    return false;
  std::string builtinName = mod.ast.BuiltinInfo.getName(id);
  StringRef fn = builtinName;
  fn.consume_front("__builtin_");

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
    result = builder.create(state)->getResult(0);
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

} // namespace cucpu
