//===- ThreadAnalysis.cpp - What values are across threads ---------------===//

#include "dialect/ThreadAnalysis.h"
#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"

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
  if (dim >= 3)
    return varying();
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
    result.stride[d] =
        lhs.stride[d] == rhs.stride[d] ? lhs.stride[d] : std::nullopt;
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

ThreadFacts noLoadIsUniform(LLVM::LoadOp, const ThreadFacts &) {
  return ThreadFacts::varying();
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

namespace {

using Stride = std::optional<int64_t>;
using Variance = ThreadFacts::Variance;

std::optional<int64_t> constantOf(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)) &&
      value.getSignificantBits() <= 64)
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
  // Truncations keep the stride modulo the narrower width, which
  // combinedFacts checks.
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::TruncIOp>(op))
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

/// The facts of the results of `op` when they do not depend on its
/// operands' facts: thread and block indices, the launch's shape, globals
/// and locals.
std::optional<ThreadFacts> sourceFacts(Operation *op) {
  if (auto index = dyn_cast<simt::ThreadIdOp>(op))
    return ThreadFacts::threadIndex(
        static_cast<unsigned>(index.getDimension()));
  if (isa<simt::BlockIdOp>(op))
    return ThreadFacts::block();
  if (isa<simt::BlockDimOp, simt::GridDimOp>(op))
    return ThreadFacts::grid();
  // A module's globals: the same address in every thread of a block
  // (block-shared ones differ between blocks).
  if (isa<LLVM::AddressOfOp>(op))
    return ThreadFacts::block();
  // Each thread's locals are its own.
  if (isa<LLVM::AllocaOp>(op))
    return ThreadFacts::varying();
  return std::nullopt;
}

/// Whether a thread-index term of `strides` may wrap around in `type`:
/// thread indices are below 1024, so the values of one block span at most
/// 1024 times the sum of the strides. Strides say by how much a value grows
/// modulo its type's width; where the span does not fit, two threads may
/// compute the same value, and the strides say nothing.
bool mayWrap(Type type, const std::array<std::optional<int64_t>, 3> &strides) {
  unsigned width = 64;
  if (auto integer = dyn_cast<IntegerType>(type))
    width = integer.getWidth();
  else if (!type.isIndex())
    return false; // Only integers have strides other than 0.
  uint64_t sum = 0;
  for (std::optional<int64_t> stride : strides)
    if (stride) {
      if (*stride > (int64_t(1) << 40) || *stride < -(int64_t(1) << 40))
        return true;
      sum += static_cast<uint64_t>(*stride < 0 ? -*stride : *stride);
    }
  return width < 64 && (sum << 10) >= (uint64_t(1) << width);
}

/// The facts of the results of `op` (not one of sourceFacts') from its
/// operands' facts. A plain load from an address the same in every thread
/// of a block reads the same value in all of them when `loadsAreUniform`
/// says so (by default: in a race-free program, see the header).
ThreadFacts combinedFacts(Operation *op, ArrayRef<ThreadFacts> operands,
                          const LoadRule &loadsAreUniform) {
  if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
    const ThreadFacts &address = operands.front();
    if (loadsAreUniform)
      return loadsAreUniform(load, address);
    if (!isPlainLoad(load))
      return ThreadFacts::varying();
    // Other blocks may write the location between two blocks' reads: the
    // same in the block only.
    if (address.isUniformInBlock())
      return ThreadFacts::block();
    // Threads that differ only along a dimension the address does not
    // change along read the same location, and so the same value (`a[ty]`
    // is the same along x).
    std::array<std::optional<int64_t>, 3> stride;
    for (unsigned d = 0; d < 3; ++d)
      if (address.getStride(d) == 0)
        stride[d] = 0;
    return ThreadFacts(Variance::Thread, stride, /*indexFunction=*/false);
  }
  if (op->getNumRegions() != 0 || !isMemoryEffectFree(op))
    return ThreadFacts::varying();

  Variance variance = Variance::Grid;
  for (const ThreadFacts &operand : operands)
    variance = std::max(variance, operand.getVariance());
  if (variance != Variance::Thread)
    return variance == Variance::Grid ? ThreadFacts::grid()
                                      : ThreadFacts::block();
  std::array<std::optional<int64_t>, 3> stride;
  for (unsigned d = 0; d < 3; ++d) {
    SmallVector<Stride> operandStrides;
    for (const ThreadFacts &operand : operands)
      operandStrides.push_back(operand.getStride(d));
    stride[d] = strideOf(op, operandStrides);
  }
  if (op->getNumResults() != 1 || mayWrap(op->getResult(0).getType(), stride))
    for (std::optional<int64_t> &s : stride)
      if (s != 0)
        s = std::nullopt;
  bool indexFunction = llvm::all_of(operands, [](const ThreadFacts &operand) {
    return operand.isIndexFunction();
  });
  return ThreadFacts(Variance::Thread, stride, indexFunction);
}

