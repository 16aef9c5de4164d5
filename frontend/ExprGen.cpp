//===- ExprGen.cpp - Expressions ------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "frontend/FunctionGen.h"
#include "frontend/Frontend.h"

#include "clang/AST/RecordLayout.h"

using namespace clang;
using mlir::Value;
namespace LLVM = mlir::LLVM;
namespace arith = mlir::arith;
namespace scf = mlir::scf;

namespace cucpu {

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

Value FunctionGen::convertScalar(Value v, QualType from, QualType to,
                                 SourceLocation where) {
  from = from.getCanonicalType().getUnqualifiedType();
  to = to.getCanonicalType().getUnqualifiedType();
  if (!v || to->isVoidType())
    return v;
  mlir::Location l = loc(where);
  mlir::Type target = mod.convertType(to, where);
  mlir::Type source = v.getType();
  if (to->isBooleanType()) {
    if (from->isBooleanType())
      return v;
    if (isa<mlir::FloatType>(source)) {
      Value zero = arith::ConstantOp::create(builder, l, source,
                                             builder.getFloatAttr(source, 0.0));
      return arith::CmpFOp::create(builder, l, arith::CmpFPredicate::UNE, v,
                                   zero);
    }
    if (isa<LLVM::LLVMPointerType>(source)) {
      Value null = LLVM::ZeroOp::create(builder, l, source);
      return LLVM::ICmpOp::create(builder, l, LLVM::ICmpPredicate::ne, v, null);
    }
    Value zero = intConstant(source, 0, where);
    return arith::CmpIOp::create(builder, l, arith::CmpIPredicate::ne, v, zero);
  }
  if (source == target)
    return v;
  bool fromSigned = mod.isSigned(from);
  if (auto targetInt = dyn_cast<mlir::IntegerType>(target)) {
    if (auto sourceInt = dyn_cast<mlir::IntegerType>(source)) {
      if (sourceInt.getWidth() > targetInt.getWidth())
        return arith::TruncIOp::create(builder, l, target, v);
      if (fromSigned)
        return arith::ExtSIOp::create(builder, l, target, v);
      return arith::ExtUIOp::create(builder, l, target, v);
    }
    if (isa<mlir::FloatType>(source)) {
      if (mod.isSigned(to))
        return arith::FPToSIOp::create(builder, l, target, v);
      return arith::FPToUIOp::create(builder, l, target, v);
    }
    if (isa<LLVM::LLVMPointerType>(source))
      return LLVM::PtrToIntOp::create(builder, l, target, v);
  }
  if (auto targetFloat = dyn_cast<mlir::FloatType>(target)) {
    if (isa<mlir::IntegerType>(source)) {
      if (fromSigned)
        return arith::SIToFPOp::create(builder, l, target, v);
      return arith::UIToFPOp::create(builder, l, target, v);
    }
    if (auto sourceFloat = dyn_cast<mlir::FloatType>(source)) {
      if (sourceFloat.getWidth() < targetFloat.getWidth())
        return arith::ExtFOp::create(builder, l, target, v);
      return arith::TruncFOp::create(builder, l, target, v);
    }
  }
  if (isa<LLVM::LLVMPointerType>(target)) {
    if (isa<LLVM::LLVMPointerType>(source))
      return v;
    if (isa<mlir::IntegerType>(source)) {
      Value wide = convertScalar(v, from, mod.ast.LongTy, where);
      return LLVM::IntToPtrOp::create(builder, l, target, wide);
    }
  }
  mod.unsupported(where, "a conversion from '" + from.getAsString() +
                             "' to '" + to.getAsString() + "'");
  return undefValue(to, where);
}

//===----------------------------------------------------------------------===//
// Helpers for addresses and arithmetic
//===----------------------------------------------------------------------===//

namespace {
/// The integer index of a GEP, sign- or zero-extended to 64 bits.
Value indexToI64(FunctionGen &gen, Value index, QualType type,
                 SourceLocation where) {
  return gen.convertScalar(index, type, gen.mod.ast.LongTy, where);
}
} // namespace

/// `base + index` elements of `elemType`.
/// The `__shared__` variable that `e` names an element of (through
/// subscripts and `.` members), with the subscripts from the outermost in.
static const VarDecl *
sharedElement(const Expr *e, llvm::SmallVectorImpl<const Expr *> &subscripts) {
  while (true) {
    e = e->IgnoreParenImpCasts();
    if (const auto *subscript = dyn_cast<ArraySubscriptExpr>(e)) {
      subscripts.push_back(subscript->getIdx());
      e = subscript->getBase();
    } else if (const auto *member = dyn_cast<MemberExpr>(e);
               member && !member->isArrow()) {
      e = member->getBase();
    } else {
      break;
    }
  }
  const auto *ref = dyn_cast<DeclRefExpr>(e);
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  return var && var->hasAttr<CUDASharedAttr>() ? var : nullptr;
}

/// Whether `lhs = rhs` moves elements of a `__shared__` array within it:
/// the right side reads the array that the left side writes, never at the
/// left side's own subscripts (`colors[rank[t]] = colors[t]`, an in-place
/// permutation). A warp runs such a statement in lock step, every lane
/// reading before any writes; the CPU's serial thread loop would let a
/// thread read what an earlier one just wrote. Statements that also read
/// the element they write (`s[t] = s[t] + s[t + d]`, a reduction step) are
/// left alone: run in ascending thread order they read what lock step does
/// wherever they read only their own or later threads' elements, and code
/// that reads earlier threads' elements without a barrier is a race.
static bool permutesSharedArray(const Expr *lhs, const Expr *rhs,
                                const ASTContext &ast) {
  llvm::SmallVector<const Expr *> written;
  const VarDecl *array = sharedElement(lhs, written);
  if (!array || lhs->getType().isVolatileQualified())
    return false;
  auto profile = [&](ArrayRef<const Expr *> subscripts) {
    llvm::FoldingSetNodeID id;
    for (const Expr *subscript : subscripts)
      subscript->Profile(id, ast, /*Canonical=*/true);
    return id;
  };
  llvm::FoldingSetNodeID writtenId = profile(written);
  bool readsArray = false, readsOwn = false;
  llvm::SmallVector<const Stmt *> worklist = {rhs};
  while (!worklist.empty()) {
    const Stmt *s = worklist.pop_back_val();
    if (!s)
      continue;
    if (const auto *e = dyn_cast<Expr>(s)) {
      llvm::SmallVector<const Expr *> read;
      if (isa<ArraySubscriptExpr>(e->IgnoreParenImpCasts()) &&
          sharedElement(e, read) == array) {
        readsArray = true;
        readsOwn |= profile(read) == writtenId;
      }
    }
    for (const Stmt *child : s->children())
      worklist.push_back(child);
  }
  return readsArray && !readsOwn;
}

static Value pointerOffset(FunctionGen &gen, Value base, Value index64,
                           QualType elemType, SourceLocation where) {
  if (elemType->isVoidType())
    elemType = gen.mod.ast.CharTy;
  mlir::Type elem = gen.mod.memoryType(elemType, where);
  return LLVM::GEPOp::create(gen.builder, gen.loc(where),
                             LLVM::LLVMPointerType::get(gen.mod.ctx), elem,
                             base, mlir::ValueRange{index64});
}

/// Signed overflow of `int` and wider is undefined in C++, as clang's `nsw`
/// says; LLVM needs the flag to see that `a[i + 1]` is next to `a[i]` once
/// `i` is extended to 64 bits (and so to vectorize across threads).
/// Narrower types are computed in `int` in C++, so their wrap is defined.
static Value withNoSignedWrap(FunctionGen &gen, Value v, QualType type) {
  if (!gen.mod.isSigned(type) || !type->isIntegerType() ||
      gen.mod.ast.getTypeSize(type) < gen.mod.ast.getTypeSize(gen.mod.ast.IntTy))
    return v;
  if (auto op = v.getDefiningOp<arith::ArithIntegerOverflowFlagsInterface>())
    op->setAttr(op.getIntegerOverflowAttrName(),
                arith::IntegerOverflowFlagsAttr::get(
                    v.getContext(), arith::IntegerOverflowFlags::nsw));
  return v;
}

Value FunctionGen::applyFPOptions(Value v, const FPOptions &options) {
  mlir::Operation *op = v.getDefiningOp();
  auto fastMath = dyn_cast_if_present<arith::ArithFastMathInterface>(op);
  if (!fastMath)
    return v;
  // Contraction: CUDA compilers fuse a multiply and an add into an FMA by
  // default (nvcc's --fmad=true; clang's -ffp-contract=fast for CUDA), so
  // the GPU's results come from fused operations. Without the flag
  // (-ffp-contract=off or on, `#pragma clang fp contract(off)`) nothing is
  // fused; `on` allows fusion within a statement only, which an
  // operation's flag cannot express, so it counts as `off`.
  if (isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::NegFOp>(op) &&
      options.allowFPContractAcrossStatement())
    op->setAttr(fastMath.getFastMathAttrName(),
                arith::FastMathFlagsAttr::get(op->getContext(),
                                              arith::FastMathFlags::contract));
  // The file's default contracts (CUDA's) and the operation's options do
  // not: a pragma said so, as in the rounding intrinsics (`__fmul_rn`).
  if (options.getFPContractMode() == LangOptions::FPM_Off &&
      mod.ast.getLangOpts().getDefaultFPContractMode() != LangOptions::FPM_Off)
    op->setAttr(cucpu::kExactFPAttr, mlir::UnitAttr::get(op->getContext()));
  return v;
}

/// The arithmetic of one binary operator on values of type `type`.
static Value emitArithmetic(FunctionGen &gen, BinaryOperatorKind op, Value l,
                            Value r, QualType type, SourceLocation where) {
  mlir::OpBuilder &b = gen.builder;
  mlir::Location loc = gen.loc(where);
  bool isFloat = type->isRealFloatingType();
  bool isSigned = gen.mod.isSigned(type);
  switch (op) {
  case BO_Mul:
  case BO_MulAssign:
    return isFloat ? Value(arith::MulFOp::create(b, loc, l, r))
                   : withNoSignedWrap(gen, arith::MulIOp::create(b, loc, l, r),
                                      type);
  case BO_Div:
  case BO_DivAssign:
    if (isFloat)
      return arith::DivFOp::create(b, loc, l, r);
    return isSigned ? Value(arith::DivSIOp::create(b, loc, l, r))
                    : Value(arith::DivUIOp::create(b, loc, l, r));
  case BO_Rem:
  case BO_RemAssign:
    if (isFloat)
      return arith::RemFOp::create(b, loc, l, r);
    return isSigned ? Value(arith::RemSIOp::create(b, loc, l, r))
                    : Value(arith::RemUIOp::create(b, loc, l, r));
  case BO_Add:
  case BO_AddAssign:
    return isFloat ? Value(arith::AddFOp::create(b, loc, l, r))
                   : withNoSignedWrap(gen, arith::AddIOp::create(b, loc, l, r),
                                      type);
  case BO_Sub:
  case BO_SubAssign:
    return isFloat ? Value(arith::SubFOp::create(b, loc, l, r))
                   : withNoSignedWrap(gen, arith::SubIOp::create(b, loc, l, r),
                                      type);
  case BO_Shl:
  case BO_ShlAssign:
    return arith::ShLIOp::create(b, loc, l, r);
  case BO_Shr:
  case BO_ShrAssign:
    return isSigned ? Value(arith::ShRSIOp::create(b, loc, l, r))
                    : Value(arith::ShRUIOp::create(b, loc, l, r));
  case BO_And:
  case BO_AndAssign:
    return arith::AndIOp::create(b, loc, l, r);
  case BO_Or:
  case BO_OrAssign:
    return arith::OrIOp::create(b, loc, l, r);
  case BO_Xor:
  case BO_XorAssign:
    return arith::XOrIOp::create(b, loc, l, r);
  default:
    gen.mod.unsupported(where, "this operator");
    return l;
  }
}

static Value emitComparison(FunctionGen &gen, BinaryOperatorKind op, Value l,
                            Value r, QualType type, SourceLocation where) {
  mlir::OpBuilder &b = gen.builder;
  mlir::Location loc = gen.loc(where);
  if (type->isRealFloatingType()) {
    arith::CmpFPredicate pred;
    switch (op) {
    case BO_LT: pred = arith::CmpFPredicate::OLT; break;
    case BO_GT: pred = arith::CmpFPredicate::OGT; break;
    case BO_LE: pred = arith::CmpFPredicate::OLE; break;
    case BO_GE: pred = arith::CmpFPredicate::OGE; break;
    case BO_EQ: pred = arith::CmpFPredicate::OEQ; break;
    default: pred = arith::CmpFPredicate::UNE; break;
    }
    return arith::CmpFOp::create(b, loc, pred, l, r);
  }
  if (type->isPointerType() || type->isNullPtrType()) {
    LLVM::ICmpPredicate pred;
    switch (op) {
    case BO_LT: pred = LLVM::ICmpPredicate::ult; break;
    case BO_GT: pred = LLVM::ICmpPredicate::ugt; break;
    case BO_LE: pred = LLVM::ICmpPredicate::ule; break;
    case BO_GE: pred = LLVM::ICmpPredicate::uge; break;
    case BO_EQ: pred = LLVM::ICmpPredicate::eq; break;
    default: pred = LLVM::ICmpPredicate::ne; break;
    }
    return LLVM::ICmpOp::create(b, loc, pred, l, r);
  }
  bool s = gen.mod.isSigned(type);
  arith::CmpIPredicate pred;
  switch (op) {
  case BO_LT: pred = s ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult; break;
  case BO_GT: pred = s ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt; break;
  case BO_LE: pred = s ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule; break;
  case BO_GE: pred = s ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge; break;
  case BO_EQ: pred = arith::CmpIPredicate::eq; break;
  default: pred = arith::CmpIPredicate::ne; break;
  }
  return arith::CmpIOp::create(b, loc, pred, l, r);
}

/// Pointer plus or minus an integer, or the difference of two pointers.
static Value emitPointerArithmetic(FunctionGen &gen, BinaryOperatorKind op,
                                   Value l, QualType lType, Value r,
                                   QualType rType, SourceLocation where) {
  mlir::Location loc = gen.loc(where);
  if (lType->isPointerType() && rType->isPointerType()) {
    auto i64 = gen.builder.getI64Type();
    Value li = LLVM::PtrToIntOp::create(gen.builder, loc, i64, l);
    Value ri = LLVM::PtrToIntOp::create(gen.builder, loc, i64, r);
    Value bytes = arith::SubIOp::create(gen.builder, loc, li, ri);
    QualType elem = lType->getPointeeType();
    int64_t size = elem->isVoidType() ? 1 : gen.mod.sizeOf(elem);
    return arith::DivSIOp::create(gen.builder, loc, bytes,
                                  gen.i64Constant(size, where));
  }
  if (!lType->isPointerType()) {
    std::swap(l, r);
    std::swap(lType, rType);
  }
  Value index = indexToI64(gen, r, rType, where);
  if (op == BO_Sub || op == BO_SubAssign)
    index = arith::SubIOp::create(gen.builder, loc, gen.i64Constant(0, where),
                                  index);
  return pointerOffset(gen, l, index, lType->getPointeeType(), where);
}

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

std::optional<int64_t> FunctionGen::baseOffset(const CastExpr *cast) {
  // The path runs from the derived class to the base, whichever way the
  // cast goes.
  QualType derivedType = cast->getCastKind() == CK_BaseToDerived
                             ? cast->getType()
                             : cast->getSubExpr()->getType();
  if (const auto *ptr = derivedType->getAs<PointerType>())
    derivedType = ptr->getPointeeType();
  const CXXRecordDecl *derived = derivedType->getAsCXXRecordDecl();
  int64_t offset = 0;
  for (const CXXBaseSpecifier *base : cast->path()) {
    if (base->isVirtual()) {
      mod.unsupported(cast->getExprLoc(), "a virtual base class");
      return std::nullopt;
    }
    const CXXRecordDecl *baseDecl = base->getType()->getAsCXXRecordDecl();
    offset += mod.ast.getASTRecordLayout(derived)
                  .getBaseClassOffset(baseDecl)
                  .getQuantity();
    derived = baseDecl;
  }
  return offset;
}

namespace {
bool isLocalVariable(const Expr *e) {
  const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  if (!ref)
    return false;
  const auto *vd = dyn_cast<VarDecl>(ref->getDecl());
  return vd && vd->hasLocalStorage();
}
} // namespace

Value FunctionGen::emitConstant(const Expr *e) {
  if (e->isValueDependent() || !e->getType()->isScalarType() ||
      e->getType()->isPointerType())
    return nullptr;
  Expr::EvalResult result;
  if (!e->EvaluateAsRValue(result, mod.ast) || result.HasSideEffects)
    return nullptr;
  SourceLocation where = e->getExprLoc();
  mlir::Type type = mod.convertType(e->getType(), where);
  mlir::Location l = loc(where);
  if (result.Val.isInt())
    return arith::ConstantOp::create(
        builder, l, type, builder.getIntegerAttr(type, result.Val.getInt()));
  if (result.Val.isFloat() && isa<mlir::FloatType>(type))
    return arith::ConstantOp::create(
        builder, l, type, builder.getFloatAttr(type, result.Val.getFloat()));
  return nullptr;
}

Value FunctionGen::emitCondition(const Expr *e) {
  Value v = emitScalar(e);
  return convertScalar(v, e->getType(), mod.ast.BoolTy, e->getExprLoc());
}

Value FunctionGen::emitScalar(const Expr *e) {
  SourceLocation where = e->getExprLoc();
  mlir::Location l = loc(where);
  if (mod.isAggregate(e->getType())) {
    mod.unsupported(where, "an aggregate value in this position");
    return undefValue(mod.ast.IntTy, where);
  }
  switch (e->getStmtClass()) {
  case Stmt::UnaryExprOrTypeTraitExprClass: {
    const auto *trait = cast<UnaryExprOrTypeTraitExpr>(e);
    if (mod.containsLongDouble(trait->getTypeOfArgument())) {
      mod.unsupported(where, "long double (the device and the host lay it "
                             "out differently)");
      return undefValue(e->getType(), where);
    }
    if (Value c = emitConstant(e))
      return c;
    break;
  }
  case Stmt::IntegerLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::CXXBoolLiteralExprClass:
  case Stmt::FloatingLiteralClass:
  case Stmt::OffsetOfExprClass:
    if (Value c = emitConstant(e))
      return c;
    break;
  case Stmt::CXXNullPtrLiteralExprClass:
  case Stmt::GNUNullExprClass:
    return LLVM::ZeroOp::create(builder, l, LLVM::LLVMPointerType::get(mod.ctx));
  case Stmt::ParenExprClass:
    return emitScalar(cast<ParenExpr>(e)->getSubExpr());
  case Stmt::ConstantExprClass:
    if (Value c = emitConstant(e))
      return c;
    return emitScalar(cast<ConstantExpr>(e)->getSubExpr());
  case Stmt::ExprWithCleanupsClass:
    return emitScalar(cast<ExprWithCleanups>(e)->getSubExpr());
  case Stmt::CXXDefaultArgExprClass:
    return emitScalar(cast<CXXDefaultArgExpr>(e)->getExpr());
  case Stmt::CXXDefaultInitExprClass:
    return emitScalar(cast<CXXDefaultInitExpr>(e)->getExpr());
  case Stmt::SubstNonTypeTemplateParmExprClass:
    return emitScalar(cast<SubstNonTypeTemplateParmExpr>(e)->getReplacement());
  case Stmt::MaterializeTemporaryExprClass:
    return emitScalar(cast<MaterializeTemporaryExpr>(e)->getSubExpr());
  case Stmt::CompoundLiteralExprClass:
    if (!e->isGLValue())
      return emitScalar(cast<CompoundLiteralExpr>(e)->getInitializer());
    break;
  case Stmt::DeclRefExprClass: {
    const ValueDecl *decl = cast<DeclRefExpr>(e)->getDecl();
    if (const auto *ec = dyn_cast<EnumConstantDecl>(decl)) {
      mlir::Type type = mod.convertType(e->getType(), where);
      return arith::ConstantOp::create(
          builder, l, type, builder.getIntegerAttr(type, ec->getInitVal()));
    }
    break;
  }
  case Stmt::CXXThisExprClass:
    return thisPtr;
  case Stmt::InitListExprClass: {
    const auto *list = cast<InitListExpr>(e);
    if (list->getNumInits() == 0)
      return convertScalar(intConstant(builder.getI32Type(), 0, where),
                           mod.ast.IntTy, e->getType(), where);
    return emitScalar(list->getInit(0));
  }
  case Stmt::CXXScalarValueInitExprClass:
  case Stmt::ImplicitValueInitExprClass:
    if (e->getType()->isPointerType())
      return LLVM::ZeroOp::create(builder, l,
                                  LLVM::LLVMPointerType::get(mod.ctx));
    return convertScalar(intConstant(builder.getI32Type(), 0, where),
                         mod.ast.IntTy, e->getType(), where);
  case Stmt::CXXNewExprClass:
    return emitNew(cast<CXXNewExpr>(e));
  case Stmt::CXXDeleteExprClass:
    emitDelete(cast<CXXDeleteExpr>(e));
    return Value();
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass: {
    Value result = emitCall(cast<CallExpr>(e), nullptr);
    if (result && e->isGLValue())
      return load({result, e->getType()}, where);
    return result;
  }
  case Stmt::BuiltinBitCastExprClass: {
    // The bits of an object, read as another type of the same size.
    LValue source = emitLValue(cast<BuiltinBitCastExpr>(e)->getSubExpr());
    return load({source.addr, e->getType()}, where);
  }
  case Stmt::PseudoObjectExprClass:
    // threadIdx.x and friends: the semantic form calls the property getter.
    return emitScalar(cast<PseudoObjectExpr>(e)->getResultExpr());
  case Stmt::StmtExprClass: {
    const Expr *result = emitStmtExprPrefix(cast<StmtExpr>(e));
    if (e->getType()->isVoidType()) {
      if (result)
        emitIgnored(result);
      return nullptr;
    }
    if (!result) // after an error
      return undefValue(e->getType(), where);
    return emitScalar(result);
  }
  case Stmt::ConditionalOperatorClass: {
    const auto *c = cast<ConditionalOperator>(e);
    Value cond = emitCondition(c->getCond());
    if (e->getType()->isVoidType()) {
      auto ifOp = scf::IfOp::create(builder, l, cond, true);
      mlir::OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      emitIgnored(c->getTrueExpr());
      builder.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      emitIgnored(c->getFalseExpr());
      return nullptr;
    }
    mlir::Type type = mod.convertType(e->getType(), where);
    auto ifOp = scf::IfOp::create(builder, l, type, cond, true);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(builder, l, emitScalar(c->getTrueExpr()));
    builder.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(builder, l, emitScalar(c->getFalseExpr()));
    return ifOp.getResult(0);
  }
  default:
    break;
  }

  if (const auto *cast = dyn_cast<CastExpr>(e)) {
    const Expr *sub = cast->getSubExpr();
    switch (cast->getCastKind()) {
    case CK_LValueToRValue: {
      // A constant local of an enclosing function, read by a lambda that
      // need not capture it (`constexpr int buckets = ...;` used inside
      // a device lambda), is its value: this function has no slot for it.
      const auto *ref = dyn_cast<DeclRefExpr>(sub->IgnoreParenImpCasts());
      bool ownLocal = isLocalVariable(sub) && ref && locals.count(ref->getDecl());
      if (!ownLocal)
        if (Value c = emitConstant(e))
          return c;
      return load(emitLValue(sub), where);
    }
    case CK_NoOp:
    case CK_UserDefinedConversion:
    case CK_AtomicToNonAtomic:
    case CK_NonAtomicToAtomic:
    case CK_BitCast:
      if (sub->isGLValue() && !e->isGLValue())
        return load(emitLValue(sub), where);
      return emitScalar(sub);
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_FloatingCast:
    case CK_FloatingToBoolean:
    case CK_PointerToBoolean:
    case CK_PointerToIntegral:
    case CK_IntegralToPointer:
      return convertScalar(emitScalar(sub), sub->getType(), e->getType(),
                           where);
    case CK_BooleanToSignedIntegral: {
      Value v = emitScalar(sub);
      return arith::ExtSIOp::create(builder, l,
                                    mod.convertType(e->getType(), where), v);
    }
    case CK_ArrayToPointerDecay:
    case CK_FunctionToPointerDecay:
      return emitLValue(sub).addr;
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
    case CK_BaseToDerived: {
      // static_cast<Derived *>(base) (CRTP's self()) subtracts the offset
      // that the conversion to the base adds.
      Value derived = emitScalar(sub);
      std::optional<int64_t> offset = baseOffset(cast);
      if (!offset || *offset == 0)
        return derived;
      Value based = byteOffset(
          derived, cast->getCastKind() == CK_BaseToDerived ? -*offset : *offset,
          where);
      if (cast->getCastKind() == CK_UncheckedDerivedToBase)
        return based;
      // A null pointer converts to a null pointer.
      Value null = LLVM::ZeroOp::create(builder, l, derived.getType());
      Value isNull = LLVM::ICmpOp::create(builder, l, LLVM::ICmpPredicate::eq,
                                          derived, null);
      return arith::SelectOp::create(builder, l, isNull, null, based);
    }
    case CK_NullToPointer:
      emitIgnored(sub);
      return LLVM::ZeroOp::create(builder, l,
                                  LLVM::LLVMPointerType::get(mod.ctx));
    case CK_ToVoid:
      emitIgnored(sub);
      return nullptr;
    default:
      mod.unsupported(where, std::string("the cast '") +
                                 cast->getCastKindName() + "'");
      return undefValue(e->getType(), where);
    }
  }

  if (const auto *unary = dyn_cast<UnaryOperator>(e)) {
    const Expr *sub = unary->getSubExpr();
    switch (unary->getOpcode()) {
    case UO_Plus:
    case UO_Extension:
      return emitScalar(sub);
    case UO_Minus: {
      Value v = emitScalar(sub);
      if (isa<mlir::FloatType>(v.getType()))
        return applyFPOptions(
            arith::NegFOp::create(builder, l, v),
            unary->getFPFeaturesInEffect(mod.ast.getLangOpts()));
      return arith::SubIOp::create(builder, l, intConstant(v.getType(), 0, where),
                                   v);
    }
    case UO_Not: {
      Value v = emitScalar(sub);
      return arith::XOrIOp::create(builder, l, v,
                                   intConstant(v.getType(), -1, where));
    }
    case UO_LNot: {
      Value v = emitCondition(sub);
      return arith::XOrIOp::create(builder, l, v,
                                   intConstant(v.getType(), 1, where));
    }
    case UO_AddrOf:
      return emitLValue(sub).addr;
    case UO_PostInc:
    case UO_PostDec:
    case UO_PreInc:
    case UO_PreDec: {
      LValue lv = emitLValue(sub);
      Value old = load(lv, where);
      bool inc = unary->isIncrementOp();
      Value updated;
      QualType type = sub->getType();
      if (type->isPointerType()) {
        updated = pointerOffset(*this, old, i64Constant(inc ? 1 : -1, where),
                                type->getPointeeType(), where);
      } else if (type->isRealFloatingType()) {
        Value one = arith::ConstantOp::create(
            builder, l, old.getType(), builder.getFloatAttr(old.getType(), 1.0));
        updated = inc ? Value(arith::AddFOp::create(builder, l, old, one))
                      : Value(arith::SubFOp::create(builder, l, old, one));
      } else if (type->isIntegerType() && !type->isBooleanType()) {
        Value one = intConstant(old.getType(), 1, where);
        updated = inc ? Value(arith::AddIOp::create(builder, l, old, one))
                      : Value(arith::SubIOp::create(builder, l, old, one));
        updated = withNoSignedWrap(*this, updated, type);
      } else {
        mod.unsupported(where, "increment of this type");
        return old;
      }
      store(updated, lv, where);
      return unary->isPrefix() ? updated : old;
    }
    case UO_Deref:
    case UO_Real:
    case UO_Imag:
      return load(emitLValue(e), where);
    default:
      mod.unsupported(where, "this unary operator");
      return undefValue(e->getType(), where);
    }
  }

  if (const auto *binary = dyn_cast<BinaryOperator>(e)) {
    BinaryOperatorKind op = binary->getOpcode();
    const Expr *lhs = binary->getLHS();
    const Expr *rhs = binary->getRHS();
    if (binary->isAssignmentOp())
      return load(emitLValue(e), where);
    if (op == BO_Comma) {
      emitIgnored(lhs);
      return emitScalar(rhs);
    }
    if (op == BO_LAnd || op == BO_LOr) {
      Value first = emitCondition(lhs);
      auto ifOp = scf::IfOp::create(builder, l, builder.getI1Type(), first, true);
      mlir::OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(ifOp.thenBlock());
      scf::YieldOp::create(builder, l,
                           op == BO_LAnd ? emitCondition(rhs)
                                         : intConstant(builder.getI1Type(), 1, where));
      builder.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(builder, l,
                           op == BO_LAnd ? intConstant(builder.getI1Type(), 0, where)
                                         : emitCondition(rhs));
      return ifOp.getResult(0);
    }
    if (op == BO_PtrMemD || op == BO_PtrMemI || op == BO_Cmp) {
      mod.unsupported(where, "this binary operator");
      return undefValue(e->getType(), where);
    }
    Value lv = emitScalar(lhs);
    Value rv = emitScalar(rhs);
    QualType lType = lhs->getType(), rType = rhs->getType();
    if (binary->isComparisonOp())
      return emitComparison(*this, op, lv, rv, lType, where);
    if ((op == BO_Add || op == BO_Sub) &&
        (lType->isPointerType() || rType->isPointerType()))
      return emitPointerArithmetic(*this, op, lv, lType, rv, rType, where);
    if (binary->isShiftOp())
      rv = convertScalar(rv, rType, lType, where);
    return applyFPOptions(
        emitArithmetic(*this, op, lv, rv, e->getType(), where),
        binary->getFPFeaturesInEffect(mod.ast.getLangOpts()));
  }

  if (Value c = emitConstant(e))
    return c;
  mod.unsupported(where, std::string("the expression '") +
                             e->getStmtClassName() + "'");
  return undefValue(e->getType(), where);
}

//===----------------------------------------------------------------------===//
// LValues
//===----------------------------------------------------------------------===//

LValue FunctionGen::emitLValue(const Expr *e) {
  SourceLocation where = e->getExprLoc();
  QualType type = e->getType();
  switch (e->getStmtClass()) {
  case Stmt::ParenExprClass:
    return emitLValue(cast<ParenExpr>(e)->getSubExpr());
  case Stmt::ExprWithCleanupsClass:
    return emitLValue(cast<ExprWithCleanups>(e)->getSubExpr());
  case Stmt::ConstantExprClass:
    return emitLValue(cast<ConstantExpr>(e)->getSubExpr());
  case Stmt::SubstNonTypeTemplateParmExprClass:
    return emitLValue(cast<SubstNonTypeTemplateParmExpr>(e)->getReplacement());
  case Stmt::CXXDefaultArgExprClass:
    return emitLValue(cast<CXXDefaultArgExpr>(e)->getExpr());
  case Stmt::CXXDefaultInitExprClass:
    return emitLValue(cast<CXXDefaultInitExpr>(e)->getExpr());
  case Stmt::DeclRefExprClass: {
    const ValueDecl *decl = cast<DeclRefExpr>(e)->getDecl();
    // A function names its code: its address is the pointer value.
    if (const auto *fd = dyn_cast<FunctionDecl>(decl))
      return {emitFunctionAddress(fd, where), type};
    auto it = locals.find(decl);
    if (const auto *vd = dyn_cast<VarDecl>(decl);
        it == locals.end() && vd && vd->hasGlobalStorage()) {
      if (!vd->hasAttr<CUDASharedAttr>() && !vd->hasAttr<CUDADeviceAttr>() &&
          !vd->hasAttr<CUDAConstantAttr>() && !vd->isStaticLocal() &&
          !ModuleGen::isTextureReference(vd)) {
        mod.error(where, "host variable '" + vd->getNameAsString() +
                             "' cannot be used in device code");
        return {undefValue(mod.ast.VoidPtrTy, where), type};
      }
      Value addr =
          LLVM::AddressOfOp::create(builder, loc(where), mod.getGlobal(vd));
      if (vd->getType()->isReferenceType())
        return {load({addr, vd->getType()}, where), type};
      return {addr, type};
    }
    if (it == locals.end()) {
      mod.unsupported(where,
                      "a reference to '" + decl->getNameAsString() + "'");
      return {undefValue(mod.ast.VoidPtrTy, where), type};
    }
    if (decl->getType()->isReferenceType())
      return {load({it->second, decl->getType()}, where), type};
    return {it->second, type};
  }
  case Stmt::StringLiteralClass: {
    const auto *literal = cast<StringLiteral>(e);
    return {LLVM::AddressOfOp::create(builder, loc(where),
                                      mod.getStringLiteral(literal)),
            type};
  }
  case Stmt::PredefinedExprClass:
    return emitLValue(cast<PredefinedExpr>(e)->getFunctionName());
  case Stmt::ConditionalOperatorClass: {
    // `c ? a : b` naming an object: choose between the two addresses.
    const auto *c = cast<ConditionalOperator>(e);
    mlir::Location l = loc(where);
    Value cond = emitCondition(c->getCond());
    auto ptrType = LLVM::LLVMPointerType::get(mod.ctx);
    auto ifOp = scf::IfOp::create(builder, l, ptrType, cond, true);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(builder, l, emitLValue(c->getTrueExpr()).addr);
    builder.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(builder, l, emitLValue(c->getFalseExpr()).addr);
    return {ifOp.getResult(0), type};
  }
  case Stmt::CompoundLiteralExprClass: {
    // A GNU compound literal, `(float2){1, -1}`: an unnamed object with its
    // initializer.
    const Expr *init = cast<CompoundLiteralExpr>(e)->getInitializer();
    Value temp = createTemporary(type, where);
    emitInitInto(init, {temp, type});
    return {temp, type};
  }
  case Stmt::MaterializeTemporaryExprClass: {
    const Expr *sub = cast<MaterializeTemporaryExpr>(e)->getSubExpr();
    if (sub->isGLValue())
      return emitLValue(sub);
    Value temp = createTemporary(sub->getType(), where);
    emitInitInto(sub, {temp, sub->getType()});
    return {temp, type};
  }
  case Stmt::ArraySubscriptExprClass: {
    const auto *subscript = cast<ArraySubscriptExpr>(e);
    Value base = emitScalar(subscript->getBase());
    Value index = indexToI64(*this, emitScalar(subscript->getIdx()),
                             subscript->getIdx()->getType(), where);
    return {pointerOffset(*this, base, index, type, where), type};
  }
  case Stmt::MemberExprClass: {
    const auto *member = cast<MemberExpr>(e);
    const auto *field = dyn_cast<FieldDecl>(member->getMemberDecl());
    if (!field) {
      mod.unsupported(where, "a static data member");
      return {undefValue(mod.ast.VoidPtrTy, where), type};
    }
    Value base = member->isArrow() ? emitScalar(member->getBase())
                                   : emitLValue(member->getBase()).addr;
    if (field->isBitField())
      return bitFieldLValue(base, field, where);
    if (mod.containsLongDouble(field->getParent()))
      mod.unsupported(where, "long double (the device and the host lay it "
                             "out differently)");
    const ASTRecordLayout &layout =
        mod.ast.getASTRecordLayout(field->getParent());
    int64_t offset = layout.getFieldOffset(field->getFieldIndex()) / 8;
    Value addr = byteOffset(base, offset, where);
    if (field->getType()->isReferenceType())
      return {load({addr, field->getType()}, where), type};
    return {addr, type};
  }
  case Stmt::UnaryOperatorClass: {
    const auto *unary = cast<UnaryOperator>(e);
    if (unary->getOpcode() == UO_Deref)
      return {emitScalar(unary->getSubExpr()), type};
    if (unary->getOpcode() == UO_PreInc || unary->getOpcode() == UO_PreDec) {
      LValue lv = emitLValue(unary->getSubExpr());
      emitScalar(e);
      return lv;
    }
    if (unary->getOpcode() == UO_Extension)
      return emitLValue(unary->getSubExpr());
    break;
  }
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass: {
    const auto *binary = cast<BinaryOperator>(e);
    const Expr *lhs = binary->getLHS();
    const Expr *rhs = binary->getRHS();
    if (binary->getOpcode() == BO_Comma) {
      emitIgnored(lhs);
      return emitLValue(rhs);
    }
    if (binary->getOpcode() == BO_Assign) {
      bool lockstep = permutesSharedArray(lhs, rhs, mod.ast);
      if (mod.isAggregate(lhs->getType())) {
        LValue dest = emitLValue(lhs);
        if (!lockstep) {
          emitAggregateInto(rhs, dest.addr);
          return dest;
        }
        Value read = createTemporary(rhs->getType(), where);
        emitAggregateInto(rhs, read);
        emitLockstepBarrier(where);
        memcpy(dest.addr, read, lhs->getType(), where);
        return dest;
      }
      Value v = emitScalar(rhs);
      LValue dest = emitLValue(lhs);
      if (lockstep)
        emitLockstepBarrier(where);
      store(v, dest, where);
      return dest;
    }
    if (const auto *compound = dyn_cast<CompoundAssignOperator>(binary)) {
      Value r = emitScalar(rhs);
      LValue dest = emitLValue(lhs);
      Value old = load(dest, where);
      Value result;
      QualType lType = lhs->getType();
      if (lType->isPointerType()) {
        result = emitPointerArithmetic(*this, binary->getOpcode(), old, lType,
                                       r, rhs->getType(), where);
      } else {
        QualType compLhs = compound->getComputationLHSType();
        QualType compResult = compound->getComputationResultType();
        Value l = convertScalar(old, lType, compLhs, where);
        if (binary->isShiftAssignOp())
          r = convertScalar(r, rhs->getType(), compLhs, where);
        result = applyFPOptions(
            emitArithmetic(*this, binary->getOpcode(), l, r, compResult,
                           where),
            binary->getFPFeaturesInEffect(mod.ast.getLangOpts()));
        result = convertScalar(result, compResult, lType, where);
      }
      store(result, dest, where);
      return dest;
    }
    break;
  }
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass: {
    const auto *call = cast<CallExpr>(e);
    if (call->getCallReturnType(mod.ast)->isReferenceType())
      return {emitCall(call, nullptr), type};
    Value temp = createTemporary(type, where);
    if (mod.isAggregate(type))
      emitCall(call, temp);
    else
      store(emitCall(call, nullptr), {temp, type}, where);
    return {temp, type};
  }
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
  case Stmt::CXXConstCastExprClass:
  case Stmt::CXXReinterpretCastExprClass: {
    const auto *cast = dyn_cast<CastExpr>(e);
    switch (cast->getCastKind()) {
    case CK_NoOp:
    case CK_LValueBitCast:
      return {emitLValue(cast->getSubExpr()).addr, type};
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
    case CK_BaseToDerived: {
      Value derived = emitLValue(cast->getSubExpr()).addr;
      std::optional<int64_t> offset = baseOffset(cast);
      if (offset && cast->getCastKind() == CK_BaseToDerived)
        *offset = -*offset;
      return {offset ? byteOffset(derived, *offset, where) : derived, type};
    }
    default:
      break;
    }
    break;
  }
  default:
    break;
  }
  if (e->isPRValue()) {
    // A value used where an object is needed: give it a temporary.
    Value temp = createTemporary(type, where);
    emitInitInto(e, {temp, type});
    return {temp, type};
  }
  mod.unsupported(where, std::string("the lvalue expression '") +
                             e->getStmtClassName() + "'");
  return {undefValue(mod.ast.VoidPtrTy, where), type};
}

//===----------------------------------------------------------------------===//
// Aggregates and initialization
//===----------------------------------------------------------------------===//

void FunctionGen::emitInitInto(const Expr *init, LValue dest) {
  if (dest.type->isReferenceType())
    return store(emitLValue(init).addr, dest, init->getExprLoc());
  if (mod.isAggregate(dest.type))
    return emitAggregateInto(init, dest.addr);
  store(emitScalar(init), dest, init->getExprLoc());
}

void FunctionGen::emitAggregateInto(const Expr *e, Value dest) {
  SourceLocation where = e->getExprLoc();
  QualType type = e->getType();
  switch (e->getStmtClass()) {
  case Stmt::ParenExprClass:
    return emitAggregateInto(cast<ParenExpr>(e)->getSubExpr(), dest);
  case Stmt::StmtExprClass:
    if (const Expr *result = emitStmtExprPrefix(cast<StmtExpr>(e)))
      emitAggregateInto(result, dest);
    return;
  case Stmt::ExprWithCleanupsClass:
    return emitAggregateInto(cast<ExprWithCleanups>(e)->getSubExpr(), dest);
  case Stmt::MaterializeTemporaryExprClass:
    return emitAggregateInto(cast<MaterializeTemporaryExpr>(e)->getSubExpr(),
                             dest);
  case Stmt::CompoundLiteralExprClass:
    if (!e->isGLValue())
      return emitAggregateInto(cast<CompoundLiteralExpr>(e)->getInitializer(),
                               dest);
    break;
  case Stmt::StringLiteralClass: {
    // `char table[] = "..."`: the literal's bytes, the rest of a longer
    // array zero.
    const auto *literal = cast<StringLiteral>(e);
    uint64_t literalSize = mod.sizeOf(literal->getType());
    if (literalSize < mod.sizeOf(type))
      memzero(dest, type, where);
    Value src = LLVM::AddressOfOp::create(builder, loc(where),
                                          mod.getStringLiteral(literal));
    Value size = i64Constant(std::min(literalSize, mod.sizeOf(type)), where);
    LLVM::MemcpyOp::create(builder, loc(where), dest, src, size,
                           /*isVolatile=*/false);
    return;
  }
  case Stmt::CXXBindTemporaryExprClass: {
    // Temporaries are not destroyed: only those whose destruction does
    // nothing are accepted.
    const CXXTemporary *temporary =
        cast<CXXBindTemporaryExpr>(e)->getTemporary();
    if (!mod.hasNoOpDestructor(temporary->getDestructor()->getParent()))
      return mod.unsupported(where, "a temporary whose destructor has effects");
    return emitAggregateInto(cast<CXXBindTemporaryExpr>(e)->getSubExpr(), dest);
  }
  case Stmt::ImplicitValueInitExprClass:
  case Stmt::CXXScalarValueInitExprClass:
    return memzero(dest, type, where);
  case Stmt::InitListExprClass: {
    const auto *list = cast<InitListExpr>(e);
    memzero(dest, type, where);
    if (const auto *array = mod.ast.getAsConstantArrayType(type)) {
      QualType elem = array->getElementType();
      for (unsigned i = 0; i < list->getNumInits(); ++i) {
        Value addr = pointerOffset(*this, dest, i64Constant(i, where), elem,
                                   where);
        emitInitInto(list->getInit(i), {addr, elem});
      }
      return;
    }
    if (const auto *record = type->getAsRecordDecl()) {
      if (const auto *cxx = dyn_cast<CXXRecordDecl>(record);
          cxx && cxx->getNumBases() != 0)
        return mod.unsupported(where, "aggregate initialization with bases");
      const ASTRecordLayout &layout = mod.ast.getASTRecordLayout(record);
      unsigned i = 0;
      for (const FieldDecl *field : record->fields()) {
        if (i >= list->getNumInits())
          break;
        if (record->isUnion() && list->getInitializedFieldInUnion() != field)
          continue;
        // An unnamed bit-field takes no initializer.
        if (field->isUnnamedBitField())
          continue;
        if (field->isBitField()) {
          emitInitInto(list->getInit(i++), bitFieldLValue(dest, field, where));
          continue;
        }
        int64_t offset = layout.getFieldOffset(field->getFieldIndex()) / 8;
        emitInitInto(list->getInit(i++),
                     {byteOffset(dest, offset, where), field->getType()});
      }
      return;
    }
    break;
  }
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
    if (!cast<CallExpr>(e)->getCallReturnType(mod.ast)->isReferenceType()) {
      emitCall(cast<CallExpr>(e), dest);
      return;
    }
    break;
  default:
    break;
  }
  if (const auto *cast = dyn_cast<CastExpr>(e)) {
    switch (cast->getCastKind()) {
    case CK_NoOp:
    case CK_ConstructorConversion:
    case CK_UserDefinedConversion:
      return emitAggregateInto(cast->getSubExpr(), dest);
    default:
      break;
    }
  }
  if (const auto *construct = dyn_cast<CXXConstructExpr>(e)) {
    const CXXConstructorDecl *ctor = construct->getConstructor();
    if (construct->requiresZeroInitialization())
      memzero(dest, type, where);
    if (mod.ast.getAsArrayType(type)) {
      // Default construction of an array of trivially constructible objects
      // leaves them uninitialized, as in C.
      if (ctor->isTrivial() && ctor->isDefaultConstructor())
        return;
      const auto *array = mod.ast.getAsConstantArrayType(type);
      if (!array || construct->getNumArgs() != 0) {
        mod.unsupported(where, "construction of an array of class objects");
        return;
      }
      // Each element in order, with the element constructor (nested arrays
      // are one run over their base elements).
      QualType elem = mod.ast.getBaseElementType(type);
      uint64_t count = mod.sizeOf(type) / std::max<uint64_t>(1, mod.sizeOf(elem));
      mlir::Location l = loc(where);
      Value lower = arith::ConstantIndexOp::create(builder, l, 0);
      Value upper = arith::ConstantIndexOp::create(builder, l, count);
      Value step = arith::ConstantIndexOp::create(builder, l, 1);
      auto loop = scf::ForOp::create(builder, l, lower, upper, step);
      mlir::OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPoint(loop.getBody()->getTerminator());
      Value index = arith::IndexCastUIOp::create(
          builder, l, builder.getI64Type(), loop.getInductionVar());
      emitDirectCall(ctor, pointerOffset(*this, dest, index, elem, where), {},
                     nullptr, where);
      return;
    }
    if (ctor->isTrivial()) {
      if (ctor->isCopyOrMoveConstructor())
        memcpy(dest, emitLValue(construct->getArg(0)).addr, type, where);
      return;
    }
    emitDirectCall(ctor, dest,
                   ArrayRef<const Expr *>(construct->getArgs(),
                                          construct->getNumArgs()),
                   nullptr, where);
    return;
  }
  if (const auto *lambda = dyn_cast<LambdaExpr>(e)) {
    // The closure object: one field per capture, in capture order.
    const CXXRecordDecl *closure = lambda->getLambdaClass();
    const ASTRecordLayout &layout = mod.ast.getASTRecordLayout(closure);
    for (auto [field, init] :
         llvm::zip(closure->fields(), lambda->capture_inits())) {
      if (!init) {
        mod.unsupported(where, "this capture");
        continue;
      }
      int64_t offset = layout.getFieldOffset(field->getFieldIndex()) / 8;
      emitInitInto(init, {byteOffset(dest, offset, where),
                          field->getType()});
    }
    return;
  }
  if (const auto *c = dyn_cast<ConditionalOperator>(e)) {
    Value cond = emitCondition(c->getCond());
    auto ifOp = scf::IfOp::create(builder, loc(where), cond, true);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    emitAggregateInto(c->getTrueExpr(), dest);
    builder.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    emitAggregateInto(c->getFalseExpr(), dest);
    return;
  }
  if (const auto *defaultInit = dyn_cast<CXXDefaultInitExpr>(e))
    return emitAggregateInto(defaultInit->getExpr(), dest);
  // A struct read from an object (`wide.scalar = in[i];` of a struct of
  // four floats): a copy of its bytes.
  if (const auto *implicit = dyn_cast<ImplicitCastExpr>(e);
      implicit && (implicit->getCastKind() == CK_LValueToRValue ||
                   implicit->getCastKind() == CK_NoOp))
    return emitAggregateInto(implicit->getSubExpr(), dest);
  if (const auto *defaultArg = dyn_cast<CXXDefaultArgExpr>(e))
    return emitAggregateInto(defaultArg->getExpr(), dest);
  if (e->isGLValue()) {
    memcpy(dest, emitLValue(e).addr, type, where);
    return;
  }
  mod.unsupported(where, std::string("the aggregate expression '") +
                             e->getStmtClassName() + "'");
}

//===----------------------------------------------------------------------===//
// new and delete: CUDA's device heap, which is the C library's heap here
//===----------------------------------------------------------------------===//

Value FunctionGen::emitNew(const CXXNewExpr *expr) {
  SourceLocation where = expr->getExprLoc();
  mlir::Location l = loc(where);
  QualType elem = expr->getAllocatedType();
  auto i64 = builder.getI64Type();
  const FunctionDecl *allocator = expr->getOperatorNew();
  Value count = arith::ConstantIntOp::create(builder, l, i64, 1);
  Value elemBytes = arith::ConstantIntOp::create(
      builder, l, i64, std::max<uint64_t>(1, mod.sizeOf(elem)));
  Value object;
  if (expr->getNumPlacementArgs() != 0) {
    if (!allocator || !allocator->isReservedGlobalPlacementOperator() ||
        expr->isArray()) {
      mod.unsupported(where, "a new with placement arguments other than an "
                             "address");
      return undefValue(expr->getType(), where);
    }
    object = emitScalar(expr->getPlacementArg(0));
  } else {
    if (allocator && !allocator->isReplaceableGlobalAllocationFunction()) {
      mod.unsupported(where, "a new that calls a class's own operator new");
      return undefValue(expr->getType(), where);
    }
    if (expr->isArray()) {
      const Expr *size = *expr->getArraySize();
      count = convertScalar(emitScalar(size), size->getType(),
                            mod.ast.UnsignedLongTy, where);
    }
    object = heapAllocate(arith::MulIOp::create(builder, l, count, elemBytes),
                          l);
  }

  const Expr *init = expr->getInitializer();
  if (!init)
    return object; // Default-initialized scalars and trivial objects.
  if (!expr->isArray()) {
    emitInitInto(init, {object, elem});
    return object;
  }
  // An array: value-initialized to zero (`new int[n]()`), or each element
  // built by its default constructor.
  const auto *list = dyn_cast<InitListExpr>(init);
  if (isa<ImplicitValueInitExpr>(init) ||
      (list && list->getNumInits() == 0 && !elem->isRecordType())) {
    Value bytes = arith::MulIOp::create(builder, l, count, elemBytes);
    Value zero = arith::ConstantIntOp::create(builder, l, builder.getI8Type(), 0);
    LLVM::MemsetOp::create(builder, l, object, zero, bytes, false);
    return object;
  }
  const auto *construct = dyn_cast<CXXConstructExpr>(init);
  if (!construct || construct->getNumArgs() != 0) {
    mod.unsupported(init->getExprLoc(),
                    "an array new with an initializer list");
    return object;
  }
  const CXXConstructorDecl *ctor = construct->getConstructor();
  if (ctor->isTrivial() && !construct->requiresZeroInitialization())
    return object;
  Value lower = arith::ConstantIndexOp::create(builder, l, 0);
  Value upper = arith::IndexCastUIOp::create(builder, l,
                                             builder.getIndexType(), count);
  Value step = arith::ConstantIndexOp::create(builder, l, 1);
  auto loop = scf::ForOp::create(builder, l, lower, upper, step);
  mlir::OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(loop.getBody()->getTerminator());
  Value index = arith::IndexCastUIOp::create(builder, l, i64,
                                             loop.getInductionVar());
  Value element = pointerOffset(*this, object, index, elem, where);
  if (construct->requiresZeroInitialization())
    memzero(element, elem, where);
  if (!ctor->isTrivial())
    emitDirectCall(ctor, element, {}, nullptr, where);
  return object;
}

void FunctionGen::emitDelete(const CXXDeleteExpr *expr) {
  SourceLocation where = expr->getExprLoc();
  // Device code runs no destructors yet (see StmtGen): only objects whose
  // destruction does nothing may be deleted.
  QualType destroyed = expr->getDestroyedType();
  if (const auto *record = destroyed->getAsCXXRecordDecl();
      record && !mod.hasNoOpDestructor(record)) {
    mod.unsupported(where, "deleting an object whose destructor has effects");
    return;
  }
  const FunctionDecl *deallocator = expr->getOperatorDelete();
  if (deallocator && !deallocator->isReplaceableGlobalAllocationFunction()) {
    mod.unsupported(where, "a delete that calls a class's own operator delete");
    return;
  }
  heapFree(emitScalar(expr->getArgument()), loc(where));
}

// CUDA's device heap is the C library's heap: memory one thread allocates
// another may free, in this launch or a later one.
Value FunctionGen::heapAllocate(Value bytes, mlir::Location l) {
  auto ptrType = LLVM::LLVMPointerType::get(mod.ctx);
  auto type = LLVM::LLVMFunctionType::get(ptrType, {builder.getI64Type()});
  return LLVM::CallOp::create(builder, l, mod.getLibraryFunction("malloc", type),
                              mlir::ValueRange{bytes})
      .getResult();
}

void FunctionGen::heapFree(Value pointer, mlir::Location l) {
  auto type = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(mod.ctx),
                                          {LLVM::LLVMPointerType::get(mod.ctx)});
  LLVM::CallOp::create(builder, l, mod.getLibraryFunction("free", type),
                       mlir::ValueRange{pointer});
}

