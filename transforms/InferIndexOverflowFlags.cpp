//===- InferIndexOverflowFlags.cpp - No-wrap flags from launch limits -----===//
//
// CUDA's built-in indices are `unsigned int`, so the index arithmetic of
// almost every kernel is unsigned: `blockIdx.x * blockDim.x + threadIdx.x`,
// or `blockIdx.y * 12 - 2 + ty` converted to `int`. Unsigned arithmetic
// wraps by definition, so the frontend gives it no `nsw`/`nuw`, and LLVM
// must assume that the 32-bit value can wrap: it cannot widen the address
// computation to 64 bits, and the loop vectorizer adds a run-time check that
// the thread loop's index does not wrap to each row.
//
// The launch bounds the values: a block has at most 1024 threads along x
// and y and 64 along z, a grid at most 2^31 - 1 blocks along x and 65535
// along y and z (the runtime checks each launch). With those ranges for the
// launch loops' bounds and induction variables, MLIR's IntegerRangeAnalysis
// (in a data-flow solver over the launcher, the same analysis that
// ThreadAnalysis runs) gives the ranges of the integer operations inside; an
// add, sub or mul whose exact result provably fits gets `nsw` (and `nuw`
// where the unsigned result fits).
//
// Along x the limit is too loose: `blockIdx.x * 256` can exceed 2^31. Where
// a tighter bound on the grid would prove more flags, the block loop is
// versioned: a copy runs the grids of at most 2^28 / (threads along x)
// blocks along x (2^20 blocks of 256 threads: 268 million threads), with
// the flags that this bound proves; the original loop, with the flags that
// hold for every grid, runs the larger grids.
//
// Runs on the CPU path before WidenLaunchIndexCasts, which then does the
// flagged index arithmetic in 64 bits.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"

namespace cucpu {
#define GEN_PASS_DEF_INFERINDEXOVERFLOWFLAGS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

using Flags = arith::IntegerOverflowFlags;

// CUDA's launch limits, which the runtime checks at every launch.
constexpr int64_t kMaxGridX = (int64_t(1) << 31) - 1;
constexpr int64_t kMaxGridYZ = 65535;
constexpr int64_t kMaxBlockXY = 1024;
constexpr int64_t kMaxBlockZ = 64;
/// The versioned copy's bound on the threads along x. 2^28 leaves a factor
/// of 8 below 2^31 for index expressions that scale the thread index
/// (`2 * (blockIdx.x * blockDim.x + threadIdx.x)`, coarsened groups).
constexpr int64_t kVersionedThreadsX = int64_t(1) << 28;

ConstantIntRanges rangeOf(int64_t min, int64_t max, unsigned width) {
  return ConstantIntRanges::fromSigned(APInt(width, min, /*isSigned=*/true),
                                       APInt(width, max, /*isSigned=*/true));
}

/// What the launch guarantees, as facts for the range analysis: values
/// within a range (the launch's sizes, a versioned grid size), and the
/// most iterations along each dimension of the thread and block loops
/// (their induction variables are thread or block indices).
struct LaunchLimits {
  DenseMap<Value, ConstantIntRanges> values;
  DenseMap<Operation *, SmallVector<int64_t, 3>> loops;

  void limit(Value v, int64_t min, int64_t max) {
    unsigned width = ConstantIntRanges::getStorageBitwidth(v.getType());
    if (width != 0)
      values.insert_or_assign(v, rangeOf(min, max, width));
  }
};

/// MLIR's integer range analysis, with the launch limits: a limited value
/// has the range inference gives it within its limit; the induction
/// variable of a limited loop lies inside the loop's bounds and below its
/// dimension's limit (loops with another step than 1 are not followed).
class LaunchRangeAnalysis : public dataflow::IntegerRangeAnalysis {
public:
  LaunchRangeAnalysis(DataFlowSolver &solver, const LaunchLimits &limits)
      : IntegerRangeAnalysis(solver), limits(limits) {}

  void setToEntryState(dataflow::IntegerValueRangeLattice *lattice) override {
    auto it = limits.values.find(lattice->getAnchor());
    if (it == limits.values.end())
      return IntegerRangeAnalysis::setToEntryState(lattice);
    propagateIfChanged(lattice,
                       lattice->join(IntegerValueRange(it->second)));
  }

