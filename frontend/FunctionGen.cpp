//===- FunctionGen.cpp - Function bodies and shared helpers ---------------===//

#include "frontend/FunctionGen.h"

#include "clang/AST/RecordLayout.h"
#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"
#include "llvm/ADT/ScopeExit.h"

using namespace clang;
using llvm::ArrayRef;
using mlir::Value;
namespace LLVM = mlir::LLVM;
namespace arith = mlir::arith;

namespace cucpu {

FunctionGen::FunctionGen(ModuleGen &mod, const FunctionDecl *fd,
                         mlir::func::FuncOp fn)
    : mod(mod), builder(mod.ctx), fd(fd), fn(fn), abi(mod.abiOf(fd)) {}

namespace {
/// Finds whether a function needs a return flag: whether some `return` is not
/// the last statement of the body.
bool hasEarlyReturn(const Stmt *body) {
  const Stmt *last = nullptr;
  if (const auto *compound = dyn_cast<CompoundStmt>(body))
    last = compound->body_back();
  bool found = false;
  std::function<void(const Stmt *)> visit = [&](const Stmt *s) {
    if (!s || found || isa<LambdaExpr>(s))
      return;
    if (isa<ReturnStmt>(s) && s != last) {
      found = true;
      return;
    }
    for (const Stmt *child : s->children())
      visit(child);
  };
  visit(body);
  return found;
}
} // namespace

void FunctionGen::emitBody() {
  entryBlock = fn.addEntryBlock();
  builder.setInsertionPointToStart(entryBlock);
  SourceLocation where = fd->getLocation();

  unsigned argIndex = 0;
  if (abi.sret)
    sretPtr = entryBlock->getArgument(argIndex++);
  if (abi.hasThis)
    thisPtr = entryBlock->getArgument(argIndex++);
  for (const ParmVarDecl *param : fd->parameters()) {
    Value arg = entryBlock->getArgument(argIndex++);
    QualType type = param->getType();
    // Parameters live in memory like other locals, so their address can be
    // taken; aggregates are copied so the callee never writes the caller's.
    Value slot = createTemporary(type, param->getLocation());
    if (mod.isAggregate(type))
      memcpy(slot, arg, type, param->getLocation());
    else
      store(arg, {slot, type}, param->getLocation());
    locals[param] = slot;
  }

  QualType retType = fd->getReturnType();
  if (!retType->isVoidType() && !abi.sret)
    returnSlot = createTemporary(retType, where);
  if (hasEarlyReturn(fd->getBody()))
    returnFlag = createFlag(where);

  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd))
    emitConstructorInitializers(ctor);
  if (const auto *method = dyn_cast<CXXMethodDecl>(fd);
      method && method->getParent()->isLambda() && thisPtr) {
    // In a lambda's body, captured variables are fields of the closure.
    llvm::DenseMap<const ValueDecl *, FieldDecl *> captures;
    FieldDecl *thisCapture = nullptr;
    method->getParent()->getCaptureFields(captures, thisCapture);
    if (thisCapture)
      mod.unsupported(fd->getLocation(), "a lambda capturing 'this'");
    const ASTRecordLayout &layout =
        mod.ast.getASTRecordLayout(method->getParent());
    // In field order: the map's order depends on addresses, and the code
    // (which capture is loaded first) must not change between compiles.
    SmallVector<std::pair<const ValueDecl *, FieldDecl *>> ordered(
        captures.begin(), captures.end());
    llvm::sort(ordered, [](const auto &a, const auto &b) {
      return a.second->getFieldIndex() < b.second->getFieldIndex();
    });
    for (auto [var, field] : ordered) {
      int64_t offset = layout.getFieldOffset(field->getFieldIndex()) / 8;
      Value addr = byteOffset(thisPtr, offset, where);
      if (field->getType()->isReferenceType() &&
          !var->getType()->isReferenceType())
        addr = load({addr, field->getType()}, where);
      locals[var] = addr;
    }
  }

  emitStmt(fd->getBody());

  SourceLocation end = fd->getBody()->getEndLoc();
  if (returnSlot) {
    Value result = load({returnSlot, retType}, end);
    mlir::func::ReturnOp::create(builder, loc(end), result);
  } else {
    mlir::func::ReturnOp::create(builder, loc(end));
  }
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Value FunctionGen::createTemporary(QualType type, SourceLocation where) {
  mlir::OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(entryBlock);
  Value one = i64Constant(1, where);
  return LLVM::AllocaOp::create(builder, loc(where),
                                LLVM::LLVMPointerType::get(mod.ctx),
                                mod.memoryType(type, where), one,
                                mod.alignOf(type));
}

Value FunctionGen::createFlag(SourceLocation where) {
  Value flag = createTemporary(mod.ast.BoolTy, where);
  mlir::OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointAfterValue(flag);
  setFlag(flag, false, where);
  return flag;
}

