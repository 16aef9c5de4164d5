//===- ModuleGen.h - Translation of device code to MLIR ---------*- C++ -*-===//
//
// ModuleGen owns what one translation unit's device code shares: the MLIR
// module, the mapping from clang types to MLIR types, the functions emitted so
// far and the diagnostics. FunctionGen emits the body of one function.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_FRONTEND_MODULEGEN_H
#define CUCPU_FRONTEND_MODULEGEN_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

#include <deque>

namespace cucpu {

/// CUDA's warp size and the most threads a block may have.
constexpr unsigned kWarpSize = 32;
constexpr unsigned kMaxBlockThreads = 1024;
/// Each thread's slot in the warp exchange area holds the widest value a
/// shuffle moves (a double or a 64-bit integer).
constexpr unsigned kWarpExchangeSlotBytes = 8;

/// How a device function's C++ signature maps to its MLIR signature:
/// [sret pointer] [this pointer] parameters... -> [scalar result].
/// Aggregates are passed as pointers to a copy the caller owns; references as
/// pointers.
/// One dynamic type a virtual dispatcher tells apart: the tag stored in the
/// object, and the function to call for it with the `this` adjustment that
/// turns the subobject the call names into the overrider's. A null overrider
/// is a pure virtual function: the call fails at run time.
struct VirtualCase {
  uint64_t tag;
  const clang::CXXMethodDecl *overrider;
  int64_t thisAdjustment;
};

struct FunctionABI {
  bool sret = false;
  bool hasThis = false;
  unsigned firstParam() const { return unsigned(sret) + unsigned(hasThis); }
};

class ModuleGen {
public:
  ModuleGen(clang::ASTContext &ast, clang::DiagnosticsEngine &diags,
            mlir::ModuleOp module, bool relocatable = false);

  /// Emits every kernel of the translation unit, with its launcher and the
  /// device functions it calls.
  void emitTranslationUnit(const clang::TranslationUnitDecl *tu);

  //===--- Types ----------------------------------------------------------===//

  /// True for types that live only in memory: records, arrays, complex and
  /// vector types.
  bool isAggregate(clang::QualType type) const;
  /// The SSA type of a scalar value of `type` (i1 for bool).
  mlir::Type convertType(clang::QualType type, clang::SourceLocation where);
  /// The type of `type` in memory: bool is i8, aggregates are byte arrays of
  /// their size (which makes them valid GEP element types with the right
  /// stride).
  mlir::Type memoryType(clang::QualType type, clang::SourceLocation where);
  uint64_t sizeOf(clang::QualType type) const;
  unsigned alignOf(clang::QualType type) const;
  bool isSigned(clang::QualType type) const;
  /// Whether `type` holds a long double, whose size differs between the
  /// device (8 bytes on NVPTX) and the host (16 bytes on x86-64).
  bool containsLongDouble(clang::QualType type) const;
  bool containsLongDouble(const clang::RecordDecl *record) const;

  //===--- Functions ------------------------------------------------------===//

  FunctionABI abiOf(const clang::FunctionDecl *fd) const;
  /// The MLIR signature `abiOf` gives `fd`.
  mlir::FunctionType functionTypeOf(const clang::FunctionDecl *fd);
  /// Returns the MLIR function of a device function, declaring it and queueing
  /// its body for emission on first use.
  mlir::func::FuncOp getFunction(const clang::FunctionDecl *fd);
  std::string mangledName(const clang::NamedDecl *decl);

  //===--- Virtual functions (VirtualGen.cpp) -----------------------------===//

  /// The tag device code stores where a polymorphic subobject keeps its
  /// vtable pointer: it names the class under construction and the
  /// subobject's offset in it. Records the pair for the dispatchers.
  uint64_t dynamicTypeTag(const clang::CXXRecordDecl *complete,
                          int64_t offset);
  /// The function through which device code calls virtual `method`: it reads
  /// the tag of the object and calls the final overrider of the class that
  /// constructed it. Its signature is `method`'s.
  mlir::func::FuncOp getVirtualDispatcher(const clang::CXXMethodDecl *method);
  /// Whether destroying an object of `record` does nothing: its destructor
  /// is trivial, or its body is empty and so are those of its bases and
  /// members (a `virtual ~Base() {}` is not trivial but needs no call).
  bool hasNoOpDestructor(const clang::CXXRecordDecl *record) const;

