//===- ThreadLoops.cpp - Building blocks for rewriting thread loops -------===//

#include "transforms/ThreadLoops.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace cucpu {

bool exceedsOpBudget(Operation *op, unsigned limit) {
  unsigned count = 0;
  return op
      ->walk([&](Operation *) {
        return ++count > limit ? WalkResult::interrupt()
                               : WalkResult::advance();
      })
      .wasInterrupted();
}

bool isSafeToSpeculate(Operation *op) {
  if (!isPure(op))
    return false;
  bool isSigned = isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp,
                      arith::FloorDivSIOp, LLVM::SDivOp, LLVM::SRemOp>(op);
  bool isUnsigned = isa<arith::DivUIOp, arith::RemUIOp, arith::CeilDivUIOp,
                        LLVM::UDivOp, LLVM::URemOp>(op);
  if (!isSigned && !isUnsigned)
    return true;
  APInt divisor;
  if (!matchPattern(op->getOperand(1), m_ConstantInt(&divisor)))
    return false;
  return !divisor.isZero() && !(isSigned && divisor.isAllOnes());
}

bool isBlockLoop(Operation *loop) {
  auto role = loop->getAttrOfType<StringAttr>(kLoopRoleAttr);
  return role && role.getValue() == kBlockLoopRole;
}

bool hasShortRows(Operation *kernel, int64_t limit) {
  auto shape = kernel->getAttrOfType<DenseI64ArrayAttr>(kLaunchBlockAttr);
  return shape && !shape.empty() && shape[0] <= limit;
}

bool launchedWithShortRows(Operation *op, int64_t limit) {
  auto func = op->getParentOfType<func::FuncOp>();
  return func && hasShortRows(func, limit);
}

bool dependsOn(Value v, Value x, Operation *scope) {
  SmallVector<Value> worklist = {v};
  llvm::SmallPtrSet<Value, 16> seen;
  while (!worklist.empty()) {
    Value cur = worklist.pop_back_val();
    if (cur == x)
      return true;
    if (!seen.insert(cur).second)
      continue;
    if (Operation *def = cur.getDefiningOp())
      if (scope->isAncestor(def))
        llvm::append_range(worklist, def->getOperands());
  }
  return false;
}

void markThreadLoop(scf::ParallelOp loop) {
  loop->setAttr(kLoopRoleAttr,
                StringAttr::get(loop.getContext(), kThreadLoopRole));
}

scf::ParallelOp createThreadLoop(OpBuilder &b, Location loc,
                                 scf::ParallelOp like) {
  auto loop = scf::ParallelOp::create(b, loc, like.getLowerBound(),
                                      like.getUpperBound(), like.getStep());
  markThreadLoop(loop);
  return loop;
}

Value hasIterations(OpBuilder &b, Location loc, ValueRange lower,
                    ValueRange upper) {
  Value any;
  for (auto [lo, hi] : llvm::zip(lower, upper)) {
    Value nonEmpty =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lo, hi);
    any = any ? arith::AndIOp::create(b, loc, any, nonEmpty).getResult()
              : nonEmpty;
  }
  return any;
}

Value threadCount(OpBuilder &b, Location loc, scf::ParallelOp loop) {
  Value count;
  for (Value ub : loop.getUpperBound()) {
    Value n = arith::IndexCastOp::create(b, loc, b.getI64Type(), ub);
    count = count ? arith::MulIOp::create(b, loc, count, n).getResult() : n;
  }
  return count;
}

Value linearThreadId(OpBuilder &b, Location loc, scf::ParallelOp loop) {
  unsigned rank = loop.getNumLoops();
  Value id = loop.getInductionVars()[rank - 1];
  for (int d = rank - 2; d >= 0; --d) {
    Value scaled = arith::MulIOp::create(b, loc, id, loop.getUpperBound()[d]);
    id = arith::AddIOp::create(b, loc, scaled, loop.getInductionVars()[d]);
  }
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), id);
}

scf::IfOp soleGuard(scf::ParallelOp loop,
                    llvm::function_ref<bool(Operation &)> incidental) {
  scf::IfOp guard;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (incidental(op))
      continue;
    auto ifOp = dyn_cast<scf::IfOp>(op);
    if (guard || !ifOp || ifOp.getNumResults() != 0 ||
        (ifOp.elseBlock() && !ifOp.elseBlock()->without_terminator().empty()))
      return {};
    guard = ifOp;
  }
  return guard;
}