  LogicalResult
  visitOperation(Operation *op,
                 ArrayRef<const dataflow::IntegerValueRangeLattice *> operands,
                 ArrayRef<dataflow::IntegerValueRangeLattice *> results)
      override {
    if (llvm::none_of(op->getResults(), [&](Value result) {
          return limits.values.contains(result);
        }))
      return IntegerRangeAnalysis::visitOperation(op, operands, results);
    SmallVector<IntegerValueRange> argRanges;
    for (const dataflow::IntegerValueRangeLattice *lattice : operands) {
      // Not reached yet: the operation is visited again when it is.
      if (lattice->getValue().isUninitialized())
        return success();
      argRanges.push_back(lattice->getValue());
    }
    SmallVector<std::optional<IntegerValueRange>> inferred(
        op->getNumResults());
    if (auto inferrable = dyn_cast<InferIntRangeInterface>(op))
      inferrable.inferResultRangesFromOptional(
          argRanges, [&](Value v, const IntegerValueRange &range) {
            if (auto result = dyn_cast<OpResult>(v))
              inferred[result.getResultNumber()] = range;
          });
    for (auto [i, result] : llvm::enumerate(op->getResults())) {
      IntegerValueRange range =
          inferred[i] && !inferred[i]->isUninitialized()
              ? *inferred[i]
              : IntegerValueRange::getMaxRange(result);
      if (auto it = limits.values.find(result); it != limits.values.end())
        range = IntegerValueRange(range.getValue().intersection(it->second));
      propagateIfChanged(results[i], results[i]->join(range));
    }
    return success();
  }

  void visitNonControlFlowArguments(
      Operation *op, const RegionSuccessor &successor,
      ArrayRef<dataflow::IntegerValueRangeLattice *> argLattices,
      unsigned firstIndex) override {
    auto loop = dyn_cast<scf::ParallelOp>(op);
    auto it = loop ? limits.loops.find(loop) : limits.loops.end();
    if (it == limits.loops.end())
      return IntegerRangeAnalysis::visitNonControlFlowArguments(
          op, successor, argLattices, firstIndex);
    ArrayRef<int64_t> maxCount = it->second;
    ProgramPoint *entry = getProgramPointBefore(loop.getBody());
    for (auto [d, iv, lb, ub, step] :
         llvm::enumerate(loop.getInductionVars(), loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep())) {
      dataflow::IntegerValueRangeLattice *lattice = getLatticeElement(iv);
      auto unknown = [&] {
        propagateIfChanged(
            lattice, lattice->join(IntegerValueRange::getMaxRange(iv)));
      };
      if (d >= maxCount.size() || !matchPattern(step, m_One())) {
        unknown();
        continue;
      }
      const IntegerValueRange &lower =
          getLatticeElementFor(entry, lb)->getValue();
      const IntegerValueRange &upper =
          getLatticeElementFor(entry, ub)->getValue();
      if (lower.isUninitialized() || upper.isUninitialized())
        continue;
      int64_t first = std::max<int64_t>(
          0, lower.getValue().smin().getSExtValue());
      int64_t last =
          std::min<int64_t>(maxCount[d],
                            upper.getValue().smax().getSExtValue()) -
          1;
      if (first > last) {
        unknown();
        continue;
      }
      unsigned width = ConstantIntRanges::getStorageBitwidth(iv.getType());
      propagateIfChanged(lattice, lattice->join(IntegerValueRange(
                                      rangeOf(first, last, width))));
    }
  }

private:
  const LaunchLimits &limits;
};

/// The ranges of a function's integer and index values under `limits`, by
/// LaunchRangeAnalysis in a data-flow solver.
class LaunchRanges {
public:
  LaunchRanges(Operation *function, LaunchLimits launchLimits)
      : limits(std::move(launchLimits)) {
    solver.load<dataflow::DeadCodeAnalysis>();
    solver.load<dataflow::SparseConstantPropagation>();
    solver.load<LaunchRangeAnalysis>(limits);
    succeeded = mlir::succeeded(solver.initializeAndRun(function));
  }
  LaunchRanges(const LaunchRanges &) = delete;
  LaunchRanges &operator=(const LaunchRanges &) = delete;