void FunctionGen::setFlag(Value flag, bool value, SourceLocation where) {
  Value v = intConstant(builder.getI8Type(), value ? 1 : 0, where);
  LLVM::StoreOp::create(builder, loc(where), v, flag, 1);
}

Value FunctionGen::byteOffset(Value base, int64_t bytes, SourceLocation where) {
  if (bytes == 0)
    return base;
  return LLVM::GEPOp::create(builder, loc(where),
                             LLVM::LLVMPointerType::get(mod.ctx),
                             builder.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(bytes)});
}

void FunctionGen::emitConstructorInitializers(const CXXConstructorDecl *ctor) {
  const CXXRecordDecl *record = ctor->getParent();
  const ASTRecordLayout &layout = mod.ast.getASTRecordLayout(record);
  // The object's dynamic type becomes this class once its bases are built
  // (their constructors wrote their own tags), before its members are: a
  // virtual call from a member's initializer or the body reaches this
  // class's overriders, as C++ says.
  bool tagsWritten = false;
  auto writeTags = [&](SourceLocation where) {
    if (!tagsWritten)
      emitDynamicTypeTags(record, where);
    tagsWritten = true;
  };
  for (const CXXCtorInitializer *init : ctor->inits()) {
    SourceLocation where = init->getSourceLocation();
    if (init->isDelegatingInitializer()) {
      // The target constructor builds the whole object, tags included.
      emitAggregateInto(init->getInit(), thisPtr);
      tagsWritten = true;
      continue;
    }
    if (!init->isBaseInitializer())
      writeTags(where);
    if (init->isBaseInitializer()) {
      const CXXRecordDecl *base = init->getBaseClass()->getAsCXXRecordDecl();
      if (init->isBaseVirtual()) {
        mod.unsupported(where, "a virtual base class");
        continue;
      }
      int64_t offset = layout.getBaseClassOffset(base).getQuantity();
      emitAggregateInto(init->getInit(), byteOffset(thisPtr, offset, where));
    } else if (const FieldDecl *field = init->getMember()) {
      if (field->isBitField()) {
        emitInitInto(init->getInit(), bitFieldLValue(thisPtr, field, where));
        continue;
      }
      int64_t offset = layout.getFieldOffset(field->getFieldIndex()) / 8;
      emitInitInto(init->getInit(),
                   {byteOffset(thisPtr, offset, where), field->getType()});
    } else if (const IndirectFieldDecl *indirect =
                   init->getIndirectMember()) {
      // A member of an anonymous struct or union (`union { struct { T x,
      // y, z; }; ... }` in a vector class): the offsets along the chain of
      // anonymous records add up.
      int64_t offset = 0;
      const FieldDecl *last = nullptr;
      for (const NamedDecl *link : indirect->chain()) {
        last = cast<FieldDecl>(link);
        const ASTRecordLayout &outer =
            mod.ast.getASTRecordLayout(last->getParent());
        offset += outer.getFieldOffset(last->getFieldIndex()) / 8;
      }
      if (last->isBitField()) {
        int64_t lastOffset =
            mod.ast.getASTRecordLayout(last->getParent())
                .getFieldOffset(last->getFieldIndex()) /
            8;
        Value container = byteOffset(thisPtr, offset - lastOffset, where);
        emitInitInto(init->getInit(), bitFieldLValue(container, last, where));
        continue;
      }
      emitInitInto(init->getInit(),
                   {byteOffset(thisPtr, offset, where), last->getType()});
    } else {
      mod.unsupported(where, "this constructor initializer");
    }
  }
  writeTags(ctor->getLocation());
}

Value FunctionGen::intConstant(mlir::Type type, int64_t value,
                               SourceLocation where) {
  return arith::ConstantOp::create(builder, loc(where), type,
                                   builder.getIntegerAttr(type, value));
}

Value FunctionGen::i64Constant(int64_t value, SourceLocation where) {
  return intConstant(builder.getI64Type(), value, where);
}

Value FunctionGen::undefValue(QualType type, SourceLocation where) {
  mlir::Type t = mod.isAggregate(type) ? LLVM::LLVMPointerType::get(mod.ctx)
                                       : mod.convertType(type, where);
  return LLVM::UndefOp::create(builder, loc(where), t);
}

LValue FunctionGen::bitFieldLValue(Value record, const FieldDecl *field,
                                   SourceLocation where) {
  const ASTRecordLayout &layout =
      mod.ast.getASTRecordLayout(field->getParent());
  uint64_t bit = layout.getFieldOffset(field->getFieldIndex());
  LValue lv{byteOffset(record, bit / 8, where), field->getType()};
  lv.bitField = field;
  lv.bitShift = bit % 8;
  return lv;
}

