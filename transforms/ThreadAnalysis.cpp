//===- ThreadAnalysis.cpp - What values are across threads ---------------===//

#include "transforms/ThreadAnalysis.h"
#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::dataflow;

namespace cucpu {

//===----------------------------------------------------------------------===//
// ThreadFacts
//===----------------------------------------------------------------------===//

ThreadFacts ThreadFacts::threadIndex(unsigned dim) {
  ThreadFacts facts(Variance::Thread, {0, 0, 0}, true);
  facts.stride[dim] = 1;
  return facts;
}

std::optional<unsigned> ThreadFacts::soleThreadDimension() const {
  if (variance != Variance::Thread)
    return std::nullopt;
  std::optional<unsigned> found;
  for (unsigned d = 0; d < 3; ++d) {
    if (!stride[d])
      return std::nullopt;
    if (*stride[d] == 0)
      continue;
    if (found)
      return std::nullopt;
    found = d;
  }
  return found;
}

ThreadFacts ThreadFacts::join(const ThreadFacts &lhs, const ThreadFacts &rhs) {
  if (lhs.isUninitialized())
    return rhs;
  if (rhs.isUninitialized())
    return lhs;
  ThreadFacts result;
  result.variance = std::max(lhs.variance, rhs.variance);
  result.indexFunction = lhs.indexFunction && rhs.indexFunction;
  for (unsigned d = 0; d < 3; ++d)
    result.stride[d] = lhs.stride[d] == rhs.stride[d] ? lhs.stride[d]
                                                      : std::nullopt;
  return result;
}

void ThreadFacts::print(llvm::raw_ostream &os) const {
  switch (variance) {
  case Variance::Uninitialized:
    os << "uninitialized";
    return;
  case Variance::Grid:
    os << "uniform in the grid";
    return;
  case Variance::Block:
    os << "uniform in the block";
    return;
  case Variance::Thread:
    os << "varies across threads";
    if (indexFunction)
      os << " with the thread index";
    os << ", stride [";
    for (unsigned d = 0; d < 3; ++d) {
      if (d)
        os << ", ";
      if (stride[d])
        os << *stride[d];
      else
        os << "?";
    }
    os << "]";
    return;
  }
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

namespace {

using Stride = std::optional<int64_t>;
using Variance = ThreadFacts::Variance;

std::optional<int64_t> constantOf(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)) && value.getSignificantBits() <= 64)
    return value.getSExtValue();
  return std::nullopt;
}

/// The strides of the result of integer operation `op` along one thread
/// dimension, from its operands' (wrapping is not modelled: the passes
/// that ask about distinct values check the widths they need).
Stride strideOf(Operation *op, ArrayRef<Stride> operands) {
  // What none of the operands changes along, the result does not either.
  if (llvm::all_of(operands, [](Stride s) { return s && *s == 0; }))
    return 0;
  auto both = [&]() { return operands[0] && operands[1]; };
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp>(op))
    return operands[0];
  if (isa<arith::AddIOp>(op) && both())
    return *operands[0] + *operands[1];
  if (isa<arith::SubIOp>(op) && both())
    return *operands[0] - *operands[1];
  if (isa<arith::MulIOp>(op)) {
    std::optional<int64_t> lhs = constantOf(op->getOperand(0));
    std::optional<int64_t> rhs = constantOf(op->getOperand(1));
    if (rhs && operands[0])
      return *operands[0] * *rhs;
    if (lhs && operands[1])
      return *lhs * *operands[1];
    return std::nullopt;
  }
  if (isa<arith::ShLIOp>(op)) {
    std::optional<int64_t> shift = constantOf(op->getOperand(1));
    if (shift && *shift >= 0 && *shift < 32 && operands[0])
      return *operands[0] * (int64_t(1) << *shift);
    return std::nullopt;
  }
  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    // A uniform choice between two values of the same stride.
    if (operands[0] && *operands[0] == 0 && operands[1] == operands[2])
      return operands[1];
    return std::nullopt;
  }
  return std::nullopt;
}

bool isPlainLoad(LLVM::LoadOp load) {
  return !load.getVolatile_() &&
         load.getOrdering() == LLVM::AtomicOrdering::not_atomic;
}

} // namespace

