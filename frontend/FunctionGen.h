//===- FunctionGen.h - Emits the body of one device function ----*- C++ -*-===//
//
// Bodies are emitted as structured control flow (scf.if, scf.while) in a
// single block, so that a whole kernel can be inlined into the launch's thread
// loop. Local variables are allocas at the function's entry; mem2reg turns them
// into SSA values later. `return`, `break` and `continue` set flags in memory,
// and the statements that follow them run under `scf.if (!flags)`.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_FRONTEND_FUNCTIONGEN_H
#define CUCPU_FRONTEND_FUNCTIONGEN_H

#include "frontend/ModuleGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

namespace cucpu {

/// How a warp reduction combines the lanes' values.
enum class LaneCombine {
  Add,
  MinSigned,
  MinUnsigned,
  MaxSigned,
  MaxUnsigned,
  And,
  Or,
  Xor,
  /// The bits of the lanes whose value equals the caller's.
  Equal
};

/// An address and the type of the object stored there.
struct LValue {
  mlir::Value addr;
  clang::QualType type;
  /// For a bit-field: the field, and where its bits start. `addr` is then the
  /// field's first byte and `bitShift` the position of its lowest bit in it;
  /// loads and stores read and write the bytes the field's bits touch.
  const clang::FieldDecl *bitField = nullptr;
  unsigned bitShift = 0;
};

class FunctionGen {
public:
  FunctionGen(ModuleGen &mod, const clang::FunctionDecl *fd,
              mlir::func::FuncOp fn);

  /// Emits the whole body of the function.
  void emitBody();

  //===--- Statements (StmtGen.cpp) ---------------------------------------===//
  void emitStmt(const clang::Stmt *s);
  void emitStmtList(llvm::ArrayRef<const clang::Stmt *> stmts);
  void emitVarDecl(const clang::VarDecl *vd);

  //===--- Expressions (ExprGen.cpp) --------------------------------------===//
  /// The value of a scalar expression.
  mlir::Value emitScalar(const clang::Expr *e);
  /// The address an lvalue expression designates.
  LValue emitLValue(const clang::Expr *e);
  /// An expression evaluated for its side effects only.
  void emitIgnored(const clang::Expr *e);
  const clang::Expr *emitStmtExprPrefix(const clang::StmtExpr *e);
  /// A compile-time constant of scalar type, or null if `e` is none.
  mlir::Value emitConstant(const clang::Expr *e);
  /// A scalar expression converted to an i1 condition.
  mlir::Value emitCondition(const clang::Expr *e);
  /// Stores the value of aggregate expression `e` into `dest`.
  void emitAggregateInto(const clang::Expr *e, mlir::Value dest);
  /// Stores `init` into the object at `dest`, scalar or aggregate.
  void emitInitInto(const clang::Expr *init, LValue dest);

  mlir::Value convertScalar(mlir::Value v, clang::QualType from,
                            clang::QualType to, clang::SourceLocation where);
  /// The lvalue of `field`, a bit-field of the record at `record`.
  LValue bitFieldLValue(mlir::Value record, const clang::FieldDecl *field,
                        clang::SourceLocation where);
  mlir::Value load(LValue lv, clang::SourceLocation where);
  void store(mlir::Value v, LValue lv, clang::SourceLocation where);
  /// A warp barrier that lets the CPU's serial thread loop run the code
  /// around it as a warp's lanes in lock step would (kLockstepAttr; the GPU
  /// target drops it).
  void emitLockstepBarrier(clang::SourceLocation where);