/// A GNU statement expression `({ decls; stmts; value; })`, common in
/// macros such as a typed `min`: emits every statement but the last, and
/// returns the last as the expression whose value the whole has (null when
/// it is no expression). A `return`, `break` or `continue` that leaves the
/// statement expression is a located error.
const Expr *FunctionGen::emitStmtExprPrefix(const StmtExpr *e) {
  const CompoundStmt *body = e->getSubStmt();
  if (mayExit(body)) {
    mod.unsupported(e->getBeginLoc(),
                    "a return, break or continue that leaves a statement "
                    "expression");
    return nullptr;
  }
  if (body->body_empty())
    return nullptr;
  SmallVector<const Stmt *> stmts(body->body());
  const Stmt *last = stmts.pop_back_val();
  emitStmtList(stmts);
  if (const auto *value = dyn_cast<ValueStmt>(last))
    if (const Expr *result = value->getExprStmt())
      return result;
  emitStmt(last);
  return nullptr;
}

void FunctionGen::emitIgnored(const Expr *e) {
  if (e->isGLValue()) {
    emitLValue(e);
    return;
  }
  if (mod.isAggregate(e->getType())) {
    Value temp = createTemporary(e->getType(), e->getExprLoc());
    emitAggregateInto(e, temp);
    return;
  }
  emitScalar(e);
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

Value FunctionGen::emitCall(const CallExpr *call, Value sretDest) {
  SourceLocation where = call->getExprLoc();
  const FunctionDecl *callee = call->getDirectCallee();
  if (!callee)
    return emitIndirectCall(call, sretDest);
  Value builtinResult;
  if (emitBuiltinCall(call, callee, builtinResult))
    return builtinResult;
  if (callee->isVariadic()) {
    mod.unsupported(where, "a call to a variadic function");
    return undefValue(call->getType(), where);
  }
  if (!callee->hasAttr<CUDADeviceAttr>() && !callee->isConstexpr() &&
      !callee->hasAttr<CUDAGlobalAttr>()) {
    mod.error(where, "'" + callee->getNameAsString() +
                         "' is not a __device__ function");
    return undefValue(call->getType(), where);
  }

  // An explicit destructor call (`p->~T()`, as allocators destroy): device
  // code runs no destructor, so one that does nothing is nothing, and one
  // that does something is an error, as for variables.
  if (const auto *dtor = dyn_cast<CXXDestructorDecl>(callee)) {
    if (!mod.hasNoOpDestructor(dtor->getParent())) {
      mod.unsupported(where, "calling a destructor that has effects");
      return nullptr;
    }
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(call))
      emitIgnored(member->getImplicitObjectArgument());
    return nullptr;
  }

  ArrayRef<const Expr *> argExprs(call->getArgs(), call->getNumArgs());
  // A trivial copy or move assignment copies the object's bytes (clang gives
  // such operators no body of their own).
  if (const auto *method = dyn_cast<CXXMethodDecl>(callee);
      method && method->isTrivial() &&
      (method->isCopyAssignmentOperator() ||
       method->isMoveAssignmentOperator())) {
    const Expr *destExpr = argExprs[0];
    const Expr *srcExpr = argExprs[1];
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(call)) {
      destExpr = member->getImplicitObjectArgument();
      srcExpr = argExprs[0];
    }
    Value dest = destExpr->getType()->isPointerType()
                     ? emitScalar(destExpr)
                     : emitLValue(destExpr).addr;
    Value src = emitLValue(srcExpr).addr;
    // See permutesSharedArray: every lane reads before any lane writes.
    if (!destExpr->getType()->isPointerType() &&
        permutesSharedArray(destExpr, srcExpr, mod.ast)) {
      Value read = createTemporary(srcExpr->getType(), where);
      memcpy(read, src, srcExpr->getType(), where);
      emitLockstepBarrier(where);
      src = read;
    }
    memcpy(dest, src, srcExpr->getType(), where);
    return dest;
  }
  Value object;
  if (mod.abiOf(callee).hasThis) {
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(call)) {
      const Expr *objectExpr = member->getImplicitObjectArgument();
      object = objectExpr->getType()->isPointerType()
                   ? emitScalar(objectExpr)
                   : emitLValue(objectExpr).addr;
    } else {
      // An operator that is a member function: the object is the first
      // operand.
      object = emitLValue(argExprs.front()).addr;
      argExprs = argExprs.drop_front();
    }
  }
  if (const auto *method = dyn_cast<CXXMethodDecl>(callee);
      method && isVirtualCall(call, method)) {
    if (method->getParent()->getNumVBases() != 0) {
      mod.unsupported(where, "a virtual call on a class with virtual bases");
      return undefValue(call->getType(), where);
    }
    return emitCallTo(mod.getVirtualDispatcher(method), callee, object,
                      argExprs, sretDest, where);
  }
  return emitDirectCall(callee, object, argExprs, sretDest, where);
}

