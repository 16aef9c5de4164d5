//===- ModuleGen.cpp - Kernels, launchers and the type mapping ------------===//

#include "frontend/ModuleGen.h"
#include "frontend/FunctionGen.h"
#include "frontend/Frontend.h"
#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using mlir::Value;

namespace cucpu {

ModuleGen::ModuleGen(ASTContext &ast, DiagnosticsEngine &diags,
                     mlir::ModuleOp module, bool relocatable)
    : ast(ast), diags(diags), ctx(module.getContext()), module(module),
      relocatable(relocatable), mangler(ast.createMangleContext()) {}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

mlir::Location ModuleGen::loc(SourceLocation where) {
  PresumedLoc p = ast.getSourceManager().getPresumedLoc(
      ast.getSourceManager().getExpansionLoc(where));
  if (p.isInvalid())
    return mlir::UnknownLoc::get(ctx);
  return mlir::FileLineColLoc::get(ctx, p.getFilename(), p.getLine(),
                                   p.getColumn());
}

void ModuleGen::error(SourceLocation where, StringRef message) {
  ++errorCount;
  unsigned id = diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  diags.Report(where, id) << message;
}

void ModuleGen::unsupported(SourceLocation where, StringRef what) {
  error(where, (what + " is not supported in device code yet").str());
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

bool ModuleGen::isAggregate(QualType type) const {
  type = type.getCanonicalType();
  return type->isRecordType() || type->isArrayType() ||
         type->isAnyComplexType() || type->isVectorType();
}

uint64_t ModuleGen::sizeOf(QualType type) const {
  return ast.getTypeSizeInChars(type).getQuantity();
}

unsigned ModuleGen::alignOf(QualType type) const {
  return ast.getTypeAlignInChars(type).getQuantity();
}

bool ModuleGen::isSigned(QualType type) const {
  return type->isSignedIntegerOrEnumerationType();
}

mlir::Type ModuleGen::convertType(QualType type, SourceLocation where) {
  type = type.getCanonicalType();
  if (type->isBooleanType())
    return mlir::IntegerType::get(ctx, 1);
  if (type->isIntegralOrEnumerationType())
    return mlir::IntegerType::get(ctx, ast.getTypeSize(type));
  if (type->isPointerType() || type->isReferenceType() ||
      type->isNullPtrType())
    return mlir::LLVM::LLVMPointerType::get(ctx);
  if (const auto *builtin = type->getAs<BuiltinType>()) {
    switch (builtin->getKind()) {
    case BuiltinType::Half:
    case BuiltinType::Float16:
      return mlir::Float16Type::get(ctx);
    case BuiltinType::BFloat16:
      return mlir::BFloat16Type::get(ctx);
    case BuiltinType::Float:
      return mlir::Float32Type::get(ctx);
    case BuiltinType::Double:
      return mlir::Float64Type::get(ctx);
    default:
      break;
    }
  }
  unsupported(where, "the type '" + type.getAsString() + "'");
  return mlir::IntegerType::get(ctx, 8);
}

bool ModuleGen::containsLongDouble(QualType type) const {
  type = type.getCanonicalType();
  if (const auto *builtin = type->getAs<BuiltinType>())
    return builtin->getKind() == BuiltinType::LongDouble;
  if (const ArrayType *array = ast.getAsArrayType(type))
    return containsLongDouble(array->getElementType());
  if (const RecordDecl *record = type->getAsRecordDecl())
    return containsLongDouble(record);
  return false;
}

bool ModuleGen::containsLongDouble(const RecordDecl *record) const {
  if (const auto *cxx = dyn_cast<CXXRecordDecl>(record);
      cxx && cxx->hasDefinition())
    for (const CXXBaseSpecifier &base : cxx->bases())
      if (containsLongDouble(base.getType()))
        return true;
  for (const FieldDecl *field : record->fields())
    if (containsLongDouble(field->getType()))
      return true;
  return false;
}

mlir::Type ModuleGen::memoryType(QualType type, SourceLocation where) {
  if (containsLongDouble(type))
    unsupported(where, "long double (the device and the host lay it out "
                       "differently)");
  if (isAggregate(type))
    return mlir::LLVM::LLVMArrayType::get(mlir::IntegerType::get(ctx, 8),
                                          sizeOf(type));
  if (type->isBooleanType())
    return mlir::IntegerType::get(ctx, 8);
  return convertType(type, where);
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

std::string ModuleGen::mangledName(const NamedDecl *decl) {
  if (!mangler->shouldMangleDeclName(decl))
    return decl->getName().str();
  std::string name;
  llvm::raw_string_ostream os(name);
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(decl))
    mangler->mangleName(GlobalDecl(ctor, Ctor_Complete), os);
  else if (const auto *dtor = dyn_cast<CXXDestructorDecl>(decl))
    mangler->mangleName(GlobalDecl(dtor, Dtor_Complete), os);
  else
    mangler->mangleName(GlobalDecl(cast<FunctionDecl>(decl)), os);
  return name;
}

FunctionABI ModuleGen::abiOf(const FunctionDecl *fd) const {
  FunctionABI abi;
  abi.sret = isAggregate(fd->getReturnType());
  if (const auto *method = dyn_cast<CXXMethodDecl>(fd))
    abi.hasThis = method->isInstance();
  return abi;
}

mlir::FunctionType ModuleGen::functionTypeOf(const FunctionDecl *fd) {
  FunctionABI abi = abiOf(fd);
  auto ptrType = mlir::LLVM::LLVMPointerType::get(ctx);
  SmallVector<mlir::Type> inputs, results;
  if (abi.sret)
    inputs.push_back(ptrType);
  if (abi.hasThis)
    inputs.push_back(ptrType);
  for (const ParmVarDecl *param : fd->parameters())
    inputs.push_back(isAggregate(param->getType())
                         ? ptrType
                         : convertType(param->getType(), param->getLocation()));
  if (!abi.sret && !fd->getReturnType()->isVoidType())
    results.push_back(convertType(fd->getReturnType(), fd->getLocation()));
  return mlir::FunctionType::get(ctx, inputs, results);
}

mlir::func::FuncOp ModuleGen::getFunction(const FunctionDecl *fd) {
  fd = fd->getDefinition() ? fd->getDefinition() : fd;
  if (auto it = functions.find(fd); it != functions.end())
    return it->second;

  SourceLocation where = fd->getLocation();
  mlir::OpBuilder builder(ctx);
  builder.setInsertionPointToEnd(module.getBody());
  auto fn = mlir::func::FuncOp::create(builder, loc(where), mangledName(fd),
                                       functionTypeOf(fd));
  fn.setPrivate();
  functions[fd] = fn;
  if (relocatable) {
    // What the device link needs to join the files' functions.
    GVALinkage linkage = fd->hasBody() ? ast.GetGVALinkageForFunction(fd)
                                       : GVA_StrongExternal;
    if (linkage == GVA_StrongExternal || linkage == GVA_StrongODR)
      fn->setAttr(kLinkageAttr, builder.getStringAttr(kExternalLinkage));
    else if (linkage == GVA_DiscardableODR)
      fn->setAttr(kLinkageAttr, builder.getStringAttr(kODRLinkage));
  }
  StringRef name = fd->getName();
  if (!fd->hasBody() &&
      (name.starts_with("cudaGetParameterBuffer") ||
       name.starts_with("cudaLaunchDevice") ||
       name == "__cudaDeviceSynchronizeDeprecationAvoidance"))
    unsupported(where, "the device runtime's '" + name.str() +
                           "' (launches from device code)");
  else if (fd->hasBody())
    pending.push_back(fd);
  else if (!relocatable)
    error(where, "device function '" + fd->getNameAsString() +
                     "' is declared but never defined in this file (compile "
                     "with -rdc=true to call device functions of other "
                     "files)");
  return fn;
}

void ModuleGen::emitPendingBodies() {
  while (!pending.empty()) {
    const FunctionDecl *fd = pending.front();
    pending.pop_front();
    FunctionGen gen(*this, fd, functions[fd]);
    gen.emitBody();
  }
}

//===----------------------------------------------------------------------===//
// Variables with static storage
//===----------------------------------------------------------------------===//

namespace {
/// A pointer to a function in a variable's initial value: where its bytes
/// go, and the function.
struct FunctionAddressInit {
  const uint8_t *at;
  const FunctionDecl *function;
};

/// Writes the bytes of constant `value` of `type` into `out` as the target
/// lays them out; the addresses of functions, known only once the program
/// is linked, go to `functions` instead. Returns false for values that are
/// not plain data.
bool writeBytes(ASTContext &ast, const APValue &value, QualType type,
                MutableArrayRef<uint8_t> out,
                SmallVectorImpl<FunctionAddressInit> &functions) {
  auto writeInt = [&](const llvm::APInt &bits) {
    for (unsigned i = 0; i < out.size() && i * 8 < bits.getBitWidth(); ++i)
      out[i] = bits.extractBitsAsZExtValue(
          std::min(8u, bits.getBitWidth() - i * 8), i * 8);
    return true;
  };
  switch (value.getKind()) {
  case APValue::None:
  case APValue::Indeterminate:
    return true;
  case APValue::Int:
    return writeInt(value.getInt());
  case APValue::Float:
    return writeInt(value.getFloat().bitcastToAPInt());
  case APValue::LValue: {
    // Null pointers and the addresses of functions; the address of an
    // object is known only when the program runs.
    if (value.isNullPointer())
      return true;
    const auto *base = value.getLValueBase().dyn_cast<const ValueDecl *>();
    const auto *function = dyn_cast_or_null<FunctionDecl>(base);
    if (!function || !value.getLValueOffset().isZero() ||
        out.size() != ast.getTypeSizeInChars(ast.VoidPtrTy).getQuantity())
      return false;
    functions.push_back({out.data(), function});
    return true;
  }
  case APValue::Array: {
    const ArrayType *array = ast.getAsArrayType(type);
    QualType elem = array->getElementType();
    uint64_t size = ast.getTypeSizeInChars(elem).getQuantity();
    uint64_t count = out.size() / size;
    for (uint64_t i = 0; i < count; ++i) {
      const APValue &v = i < value.getArrayInitializedElts()
                             ? value.getArrayInitializedElt(i)
                         : value.hasArrayFiller() ? value.getArrayFiller()
                                                  : APValue();
      if (!writeBytes(ast, v, elem, out.slice(i * size, size), functions))
        return false;
    }
    return true;
  }
  case APValue::Struct: {
    const RecordDecl *record = type->getAsRecordDecl();
    const ASTRecordLayout &layout = ast.getASTRecordLayout(record);
    if (value.getStructNumBases() != 0) {
      // Non-virtual bases (texture<> derives from textureReference), in
      // declaration order; each writes its data, not its tail padding, which
      // the derived class may use.
      const auto *cxx = dyn_cast<CXXRecordDecl>(record);
      if (!cxx || cxx->getNumVBases() != 0 ||
          cxx->getNumBases() != value.getStructNumBases())
        return false;
      for (auto [i, base] : llvm::enumerate(cxx->bases())) {
        const CXXRecordDecl *baseDecl = base.getType()->getAsCXXRecordDecl();
        uint64_t offset = layout.getBaseClassOffset(baseDecl).getQuantity();
        uint64_t size =
            ast.getASTRecordLayout(baseDecl).getDataSize().getQuantity();
        if (!writeBytes(ast, value.getStructBase(i), base.getType(),
                        out.slice(offset, size), functions))
          return false;
      }
    }
    for (const FieldDecl *field : record->fields()) {
      if (field->isBitField()) {
        // Little-endian: bit k of the record is bit k % 8 of byte k / 8.
        const APValue &bits = value.getStructField(field->getFieldIndex());
        if (field->isUnnamedBitField() || !bits.isInt())
          continue;
        uint64_t first = layout.getFieldOffset(field->getFieldIndex());
        unsigned width = field->getBitWidthValue();
        llvm::APInt fieldBits = bits.getInt().zextOrTrunc(width);
        for (unsigned k = 0; k < width; ++k) {
          uint64_t bit = first + k;
          uint8_t mask = uint8_t(1u << (bit % 8));
          out[bit / 8] =
              fieldBits[k] ? (out[bit / 8] | mask) : (out[bit / 8] & ~mask);
        }
        continue;
      }
      uint64_t offset = layout.getFieldOffset(field->getFieldIndex()) / 8;
      uint64_t size = ast.getTypeSizeInChars(field->getType()).getQuantity();
      if (!writeBytes(ast, value.getStructField(field->getFieldIndex()),
                      field->getType(), out.slice(offset, size), functions))
        return false;
    }
    return true;
  }
  case APValue::Union: {
    const FieldDecl *field = value.getUnionField();
    if (!field)
      return true;
    uint64_t size = ast.getTypeSizeInChars(field->getType()).getQuantity();
    return writeBytes(ast, value.getUnionValue(), field->getType(),
                      out.take_front(size), functions);
  }
  case APValue::Vector: {
    QualType elem = type->castAs<VectorType>()->getElementType();
    uint64_t size = ast.getTypeSizeInChars(elem).getQuantity();
    for (unsigned i = 0; i < value.getVectorLength(); ++i)
      if (!writeBytes(ast, value.getVectorElt(i), elem,
                      out.slice(i * size, size), functions))
        return false;
    return true;
  }
  default:
    return false;
  }
}
} // namespace

bool ModuleGen::isTextureReference(const VarDecl *vd) {
  QualType type = vd->getType();
  return type->isCUDADeviceBuiltinTextureType() ||
         type->isCUDADeviceBuiltinSurfaceType();
}

/// A variable whose initial value holds the addresses of functions: a
/// packed struct of byte runs and pointers, with the variable's size and
/// layout (its users only take its address), built by its initializer.
static mlir::LLVM::GlobalOp createGlobalWithFunctionAddresses(
    ModuleGen &mod, mlir::OpBuilder &b, mlir::Location l, StringRef name,
    mlir::LLVM::Linkage linkage, ArrayRef<uint8_t> bytes,
    ArrayRef<FunctionAddressInit> functions, uint64_t alignment) {
  mlir::MLIRContext *ctx = b.getContext();
  auto i8 = mlir::IntegerType::get(ctx, 8);
  auto ptrType = mlir::LLVM::LLVMPointerType::get(ctx);
  struct Piece {
    uint64_t begin, end;
    const FunctionDecl *function;
  };
  SmallVector<Piece> pieces;
  uint64_t at = 0;
  SmallVector<FunctionAddressInit> sorted(functions);
  llvm::sort(sorted, [](const FunctionAddressInit &x,
                        const FunctionAddressInit &y) { return x.at < y.at; });
  for (const FunctionAddressInit &init : sorted) {
    uint64_t offset = init.at - bytes.data();
    if (offset > at)
      pieces.push_back({at, offset, nullptr});
    pieces.push_back({offset, offset + 8, init.function});
    at = offset + 8;
  }
  if (at < bytes.size())
    pieces.push_back({at, bytes.size(), nullptr});
  SmallVector<mlir::Type> fields;
  for (const Piece &piece : pieces)
    fields.push_back(piece.function ? mlir::Type(ptrType)
                                    : mlir::LLVM::LLVMArrayType::get(
                                          i8, piece.end - piece.begin));
  auto type = mlir::LLVM::LLVMStructType::getLiteral(ctx, fields,
                                                     /*isPacked=*/true);
  auto global = mlir::LLVM::GlobalOp::create(
      b, l, type, /*isConstant=*/false, linkage, name, mlir::Attribute(),
      std::max<uint64_t>(alignment, 16));
  mlir::Block *init = b.createBlock(&global.getInitializerRegion());
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(init);
  Value result = mlir::LLVM::UndefOp::create(b, l, type);
  for (auto [index, piece] : llvm::enumerate(pieces)) {
    Value field;
    if (piece.function) {
      field = simt::FunctionAddressOp::create(
          b, l, ptrType, mod.getFunction(piece.function).getSymName());
    } else {
      StringRef run(reinterpret_cast<const char *>(bytes.data()) + piece.begin,
                    piece.end - piece.begin);
      field = mlir::LLVM::ConstantOp::create(b, l, fields[index],
                                             b.getStringAttr(run));
    }
    result = mlir::LLVM::InsertValueOp::create(b, l, result, field,
                                               ArrayRef<int64_t>{int64_t(index)});
  }
  mlir::LLVM::ReturnOp::create(b, l, result);
  return global;
}

mlir::LLVM::GlobalOp ModuleGen::getGlobal(const VarDecl *vd) {
  vd = vd->getCanonicalDecl();
  if (auto it = globals.find(vd); it != globals.end())
    return it->second;
  const VarDecl *def = vd->getDefinition() ? vd->getDefinition() : vd;
  SourceLocation where = def->getLocation();
  QualType type = def->getType();
  bool shared = def->hasAttr<CUDASharedAttr>();
  bool dynamicShared = shared && type->isIncompleteArrayType();

  std::string name;
  {
    llvm::raw_string_ostream os(name);
    if (mangler->shouldMangleDeclName(def))
      mangler->mangleName(GlobalDecl(def), os);
    else
      os << def->getName();
  }
  uint64_t size =
      dynamicShared || type->isIncompleteType() ? 0 : sizeOf(type);
  auto byteArray =
      mlir::LLVM::LLVMArrayType::get(mlir::IntegerType::get(ctx, 8), size);

  // The initial value, as the bytes of the variable.
  mlir::Attribute value;
  std::vector<uint8_t> bytes;
  SmallVector<FunctionAddressInit> functionAddresses;
  if (!shared) {
    bytes.assign(size, 0);
    const Expr *init = def->getInit();
    // A trivial default constructor (a struct, or an array of structs,
    // without an initializer) leaves static storage zero-initialized; it is
    // no constant expression, so it is not evaluated.
    auto *construct =
        init ? dyn_cast<CXXConstructExpr>(init->IgnoreImplicit()) : nullptr;
    bool trivial = construct && construct->getNumArgs() == 0 &&
                   construct->getConstructor()->isTrivial();
    if (init && !trivial) {
      const APValue *constant = def->evaluateValue();
      if (!constant ||
          !writeBytes(ast, *constant, type, bytes, functionAddresses))
        unsupported(init->getExprLoc(),
                    "an initializer that is not a constant");
    }
    if (llvm::all_of(bytes, [](uint8_t b) { return b == 0; }))
      value = mlir::LLVM::ZeroAttr::get(ctx);
    else
      value = mlir::StringAttr::get(
          ctx, StringRef(reinterpret_cast<const char *>(bytes.data()),
                         bytes.size()));
  }

  // In relocatable device code a `__device__` or `__constant__` variable
  // other files may name keeps its name at the link: the device link joins an
  // `extern` declaration (no initializer) with the one definition, and the
  // joined variable is also what host code of other files names (their
  // `extern __device__` declarations have no host shadow to refer to).
  bool deviceVar = !shared &&
                   (def->hasAttr<CUDADeviceAttr>() ||
                    def->hasAttr<CUDAConstantAttr>()) &&
                   !def->isStaticLocal();
  // Inline and template variables (constexpr static members among them)
  // are defined alike in every file that uses them: each keeps its copy.
  bool linked = relocatable && deviceVar &&
                ast.GetGVALinkageForVariable(def) == GVA_StrongExternal;
  bool declarationOnly = linked && !vd->getDefinition();
  auto linkage = linked ? mlir::LLVM::Linkage::External
                        : mlir::LLVM::Linkage::Internal;
  if (declarationOnly)
    value = {};

  mlir::OpBuilder b(ctx);
  b.setInsertionPointToStart(module.getBody());
  mlir::LLVM::GlobalOp global;
  if (!functionAddresses.empty() && !declarationOnly &&
      llvm::all_of(functionAddresses, [&](const FunctionAddressInit &init) {
        return checkFunctionAddress(init.function,
                                    def->getInit()->getExprLoc());
      })) {
    global = createGlobalWithFunctionAddresses(*this, b, loc(where), name,
                                               linkage, bytes,
                                               functionAddresses, alignOf(type));
  } else {
    global = mlir::LLVM::GlobalOp::create(
        b, loc(where), byteArray, /*isConstant=*/false, linkage, name, value,
        std::max<uint64_t>(alignOf(type), 16));
  }
  if (shared)
    global->setAttr(kSharedAttr, b.getStringAttr(dynamicShared
                                                     ? kDynamicShared
                                                     : kStaticShared));
  else if (deviceVar || (isTextureReference(def) && !def->isStaticLocal()))
    global->setAttr(kDeviceVarAttr, b.getStringAttr(name));
  globals[vd] = global;
  return global;
}

bool ModuleGen::checkFunctionAddress(const FunctionDecl *fd,
                                     SourceLocation where) {
  if (const auto *method = dyn_cast<CXXMethodDecl>(fd);
      method && method->isInstance()) {
    unsupported(where, "a pointer to a member function");
    return false;
  }
  if (fd->hasAttr<CUDAGlobalAttr>()) {
    unsupported(where, "taking the address of a kernel");
    return false;
  }
  if (!fd->hasAttr<CUDADeviceAttr>() && !fd->isConstexpr()) {
    error(where, "'" + fd->getNameAsString() + "' is not a __device__ function");
    return false;
  }
  if (fd->isVariadic()) {
    unsupported(where, "the address of a variadic function");
    return false;
  }
  return true;
}

mlir::LLVM::GlobalOp ModuleGen::getBlockSharedBytes(llvm::StringRef name,
                                                    uint64_t bytes,
                                                    uint64_t alignment) {
  if (auto global = module.lookupSymbol<mlir::LLVM::GlobalOp>(name))
    return global;
  mlir::OpBuilder b(ctx);
  b.setInsertionPointToStart(module.getBody());
  auto type =
      mlir::LLVM::LLVMArrayType::get(mlir::IntegerType::get(ctx, 8), bytes);
  auto global = mlir::LLVM::GlobalOp::create(
      b, module.getLoc(), type, /*isConstant=*/false,
      mlir::LLVM::Linkage::Internal, name, mlir::Attribute(), alignment);
  global->setAttr(kSharedAttr, b.getStringAttr(kStaticShared));
  return global;
}

mlir::LLVM::GlobalOp ModuleGen::getSyncCounter() {
  return getBlockSharedBytes("__cucpu_sync_counter", 4, 4);
}

mlir::LLVM::GlobalOp ModuleGen::getWarpExchange(unsigned area) {
  return getBlockSharedBytes(area == 0 ? "__cucpu_warp_exchange"
                                       : "__cucpu_warp_exchange_1",
                             kWarpExchangeSlotBytes * kMaxBlockThreads,
                             kWarpExchangeSlotBytes);
}

mlir::LLVM::GlobalOp ModuleGen::getStringLiteral(const StringLiteral *literal) {
  // The literal's bytes, including the terminating NUL and any padding of
  // its array type.
  uint64_t size = sizeOf(literal->getType());
  std::string bytes(size, '\0');
  StringRef data = literal->getBytes();
  std::copy(data.begin(), data.begin() + std::min<uint64_t>(data.size(), size),
            bytes.begin());
  return getStringConstant(bytes, literal->getBeginLoc());
}

mlir::LLVM::GlobalOp ModuleGen::getStringConstant(StringRef bytes,
                                                  SourceLocation where) {
  mlir::OpBuilder b(ctx);
  b.setInsertionPointToStart(module.getBody());
  auto type = mlir::LLVM::LLVMArrayType::get(mlir::IntegerType::get(ctx, 8),
                                             bytes.size());
  auto global = mlir::LLVM::GlobalOp::create(
      b, loc(where), type, /*isConstant=*/true, mlir::LLVM::Linkage::Private,
      ("__cucpu_str." + Twine(stringCount++)).str(), b.getStringAttr(bytes));
  global.setUnnamedAddr(mlir::LLVM::UnnamedAddr::Global);
  return global;
}

mlir::LLVM::LLVMFuncOp
ModuleGen::getLibraryFunction(StringRef name,
                              mlir::LLVM::LLVMFunctionType type) {
  if (auto fn = module.lookupSymbol<mlir::LLVM::LLVMFuncOp>(name))
    return fn;
  mlir::OpBuilder b(ctx);
  b.setInsertionPointToEnd(module.getBody());
  return mlir::LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

//===----------------------------------------------------------------------===//
// Kernels and launchers
//===----------------------------------------------------------------------===//

namespace {
/// The value a local variable was last given by a plain assignment among
/// the statements before a launch in the launch's own block
/// (`threads = 128; k<<<blocks, threads>>>(...)`).
using LastAssignments = llvm::DenseMap<const VarDecl *, const Expr *>;
/// Local variables changed in ways the guess does not follow.
using VariableSet = llvm::DenseSet<const VarDecl *>;

/// `var = value` where `var` is a whole local variable: the variable and
/// the value, or null.
std::pair<const VarDecl *, const Expr *> plainAssignment(const Expr *e) {
  const Expr *lhs = nullptr, *rhs = nullptr;
  if (const auto *assign = dyn_cast<BinaryOperator>(e)) {
    if (assign->getOpcode() == BO_Assign) {
      lhs = assign->getLHS();
      rhs = assign->getRHS();
    }
  } else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e)) {
    if (op->getOperator() == OO_Equal && op->getNumArgs() == 2) {
      lhs = op->getArg(0);
      rhs = op->getArg(1);
    }
  }
  if (!lhs)
    return {nullptr, nullptr};
  if (const auto *ref = dyn_cast<DeclRefExpr>(lhs->IgnoreParenImpCasts()))
    if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()))
      if (var->hasLocalStorage())
        return {var, rhs};
  return {nullptr, nullptr};
}