LogicalResult ThreadFactsAnalysis::visitOperation(
    Operation *op, ArrayRef<const ThreadFactsLattice *> operands,
    ArrayRef<ThreadFactsLattice *> results) {
  auto setAll = [&](const ThreadFacts &facts) {
    for (ThreadFactsLattice *result : results)
      propagateIfChanged(result, result->join(facts));
  };
  if (auto index = dyn_cast<simt::ThreadIdOp>(op)) {
    setAll(ThreadFacts::threadIndex(
        static_cast<unsigned>(index.getDimension())));
    return success();
  }
  if (isa<simt::BlockIdOp>(op)) {
    setAll(ThreadFacts::block());
    return success();
  }
  if (isa<simt::BlockDimOp, simt::GridDimOp>(op)) {
    setAll(ThreadFacts::grid());
    return success();
  }
  // A module's globals: the same address in every thread of a block
  // (block-shared ones differ between blocks).
  if (isa<LLVM::AddressOfOp>(op)) {
    setAll(ThreadFacts::block());
    return success();
  }
  // Each thread's locals are its own.
  if (isa<LLVM::AllocaOp>(op)) {
    setAll(ThreadFacts::varying());
    return success();
  }

  for (const ThreadFactsLattice *operand : operands)
    if (operand->getValue().isUninitialized())
      return success(); // Visited again once the operand is known.

  if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
    const ThreadFacts &addr = operands.front()->getValue();
    // Other blocks may write the location between two blocks' reads: the
    // same in the block only.
    if (isPlainLoad(load) && addr.isUniformInBlock())
      setAll(ThreadFacts::block());
    else
      setAll(ThreadFacts::varying());
    return success();
  }
  if (op->getNumRegions() != 0 || !isMemoryEffectFree(op)) {
    setAll(ThreadFacts::varying());
    return success();
  }

  Variance variance = Variance::Grid;
  for (const ThreadFactsLattice *operand : operands)
    variance = std::max(variance, operand->getValue().getVariance());
  if (variance != Variance::Thread) {
    setAll(variance == Variance::Grid ? ThreadFacts::grid()
                                      : ThreadFacts::block());
    return success();
  }
  std::array<std::optional<int64_t>, 3> stride;
  for (unsigned d = 0; d < 3; ++d) {
    SmallVector<Stride> operandStrides;
    for (const ThreadFactsLattice *operand : operands)
      operandStrides.push_back(operand->getValue().getStride(d));
    stride[d] = strideOf(op, operandStrides);
  }
  bool indexFunction =
      llvm::all_of(operands, [](const ThreadFactsLattice *operand) {
        return operand->getValue().isIndexFunction();
      });
  setAll(ThreadFacts(Variance::Thread, stride, indexFunction));
  return success();
}

void ThreadFactsAnalysis::visitNonControlFlowArguments(
    Operation *op, const RegionSuccessor &successor,
    ArrayRef<ThreadFactsLattice *> argLattices, unsigned firstIndex) {
  if (auto loop = dyn_cast<scf::ParallelOp>(op)) {
    // The thread loop's induction variables are the thread indices; the
    // block loop's, the block indices.
    bool threads = isThreadLoop(loop);
    for (auto [d, iv] : llvm::enumerate(loop.getInductionVars())) {
      ThreadFactsLattice *lattice = getLatticeElement(iv);
      // An outer parallel loop is a block loop (marked so or not).
      ThreadFacts facts =
          !threads ? ThreadFacts::block()
                   : d < 3 ? ThreadFacts::threadIndex(d)
                           : ThreadFacts::varying();
      propagateIfChanged(lattice, lattice->join(facts));
    }
    return;
  }
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    // A counter whose bounds and step are uniform takes the same values in
    // every thread.
    ThreadFacts facts = ThreadFacts::grid();
    for (Value bound :
         {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()}) {
      const ThreadFactsLattice *lattice =
          getLatticeElementFor(getProgramPointAfter(op), bound);
      if (lattice->getValue().isUninitialized())
        return;
      facts = ThreadFacts::join(facts, lattice->getValue());
    }
    if (!facts.isUniformInBlock())
      facts = ThreadFacts::varying();
    ThreadFactsLattice *lattice = getLatticeElement(loop.getInductionVar());
    propagateIfChanged(lattice, lattice->join(facts));
    return;
  }
  SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
      op, successor, argLattices, firstIndex);
}

bool ThreadFactsAnalysis::holdsThreadLoops(Operation *fn) {
  auto [it, inserted] = functionsWithThreadLoops.try_emplace(fn, false);
  if (inserted)
    it->second = fn->walk([](scf::ParallelOp loop) {
                     return isThreadLoop(loop) ? WalkResult::interrupt()
                                               : WalkResult::advance();
                   }).wasInterrupted();
  return it->second;
}

void ThreadFactsAnalysis::setToEntryState(ThreadFactsLattice *lattice) {
  // A launcher's arguments (the kernel's arguments, the launch's shape) are
  // the same in every thread of the grid. The arguments of another function
  // that holds thread loops are computed outside them: the same in every
  // thread of a block. A device function's vary with its callers'.
  ThreadFacts facts = ThreadFacts::varying();
  if (auto arg = dyn_cast<BlockArgument>(lattice->getAnchor()))
    if (auto fn = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
        fn && arg.getOwner()->isEntryBlock()) {
      if (fn->hasAttr(kKernelNameAttr))
        facts = ThreadFacts::grid();
      else if (holdsThreadLoops(fn))
        facts = ThreadFacts::block();
    }
  propagateIfChanged(lattice, lattice->join(facts));
}