Value perThreadBuffer(OpBuilder &b, Location loc, scf::ParallelOp loop,
                      Type type, int64_t count) {
  OpBuilder::InsertionGuard guard(b);
  auto blockLoop = loop->getParentOfType<scf::ParallelOp>();
  b.setInsertionPoint(blockLoop);
  Value size = threadCount(b, loc, loop);
  // In a launcher's copy for a constant block size, the buffer is still
  // sized by the launch's block-size arguments (equal to the constants when
  // the copy runs). A constant size makes the buffers fixed stack arrays,
  // laid out by LLVM: lavaMD's kernel, with 19 of them, then took 1.05 s
  // instead of 0.75 s run-time sized (before flags became bytes: 1.7-2.1 s
  // against 0.97 s, and 1.2 s with the arrays padded from 128 to 160
  // threads, so an effect of their placement).
  auto launcher = loop->getParentOfType<func::FuncOp>();
  bool constantBounds = llvm::all_of(loop.getUpperBound(), [](Value ub) {
    return matchPattern(ub, m_Constant());
  });
  auto isLaunchSize = [&](unsigned d) {
    return launcher.getArgument(kBlockDimArg + d).getType().isInteger(32);
  };
  if (constantBounds && launcher && launcher->hasAttr(kKernelNameAttr) &&
      launcher.getNumArguments() >= kBlockDimArg + 3 && isLaunchSize(0) &&
      isLaunchSize(1) && isLaunchSize(2)) {
    Value launched;
    for (unsigned d = 0; d < 3; ++d) {
      Value n = arith::ExtUIOp::create(b, loc, b.getI64Type(),
                                       launcher.getArgument(kBlockDimArg + d));
      launched = launched ? arith::MulIOp::create(b, loc, launched, n)
                                .getResult()
                          : n;
    }
    size = arith::MaxUIOp::create(b, loc, size, launched);
  }
  if (count != 1) {
    Value c = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(count));
    size = arith::MulIOp::create(b, loc, size, c);
  }
  b.setInsertionPointToStart(blockLoop.getBody());
  auto buffer = LLVM::AllocaOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), type, size,
      /*alignment=*/16);
  buffer->setAttr(kPerThreadAttr, b.getUnitAttr());
  return buffer;
}

Value threadSlot(OpBuilder &b, Location loc, scf::ParallelOp loop,
                 Value buffer, Type type, int64_t count) {
  Value index = linearThreadId(b, loc, loop);
  if (count != 1) {
    Value c = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(count));
    index = arith::MulIOp::create(b, loc, index, c);
  }
  return LLVM::GEPOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext()),
                             type, buffer, ValueRange{index});
}

Type slotType(Type type) {
  if (isa<IndexType>(type))
    return IntegerType::get(type.getContext(), 64);
  // A byte per flag: LLVM loads consecutive threads' bytes as one vector
  // and compares it, where it loads i1 in memory one by one (a vector of
  // i1 in memory would be bits).
  if (type.isInteger(1))
    return IntegerType::get(type.getContext(), 8);
  return type;
}

void storeToSlot(OpBuilder &b, Location loc, scf::ParallelOp loop,
                 Value buffer, Value value) {
  Type memType = slotType(value.getType());
  if (value.getType().isInteger(1))
    value = arith::ExtUIOp::create(b, loc, memType, value);
  else if (memType != value.getType())
    value = arith::IndexCastOp::create(b, loc, memType, value);
  LLVM::StoreOp::create(b, loc, value,
                        threadSlot(b, loc, loop, buffer, memType));
}

Value loadFromSlot(OpBuilder &b, Location loc, scf::ParallelOp loop,
                   Value buffer, Type type) {
  Type memType = slotType(type);
  Value loaded = LLVM::LoadOp::create(
      b, loc, memType, threadSlot(b, loc, loop, buffer, memType));
  if (type.isInteger(1))
    loaded = arith::TruncIOp::create(b, loc, type, loaded);
  else if (memType != type)
    loaded = arith::IndexCastOp::create(b, loc, type, loaded);
  return loaded;
}

void remapInductionVars(scf::ParallelOp loop, scf::ParallelOp other,
                        Operation *scope) {
  for (auto [from, to] :
       llvm::zip(loop.getInductionVars(), other.getInductionVars()))
    from.replaceUsesWithIf(to, [&](OpOperand &use) {
      return scope->isAncestor(use.getOwner());
    });
}

bool inRareFallback(Operation *op) {
  for (Region *region = op->getParentRegion(); region;
       region = region->getParentRegion()) {
    auto ifOp = dyn_cast<scf::IfOp>(region->getParentOp());
    if (ifOp && ifOp->hasAttr(kRareFallbackAttr) &&
        region == &ifOp.getElseRegion())
      return true;
  }
  return false;
}

Operation *versionOn(OpBuilder &b, Location loc, Operation *op,
                     Value condition, IRMapping &mapping) {
  auto ifOp = scf::IfOp::create(b, loc, condition, /*withElseRegion=*/true);
  OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
  Operation *copy = thenBuilder.clone(*op, mapping);
  op->moveBefore(ifOp.elseBlock()->getTerminator());
  return copy;
}

} // namespace cucpu
