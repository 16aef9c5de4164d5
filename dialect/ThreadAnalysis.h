//===- ThreadAnalysis.h - What values are across threads --------*- C++ -*-===//
//
// One analysis of how SSA values vary across the threads of a launch, on
// MLIR's sparse data-flow framework (as Triton's AxisInfo serves its passes):
// per value, whether it is the same in every thread of the grid, of a block,
// or may differ between threads; and, for integers, by how much it grows
// when one thread index grows by one (its stride along x, y and z), where
// that is a constant; and whether it is a function of the thread indices
// and uniform values alone. Thread indices are the induction variables of
// thread loops (scf.parallel nested in another one) and simt.thread_id; block
// indices those of block loops and simt.block_id.
//
// "The same in every thread" is among the threads that compute the value:
// a value computed in a loop whose trip count differs between threads is
// uniform when every thread computes the same in each iteration it runs.
// Where control flow that differs between threads joins (the results of an
// scf.if or scf.while whose condition varies), the results vary.
//
// A plain load from an address that is the same in every thread reads the
// same value in every thread of a race-free program (a thread that wrote
// the location in between would race with the others' reads). Locals
// (allocas) are each thread's own: their addresses vary.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_DIALECT_THREADANALYSIS_H
#define CUCPU_DIALECT_THREADANALYSIS_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"

#include <array>
#include <functional>
#include <optional>

namespace cucpu {

/// How a value varies across the threads that compute it.
class ThreadFacts {
public:
  /// From most to least known. Uninitialized: not yet reached by the
  /// analysis.
  enum class Variance { Uninitialized, Grid, Block, Thread };

  ThreadFacts() = default;
  ThreadFacts(Variance variance, std::array<std::optional<int64_t>, 3> stride,
              bool indexFunction)
      : variance(variance), stride(stride), indexFunction(indexFunction) {}

  /// The same in every thread of the grid (constants, kernel arguments).
  static ThreadFacts grid() { return {Variance::Grid, {0, 0, 0}, true}; }
  /// The same in every thread of a block (block indices).
  static ThreadFacts block() { return {Variance::Block, {0, 0, 0}, true}; }
  /// May differ between threads, in a way not known.
  static ThreadFacts varying() {
    return {
        Variance::Thread, {std::nullopt, std::nullopt, std::nullopt}, false};
  }
  /// Thread index `dim` (0, 1, 2 for x, y, z); a loop dimension past z
  /// varies in a way not known.
  static ThreadFacts threadIndex(unsigned dim);

  bool isUninitialized() const { return variance == Variance::Uninitialized; }
  Variance getVariance() const { return variance; }
  /// Whether every thread of a block computes the same value.
  bool isUniformInBlock() const {
    return variance == Variance::Grid || variance == Variance::Block;
  }
  bool isUniformInGrid() const { return variance == Variance::Grid; }
  /// How much the value grows when thread index `dim` grows by one and the
  /// others stay, when that is a constant.
  std::optional<int64_t> getStride(unsigned dim) const { return stride[dim]; }
  /// Whether the value is computed from the thread indices and uniform
  /// values alone, without reading memory that varies between threads
  /// (`tid % 32`, `x < n`; not `a[tid]`): the thread index decides it.
  bool isIndexFunction() const { return indexFunction; }
  /// Whether the value varies across threads as a function of the thread
  /// index (a guard on it selects threads by their index).
  bool dependsOnThreadIndex() const {
    return variance == Variance::Thread && indexFunction;
  }
  /// If the value is a uniform value plus thread index `dim` times a nonzero
  /// constant (so different along `dim`, the same along the others): `dim`.
  std::optional<unsigned> soleThreadDimension() const;