/// The block size a launch configuration's `dim3` argument has when it is
/// written with constants: `dim3(16, 16)`, `256`, or a local `dim3 block(16,
/// 16)` (its initializer, or the constant last assigned to it before the
/// launch in the same block). It is a guess: the variable may change in
/// ways not followed here, which the specialized kernel checks at run time.
std::optional<std::array<int64_t, 3>>
constantDim3(const Expr *e, ASTContext &ast, const VariableSet &untracked,
             const LastAssignments *assigned = nullptr, unsigned depth = 0) {
  // A launch in a template's pattern names dependent values: nothing to
  // evaluate there (its instantiations are visited too).
  if (!e || depth > 4 || e->isValueDependent() || e->isTypeDependent())
    return std::nullopt;
  e = e->IgnoreImplicit();
  if (const auto *construct = dyn_cast<CXXConstructExpr>(e)) {
    if (construct->getConstructor()->isCopyOrMoveConstructor() &&
        construct->getNumArgs() == 1)
      return constantDim3(construct->getArg(0), ast, untracked, assigned, depth + 1);
    if (construct->getNumArgs() > 3)
      return std::nullopt;
    std::array<int64_t, 3> dims = {1, 1, 1};
    for (unsigned i = 0; i < construct->getNumArgs(); ++i) {
      const Expr *arg = construct->getArg(i);
      if (!arg->getType()->isIntegerType())
        return std::nullopt;
      // An integer: a constant, or a local variable given one.
      std::optional<std::array<int64_t, 3>> extent =
          constantDim3(arg, ast, untracked, assigned, depth + 1);
      if (!extent)
        return std::nullopt;
      dims[i] = (*extent)[0];
    }
    return dims;
  }
  if (const auto *ref = dyn_cast<DeclRefExpr>(e))
    if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()))
      if (var->hasLocalStorage()) {
        if (untracked.contains(var))
          return std::nullopt;
        if (assigned)
          if (const Expr *value = assigned->lookup(var))
            return constantDim3(value, ast, untracked, nullptr, depth + 1);
        if (var->getInit())
          return constantDim3(var->getInit(), ast, untracked, nullptr,
                              depth + 1);
      }
  if (e->getType()->isIntegerType()) {
    Expr::EvalResult value;
    if (e->EvaluateAsInt(value, ast))
      return std::array<int64_t, 3>{value.Val.getInt().getExtValue(), 1, 1};
  }
  return std::nullopt;
}