Value FunctionGen::emitDirectCall(const FunctionDecl *callee, Value object,
                                  ArrayRef<const Expr *> argExprs,
                                  Value sretDest, SourceLocation where) {
  return emitCallTo(mod.getFunction(callee), callee, object, argExprs,
                    sretDest, where);
}

Value FunctionGen::emitCallTo(mlir::func::FuncOp fn,
                              const FunctionDecl *callee, Value object,
                              ArrayRef<const Expr *> argExprs, Value sretDest,
                              SourceLocation where) {
  FunctionABI abi = mod.abiOf(callee);
  SmallVector<Value> args;
  QualType retType = callee->getReturnType();
  if (abi.sret) {
    if (!sretDest)
      sretDest = createTemporary(retType, where);
    args.push_back(sretDest);
  }
  if (abi.hasThis)
    args.push_back(object);
  SmallVector<QualType> paramTypes;
  for (const ParmVarDecl *param : callee->parameters())
    paramTypes.push_back(param->getType());
  emitArguments(paramTypes, argExprs, args);
  auto callOp = mlir::func::CallOp::create(builder, loc(where), fn, args);
  if (abi.sret)
    return sretDest;
  if (callOp.getNumResults() == 0)
    return nullptr;
  return callOp.getResult(0);
}

void FunctionGen::emitArguments(ArrayRef<QualType> paramTypes,
                                ArrayRef<const Expr *> argExprs,
                                SmallVectorImpl<Value> &args) {
  for (auto [paramType, arg] : llvm::zip(paramTypes, argExprs)) {
    if (paramType->isReferenceType()) {
      args.push_back(emitLValue(arg).addr);
    } else if (mod.isAggregate(paramType)) {
      Value temp = createTemporary(paramType, arg->getExprLoc());
      emitAggregateInto(arg, temp);
      args.push_back(temp);
    } else {
      args.push_back(emitScalar(arg));
    }
  }
}

