//===- VirtualGen.cpp - Virtual functions in device code ------------------===//
//
// Device code calls virtual functions without vtables. Every constructor of a
// polymorphic class stores a tag in the vtable pointer of each polymorphic
// subobject it builds; the tag names the class under construction and the
// subobject's offset in it. A virtual call goes to a dispatcher made for the
// method: it reads the tag of the object and calls that class's final
// overrider directly, with `this` adjusted from the subobject the call names
// to the overrider's.
//
// All the dispatchers' calls are direct, so inlining and the passes see
// through them as through any other call. The dispatchers are emitted last,
// when every class that device code constructs is known (device code without
// -rdc is the whole program). An object that device code did not construct
// (one copied from the host, whose vtable pointer is a host address) holds no
// known tag: the call stops the program with a message instead of jumping to
// a host address.
//
// The layout stays the host's: the tag occupies the pointer-sized slot where
// the host keeps the vtable pointer, so objects copied between host and
// device keep their fields at the same offsets.
//
//===----------------------------------------------------------------------===//

#include "frontend/FunctionGen.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "clang/AST/RecordLayout.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/xxhash.h"

using namespace clang;
using llvm::ArrayRef;
using llvm::SmallVector;
using mlir::Value;
namespace LLVM = mlir::LLVM;
namespace arith = mlir::arith;
namespace scf = mlir::scf;