  /// The range of `v`; the full range of its type where none is known.
  ConstantIntRanges get(Value v) const {
    unsigned width = ConstantIntRanges::getStorageBitwidth(v.getType());
    if (width == 0)
      return ConstantIntRanges::maxRange(1);
    const auto *lattice =
        succeeded ? solver.lookupState<dataflow::IntegerValueRangeLattice>(v)
                  : nullptr;
    if (!lattice || lattice->getValue().isUninitialized())
      return ConstantIntRanges::maxRange(width);
    return lattice->getValue().getValue();
  }

private:
  LaunchLimits limits;
  DataFlowSolver solver;
  bool succeeded = false;
};

/// The overflow flags that the operands' ranges prove for `op` (an add, sub
/// or mul): nsw where the exact signed result fits, nuw where the exact
/// unsigned one does.
Flags provableFlags(Operation *op, const LaunchRanges &oracle) {
  ConstantIntRanges lhs = oracle.get(op->getOperand(0));
  ConstantIntRanges rhs = oracle.get(op->getOperand(1));
  bool signedOverflow = false, unsignedOverflow = false;
  auto check = [](bool &overflow, const APInt &a, const APInt &b,
                  APInt (APInt::*fn)(const APInt &, bool &) const) {
    bool ov = false;
    (void)(a.*fn)(b, ov);
    overflow |= ov;
  };
  if (isa<arith::AddIOp>(op)) {
    check(signedOverflow, lhs.smin(), rhs.smin(), &APInt::sadd_ov);
    check(signedOverflow, lhs.smax(), rhs.smax(), &APInt::sadd_ov);
    check(unsignedOverflow, lhs.umax(), rhs.umax(), &APInt::uadd_ov);
  } else if (isa<arith::SubIOp>(op)) {
    check(signedOverflow, lhs.smin(), rhs.smax(), &APInt::ssub_ov);
    check(signedOverflow, lhs.smax(), rhs.smin(), &APInt::ssub_ov);
    unsignedOverflow = lhs.umin().ult(rhs.umax());
  } else {
    for (const APInt &a : {lhs.smin(), lhs.smax()})
      for (const APInt &b : {rhs.smin(), rhs.smax()})
        check(signedOverflow, a, b, &APInt::smul_ov);
    check(unsignedOverflow, lhs.umax(), rhs.umax(), &APInt::umul_ov);
  }
  Flags flags = Flags::none;
  if (!signedOverflow)
    flags = flags | Flags::nsw;
  if (!unsignedOverflow)
    flags = flags | Flags::nuw;
  return flags;
}

/// The integer adds, subs and muls in `blockLoop` that lack a flag.
SmallVector<Operation *> unflaggedArithmetic(scf::ParallelOp blockLoop) {
  SmallVector<Operation *> ops;
  blockLoop.walk([&](Operation *op) {
    if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op) ||
        !isa<IntegerType>(op->getResult(0).getType()))
      return;
    auto flags = cast<arith::ArithIntegerOverflowFlagsInterface>(op);
    if (!flags.hasNoSignedWrap() || !flags.hasNoUnsignedWrap())
      ops.push_back(op);
  });
  return ops;
}

/// Whether `v` is the launcher's argument number `position` (of the launch
/// ABI: grid and block sizes), or its cast to index.
bool isLauncherArgument(Value v, unsigned position) {
  if (auto cast = v.getDefiningOp<arith::IndexCastUIOp>())
    v = cast.getIn();
  auto arg = dyn_cast<BlockArgument>(v);
  return arg && arg.getArgNumber() == position &&
         isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
}

/// The launch limits for `blockLoop` (dimensions x, y, z in that order)
/// and the thread loops in it, with at most `maxGridX` blocks along x.
LaunchLimits launchLimits(scf::ParallelOp blockLoop, int64_t maxGridX) {
  LaunchLimits limits;
  // A size in [0, max], as the launcher's i32 and as its cast to index.
  auto limitSize = [&](Value size, int64_t max) {
    if (auto cast = size.getDefiningOp<arith::IndexCastUIOp>())
      limits.limit(cast.getIn(), 0, max);
    limits.limit(size, 0, max);
  };
  auto limitLoop = [&](scf::ParallelOp loop, unsigned firstArg,
                       ArrayRef<int64_t> maxCount) {
    // A bound that is the launcher's grid or block size argument (or its
    // cast to index) was checked by the runtime; the kernel reads it as
    // that i32. Bounds computed from it (narrowing's, coarsening's) are
    // left to inference: an empty loop's bound may be negative.
    for (auto [d, ub] : llvm::enumerate(loop.getUpperBound()))
      if (d < maxCount.size() && isLauncherArgument(ub, firstArg + d))
        limitSize(ub, maxCount[d]);
    limits.loops[loop] = SmallVector<int64_t, 3>(maxCount);
  };
  limitLoop(blockLoop, kGridDimArg, {maxGridX, kMaxGridYZ, kMaxGridYZ});
  // Under the versioning condition `gridX <= maxGridX` (unsigned), which
  // also bounds the i32 it was cast from.
  if (maxGridX < kMaxGridX)
    limitSize(blockLoop.getUpperBound()[0], maxGridX);
  blockLoop.walk([&](scf::ParallelOp loop) {
    if (isThreadLoop(loop))
      limitLoop(loop, kBlockDimArg, {kMaxBlockXY, kMaxBlockXY, kMaxBlockZ});
  });
  return limits;
}