/// Finds every kernel definition, including template instantiations, and
/// (for relocatable device code) every device function other files may call.
/// Also notes the block size of each kernel's launches in this file.
class KernelFinder : public RecursiveASTVisitor<KernelFinder> {
public:
  KernelFinder(ASTContext &ast, bool relocatable)
      : ast(ast), relocatable(relocatable) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *call) {
    if (call->getDirectCallee())
      launches.push_back(call);
    return true;
  }
  /// The block size of each kernel's launches, once the traversal has seen
  /// every change to the variables they use.
  void computeLaunchShapes() {
    for (const CUDAKernelCallExpr *call : launches) {
      const FunctionDecl *kernel = call->getDirectCallee();
      const CallExpr *config = call->getConfig();
      std::optional<std::array<int64_t, 3>> shape;
      if (config && config->getNumArgs() >= 2) {
        auto found = assignedBeforeLaunch.find(call);
        shape = constantDim3(config->getArg(1), ast, untracked,
                             found == assignedBeforeLaunch.end()
                                 ? nullptr
                                 : &found->second);
      }
      auto [it, inserted] =
          launchShapes.try_emplace(kernel->getCanonicalDecl(), shape);
      // Launches with different (or unknown) sizes: no single size to expect.
      if (!inserted && it->second != shape)
        it->second = std::nullopt;
    }
  }

  //===--- Changes to local variables that the guess does not follow -----===//
  // A launch's block size is a guess from a variable's initializer or its
  // last plain assignment in the launch's block. A variable also changed
  // some other way anywhere (in a branch, through its address or a
  // reference, a member or compound assignment) gets no guess: a wrong one
  // runs every launch in the kernel's fallback version.

  /// `e` names a local variable, or a member of one: that variable.
  static const VarDecl *localVariable(const Expr *e) {
    e = e->IgnoreParenImpCasts();
    while (const auto *member = dyn_cast<MemberExpr>(e))
      e = member->getBase()->IgnoreParenImpCasts();
    if (const auto *ref = dyn_cast<DeclRefExpr>(e))
      if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()))
        if (var->hasLocalStorage())
          return var;
    return nullptr;
  }
  /// Whether `e` is a plain assignment to a whole variable written as a
  /// statement of a block (followed by VisitCompoundStmt).
  bool isTrackedAssignment(const Expr *e) const {
    return plainAssignment(e).first && topLevelStatements.contains(e);
  }
  void changedUntracked(const Expr *e) {
    if (const VarDecl *var = localVariable(e))
      untracked.insert(var);
  }
  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->isAssignmentOp() && !isTrackedAssignment(op))
      changedUntracked(op->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *op) {
    if (op->isIncrementDecrementOp() || op->getOpcode() == UO_AddrOf)
      changedUntracked(op->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *call) {
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call)) {
      if (op->isAssignmentOp() && op->getNumArgs() == 2 &&
          !isTrackedAssignment(op))
        changedUntracked(op->getArg(0));
      return true;
    }
    // An argument bound to a reference to non-const.
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee)
      return true;
    for (unsigned i = 0, e = std::min(call->getNumArgs(),
                                      callee->getNumParams());
         i < e; ++i) {
      QualType type = callee->getParamDecl(i)->getType();
      if (type->isReferenceType() &&
          !type->getPointeeType().isConstQualified())
        changedUntracked(call->getArg(i));
    }
    return true;
  }
  /// Notes, for each launch that is a statement of `block`, the plain
  /// assignments to local variables among the statements before it (other
  /// changes make a variable untracked). Visited before the statements
  /// themselves, so the launches find it.
  bool VisitCompoundStmt(CompoundStmt *block) {
    LastAssignments assigned;
    for (Stmt *stmt : block->body()) {
      const Expr *e = dyn_cast<Expr>(stmt);
      if (!e)
        continue;
      e = e->IgnoreImplicit();
      topLevelStatements.insert(e);
      if (const auto *launch = dyn_cast<CUDAKernelCallExpr>(e)) {
        if (!assigned.empty())
          assignedBeforeLaunch[launch] = assigned;
        continue;
      }
      if (auto [var, value] = plainAssignment(e); var)
        assigned[var] = value;
    }
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *fd) {
    if (!fd->doesThisDeclarationHaveABody() || fd->isDependentContext())
      return true;
    if (fd->hasAttr<CUDAGlobalAttr>())
      kernels.push_back(fd);
    else if (relocatable && fd->hasAttr<CUDADeviceAttr>() &&
             !fd->isImplicit() &&
             ast.GetGVALinkageForFunction(fd) == GVA_StrongExternal)
      exported.push_back(fd);
    return true;
  }
  bool VisitVarDecl(VarDecl *vd) {
    // A reference to non-const bound to a local variable.
    if (vd->getType()->isReferenceType() &&
        !vd->getType()->getPointeeType().isConstQualified() && vd->getInit())
      changedUntracked(vd->getInit());
    // Every __device__ and __constant__ variable the file defines exists on
    // the device, used by a kernel or not: the host may copy to and from it
    // by its symbol (cudaMemcpyToSymbol of a table no kernel reads yet).
    // Clang also marks every namespace-scope const variable with a constant
    // initializer __constant__, implicitly; those are the host's (a host
    // library's `const char *const names[]`) until device code uses one.
    auto *device = vd->getAttr<CUDADeviceAttr>();
    auto *constant = vd->getAttr<CUDAConstantAttr>();
    bool written = (device && !device->isImplicit()) ||
                   (constant && !constant->isImplicit());
    if (vd->hasGlobalStorage() && !vd->isStaticLocal() &&
        !vd->getDeclContext()->isDependentContext() &&
        !isa<VarTemplateSpecializationDecl>(vd) && !vd->isTemplated() &&
        vd->isThisDeclarationADefinition() == VarDecl::Definition && written &&
        !vd->hasAttr<CUDASharedAttr>())
      variables.push_back(vd);
    return true;
  }
  ASTContext &ast;
  bool relocatable;
  std::vector<const FunctionDecl *> kernels;
  std::vector<const FunctionDecl *> exported;
  std::vector<const VarDecl *> variables;
  llvm::DenseMap<const FunctionDecl *, std::optional<std::array<int64_t, 3>>>
      launchShapes;
  llvm::DenseMap<const CUDAKernelCallExpr *, LastAssignments>
      assignedBeforeLaunch;
  std::vector<const CUDAKernelCallExpr *> launches;
  /// The statements of blocks (VisitCompoundStmt).
  llvm::DenseSet<const Expr *> topLevelStatements;
  /// Local variables changed in ways the guess does not follow.
  VariableSet untracked;
};
} // namespace