  //===--- Variables with static storage ----------------------------------===//

  /// Returns the global holding a `__device__`, `__constant__` or
  /// `__shared__` variable (or a static local of device code), creating it on
  /// first use. Globals are byte arrays of the variable's size.
  mlir::LLVM::GlobalOp getGlobal(const clang::VarDecl *vd);
  /// Whether `vd` is a texture (or surface) reference: a variable of a type
  /// marked device_builtin_texture_type, such as texture<>. Clang lets
  /// device code use it without __device__; like a __device__ variable it
  /// gets device storage registered under its name (the runtime writes the
  /// binding there).
  static bool isTextureReference(const clang::VarDecl *vd);
  /// A block-shared byte array of the module, created on first use.
  /// Whether device code may take the address of `fd`: a `__device__`
  /// function, not a kernel, a member function or a variadic function.
  /// Reports why not at `where`.
  bool checkFunctionAddress(const clang::FunctionDecl *fd,
                            clang::SourceLocation where);
  mlir::LLVM::GlobalOp getBlockSharedBytes(llvm::StringRef name, uint64_t bytes,
                                           uint64_t alignment);
  /// A block-shared i32 used by __syncthreads_count and friends.
  mlir::LLVM::GlobalOp getSyncCounter();
  /// Block-shared slots through which warp shuffles, votes and reductions
  /// exchange values: 8 bytes for each thread of the largest block. There
  /// are two such areas, `area` 0 and 1 (see FunctionGen::nextWarpExchange).
  mlir::LLVM::GlobalOp getWarpExchange(unsigned area);
  /// A private constant holding the bytes of a string literal.
  mlir::LLVM::GlobalOp getStringLiteral(const clang::StringLiteral *literal);
  /// A private constant holding `bytes` (which include any terminating NUL).
  mlir::LLVM::GlobalOp getStringConstant(llvm::StringRef bytes,
                                         clang::SourceLocation where);
  /// The declaration of a C library function the device code calls directly.
  mlir::LLVM::LLVMFuncOp getLibraryFunction(llvm::StringRef name,
                                            mlir::LLVM::LLVMFunctionType type);

  //===--- Diagnostics and locations --------------------------------------===//

  mlir::Location loc(clang::SourceLocation where);
  /// Reports an error at `where` in clang's format. Translation goes on so
  /// that all errors are reported, but the module is not used.
  void error(clang::SourceLocation where, llvm::StringRef message);
  void unsupported(clang::SourceLocation where, llvm::StringRef what);
  bool hadError() const { return errorCount != 0; }

  clang::ASTContext &ast;
  clang::DiagnosticsEngine &diags;
  mlir::MLIRContext *ctx;
  mlir::ModuleOp module;

private:
  /// Emits the kernel and its launcher; returns the launcher.
  mlir::func::FuncOp emitKernel(const clang::FunctionDecl *fd);
  mlir::func::FuncOp emitLauncher(const clang::FunctionDecl *fd,
                                  mlir::func::FuncOp kernel);
  void emitPendingBodies();
  /// Emits the pending bodies and the virtual dispatchers, until calling the
  /// overriders of every class constructed so far queues no more bodies.
  void emitBodiesAndDispatchers();

  /// A polymorphic subobject of a class that device code constructs.
  struct DynamicSubobject {
    const clang::CXXRecordDecl *complete;
    int64_t offset;
  };
  llvm::MapVector<uint64_t, DynamicSubobject> dynamicTypes;
  llvm::MapVector<const clang::CXXMethodDecl *, mlir::func::FuncOp>
      dispatchers;

  /// -rdc=true: device functions may be defined in other files.
  bool relocatable;
  std::unique_ptr<clang::MangleContext> mangler;
  llvm::DenseMap<const clang::FunctionDecl *, mlir::func::FuncOp> functions;
  llvm::DenseMap<const clang::VarDecl *, mlir::LLVM::GlobalOp> globals;
  std::deque<const clang::FunctionDecl *> pending;
  unsigned errorCount = 0;
  unsigned stringCount = 0;
};

} // namespace cucpu

#endif // CUCPU_FRONTEND_MODULEGEN_H