/// Whether a thread loop of `blockLoop` runs over a block size that the
/// launcher receives at run time.
bool hasRuntimeBlockSize(scf::ParallelOp blockLoop) {
  bool runtime = false;
  blockLoop.walk([&](scf::ParallelOp loop) {
    if (!isThreadLoop(loop))
      return;
    for (auto [d, ub] : llvm::enumerate(loop.getUpperBound()))
      runtime |= isLauncherArgument(ub, kBlockDimArg + d);
  });
  return runtime;
}

/// The most threads along x that `blockLoop`'s thread loops run (narrowed
/// loops run fewer), by `oracle`'s ranges.
int64_t maxThreadsX(scf::ParallelOp blockLoop, const LaunchRanges &oracle) {
  int64_t threads = 1;
  blockLoop.walk([&](scf::ParallelOp loop) {
    if (isThreadLoop(loop))
      threads = std::max<int64_t>(
          threads, oracle.get(loop.getUpperBound()[0]).smax().getSExtValue());
  });
  return std::min(threads, kMaxBlockXY);
}

void addFlags(Operation *op, Flags flags) {
  auto iface = cast<arith::ArithIntegerOverflowFlagsInterface>(op);
  Flags merged = iface.getOverflowAttr().getValue() | flags;
  op->setAttr(iface.getIntegerOverflowAttrName(),
              arith::IntegerOverflowFlagsAttr::get(op->getContext(), merged));
}

/// Adds the flags the launch limits prove to the ops of `blockLoop`, and
/// versions it on the grid's size along x where that proves more.
void inferFlags(scf::ParallelOp blockLoop, bool remarks) {
  SmallVector<Operation *> ops = unflaggedArithmetic(blockLoop);
  if (ops.empty())
    return;
  Operation *function = blockLoop->getParentOfType<FunctionOpInterface>();
  if (!function)
    return;
  LaunchRanges anyGrid(function, launchLimits(blockLoop, kMaxGridX));
  SmallVector<Flags> anyGridFlags;
  for (Operation *op : ops)
    anyGridFlags.push_back(provableFlags(op, anyGrid));

  int64_t threadsX = maxThreadsX(blockLoop, anyGrid);
  int64_t boundX = kVersionedThreadsX / threadsX;
  Value gridX = blockLoop.getUpperBound()[0];
  // Where the launches in the file all write one block size, block-size
  // specialization made a copy for it; the loop with a run-time block size
  // runs only for other sizes, and a second copy of it would only cost
  // compile time.
  auto func = blockLoop->getParentOfType<FunctionOpInterface>();
  bool generic = func && func->hasAttr(kLaunchBlockAttr) &&
                 hasRuntimeBlockSize(blockLoop);
  bool mayVersion = !generic && blockLoop.getNumResults() == 0 &&
                    anyGrid.get(gridX).smax().sgt(boundX) &&
                    !blockLoop->getParentOfType<scf::ParallelOp>();
  SmallVector<Flags> smallGridFlags;
  if (mayVersion) {
    LaunchRanges smallGrid(function, launchLimits(blockLoop, boundX));
    for (Operation *op : ops)
      smallGridFlags.push_back(provableFlags(op, smallGrid));
    mayVersion = llvm::any_of(llvm::zip(anyGridFlags, smallGridFlags),
                              [](auto pair) {
                                auto [any, small] = pair;
                                return small != any;
                              });
  }

  if (mayVersion) {
    OpBuilder b(blockLoop);
    Location loc = blockLoop.getLoc();
    Value bound = arith::ConstantIndexOp::create(b, loc, boundX);
    Value small = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                        gridX, bound);
    // Parallel LICM's per-worker memos in front of the loop stay shared by
    // both versions; the OpenMP lowering gives each region its own.
    IRMapping mapping;
    Operation *copy = versionOn(b, loc, blockLoop, small, mapping);
    copy->getParentOp()->setAttr(kRareFallbackAttr, b.getUnitAttr());
    for (auto [op, flags] : llvm::zip(ops, smallGridFlags))
      addFlags(mapping.lookup(op), flags);
    if (remarks)
      blockLoop.emitRemark()
          << "cucpu: block loop versioned for grids of at most " << boundX
          << " blocks along x (index arithmetic without wrap)";
  }
  for (auto [op, flags] : llvm::zip(ops, anyGridFlags))
    addFlags(op, flags);
}

struct InferIndexOverflowFlagsPass
    : public cucpu::impl::InferIndexOverflowFlagsBase<
          InferIndexOverflowFlagsPass> {
  using InferIndexOverflowFlagsBase::InferIndexOverflowFlagsBase;

  void runOnOperation() override {
    SmallVector<scf::ParallelOp> blockLoops;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (isBlockLoop(loop))
        blockLoops.push_back(loop);
    });
    for (scf::ParallelOp loop : blockLoops)
      inferFlags(loop, remarks);
  }
};

} // namespace