namespace {
/// The integer covering the bytes a bit-field's bits touch (i24 for a field
/// spanning three bytes: LLVM loads and stores exactly those bytes, so
/// nothing past the record is touched).
mlir::IntegerType bitFieldStorageType(mlir::MLIRContext *ctx, unsigned shift,
                                      unsigned width) {
  return mlir::IntegerType::get(ctx, llvm::alignTo(shift + width, 8));
}
} // namespace

Value FunctionGen::load(LValue lv, SourceLocation where) {
  mlir::Location l = loc(where);
  if (lv.bitField) {
    unsigned width = lv.bitField->getBitWidthValue();
    auto storageType = bitFieldStorageType(mod.ctx, lv.bitShift, width);
    auto fieldType = cast<mlir::IntegerType>(mod.memoryType(lv.type, where));
    Value bits = LLVM::LoadOp::create(builder, l, storageType, lv.addr, 1,
                                      lv.type.isVolatileQualified());
    // Move the field to the top of the storage, then down to bit 0, with
    // its sign where the field's type has one.
    unsigned storageWidth = storageType.getWidth();
    unsigned top = storageWidth - lv.bitShift - width;
    if (top != 0)
      bits = arith::ShLIOp::create(builder, l, bits,
                                   intConstant(storageType, top, where));
    Value down = intConstant(storageType, storageWidth - width, where);
    bool isSigned = lv.type->isSignedIntegerOrEnumerationType();
    if (storageWidth != width)
      bits = isSigned
                 ? arith::ShRSIOp::create(builder, l, bits, down).getResult()
                 : arith::ShRUIOp::create(builder, l, bits, down).getResult();
    if (storageWidth > fieldType.getWidth())
      bits = arith::TruncIOp::create(builder, l, fieldType, bits);
    else if (storageWidth < fieldType.getWidth())
      bits =
          isSigned
              ? arith::ExtSIOp::create(builder, l, fieldType, bits).getResult()
              : arith::ExtUIOp::create(builder, l, fieldType, bits).getResult();
    if (lv.type->isBooleanType())
      bits = arith::TruncIOp::create(builder, l, builder.getI1Type(), bits);
    return bits;
  }
  Value v = LLVM::LoadOp::create(builder, l, mod.memoryType(lv.type, where),
                                 lv.addr, mod.alignOf(lv.type),
                                 lv.type.isVolatileQualified());
  if (lv.type->isBooleanType())
    v = arith::TruncIOp::create(builder, l, builder.getI1Type(), v);
  return v;
}

void FunctionGen::emitLockstepBarrier(SourceLocation where) {
  auto barrier = simt::BarrierOp::create(builder, loc(where), mlir::ValueRange{});
  barrier->setAttr(kWarpSyncAttr, builder.getUnitAttr());
  barrier->setAttr(kLockstepAttr, builder.getUnitAttr());
}

void FunctionGen::store(Value v, LValue lv, SourceLocation where) {
  mlir::Location l = loc(where);
  // A volatile store: the warp's other lanes read their operands before it
  // and see it after it, as lanes running in lock step would.
  bool lockstep = lv.type.isVolatileQualified();
  if (lockstep)
    emitLockstepBarrier(where);
  auto afterStore = llvm::make_scope_exit([&] {
    if (lockstep)
      emitLockstepBarrier(where);
  });
  if (lv.type->isBooleanType())
    v = arith::ExtUIOp::create(builder, l, builder.getI8Type(), v);
  if (lv.bitField) {
    // Read the bytes the field touches, replace its bits, write them back.
    unsigned width = lv.bitField->getBitWidthValue();
    auto storageType = bitFieldStorageType(mod.ctx, lv.bitShift, width);
    unsigned valueWidth = v.getType().getIntOrFloatBitWidth();
    if (valueWidth > storageType.getWidth())
      v = arith::TruncIOp::create(builder, l, storageType, v);
    else if (valueWidth < storageType.getWidth())
      v = arith::ExtUIOp::create(builder, l, storageType, v);
    llvm::APInt fieldMask = llvm::APInt::getBitsSet(
        storageType.getWidth(), lv.bitShift, lv.bitShift + width);
    Value mask = arith::ConstantOp::create(
        builder, l, storageType,
        builder.getIntegerAttr(storageType, fieldMask));
    Value keep = arith::ConstantOp::create(
        builder, l, storageType,
        builder.getIntegerAttr(storageType, ~fieldMask));
    if (lv.bitShift != 0)
      v = arith::ShLIOp::create(builder, l, v,
                                intConstant(storageType, lv.bitShift, where));
    v = arith::AndIOp::create(builder, l, v, mask);
    bool isVolatile = lv.type.isVolatileQualified();
    Value old =
        LLVM::LoadOp::create(builder, l, storageType, lv.addr, 1, isVolatile);
    Value kept = arith::AndIOp::create(builder, l, old, keep);
    LLVM::StoreOp::create(builder, l, arith::OrIOp::create(builder, l, kept, v),
                          lv.addr, 1, isVolatile);
    return;
  }
  LLVM::StoreOp::create(builder, l, v, lv.addr, mod.alignOf(lv.type),
                        lv.type.isVolatileQualified());
}