namespace cucpu {

namespace {

/// A base-class subobject of a complete object: its class and its offset.
struct Subobject {
  const CXXRecordDecl *record;
  int64_t offset;
};

/// Appends `record` at `offset` and all its non-virtual base subobjects, most
/// derived first, with the path from the complete object in `path`.
void collectSubobjects(const ASTContext &ast, const CXXRecordDecl *record,
                       int64_t offset, SmallVector<Subobject> &out) {
  out.push_back({record, offset});
  const ASTRecordLayout &layout = ast.getASTRecordLayout(record);
  for (const CXXBaseSpecifier &base : record->bases()) {
    if (base.isVirtual())
      continue;
    const CXXRecordDecl *baseRecord = base.getType()->getAsCXXRecordDecl();
    collectSubobjects(
        ast, baseRecord,
        offset + layout.getBaseClassOffset(baseRecord).getQuantity(), out);
  }
}

/// The classes on the path from `record` (at `offset`) down to the subobject
/// of class `target` at `targetOffset`, most derived first; empty if there
/// is none.
bool findPath(const ASTContext &ast, const CXXRecordDecl *record,
              int64_t offset, const CXXRecordDecl *target, int64_t targetOffset,
              SmallVector<Subobject> &path) {
  path.push_back({record, offset});
  if (record->getCanonicalDecl() == target->getCanonicalDecl() &&
      offset == targetOffset)
    return true;
  const ASTRecordLayout &layout = ast.getASTRecordLayout(record);
  for (const CXXBaseSpecifier &base : record->bases()) {
    if (base.isVirtual())
      continue;
    const CXXRecordDecl *baseRecord = base.getType()->getAsCXXRecordDecl();
    int64_t baseOffset =
        offset + layout.getBaseClassOffset(baseRecord).getQuantity();
    if (findPath(ast, baseRecord, baseOffset, target, targetOffset, path))
      return true;
  }
  path.pop_back();
  return false;
}

/// The offset of the unique `base` subobject of `derived`, if there is one.
std::optional<int64_t> uniqueBaseOffset(const ASTContext &ast,
                                        const CXXRecordDecl *derived,
                                        const CXXRecordDecl *base) {
  SmallVector<Subobject> subobjects;
  collectSubobjects(ast, derived, 0, subobjects);
  std::optional<int64_t> found;
  for (const Subobject &s : subobjects) {
    if (s.record->getCanonicalDecl() != base->getCanonicalDecl())
      continue;
    if (found)
      return std::nullopt;
    found = s.offset;
  }
  return found;
}

} // namespace

//===----------------------------------------------------------------------===//
// ModuleGen
//===----------------------------------------------------------------------===//

uint64_t ModuleGen::dynamicTypeTag(const CXXRecordDecl *complete,
                                   int64_t offset) {
  // A hash of the class's mangled type name, so that files compiled apart
  // (-rdc) agree on the tags. The top bits are cucpu's so that a host vtable
  // address is never taken for a tag.
  std::string name;
  llvm::raw_string_ostream os(name);
  mangler->mangleCXXRTTIName(ast.getCanonicalTagType(complete), os);
  os << '+' << offset;
  uint64_t tag =
      (llvm::xxh3_64bits(name) & 0x0000ffffffffffffULL) | 0xc0c0000000000000ULL;
  dynamicTypes.try_emplace(tag, DynamicSubobject{complete, offset});
  return tag;
}

mlir::func::FuncOp
ModuleGen::getVirtualDispatcher(const CXXMethodDecl *method) {
  method = method->getCanonicalDecl();
  if (auto it = dispatchers.find(method); it != dispatchers.end())
    return it->second;
  // The method's own signature, under another name.
  mlir::OpBuilder builder(ctx);
  builder.setInsertionPointToEnd(module.getBody());
  auto fn = mlir::func::FuncOp::create(builder, loc(method->getLocation()),
                                       "__cucpu_virtual." + mangledName(method),
                                       functionTypeOf(method));
  fn.setPrivate();
  dispatchers[method] = fn;
  return fn;
}

bool ModuleGen::hasNoOpDestructor(const CXXRecordDecl *record) const {
  if (!record || !record->hasDefinition() || record->hasTrivialDestructor())
    return true;
  const CXXDestructorDecl *dtor = record->getDestructor();
  if (!dtor)
    return true;
  const FunctionDecl *definition = nullptr;
  if (!dtor->isDefaulted()) {
    if (!dtor->hasBody(definition))
      return false;
    const auto *body = dyn_cast_or_null<CompoundStmt>(definition->getBody());
    if (!body || !body->body_empty())
      return false;
  }
  for (const CXXBaseSpecifier &base : record->bases())
    if (!hasNoOpDestructor(base.getType()->getAsCXXRecordDecl()))
      return false;
  for (const FieldDecl *field : record->fields()) {
    QualType type = ast.getBaseElementType(field->getType());
    if (!hasNoOpDestructor(type->getAsCXXRecordDecl()))
      return false;
  }
  return true;
}

void ModuleGen::emitBodiesAndDispatchers() {
  // Calling a class's overriders may construct more classes, whose
  // overriders the dispatchers then call too: iterate until nothing new.
  llvm::MapVector<const CXXMethodDecl *, SmallVector<VirtualCase>> cases;
  size_t typesSeen = 0, dispatchersSeen = 0;
  do {
    emitPendingBodies();
    typesSeen = dynamicTypes.size();
    dispatchersSeen = dispatchers.size();
    cases.clear();
    for (auto &[method, fn] : dispatchers) {
      const CXXRecordDecl *owner = method->getParent();
      SmallVector<VirtualCase> &list = cases[method];
      for (auto &[tag, dynamic] : dynamicTypes) {
        SmallVector<Subobject> path;
        if (!findPath(ast, dynamic.complete, 0, owner, dynamic.offset, path))
          continue;
        // The final overrider: the most derived class on the path that
        // declares one.
        VirtualCase c{tag, nullptr, 0};
        for (const Subobject &s : path) {
          const CXXMethodDecl *overrider =
              method->getCorrespondingMethodDeclaredInClass(s.record);
          if (!overrider)
            continue;
          if (!overrider->isPureVirtual() || overrider->hasBody()) {
            c.overrider = overrider;
            c.thisAdjustment = s.offset - dynamic.offset;
            getFunction(overrider);
          }
          break;
        }
        list.push_back(c);
      }
    }
  } while (!pending.empty() || dynamicTypes.size() != typesSeen ||
           dispatchers.size() != dispatchersSeen);

  for (auto &[method, fn] : dispatchers) {
    FunctionGen gen(*this, method, fn);
    gen.emitVirtualDispatcherBody(cases[method]);
  }
}

//===----------------------------------------------------------------------===//
// FunctionGen
//===----------------------------------------------------------------------===//

void FunctionGen::emitDynamicTypeTags(const CXXRecordDecl *record,
                                      SourceLocation where) {
  if (!record->isDynamicClass())
    return;
  SmallVector<Subobject> subobjects;
  collectSubobjects(mod.ast, record, 0, subobjects);
  llvm::SmallSet<int64_t, 4> written;
  mlir::Location l = loc(where);
  for (const Subobject &s : subobjects) {
    // A polymorphic subobject keeps its vtable pointer at its start; a
    // primary base shares it with the class that derives from it.
    if (!s.record->isDynamicClass() || !written.insert(s.offset).second)
      continue;
    uint64_t tag = mod.dynamicTypeTag(record, s.offset);
    Value v = i64Constant(static_cast<int64_t>(tag), where);
    LLVM::StoreOp::create(builder, l, v, byteOffset(thisPtr, s.offset, where),
                          8);
  }
}

bool FunctionGen::isVirtualCall(const CallExpr *call,
                                const CXXMethodDecl *method) const {
  if (!method->isVirtual())
    return false;
  const Expr *calleeExpr = call->getCallee()->IgnoreParens();
  if (const auto *member = dyn_cast<MemberExpr>(calleeExpr)) {
    // `p->Base::f()` names the function.
    if (member->hasQualifier())
      return false;
    // A final function, or an object whose dynamic type is its static type.
    if (method->getDevirtualizedMethod(member->getBase(),
                                       /*IsAppleKext=*/false) == method)
      return false;
  }
  return true;
}

void FunctionGen::emitVirtualDispatcherBody(ArrayRef<VirtualCase> cases) {
  entryBlock = fn.addEntryBlock();
  builder.setInsertionPointToStart(entryBlock);
  const auto *method = cast<CXXMethodDecl>(fd);
  SourceLocation where = method->getLocation();
  mlir::Location l = loc(where);
  auto ptrType = LLVM::LLVMPointerType::get(mod.ctx);

  SmallVector<Value> args(entryBlock->getArguments());
  unsigned thisIndex = abi.sret ? 1 : 0;
  Value object = args[thisIndex];
  QualType retType = method->getReturnType();
  bool hasResult = fn.getNumResults() != 0;
  if (hasResult)
    returnSlot = createTemporary(retType, where);

  Value tag = LLVM::LoadOp::create(builder, l, builder.getI64Type(), object, 8);
  Value matched = intConstant(builder.getI1Type(), 0, where);
  for (const VirtualCase &c : cases) {
    Value k = i64Constant(static_cast<int64_t>(c.tag), where);
    Value hit =
        arith::CmpIOp::create(builder, l, arith::CmpIPredicate::eq, tag, k);
    if (!c.overrider)
      continue; // A pure virtual function: handled with unknown tags.
    matched = arith::OrIOp::create(builder, l, matched, hit);
    auto ifOp = scf::IfOp::create(builder, l, hit, false);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    SmallVector<Value> callArgs(args);
    callArgs[thisIndex] = byteOffset(object, c.thisAdjustment, where);
    mlir::func::FuncOp target = mod.getFunction(c.overrider);
    auto call = mlir::func::CallOp::create(builder, l, target, callArgs);
    if (hasResult) {
      Value result = call.getResult(0);
      // A covariant return type: convert the overrider's pointer to the
      // base the method returns.
      QualType from = c.overrider->getReturnType()->getPointeeType();
      QualType to = retType->getPointeeType();
      if (!from.isNull() && !to.isNull() &&
          from.getCanonicalType().getUnqualifiedType() !=
              to.getCanonicalType().getUnqualifiedType()) {
        std::optional<int64_t> offset;
        if (from->getAsCXXRecordDecl() && to->getAsCXXRecordDecl())
          offset = uniqueBaseOffset(mod.ast, from->getAsCXXRecordDecl(),
                                    to->getAsCXXRecordDecl());
        if (!offset)
          mod.unsupported(c.overrider->getLocation(),
                          "this covariant return type");
        else if (*offset != 0 && retType->isReferenceType())
          result = byteOffset(result, *offset, where);
        else if (*offset != 0) {
          // A null pointer stays null.
          Value null = LLVM::ZeroOp::create(builder, l, ptrType);
          Value isNull = LLVM::ICmpOp::create(
              builder, l, LLVM::ICmpPredicate::eq, result, null);
          result = arith::SelectOp::create(builder, l, isNull, null,
                                           byteOffset(result, *offset, where));
        }
      }
      LLVM::StoreOp::create(builder, l, result, returnSlot,
                            mod.alignOf(retType));
    }
  }

  // No case matched: an object device code did not construct, or a pure
  // virtual function called while its class was being constructed.
  Value unmatched = arith::XOrIOp::create(
      builder, l, matched, intConstant(builder.getI1Type(), 1, where));
  {
    auto ifOp = scf::IfOp::create(builder, l, unmatched, false);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    std::string message =
        "virtual call of " + method->getQualifiedNameAsString() +
        " on an object whose class device code did not construct (or a pure "
        "virtual function called during construction)";
    emitRuntimeFailure(message, where);
  }

  if (hasResult) {
    Value result = LLVM::LoadOp::create(builder, l, fn.getResultTypes()[0],
                                        returnSlot, mod.alignOf(retType));
    mlir::func::ReturnOp::create(builder, l, result);
  } else {
    mlir::func::ReturnOp::create(builder, l);
  }
}

} // namespace cucpu