void ThreadFactsAnalysis::visitRegionSuccessors(
    ProgramPoint *point, RegionBranchOpInterface branch,
    RegionSuccessor successor, ArrayRef<AbstractSparseLattice *> lattices) {
  // What the framework does (joins each predecessor's forwarded values),
  // which this override replaces: the framework keeps it private.
  const auto *predecessors = getOrCreateFor<PredecessorState>(point, point);
  for (Operation *op : predecessors->getKnownPredecessors()) {
    std::optional<OperandRange> operands;
    if (op == branch.getOperation())
      operands = branch.getEntrySuccessorOperands(successor);
    else if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(op))
      operands = terminator.getSuccessorOperands(successor);
    SmallVector<ThreadFactsLattice *> typed;
    for (AbstractSparseLattice *lattice : lattices)
      typed.push_back(static_cast<ThreadFactsLattice *>(lattice));
    if (!operands)
      return setAllToEntryStates(typed);
    ValueRange inputs = predecessors->getSuccessorInputs(op);
    unsigned firstIndex = 0;
    if (inputs.size() != lattices.size()) {
      if (!point->isBlockStart()) {
        if (!inputs.empty())
          firstIndex = cast<OpResult>(inputs.front()).getResultNumber();
        visitNonControlFlowArguments(
            branch,
            RegionSuccessor(branch,
                            branch->getResults().slice(firstIndex,
                                                       inputs.size())),
            typed, firstIndex);
      } else {
        if (!inputs.empty())
          firstIndex = cast<BlockArgument>(inputs.front()).getArgNumber();
        Region *region = point->getBlock()->getParent();
        visitNonControlFlowArguments(
            branch,
            RegionSuccessor(region, region->getArguments().slice(
                                        firstIndex, inputs.size())),
            typed, firstIndex);
      }
    }
    for (auto [operand, lattice] :
         llvm::zip(*operands, lattices.drop_front(firstIndex)))
      join(lattice, *getLatticeElementFor(point, operand));
  }

  if (!successor.isParent() || lattices.empty())
    return;
  // Where threads took different paths, the values joined there differ.
  Value condition;
  if (auto ifOp = dyn_cast<scf::IfOp>(branch.getOperation()))
    condition = ifOp.getCondition();
  else if (auto whileOp = dyn_cast<scf::WhileOp>(branch.getOperation()))
    condition = whileOp.getConditionOp().getCondition();
  else if (auto switchOp = dyn_cast<scf::IndexSwitchOp>(branch.getOperation()))
    condition = switchOp.getArg();
  else
    return;
  const ThreadFactsLattice *conditionLattice =
      getLatticeElementFor(point, condition);
  const ThreadFacts &facts = conditionLattice->getValue();
  if (facts.isUninitialized() || facts.isUniformInGrid())
    return;
  for (AbstractSparseLattice *abstract : lattices) {
    auto *lattice = static_cast<ThreadFactsLattice *>(abstract);
    const ThreadFacts &current = lattice->getValue();
    if (current.isUninitialized())
      continue;
    // A condition that is uniform in the block keeps the strides within the
    // block: it makes a uniform value the block's at most.
    ThreadFacts raised = ThreadFacts::varying();
    if (facts.isUniformInBlock())
      raised = current.isUniformInBlock()
                   ? ThreadFacts::join(current, ThreadFacts::block())
                   : current;
    propagateIfChanged(lattice, lattice->join(raised));
  }
}

//===----------------------------------------------------------------------===//
// ThreadAnalysis
//===----------------------------------------------------------------------===//

ThreadAnalysis::ThreadAnalysis(Operation *root) {
  solver.load<DeadCodeAnalysis>();
  solver.load<SparseConstantPropagation>();
  solver.load<IntegerRangeAnalysis>();
  solver.load<ThreadFactsAnalysis>();
  succeeded = mlir::succeeded(solver.initializeAndRun(root));
}

ThreadFacts ThreadAnalysis::facts(Value v) const {
  if (!succeeded)
    return ThreadFacts::varying();
  const auto *lattice = solver.lookupState<ThreadFactsLattice>(v);
  if (!lattice || lattice->getValue().isUninitialized())
    return ThreadFacts::varying();
  return lattice->getValue();
}

std::optional<ConstantIntRanges> ThreadAnalysis::range(Value v) const {
  if (!succeeded)
    return std::nullopt;
  const auto *lattice = solver.lookupState<IntegerValueRangeLattice>(v);
  if (!lattice || lattice->getValue().isUninitialized())
    return std::nullopt;
  return lattice->getValue().getValue();
}

} // namespace cucpu