/// The scalar fields of `type` with their byte offsets, when it is a small
/// struct of scalars only (float4, a pair of ints): such a copy is made
/// field by field, which keeps it visible to the vectorizers and to scalar
/// replacement once the struct lives in a per-thread slot (LLVM's memcpy
/// in a thread loop stops vectorization).
static bool scalarFields(const clang::ASTContext &ast, QualType type,
                         llvm::SmallVectorImpl<std::pair<QualType, int64_t>> &fields) {
  const auto *record = type.getCanonicalType()->getAsRecordDecl();
  if (!record || record->isUnion() || record->isInvalidDecl())
    return false;
  if (const auto *cxx = dyn_cast<clang::CXXRecordDecl>(record))
    if (cxx->getNumBases() != 0 || cxx->getNumVBases() != 0 ||
        cxx->isDynamicClass()) // The vtable pointer is no field.
      return false;
  const clang::ASTRecordLayout &layout = ast.getASTRecordLayout(record);
  constexpr unsigned kMaxFields = 8;
  for (const clang::FieldDecl *field : record->fields()) {
    QualType fieldType = field->getType().getCanonicalType();
    if (field->isBitField() || fields.size() == kMaxFields ||
        fieldType->isBooleanType() ||
        !(fieldType->isIntegerType() || fieldType->isRealFloatingType() ||
          fieldType->isPointerType()) ||
        fieldType.isVolatileQualified())
      return false;
    fields.push_back(
        {fieldType, static_cast<int64_t>(ast.toCharUnitsFromBits(
                                             layout.getFieldOffset(
                                                 field->getFieldIndex()))
                                             .getQuantity())});
  }
  return !fields.empty();
}

void FunctionGen::memcpy(Value dest, Value src, QualType type,
                         SourceLocation where) {
  llvm::SmallVector<std::pair<QualType, int64_t>> fields;
  if (scalarFields(mod.ast, type, fields) && !mod.containsLongDouble(type)) {
    mlir::Location l = loc(where);
    auto ptrType = LLVM::LLVMPointerType::get(builder.getContext());
    for (auto [fieldType, offset] : fields) {
      mlir::Type elementType = mod.convertType(fieldType, where);
      auto fieldAddr = [&](Value base) -> Value {
        if (offset == 0)
          return base;
        return LLVM::GEPOp::create(builder, l, ptrType, builder.getI8Type(),
                                   base, ArrayRef<LLVM::GEPArg>{offset});
      };
      unsigned align = mod.alignOf(fieldType);
      Value v = LLVM::LoadOp::create(builder, l, elementType, fieldAddr(src),
                                     align);
      LLVM::StoreOp::create(builder, l, v, fieldAddr(dest), align);
    }
    return;
  }
  Value size = i64Constant(mod.sizeOf(type), where);
  auto memcpy = LLVM::MemcpyOp::create(builder, loc(where), dest, src, size,
                                       /*isVolatile=*/false);
  memcpy.setArgAttrsAttr(alignedPointerArgs(type, /*pointers=*/2));
}

void FunctionGen::memzero(Value dest, QualType type, SourceLocation where) {
  Value size = i64Constant(mod.sizeOf(type), where);
  Value zero = intConstant(builder.getI8Type(), 0, where);
  auto memset = LLVM::MemsetOp::create(builder, loc(where), dest, zero, size,
                                       /*isVolatile=*/false);
  memset.setArgAttrsAttr(alignedPointerArgs(type, /*pointers=*/1));
}

mlir::ArrayAttr FunctionGen::alignedPointerArgs(QualType type,
                                                unsigned pointers) {
  // The objects have the type's alignment. Said on the pointers, it lets
  // the copy move whole words: without it NVPTX copies byte by byte, and a
  // CPU backend can only guess.
  mlir::DictionaryAttr aligned = builder.getDictionaryAttr(mlir::NamedAttribute(
      builder.getStringAttr(LLVM::LLVMDialect::getAlignAttrName()),
      builder.getI64IntegerAttr(mod.alignOf(type))));
  SmallVector<mlir::Attribute, 3> args(pointers, aligned);
  // The length (and memset's byte) carry nothing.
  args.resize(3, builder.getDictionaryAttr({}));
  return builder.getArrayAttr(args);
}

} // namespace cucpu