  static ThreadFacts join(const ThreadFacts &lhs, const ThreadFacts &rhs);
  bool operator==(const ThreadFacts &rhs) const {
    return variance == rhs.variance && stride == rhs.stride &&
           indexFunction == rhs.indexFunction;
  }
  void print(llvm::raw_ostream &os) const;

private:
  Variance variance = Variance::Uninitialized;
  std::array<std::optional<int64_t>, 3> stride = {std::nullopt, std::nullopt,
                                                  std::nullopt};
  bool indexFunction = false;
};

/// The facts of what a load reads, given those of its address, where a pass
/// knows better than the default rule (a pass that must not rely on the
/// program being race-free, or that knows which locals every thread sets
/// alike). Empty: the default rule.
using LoadRule =
    std::function<ThreadFacts(mlir::LLVM::LoadOp, const ThreadFacts &address)>;

/// The rule of passes whose mistakes would change results, where a load's
/// address alone proves nothing: no load reads the same value in every
/// thread (a racy flag every thread sets breaks the default rule).
ThreadFacts noLoadIsUniform(mlir::LLVM::LoadOp, const ThreadFacts &address);

class ThreadFactsLattice : public mlir::dataflow::Lattice<ThreadFacts> {
public:
  using Lattice::Lattice;
};

/// The transfer functions. Load it into a DataFlowSolver with
/// dataflow::DeadCodeAnalysis and dataflow::SparseConstantPropagation (which
/// the framework needs to know what code runs), or use ThreadAnalysis.
class ThreadFactsAnalysis
    : public mlir::dataflow::SparseForwardDataFlowAnalysis<ThreadFactsLattice> {
public:
  explicit ThreadFactsAnalysis(mlir::DataFlowSolver &solver,
                               LoadRule loadsAreUniform = {})
      : SparseForwardDataFlowAnalysis(solver),
        loadsAreUniform(std::move(loadsAreUniform)) {}

  mlir::LogicalResult
  visitOperation(mlir::Operation *op,
                 llvm::ArrayRef<const ThreadFactsLattice *> operands,
                 llvm::ArrayRef<ThreadFactsLattice *> results) override;
  void
  visitNonControlFlowArguments(mlir::Operation *op,
                               const mlir::RegionSuccessor &successor,
                               llvm::ArrayRef<ThreadFactsLattice *> argLattices,
                               unsigned firstIndex) override;
  void setToEntryState(ThreadFactsLattice *lattice) override;

private:
  LoadRule loadsAreUniform;

  /// Whether function `fn` holds thread loops (memoized).
  bool holdsThreadLoops(mlir::Operation *fn);
  llvm::DenseMap<mlir::Operation *, bool> functionsWithThreadLoops;

  /// Joins what the regions yield, then, where the branch condition varies
  /// between threads, the condition's variance into the results.
  void visitRegionSuccessors(
      mlir::ProgramPoint *point, mlir::RegionBranchOpInterface branch,
      mlir::RegionSuccessor successor,
      llvm::ArrayRef<mlir::dataflow::AbstractSparseLattice *> lattices)
      override;
};

/// The analysis run over `root` (a function or a module), with the integer
/// ranges of MLIR's IntegerRangeAnalysis from the same solver.
class ThreadAnalysis {
public:
  explicit ThreadAnalysis(mlir::Operation *root, LoadRule loadsAreUniform = {});

  /// The facts of `v`; values the analysis did not reach (dead code) vary.
  ThreadFacts facts(mlir::Value v) const;
  bool isUniformInBlock(mlir::Value v) const {
    return facts(v).isUniformInBlock();
  }
  /// The range of an integer or index value, if known.
  std::optional<mlir::ConstantIntRanges> range(mlir::Value v) const;

private:
  mlir::DataFlowSolver solver;
  bool succeeded = false;
};

/// The facts of the values of one thread loop (or of one block loop and the
/// thread loops in it), each computed when asked for from its definition by
/// the transfer functions of ThreadFactsAnalysis.
/// For passes that change the IR between questions, or ask few of them (a
/// barrier's memory effects are asked for by every pass), where running the
/// solver over the whole function would cost more than the answers. It
/// knows less than the solver: values defined outside a thread loop are the
/// block's (outside a block loop, the grid's), and values carried around
/// loops (an scf.for's iteration arguments, an scf.while's) vary. Answers are
/// kept until the object goes: make a new one after changing the code it was
/// asked about.
class ThreadFactsInLoop {
public:
  /// Over the thread loop `loop` (its induction variables are the thread
  /// indices).
  explicit ThreadFactsInLoop(mlir::scf::ParallelOp loop,
                             LoadRule loadsAreUniform = {})
      : loop(loop), loadsAreUniform(std::move(loadsAreUniform)) {}
  /// Over the block loop `loop` and the thread loops directly in it.
  static ThreadFactsInLoop overBlocks(mlir::scf::ParallelOp loop,
                                      LoadRule loadsAreUniform = {}) {
    ThreadFactsInLoop facts(loop, std::move(loadsAreUniform));
    facts.isBlockLoop = true;
    return facts;
  }

  ThreadFacts facts(mlir::Value v);
  bool isUniformInBlock(mlir::Value v) { return facts(v).isUniformInBlock(); }
  /// Takes `v` to have `facts` from now on, before any question about it
  /// or what is computed from it: the assumption of a fixpoint a pass
  /// iterates itself (the arguments of a loop that may be uniform).
  void assume(mlir::Value v, const ThreadFacts &assumed) { known[v] = assumed; }

private:
  /// The facts of `v` from those of the values it is computed from, or
  /// none while one of those is not known yet (it is pushed on `pending`).
  std::optional<ThreadFacts>
  tryCompute(mlir::Value v, llvm::SmallVectorImpl<mlir::Value> &pending);

  mlir::scf::ParallelOp loop;
  bool isBlockLoop = false;
  LoadRule loadsAreUniform;
  llvm::DenseMap<mlir::Value, ThreadFacts> known;
  /// Values whose facts are being computed: met again, they are on a cycle.
  llvm::DenseSet<mlir::Value> inProgress;
};

} // namespace cucpu

#endif // CUCPU_DIALECT_THREADANALYSIS_H