/// The facts of an `scf.for` counter from those of its bounds and step:
/// the same values in every thread where they are uniform.
ThreadFacts counterFacts(ArrayRef<ThreadFacts> bounds) {
  ThreadFacts facts = ThreadFacts::grid();
  for (const ThreadFacts &bound : bounds)
    facts = ThreadFacts::join(facts, bound);
  return facts.isUniformInBlock() ? facts : ThreadFacts::varying();
}

/// The facts of a value where control flow that `condition` decided joins
/// again, given the facts `joined` of what each path yields: where threads
/// took different paths, the values joined there differ. A condition that
/// is uniform in the block keeps the strides within the block: it makes a
/// uniform value the block's at most.
ThreadFacts afterBranch(const ThreadFacts &joined,
                        const ThreadFacts &condition) {
  if (condition.isUniformInGrid())
    return joined;
  if (!condition.isUniformInBlock())
    return ThreadFacts::varying();
  return joined.isUniformInBlock()
             ? ThreadFacts::join(joined, ThreadFacts::block())
             : joined;
}

} // namespace

LogicalResult ThreadFactsAnalysis::visitOperation(
    Operation *op, ArrayRef<const ThreadFactsLattice *> operands,
    ArrayRef<ThreadFactsLattice *> results) {
  auto setAll = [&](const ThreadFacts &facts) {
    for (ThreadFactsLattice *result : results)
      propagateIfChanged(result, result->join(facts));
  };
  if (std::optional<ThreadFacts> facts = sourceFacts(op)) {
    setAll(*facts);
    return success();
  }
  SmallVector<ThreadFacts> operandFacts;
  for (const ThreadFactsLattice *operand : operands) {
    if (operand->getValue().isUninitialized())
      return success(); // Visited again once the operand is known.
    operandFacts.push_back(operand->getValue());
  }
  setAll(combinedFacts(op, operandFacts, loadsAreUniform));
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
          threads ? ThreadFacts::threadIndex(d) : ThreadFacts::block();
      propagateIfChanged(lattice, lattice->join(facts));
    }
    return;
  }
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    // A counter whose bounds and step are uniform takes the same values in
    // every thread.
    SmallVector<ThreadFacts, 3> bounds;
    for (Value bound :
         {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()}) {
      const ThreadFactsLattice *lattice =
          getLatticeElementFor(getProgramPointAfter(op), bound);
      if (lattice->getValue().isUninitialized())
        return;
      bounds.push_back(lattice->getValue());
    }
    ThreadFactsLattice *lattice = getLatticeElement(loop.getInductionVar());
    propagateIfChanged(lattice, lattice->join(counterFacts(bounds)));
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
            RegionSuccessor(
                branch, branch->getResults().slice(firstIndex, inputs.size())),
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
    if (!current.isUninitialized())
      propagateIfChanged(lattice, lattice->join(afterBranch(current, facts)));
  }
}

//===----------------------------------------------------------------------===//
// ThreadAnalysis
//===----------------------------------------------------------------------===//