Value FunctionGen::emitIndirectCall(const CallExpr *call, Value sretDest) {
  SourceLocation where = call->getExprLoc();
  const Expr *calleeExpr = call->getCallee();
  const auto *pointer = calleeExpr->getType()->getAs<PointerType>();
  const auto *proto =
      pointer ? pointer->getPointeeType()->getAs<FunctionProtoType>() : nullptr;
  if (!proto) {
    // `(object.*member)(...)`: its callee is a bound member function.
    mod.unsupported(where, "a call through a pointer to a member function");
    return undefValue(call->getType(), where);
  }
  if (proto->isVariadic()) {
    mod.unsupported(where, "a call through a pointer to a variadic function");
    return undefValue(call->getType(), where);
  }
  Value callee = emitScalar(calleeExpr);
  // The signature functionTypeOf gives the functions it may reach.
  QualType retType = proto->getReturnType();
  bool sret = mod.isAggregate(retType);
  SmallVector<Value> args;
  if (sret) {
    if (!sretDest)
      sretDest = createTemporary(retType, where);
    args.push_back(sretDest);
  }
  ArrayRef<const Expr *> argExprs(call->getArgs(), call->getNumArgs());
  emitArguments(proto->getParamTypes(), argExprs, args);
  SmallVector<mlir::Type> results;
  if (!sret && !retType->isVoidType())
    results.push_back(mod.convertType(retType, where));
  auto callOp =
      cucpu::simt::IndirectCallOp::create(builder, loc(where), results, callee, args);
  if (sret)
    return sretDest;
  if (callOp.getNumResults() == 0)
    return nullptr;
  return callOp.getResult(0);
}

Value FunctionGen::emitFunctionAddress(const FunctionDecl *fd,
                                       SourceLocation where) {
  if (!mod.checkFunctionAddress(fd, where))
    return undefValue(mod.ast.VoidPtrTy, where);
  return cucpu::simt::FunctionAddressOp::create(
      builder, loc(where), LLVM::LLVMPointerType::get(mod.ctx),
      mod.getFunction(fd).getSymName());
}

} // namespace cucpu