  //===--- Calls and builtins (ExprGen.cpp, BuiltinGen.cpp) ---------------===//
  /// `new` and `delete` in device code, on the device heap (malloc/free).
  mlir::Value emitNew(const clang::CXXNewExpr *expr);
  void emitDelete(const clang::CXXDeleteExpr *expr);
  /// malloc and free of the device heap (`bytes` is an i64).
  mlir::Value heapAllocate(mlir::Value bytes, mlir::Location l);
  void heapFree(mlir::Value pointer, mlir::Location l);
  /// Emits a call; aggregate results go to `sretDest` (a temporary if null).
  mlir::Value emitCall(const clang::CallExpr *call, mlir::Value sretDest);
  /// Calls `callee` with `object` as `this` (for methods and constructors).
  mlir::Value emitDirectCall(const clang::FunctionDecl *callee,
                             mlir::Value object,
                             llvm::ArrayRef<const clang::Expr *> args,
                             mlir::Value sretDest, clang::SourceLocation where);
  /// Calls `fn`, which has the signature of `callee`, with `object` as
  /// `this` (a direct call, or a virtual call's dispatcher).
  mlir::Value emitCallTo(mlir::func::FuncOp fn,
                         const clang::FunctionDecl *callee, mlir::Value object,
                         llvm::ArrayRef<const clang::Expr *> args,
                         mlir::Value sretDest, clang::SourceLocation where);
  /// Calls through a pointer to a function (`call` has no direct callee):
  /// a `simt.indirect_call` with the signature the callee's `func.func`
  /// has, which the launch stage makes direct.
  mlir::Value emitIndirectCall(const clang::CallExpr *call,
                               mlir::Value sretDest);
  /// Appends to `args` the arguments `argExprs` for parameters of
  /// `paramTypes`: references and aggregates by address, scalars by value.
  void emitArguments(llvm::ArrayRef<clang::QualType> paramTypes,
                     llvm::ArrayRef<const clang::Expr *> argExprs,
                     llvm::SmallVectorImpl<mlir::Value> &args);
  /// The address of device function `fd` as a pointer value.
  mlir::Value emitFunctionAddress(const clang::FunctionDecl *fd,
                                  clang::SourceLocation where);
  /// Runs a constructor's initializer list on `this`.
  void emitConstructorInitializers(const clang::CXXConstructorDecl *ctor);

  //===--- Virtual functions (VirtualGen.cpp) -----------------------------===//
  /// Writes the dynamic type tags of `record`, whose constructor is running
  /// on `thisPtr`, into the vtable pointers of its polymorphic subobjects.
  void emitDynamicTypeTags(const clang::CXXRecordDecl *record,
                           clang::SourceLocation where);
  /// The body of a virtual dispatcher (`fn`, with the signature of `fd`):
  /// calls the overrider whose tag the object holds.
  void emitVirtualDispatcherBody(llvm::ArrayRef<VirtualCase> cases);
  /// Calls `method` through its dispatcher unless the call names the
  /// function to call (a qualified name, or a final overrider).
  bool isVirtualCall(const clang::CallExpr *call,
                     const clang::CXXMethodDecl *method) const;
  /// Emits a call to a builtin or a CUDA device intrinsic. Returns false if
  /// `callee` is not one; sets `result` to its value (null for void).
  bool emitBuiltinCall(const clang::CallExpr *call,
                       const clang::FunctionDecl *callee, mlir::Value &result);
  /// __syncthreads_count/_and/_or: barriers around a block-wide count of
  /// the threads whose predicate holds (or, for _and, does not hold).
  mlir::Value emitSyncthreadsReduction(const clang::CallExpr *call,
                                       llvm::StringRef name);
  /// __shfl_sync, __shfl_up_sync, __shfl_down_sync, __shfl_xor_sync: the
  /// value of another lane of the warp (WarpGen.cpp).
  mlir::Value emitWarpShuffle(const clang::CallExpr *call,
                              llvm::StringRef name);
  /// __ballot_sync, __any_sync, __all_sync, __match_any_sync,
  /// __match_all_sync and the __reduce_*_sync functions: one value combined
  /// over the lanes of a mask (WarpGen.cpp).
  mlir::Value emitWarpReduction(const clang::CallExpr *call,
                                llvm::StringRef name);
  /// The calling thread's lane in its warp, as an i32 (WarpGen.cpp).
  mlir::Value emitLaneIndex(clang::SourceLocation where);
  /// The calling thread's warp in its block, as an i32 (WarpGen.cpp).
  mlir::Value emitWarpIndex(clang::SourceLocation where);
  /// PTX's shfl.{up,down,bfly,idx}.b32 of `value` (an i32 or f32) with
  /// operands b (`laneOperand`) and c (`control`), both i32; `inRange`
  /// receives PTX's predicate: whether the source lane was in range
  /// (WarpGen.cpp).
  mlir::Value emitPTXShuffle(mlir::Value value, llvm::StringRef mode,
                             mlir::Value laneOperand, mlir::Value control,
                             mlir::Value &inRange,
                             clang::SourceLocation where);
  /// Combines each lane's i64 `contribution` over the lanes of `mask` (an
  /// i64) that exist in the block; for a vote, only the lanes of the mask
  /// take part, the caller included. `members` receives the bits of the
  /// lanes that took part (WarpGen.cpp).
  mlir::Value emitLaneCombine(mlir::Value contribution, mlir::Value mask,
                              LaneCombine combine, bool vote,
                              mlir::Value &members,
                              clang::SourceLocation where);
  /// An `asm` statement: its PTX translated to the operations the C++
  /// forms of its instructions become (InlineAsmGen.cpp).
  void emitInlineAsm(const clang::GCCAsmStmt *s);
  /// A failed assert: the runtime prints it with the thread's indices.
  void emitAssertFail(const clang::CallExpr *call);
  /// Stops the program as a failed assert does, with `message` and the
  /// location of `where`.
  void emitRuntimeFailure(llvm::StringRef message, clang::SourceLocation where);
  /// Calls the runtime's assert failure with (message, file, line, function)
  /// and the block and thread indices.
  void emitAssertFailCall(llvm::SmallVectorImpl<mlir::Value> &args,
                          clang::SourceLocation where);
  /// Emits one of CUDA's atomic functions as an atomic read-modify-write.
  bool emitAtomic(const clang::CallExpr *call, llvm::StringRef name,
                  mlir::Value &result);

