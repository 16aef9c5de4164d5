//===- StmtGen.cpp - Statements as structured control flow ----------------===//

#include "frontend/FunctionGen.h"

using namespace clang;
using mlir::Value;
namespace LLVM = mlir::LLVM;
namespace arith = mlir::arith;
namespace scf = mlir::scf;

namespace cucpu {

namespace {
/// What kind of early exit a statement contains.
struct ExitScan {
  bool anyReturn = false;
  bool breakHere = false;    // a break that leaves the scanned loop
  bool continueHere = false; // a continue of the scanned loop

  /// `loopDepth`/`switchDepth` count loops and switches entered below the
  /// statement being scanned.
  void scan(const Stmt *s, unsigned loopDepth, unsigned switchDepth) {
    if (!s || isa<LambdaExpr>(s))
      return;
    if (isa<ReturnStmt>(s))
      anyReturn = true;
    else if (isa<BreakStmt>(s) && loopDepth == 0 && switchDepth == 0)
      breakHere = true;
    else if (isa<ContinueStmt>(s) && loopDepth == 0)
      continueHere = true;
    bool isLoop = isa<WhileStmt, DoStmt, ForStmt, CXXForRangeStmt>(s);
    bool isSwitch = isa<SwitchStmt>(s);
    for (const Stmt *child : s->children())
      scan(child, loopDepth + isLoop, switchDepth + isSwitch);
  }
};
} // namespace

bool FunctionGen::mayExit(const Stmt *s) const {
  ExitScan scan;
  scan.scan(s, 0, 0);
  return scan.anyReturn || scan.breakHere || scan.continueHere;
}

Value FunctionGen::notExited(SourceLocation where, bool includeContinue) {
  mlir::Location l = loc(where);
  SmallVector<Value> flags;
  if (returnFlag)
    flags.push_back(returnFlag);
  if (!loops.empty()) {
    if (loops.back().breakFlag)
      flags.push_back(loops.back().breakFlag);
    if (includeContinue && loops.back().continueFlag)
      flags.push_back(loops.back().continueFlag);
  }
  if (flags.empty())
    return nullptr;
  Value any;
  for (Value flag : flags) {
    Value set = load({flag, mod.ast.BoolTy}, where);
    any = any ? arith::OrIOp::create(builder, l, any, set) : set;
  }
  Value trueValue = intConstant(builder.getI1Type(), 1, where);
  return arith::XOrIOp::create(builder, l, any, trueValue);
}

void FunctionGen::emitStmtList(ArrayRef<const Stmt *> stmts) {
  for (size_t i = 0; i < stmts.size(); ++i) {
    emitStmt(stmts[i]);
    if (i + 1 == stmts.size() || !mayExit(stmts[i]))
      continue;
    Value running = notExited(stmts[i]->getEndLoc(), /*includeContinue=*/true);
    if (!running)
      continue;
    // The rest of the list runs only if the statement did not leave it.
    auto ifOp = scf::IfOp::create(builder, loc(stmts[i + 1]->getBeginLoc()),
                                  running, /*withElseRegion=*/false);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    emitStmtList(stmts.drop_front(i + 1));
    return;
  }
}

void FunctionGen::emitStmt(const Stmt *s) {
  if (!s)
    return;
  switch (s->getStmtClass()) {
  case Stmt::CompoundStmtClass: {
    const auto *compound = cast<CompoundStmt>(s);
    SmallVector<const Stmt *> stmts(compound->body());
    emitStmtList(stmts);
    return;
  }
  case Stmt::NullStmtClass:
    return;
  case Stmt::DeclStmtClass:
    for (const Decl *d : cast<DeclStmt>(s)->decls())
      if (const auto *vd = dyn_cast<VarDecl>(d))
        emitVarDecl(vd);
    return;
  case Stmt::ReturnStmtClass:
    return emitReturn(cast<ReturnStmt>(s));
  case Stmt::IfStmtClass:
    return emitIf(cast<IfStmt>(s));
  case Stmt::WhileStmtClass: {
    const auto *w = cast<WhileStmt>(s);
    return emitLoop(w, w->getCond(), w->getBody(), nullptr, false,
                    w->getConditionVariable());
  }
  case Stmt::DoStmtClass: {
    const auto *d = cast<DoStmt>(s);
    return emitLoop(d, d->getCond(), d->getBody(), nullptr, true, nullptr);
  }
  case Stmt::ForStmtClass: {
    const auto *f = cast<ForStmt>(s);
    emitStmt(f->getInit());
    return emitLoop(f, f->getCond(), f->getBody(), f->getInc(), false,
                    f->getConditionVariable());
  }
  case Stmt::BreakStmtClass:
    setFlag(loops.back().breakFlag, true, s->getBeginLoc());
    return;
  case Stmt::ContinueStmtClass:
    setFlag(loops.back().continueFlag, true, s->getBeginLoc());
    return;
  case Stmt::AttributedStmtClass:
    return emitStmt(cast<AttributedStmt>(s)->getSubStmt());
  case Stmt::SwitchStmtClass:
    return emitSwitch(cast<SwitchStmt>(s));
  case Stmt::CaseStmtClass:
  case Stmt::DefaultStmtClass:
    return mod.unsupported(s->getBeginLoc(),
                           "a case label nested inside a statement of its "
                           "switch");
  case Stmt::GotoStmtClass:
  case Stmt::IndirectGotoStmtClass:
  case Stmt::LabelStmtClass:
    return mod.unsupported(s->getBeginLoc(), "goto");
  case Stmt::CXXForRangeStmtClass: {
    // Clang's desugared form: begin and end iterators, then a for loop whose
    // body first declares the loop variable.
    const auto *f = cast<CXXForRangeStmt>(s);
    emitStmt(f->getInit());
    emitStmt(f->getRangeStmt());
    emitStmt(f->getBeginStmt());
    emitStmt(f->getEndStmt());
    return emitLoop(f, f->getCond(), f->getBody(), f->getInc(), false,
                    nullptr, f->getLoopVarStmt());
  }
  case Stmt::GCCAsmStmtClass:
    return emitInlineAsm(cast<GCCAsmStmt>(s));
  case Stmt::MSAsmStmtClass:
    return mod.unsupported(s->getBeginLoc(), "inline assembly");
  case Stmt::CXXTryStmtClass:
    return mod.unsupported(s->getBeginLoc(), "a try block");
  default:
    break;
  }
  if (const auto *e = dyn_cast<Expr>(s))
    return emitIgnored(e);
  mod.unsupported(s->getBeginLoc(),
                  std::string("the statement '") + s->getStmtClassName() + "'");
}

void FunctionGen::emitVarDecl(const VarDecl *vd) {
  SourceLocation where = vd->getLocation();
  if (vd->hasGlobalStorage()) {
    // __shared__ and static locals live in globals; __shared__ ones become
    // per-block storage when the launch is resolved.
    mod.getGlobal(vd);
    return;
  }
  QualType type = vd->getType();
  if (type->isReferenceType()) {
    // A reference is the address of what it is bound to.
    LValue target = emitLValue(vd->getInit());
    Value slot = createTemporary(type, where);
    store(target.addr, {slot, type}, where);
    locals[vd] = slot;
    return;
  }
  // Variables are not destroyed: only those whose destruction does nothing
  // are accepted.
  if (!mod.hasNoOpDestructor(
          mod.ast.getBaseElementType(type)->getAsCXXRecordDecl()))
    mod.unsupported(where, "a variable whose destructor has effects");
  if (type->isVariableArrayType())
    return mod.unsupported(where, "a variable-length array");
  Value slot = createTemporary(type, where);
  locals[vd] = slot;
  if (const Expr *init = vd->getInit())
    emitInitInto(init, {slot, type});
}

void FunctionGen::emitReturn(const ReturnStmt *s) {
  if (const Expr *value = s->getRetValue()) {
    if (fd->getReturnType()->isReferenceType())
      store(emitLValue(value).addr, {returnSlot, fd->getReturnType()},
            s->getBeginLoc());
    else if (sretPtr)
      emitAggregateInto(value, sretPtr);
    else if (returnSlot)
      store(emitScalar(value), {returnSlot, fd->getReturnType()},
            s->getBeginLoc());
    else
      emitIgnored(value);
  }
  if (returnFlag)
    setFlag(returnFlag, true, s->getBeginLoc());
}

void FunctionGen::emitIf(const IfStmt *s) {
  if (s->isConsteval())
    return mod.unsupported(s->getBeginLoc(), "'if consteval'");
  emitStmt(s->getInit());
  if (const VarDecl *condVar = s->getConditionVariable())
    emitVarDecl(condVar);
  Value cond = emitCondition(s->getCond());
  auto ifOp = scf::IfOp::create(builder, loc(s->getBeginLoc()), cond,
                                /*withElseRegion=*/s->getElse() != nullptr);
  mlir::OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  emitStmt(s->getThen());
  if (s->getElse()) {
    builder.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    emitStmt(s->getElse());
  }
}

/// A switch runs each statement of its body under a `matched` flag: a case
/// label sets it when the value equals its constant, `default` when no case
/// does, and it stays set for the following statements (fall-through) until
/// a break, which sets the switch's break flag.
void FunctionGen::emitSwitch(const SwitchStmt *s) {
  SourceLocation where = s->getBeginLoc();
  mlir::Location l = loc(where);
  emitStmt(s->getInit());
  if (const VarDecl *condVar = s->getConditionVariable())
    emitVarDecl(condVar);
  Value value = emitScalar(s->getCond());
  mlir::Type type = value.getType();

  SmallVector<const Stmt *> body;
  if (const auto *compound = dyn_cast<CompoundStmt>(s->getBody()))
    body.append(compound->body_begin(), compound->body_end());
  else
    body.push_back(s->getBody());

  // Whether some case label matches, for `default`.
  Value anyCase = intConstant(builder.getI1Type(), 0, where);
  for (const SwitchCase *c = s->getSwitchCaseList(); c;
       c = c->getNextSwitchCase()) {
    const auto *caseStmt = dyn_cast<CaseStmt>(c);
    if (!caseStmt)
      continue;
    if (caseStmt->caseStmtIsGNURange()) {
      mod.unsupported(caseStmt->getBeginLoc(), "a case range");
      return;
    }
    llvm::APSInt constant =
        caseStmt->getLHS()->EvaluateKnownConstInt(mod.ast);
    Value k = arith::ConstantOp::create(
        builder, l, type,
        builder.getIntegerAttr(type, constant.extOrTrunc(
                                         type.getIntOrFloatBitWidth())));
    Value eq =
        arith::CmpIOp::create(builder, l, arith::CmpIPredicate::eq, value, k);
    anyCase = arith::OrIOp::create(builder, l, anyCase, eq);
  }

  Value matched = createFlag(where);
  setFlag(matched, false, where);
  LoopState state;
  state.breakFlag = createFlag(where);
  setFlag(state.breakFlag, false, where);
  // `continue` inside a switch belongs to the enclosing loop.
  if (!loops.empty())
    state.continueFlag = loops.back().continueFlag;
  loops.push_back(state);

  for (const Stmt *stmt : body) {
    // Peel the labels in front of the statement.
    while (isa<SwitchCase>(stmt)) {
      Value hit;
      if (const auto *caseStmt = dyn_cast<CaseStmt>(stmt)) {
        llvm::APSInt constant =
            caseStmt->getLHS()->EvaluateKnownConstInt(mod.ast);
        Value k = arith::ConstantOp::create(
            builder, l, type,
            builder.getIntegerAttr(
                type, constant.extOrTrunc(type.getIntOrFloatBitWidth())));
        hit = arith::CmpIOp::create(builder, l, arith::CmpIPredicate::eq,
                                    value, k);
        stmt = caseStmt->getSubStmt();
      } else {
        hit = arith::XOrIOp::create(builder, l, anyCase,
                                    intConstant(builder.getI1Type(), 1, where));
        stmt = cast<DefaultStmt>(stmt)->getSubStmt();
      }
      Value was = load({matched, mod.ast.BoolTy}, where);
      store(arith::OrIOp::create(builder, l, was, hit),
            {matched, mod.ast.BoolTy}, where);
    }
    Value run = load({matched, mod.ast.BoolTy}, where);
    if (Value running = notExited(where, /*includeContinue=*/true))
      run = arith::AndIOp::create(builder, l, run, running);
    auto ifOp = scf::IfOp::create(builder, loc(stmt->getBeginLoc()), run,
                                  /*withElseRegion=*/false);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    emitStmt(stmt);
  }
  loops.pop_back();
}

void FunctionGen::emitLoop(const Stmt *loopStmt, const Expr *cond,
                           const Stmt *body, const Expr *inc, bool bodyFirst,
                           const VarDecl *condVar,
                           const Stmt *bodyPrologue) {
  SourceLocation where = loopStmt->getBeginLoc();
  mlir::Location l = loc(where);
  ExitScan scan;
  scan.scan(body, 0, 0);
  LoopState state;
  if (scan.breakHere) {
    state.breakFlag = createFlag(where);
    setFlag(state.breakFlag, false, where);
  }
  if (scan.continueHere)
    state.continueFlag = createFlag(where);
  loops.push_back(state);

  // The loop condition, evaluated only while no return or break happened.
  auto emitGuardedCondition = [&]() -> Value {
    auto evaluate = [&]() -> Value {
      if (condVar)
        emitVarDecl(condVar);
      return cond ? emitCondition(cond)
                  : intConstant(builder.getI1Type(), 1, where);
    };
    Value running = notExited(where, /*includeContinue=*/false);
    if (!running)
      return evaluate();
    auto ifOp = scf::IfOp::create(builder, l, builder.getI1Type(), running,
                                  /*withElseRegion=*/true);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(builder, l, evaluate());
    builder.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(builder, l,
                         intConstant(builder.getI1Type(), 0, where));
    return ifOp.getResult(0);
  };
  auto emitIteration = [&]() {
    if (state.continueFlag)
      setFlag(state.continueFlag, false, where);
    emitStmt(bodyPrologue);
    emitStmt(body);
    if (!inc)
      return;
    Value running = notExited(where, /*includeContinue=*/false);
    if (!running)
      return emitIgnored(inc);
    auto ifOp = scf::IfOp::create(builder, l, running, false);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    emitIgnored(inc);
  };

  auto whileOp = scf::WhileOp::create(builder, l, mlir::TypeRange{},
                                      mlir::ValueRange{});
  {
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.createBlock(&whileOp.getBefore());
    if (bodyFirst)
      emitIteration();
    Value c = emitGuardedCondition();
    scf::ConditionOp::create(builder, l, c, mlir::ValueRange{});

    builder.createBlock(&whileOp.getAfter());
    if (!bodyFirst)
      emitIteration();
    scf::YieldOp::create(builder, l, mlir::ValueRange{});
  }
  loops.pop_back();
}

} // namespace cucpu