ThreadAnalysis::ThreadAnalysis(Operation *root, LoadRule loadsAreUniform) {
  solver.load<DeadCodeAnalysis>();
  solver.load<SparseConstantPropagation>();
  solver.load<IntegerRangeAnalysis>();
  solver.load<ThreadFactsAnalysis>(std::move(loadsAreUniform));
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

//===----------------------------------------------------------------------===//
// ThreadFactsInLoop
//===----------------------------------------------------------------------===//

ThreadFacts ThreadFactsInLoop::facts(Value v) {
  if (auto it = known.find(v); it != known.end())
    return it->second;
  // Depth first without recursion: a chain of thousands of operations (an
  // unrolled kernel) would overflow the stack.
  SmallVector<Value> pending{v};
  while (!pending.empty()) {
    Value top = pending.back();
    if (known.contains(top)) {
      pending.pop_back();
      continue;
    }
    inProgress.insert(top);
    if (std::optional<ThreadFacts> result = tryCompute(top, pending)) {
      known[top] = *result;
      inProgress.erase(top);
      // tryCompute pushed nothing when it had an answer.
      pending.pop_back();
    }
  }
  return known.lookup(v);
}

std::optional<ThreadFacts>
ThreadFactsInLoop::tryCompute(Value v, SmallVectorImpl<Value> &pending) {
  // The facts of the values `v` depends on, once all of them are known.
  auto factsOf =
      [&](ValueRange values) -> std::optional<SmallVector<ThreadFacts>> {
    SmallVector<ThreadFacts> result;
    bool ready = true;
    for (Value value : values) {
      if (auto it = known.find(value); it != known.end()) {
        result.push_back(it->second);
      } else if (inProgress.contains(value)) {
        result.push_back(ThreadFacts::varying()); // Depends on itself.
      } else {
        pending.push_back(value);
        ready = false;
      }
    }
    if (!ready)
      return std::nullopt;
    return result;
  };

  // Over a block loop, what comes before it is the grid's; over a thread
  // loop, the block's.
  ThreadFacts outside =
      isBlockLoop ? ThreadFacts::grid() : ThreadFacts::block();
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (!loop->isAncestor(owner))
      return outside;
    ThreadFacts threadIndex = ThreadFacts::threadIndex(arg.getArgNumber());
    if (owner == loop.getOperation())
      return isBlockLoop ? ThreadFacts::block() : threadIndex;
    if (isa<scf::ParallelOp>(owner))
      return isBlockLoop && owner->getParentOfType<scf::ParallelOp>() == loop
                 ? threadIndex
                 : ThreadFacts::varying();
    if (auto forOp = dyn_cast<scf::ForOp>(owner);
        forOp && arg == forOp.getInductionVar()) {
      std::optional<SmallVector<ThreadFacts>> bounds = factsOf(
          {forOp.getLowerBound(), forOp.getUpperBound(), forOp.getStep()});
      if (!bounds)
        return std::nullopt;
      return counterFacts(*bounds);
    }
    return ThreadFacts::varying();
  }

  Operation *op = v.getDefiningOp();
  if (!loop->isAncestor(op))
    return outside;
  if (std::optional<ThreadFacts> facts = sourceFacts(op))
    return facts;
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    unsigned k = cast<OpResult>(v).getResultNumber();
    std::optional<SmallVector<ThreadFacts>> inputs =
        factsOf({ifOp.getCondition(), ifOp.thenYield().getOperand(k),
                 ifOp.elseYield().getOperand(k)});
    if (!inputs)
      return std::nullopt;
    return afterBranch(ThreadFacts::join((*inputs)[1], (*inputs)[2]),
                       (*inputs)[0]);
  }
  if (op->getNumRegions() != 0 ||
      (!isa<LLVM::LoadOp>(op) && !isMemoryEffectFree(op)))
    return ThreadFacts::varying();
  std::optional<SmallVector<ThreadFacts>> operands = factsOf(op->getOperands());
  if (!operands)
    return std::nullopt;
  return combinedFacts(op, *operands, loadsAreUniform);
}

} // namespace cucpu