void ModuleGen::emitTranslationUnit(const TranslationUnitDecl *tu) {
  KernelFinder finder(ast, relocatable);
  finder.TraverseDecl(const_cast<TranslationUnitDecl *>(tu));
  finder.computeLaunchShapes();
  for (const FunctionDecl *kernel : finder.kernels) {
    mlir::func::FuncOp launcher = emitKernel(kernel);
    auto shape = finder.launchShapes.lookup(kernel->getCanonicalDecl());
    if (launcher && shape)
      launcher->setAttr(kLaunchBlockAttr,
                        mlir::DenseI64ArrayAttr::get(ctx, *shape));
  }
  for (const FunctionDecl *fd : finder.exported)
    getFunction(fd);
  for (const VarDecl *vd : finder.variables)
    getGlobal(vd);
  emitBodiesAndDispatchers();
}

mlir::func::FuncOp ModuleGen::emitKernel(const FunctionDecl *fd) {
  mlir::func::FuncOp kernel = getFunction(fd);
  return emitLauncher(fd, kernel);
}

/// The launcher is the kernel's CPU entry point. Its signature is the launch
/// ABI the runtime calls: grid x/y/z, block x/y/z (i32), dynamic shared memory
/// bytes (i64) and the array of pointers to the arguments (as cudaLaunchKernel
/// receives them). Its body is the whole grid:
///   scf.parallel (blocks) { scf.parallel (threads) { call @kernel(args) } }
mlir::func::FuncOp ModuleGen::emitLauncher(const FunctionDecl *fd,
                                           mlir::func::FuncOp kernel) {
  mlir::Location l = loc(fd->getLocation());
  mlir::OpBuilder b(ctx);
  b.setInsertionPointToEnd(module.getBody());
  auto i32 = b.getI32Type();
  auto i64 = b.getI64Type();
  auto ptrType = mlir::LLVM::LLVMPointerType::get(ctx);
  SmallVector<mlir::Type> inputs(6, i32);
  inputs.push_back(i64);
  inputs.push_back(ptrType);
  auto launcher = mlir::func::FuncOp::create(
      b, l, ("__cucpu_entry_" + kernel.getSymName()).str(),
      b.getFunctionType(inputs, {}));
  launcher->setAttr(kKernelNameAttr, b.getStringAttr(kernel.getSymName()));
  SmallVector<int64_t> paramLayout;
  for (const ParmVarDecl *param : fd->parameters()) {
    paramLayout.push_back(static_cast<int64_t>(sizeOf(param->getType())));
    paramLayout.push_back(static_cast<int64_t>(alignOf(param->getType())));
  }
  launcher->setAttr(kKernelParamsAttr, b.getDenseI64ArrayAttr(paramLayout));
  launcher->setAttr("llvm.linkage", mlir::LLVM::LinkageAttr::get(
                                        ctx, mlir::LLVM::Linkage::Internal));
  mlir::Block *entry = launcher.addEntryBlock();
  b.setInsertionPointToStart(entry);

  SmallVector<Value> dims;
  for (unsigned i = kGridDimArg; i < kBlockDimArg + 3; ++i)
    dims.push_back(mlir::arith::IndexCastUIOp::create(b, l, b.getIndexType(),
                                                      entry->getArgument(i)));
  Value argv = entry->getArgument(kArgvArg);

  // Arguments are read once per launch; aggregates are passed by pointer to
  // the caller's copy, which the kernel copies again before any write.
  SmallVector<Value> args;
  for (auto [i, param] : llvm::enumerate(fd->parameters())) {
    Value slot = mlir::LLVM::GEPOp::create(
        b, l, ptrType, ptrType, argv,
        ArrayRef<mlir::LLVM::GEPArg>{static_cast<int32_t>(i)});
    Value argPtr = mlir::LLVM::LoadOp::create(b, l, ptrType, slot);
    QualType type = param->getType();
    if (isAggregate(type)) {
      args.push_back(argPtr);
      continue;
    }
    auto load = mlir::LLVM::LoadOp::create(
        b, l, memoryType(type, param->getLocation()), argPtr, alignOf(type));
    if (type->isPointerType() && type.isRestrictQualified())
      load->setAttr(cucpu::simt::kNoAliasArgAttr, b.getUnitAttr());
    Value v = load;
    if (type->isBooleanType())
      v = mlir::arith::TruncIOp::create(b, l, b.getI1Type(), v);
    args.push_back(v);
  }

  Value zero = mlir::arith::ConstantIndexOp::create(b, l, 0);
  Value one = mlir::arith::ConstantIndexOp::create(b, l, 1);
  SmallVector<Value> zeros(3, zero), ones(3, one);
  auto blockLoop = mlir::scf::ParallelOp::create(
      b, l, zeros, ArrayRef<Value>(dims).take_front(3), ones);
  blockLoop->setAttr(kLoopRoleAttr, b.getStringAttr(kBlockLoopRole));
  b.setInsertionPointToStart(blockLoop.getBody());
  auto threadLoop = mlir::scf::ParallelOp::create(
      b, l, zeros, ArrayRef<Value>(dims).drop_front(3), ones);
  threadLoop->setAttr(kLoopRoleAttr, b.getStringAttr(kThreadLoopRole));
  b.setInsertionPointToStart(threadLoop.getBody());
  mlir::func::CallOp::create(b, l, kernel, args);

  b.setInsertionPointToEnd(entry);
  mlir::func::ReturnOp::create(b, l);
  return launcher;
}

} // namespace cucpu