  //===--- Helpers --------------------------------------------------------===//
  mlir::Location loc(clang::SourceLocation where) { return mod.loc(where); }
  /// Gives the floating-point operation defining `v` what `options` say:
  /// `contract` on a multiply, add, subtract or negation that may be fused,
  /// kExactFPAttr where a pragma turned contraction off. Returns `v`.
  mlir::Value applyFPOptions(mlir::Value v, const clang::FPOptions &options);
  /// A stack slot for `type`, allocated in the function's entry block.
  mlir::Value createTemporary(clang::QualType type, clang::SourceLocation where);
  mlir::Value createFlag(clang::SourceLocation where);
  /// The byte offset of the base class a derived-to-base cast converts to.
  std::optional<int64_t> baseOffset(const clang::CastExpr *cast);
  /// `base + bytes`.
  mlir::Value byteOffset(mlir::Value base, int64_t bytes,
                         clang::SourceLocation where);
  void setFlag(mlir::Value flag, bool value, clang::SourceLocation where);
  mlir::Value intConstant(mlir::Type type, int64_t value,
                          clang::SourceLocation where);
  mlir::Value i64Constant(int64_t value, clang::SourceLocation where);
  mlir::Value undefValue(clang::QualType type, clang::SourceLocation where);
  void memcpy(mlir::Value dest, mlir::Value src, clang::QualType type,
              clang::SourceLocation where);
  void memzero(mlir::Value dest, clang::QualType type,
               clang::SourceLocation where);
  /// The argument attributes of a memcpy/memset of a `type` object: its
  /// alignment on the first `pointers` arguments.
  mlir::ArrayAttr alignedPointerArgs(clang::QualType type, unsigned pointers);

  ModuleGen &mod;
  mlir::OpBuilder builder;

private:
  /// True if `s` may leave the statement list it is in: a return anywhere,
  /// or a break/continue that targets the innermost enclosing loop.
  bool mayExit(const clang::Stmt *s) const;
  /// i1 that is true while no return/break/continue flag is set.
  mlir::Value notExited(clang::SourceLocation where, bool includeContinue);

  void emitReturn(const clang::ReturnStmt *s);
  void emitIf(const clang::IfStmt *s);
  void emitWhile(const clang::WhileStmt *s);
  void emitDo(const clang::DoStmt *s);
  void emitFor(const clang::ForStmt *s);
  void emitSwitch(const clang::SwitchStmt *s);
  /// Emits a loop: `cond` (may be null) checked before each iteration unless
  /// `bodyFirst`, then `body`, then `inc` (may be null).
  void emitLoop(const clang::Stmt *loopStmt, const clang::Expr *cond,
                const clang::Stmt *body, const clang::Expr *inc,
                bool bodyFirst, const clang::VarDecl *condVar,
                const clang::Stmt *bodyPrologue = nullptr);

  const clang::FunctionDecl *fd;
  mlir::func::FuncOp fn;
  FunctionABI abi;
  mlir::Block *entryBlock = nullptr;

  llvm::DenseMap<const clang::ValueDecl *, mlir::Value> locals;
  mlir::Value thisPtr;
  mlir::Value sretPtr;
  mlir::Value returnSlot;
  mlir::Value returnFlag;

  struct LoopState {
    mlir::Value breakFlag;
    mlir::Value continueFlag;
  };
  llvm::SmallVector<LoopState> loops;

  /// The warp exchange area for the next warp-level call: the two areas in
  /// turn. The barrier after a call's reads then keeps nothing from the
  /// next call's writes, which go to the other area, and the barrier passes
  /// remove it: an exchange costs one barrier instead of two. With
  /// shuffle-heavy code (a sorting network's hundreds of exchanges) that
  /// halves the thread loops the kernel is cut into.
  mlir::LLVM::GlobalOp nextWarpExchange();
  unsigned warpExchanges = 0;
};

} // namespace cucpu

#endif // CUCPU_FRONTEND_FUNCTIONGEN_H
