//===- SerializeThreadLoops.cpp - Thread loops become serial loops --------===//

#include "dialect/SIMTDialect.h"
#include "transforms/LastWriterStores.h"
#include "transforms/MemoryAccess.h"
#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace cucpu {
#define GEN_PASS_DEF_SERIALIZETHREADLOOPS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// Whether `op` accesses memory through a memo of parallel LICM: there one
/// thread deliberately passes a value to the next.
bool accessesMemo(Operation *op) {
  for (Value operand : op->getOperands()) {
    if (!isa<LLVM::LLVMPointerType>(operand.getType()))
      continue;
    while (auto gep = operand.getDefiningOp<LLVM::GEPOp>())
      operand = gep.getBase();
    if (auto alloca = operand.getDefiningOp<LLVM::AllocaOp>())
      if (alloca->hasAttr(kMemoAttr))
        return true;
  }
  return false;
}

/// Whether `op` accesses a local variable of the threads of `loop`: an
/// alloca inside the loop. Its storage is private to one thread only while
/// the alloca runs once per iteration; once it is hoisted out of the serial
/// loop (HoistLocalsToParallelRegion, LLVM's own passes) every thread reuses
/// the same slot, so such accesses do depend on one another.
bool accessesThreadLocal(Operation *op, scf::ForOp loop) {
  for (Value operand : op->getOperands()) {
    if (!isa<LLVM::LLVMPointerType>(operand.getType()))
      continue;
    SmallVector<Value> worklist = {operand};
    while (!worklist.empty()) {
      Value addr = worklist.pop_back_val();
      if (auto gep = addr.getDefiningOp<LLVM::GEPOp>()) {
        worklist.push_back(gep.getBase());
      } else if (auto select = addr.getDefiningOp<LLVM::SelectOp>()) {
        worklist.push_back(select.getTrueValue());
        worklist.push_back(select.getFalseValue());
      } else if (auto select = addr.getDefiningOp<arith::SelectOp>()) {
        worklist.push_back(select.getTrueValue());
        worklist.push_back(select.getFalseValue());
      } else if (auto alloca = addr.getDefiningOp<LLVM::AllocaOp>()) {
        if (loop->isAncestor(alloca))
          return true;
      } else if (auto arg = dyn_cast<BlockArgument>(addr)) {
        // A pointer carried through a loop or region of the body may be a
        // local's: do not claim independence for it.
        if (loop->isAncestor(arg.getOwner()->getParentOp()) &&
            arg.getOwner()->getParentOp() != loop.getOperation())
          return true;
      }
    }
  }
  return false;
}

/// Tells LLVM that the iterations of `loops` (a block's threads, now serial)
/// do not depend on one another through the plain loads and stores of their
/// body: between two barriers, threads that touch the same memory without an
/// atomic race in CUDA. With this LLVM vectorizes across threads without
/// runtime checks for overlapping pointers.
///
/// `demoted` holds the loads and stores that replaced atomics on block memory:
/// threads do share those addresses (a histogram bin, a block's counter), so
/// the read-modify-writes of different iterations depend on one another.
void markParallelAccesses(ArrayRef<scf::ForOp> loops,
                          const llvm::SmallPtrSetImpl<Operation *> &demoted) {
  scf::ForOp outermost = loops.front();
  MLIRContext *ctx = outermost.getContext();
  auto group = LLVM::AccessGroupAttr::get(ctx);
  outermost.walk([&](Operation *op) {
    auto access = dyn_cast<LLVM::AccessGroupOpInterface>(op);
    if (!access || isa<LLVM::AtomicRMWOp, LLVM::AtomicCmpXchgOp>(op) ||
        demoted.contains(op) || accessesMemo(op) ||
        accessesThreadLocal(op, outermost))
      return;
    if (auto load = dyn_cast<LLVM::LoadOp>(op))
      if (!isPlainAccess(load))
        return;
    if (auto store = dyn_cast<LLVM::StoreOp>(op))
      if (!isPlainAccess(store))
        return;
    // A thread loop nested in this one (block coarsening's x loop inside
    // its rows) marked its accesses already: they keep that group too.
    SmallVector<Attribute> merged;
    if (ArrayAttr existing = access.getAccessGroupsOrNull())
      llvm::append_range(merged, existing);
    merged.push_back(group);
    access.setAccessGroups(ArrayAttr::get(ctx, merged));
  });
  auto annotation = LLVM::LoopAnnotationAttr::get(
      ctx, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {group});
  for (scf::ForOp loop : loops)
    loop->setAttr(kLoopAnnotationAttr, annotation);
}

/// Whether `loop` has no loop inside it: only such a loop is vectorized.
bool isInnermost(scf::ForOp loop) {
  return !loop.getBody()
              ->walk([](LoopLikeOpInterface) { return WalkResult::interrupt(); })
              .wasInterrupted();
}

/// Asks LLVM not to unroll `loop` and, with `noVectorize`, not to vectorize
/// it either; the loop keeps its parallel accesses.
void disableLoopTransforms(scf::ForOp loop, bool noVectorize) {
  MLIRContext *ctx = loop.getContext();
  auto existing = dyn_cast_or_null<LLVM::LoopAnnotationAttr>(
      loop->getAttr(kLoopAnnotationAttr));
  auto disabled = BoolAttr::get(ctx, true);
  LLVM::LoopVectorizeAttr vectorize;
  if (noVectorize)
    vectorize =
        LLVM::LoopVectorizeAttr::get(ctx, disabled, {}, {}, {}, {}, {}, {});
  auto unroll =
      LLVM::LoopUnrollAttr::get(ctx, disabled, {}, {}, {}, {}, {}, {});
  ArrayRef<LLVM::AccessGroupAttr> groups;
  if (existing)
    groups = existing.getParallelAccesses();
  loop->setAttr(kLoopAnnotationAttr,
                LLVM::LoopAnnotationAttr::get(ctx, {}, vectorize, {}, unroll,
                                              {}, {}, {}, {}, {}, {}, {}, {},
                                              {}, {}, groups));
}

/// Asks LLVM not to unroll `loop`, the innermost serial thread loop of a
/// kernel launched with short rows. A block of 16 threads along x is a loop
/// of 16 iterations, which LLVM's full unrolling would turn into
/// straight-line code before the loop vectorizer sees it; the SLP vectorizer
/// then leaves the guarded (per-thread) stores scalar. Rolled, the loop
/// vectorizes with masked stores for the guard. Longer rows are left to
/// LLVM: there the unroller's work on the vectorized loop pays (kmeans,
/// streamcluster and b+tree were slower with every loop rolled).
void keepRolled(scf::ForOp loop) {
  disableLoopTransforms(loop, /*noVectorize=*/false);
}

/// Asks LLVM neither to vectorize nor to unroll `loop`: a loop that rarely
/// runs is compiled for size. Each vectorized loop is three loops for LLVM
/// (the vector loop, its vector epilogue and the scalar remainder), so in
/// kernels made of many thread loops (a sorting network's hundreds of warp
/// exchanges) the fallbacks' share of the compile time is most of it.
void compileForSize(scf::ForOp loop) {
  disableLoopTransforms(loop, /*noVectorize=*/true);
}

/// The new value of an atomic read-modify-write, computed without atomicity;
/// null for operations left atomic.
Value applyAtomicOp(OpBuilder &b, Location loc, LLVM::AtomicBinOp kind,
                    Value old, Value val) {
  using K = LLVM::AtomicBinOp;
  Type type = old.getType();
  switch (kind) {
  case K::xchg:
    return val;
  case K::add:
    return arith::AddIOp::create(b, loc, old, val);
  case K::sub:
    return arith::SubIOp::create(b, loc, old, val);
  case K::_and:
    return arith::AndIOp::create(b, loc, old, val);
  case K::_or:
    return arith::OrIOp::create(b, loc, old, val);
  case K::_xor:
    return arith::XOrIOp::create(b, loc, old, val);
  case K::max:
    return arith::MaxSIOp::create(b, loc, old, val);
  case K::min:
    return arith::MinSIOp::create(b, loc, old, val);
  case K::umax:
    return arith::MaxUIOp::create(b, loc, old, val);
  case K::umin:
    return arith::MinUIOp::create(b, loc, old, val);
  case K::fadd:
    return arith::AddFOp::create(b, loc, old, val);
  case K::fsub:
    return arith::SubFOp::create(b, loc, old, val);
  case K::fmax:
    return arith::MaxNumFOp::create(b, loc, old, val);
  case K::fmin:
    return arith::MinNumFOp::create(b, loc, old, val);
  case K::uinc_wrap: {
    // old >= val ? 0 : old + 1
    Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0));
    Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 1));
    Value wraps =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, old, val);
    return arith::SelectOp::create(b, loc, wraps, zero,
                                   arith::AddIOp::create(b, loc, old, one));
  }
  case K::udec_wrap: {
    // old == 0 || old > val ? val : old - 1
    Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0));
    Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 1));
    Value isZero =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old, zero);
    Value above =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, old, val);
    Value wraps = arith::OrIOp::create(b, loc, isZero, above);
    return arith::SelectOp::create(b, loc, wraps, val,
                                   arith::SubIOp::create(b, loc, old, one));
  }
  default:
    return {};
  }
}

/// Whether `addr` points into memory of one block: an allocation inside the
/// block loop (the block's shared memory or a thread's local).
bool isBlockMemory(Value addr, Operation *blockLoop) {
  while (auto gep = addr.getDefiningOp<LLVM::GEPOp>())
    addr = gep.getBase();
  auto alloca = addr.getDefiningOp<LLVM::AllocaOp>();
  return alloca && blockLoop->isAncestor(alloca);
}

/// With a block's threads serialized on one CPU thread, no other CPU thread
/// can reach the block's shared memory: atomics on it become plain
/// read-modify-writes (an atomicAdd to a shared histogram costs a lock
/// prefix or a compare-exchange loop otherwise). The loads and stores that
/// replace them are added to `demoted`.
void demoteBlockAtomics(scf::ParallelOp threadLoop,
                        llvm::SmallPtrSetImpl<Operation *> &demoted) {
  Operation *blockLoop = threadLoop->getParentOp();
  while (blockLoop && !isa<scf::ParallelOp>(blockLoop))
    blockLoop = blockLoop->getParentOp();
  if (!blockLoop)
    return;
  SmallVector<Operation *> atomics;
  threadLoop.walk([&](Operation *op) {
    if (auto rmw = dyn_cast<LLVM::AtomicRMWOp>(op)) {
      if (!rmw.getVolatile_() && isBlockMemory(rmw.getPtr(), blockLoop))
        atomics.push_back(op);
    } else if (auto cas = dyn_cast<LLVM::AtomicCmpXchgOp>(op)) {
      if (!cas.getVolatile_() && isBlockMemory(cas.getPtr(), blockLoop))
        atomics.push_back(op);
    }
  });
  for (Operation *op : atomics) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    if (auto rmw = dyn_cast<LLVM::AtomicRMWOp>(op)) {
      Type type = rmw.getVal().getType();
      Value old = LLVM::LoadOp::create(b, loc, type, rmw.getPtr());
      Value updated =
          applyAtomicOp(b, loc, rmw.getBinOp(), old, rmw.getVal());
      if (!updated) {
        old.getDefiningOp()->erase();
        continue;
      }
      demoted.insert(old.getDefiningOp());
      demoted.insert(LLVM::StoreOp::create(b, loc, updated, rmw.getPtr()));
      rmw.replaceAllUsesWith(old);
      rmw.erase();
      continue;
    }
    auto cas = cast<LLVM::AtomicCmpXchgOp>(op);
    Type type = cas.getVal().getType();
    Value old = LLVM::LoadOp::create(b, loc, type, cas.getPtr());
    demoted.insert(old.getDefiningOp());
    Value equal = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, old,
                                       cas.getCmp());
    Value stored = LLVM::SelectOp::create(b, loc, equal, cas.getVal(), old);
    demoted.insert(LLVM::StoreOp::create(b, loc, stored, cas.getPtr()));
    Value result = LLVM::UndefOp::create(b, loc, cas.getType());
    result = LLVM::InsertValueOp::create(b, loc, result, old, ArrayRef<int64_t>{0});
    result = LLVM::InsertValueOp::create(b, loc, result, equal, ArrayRef<int64_t>{1});
    cas.replaceAllUsesWith(result);
    cas.erase();
  }
}

/// Whether dimension `d` of `loop` has exactly one iteration (a block of one
/// thread along z, the single thread of a barrier's uniform condition).
bool isSingleIteration(scf::ParallelOp loop, unsigned d) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()[d]);
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[d]);
  std::optional<int64_t> step = getConstantIntValue(loop.getStep()[d]);
  return lb && ub && step && *step > 0 && *ub > *lb && *ub - *lb <= *step;
}

/// Replaces `loop` by a nest of scf.for, the last dimension outermost, so that
/// the first dimension (x) varies fastest as consecutive threads do on a GPU.
/// A dimension of one iteration gets no loop: its index is the lower bound
/// (LLVM would otherwise have to unroll it, and the innermost loop is kept
/// rolled). Returns the loops, outermost first.
SmallVector<scf::ForOp> serializeLoop(IRRewriter &rewriter,
                                      scf::ParallelOp loop) {
  SmallVector<scf::ForOp> loops;
  rewriter.setInsertionPoint(loop);
  Location loc = loop.getLoc();
  unsigned rank = loop.getNumLoops();
  SmallVector<Value> ivs(rank);
  for (unsigned i = 0; i < rank; ++i) {
    unsigned d = rank - 1 - i;
    if (isSingleIteration(loop, d)) {
      ivs[d] = loop.getLowerBound()[d];
      continue;
    }
    auto forOp = scf::ForOp::create(rewriter, loc, loop.getLowerBound()[d],
                                    loop.getUpperBound()[d], loop.getStep()[d]);
    ivs[d] = forOp.getInductionVar();
    loops.push_back(forOp);
    rewriter.setInsertionPoint(forOp.getBody()->getTerminator());
  }
  rewriter.eraseOp(loop.getBody()->getTerminator());
  rewriter.inlineBlockBefore(loop.getBody(), rewriter.getInsertionBlock(),
                             rewriter.getInsertionPoint(), ivs);
  rewriter.eraseOp(loop);
  return loops;
}

/// Whether every operation of `loop`'s body is a plain store of a value from
/// outside the loop to an address from outside it: every thread then writes
/// the same bytes (barrier lowering's store of a counter into a uniform
/// local's one slot), and the last thread's stores leave what the first's do.
/// A body of plain stores and pure operations first has its invariant
/// operations moved out of the loop (the counter's `s + 1`): the answer is
/// about the loop after that.
bool hoistToInvariantStores(scf::ParallelOp loop) {
  Block *body = loop.getBody();
  auto isStore = [](Operation &op) {
    auto store = dyn_cast<LLVM::StoreOp>(op);
    return store && isPlainAccess(store);
  };
  if (!llvm::any_of(body->without_terminator(), isStore) ||
      !llvm::all_of(body->without_terminator(), [&](Operation &op) {
        return isStore(op) || isPure(&op);
      }))
    return false;
  moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
  return llvm::all_of(body->without_terminator(), [&](Operation &op) {
    auto store = dyn_cast<LLVM::StoreOp>(op);
    return store && loop.isDefinedOutsideOfLoop(store.getValue()) &&
           loop.isDefinedOutsideOfLoop(store.getAddr());
  });
}

/// Replaces a thread loop of invariant stores by the stores, run once when
/// the loop has an iteration. LLVM keeps such a loop when it must not unroll
/// it: the value left by the last iteration is a loop-carried phi to it.
void storeOnce(IRRewriter &rewriter, scf::ParallelOp loop) {
  rewriter.setInsertionPoint(loop);
  Location loc = loop.getLoc();
  Value nonEmpty = hasIterations(rewriter, loc, loop.getLowerBound(),
                                 loop.getUpperBound());
  auto once = scf::IfOp::create(rewriter, loc, nonEmpty,
                                /*withElseRegion=*/false);
  rewriter.eraseOp(loop.getBody()->getTerminator());
  rewriter.inlineBlockBefore(loop.getBody(), once.thenBlock()->getTerminator(),
                             loop.getLowerBound());
  rewriter.eraseOp(loop);
}

/// Reverses the dimensions of a block loop, so that once OpenMP collapses it,
/// x varies fastest: GPU code maps blockIdx.x to the contiguous dimension of
/// its data, and neighbouring blocks then run one after another on a worker.
void reverseDimensions(IRRewriter &rewriter, scf::ParallelOp loop) {
  unsigned rank = loop.getNumLoops();
  if (rank < 2)
    return;
  auto reversed = [](ValueRange values) {
    return llvm::to_vector(llvm::reverse(values));
  };
  rewriter.setInsertionPoint(loop);
  auto newLoop = scf::ParallelOp::create(
      rewriter, loop.getLoc(), reversed(loop.getLowerBound()),
      reversed(loop.getUpperBound()), reversed(loop.getStep()));
  newLoop->setAttrs(loop->getAttrs());
  Block *newBody = newLoop.getBody();
  rewriter.eraseOp(newBody->getTerminator());
  SmallVector<Value> ivs = reversed(newLoop.getInductionVars());
  rewriter.mergeBlocks(loop.getBody(), newBody, ivs);
  rewriter.eraseOp(loop);
}

/// Moves the allocas at the start of a block loop's body (shared memory and
/// per-thread buffers, sized by values from outside the loop) in front of
/// it: blocks that run one after another can reuse one copy.
void hoistBlockStorage(IRRewriter &rewriter, scf::ParallelOp blockLoop) {
  for (Operation &op :
       llvm::make_early_inc_range(blockLoop.getBody()->without_terminator())) {
    auto alloca = dyn_cast<LLVM::AllocaOp>(op);
    if (!alloca)
      continue;
    Value size = alloca.getArraySize();
    if (blockLoop->isAncestor(size.getParentRegion()->getParentOp())) {
      Operation *def = size.getDefiningOp();
      if (!def || def->getNumOperands() != 0 || def->getBlock() != op.getBlock())
        continue;
      rewriter.moveOpBefore(def, blockLoop);
    }
    rewriter.moveOpBefore(alloca, blockLoop);
  }
}

struct SerializeThreadLoopsPass
    : public cucpu::impl::SerializeThreadLoopsBase<SerializeThreadLoopsPass> {
  using SerializeThreadLoopsBase::SerializeThreadLoopsBase;

  void runOnOperation() override {
    if (serialize != "threads" && serialize != "blocks") {
      getOperation().emitError("unknown serialize mode '")
          << serialize << "' (threads or blocks)";
      return signalPassFailure();
    }
    SmallVector<scf::ParallelOp> threadLoops, blockLoops;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (loop.getNumResults() != 0)
        return;
      if (loop->getParentOfType<scf::ParallelOp>())
        threadLoops.push_back(loop);
      else
        blockLoops.push_back(loop);
    });
    bool failed = false;
    for (scf::ParallelOp loop : threadLoops) {
      loop.walk([&](simt::BarrierOp barrier) {
        barrier.emitError("__syncthreads() is not supported yet: barrier "
                          "lowering is not implemented");
        failed = true;
      });
    }
    if (failed)
      return signalPassFailure();
    IRRewriter rewriter(&getContext());
    if (serialize == "threads") {
      // The walk is post-order: inner loops come before the loops around
      // them.
      for (scf::ParallelOp loop : threadLoops) {
        if (hoistToInvariantStores(loop)) {
          storeOnce(rewriter, loop);
          continue;
        }
        llvm::SmallPtrSet<Operation *, 8> demoted;
        demoteBlockAtomics(loop, demoted);
        if (remarks)
          loop.emitRemark() << "cucpu: thread loop serialized inside the "
                               "parallel loop over blocks"
                            << (parallelAccesses ? " (threads marked "
                                                   "independent for "
                                                   "vectorization)"
                                                 : "");
        SmallVector<scf::ForOp> loops = serializeLoop(rewriter, loop);
        if (parallelAccesses && !loops.empty())
          markParallelAccesses(loops, demoted);
        if (!loops.empty() && isInnermost(loops.back()) &&
            launchedWithShortRows(loops.back(), rolledRowsUpTo))
          keepRolled(loops.back());
        if (!loops.empty() && inRareFallback(loops.front()))
          for (scf::ForOp serial : loops)
            compileForSize(serial);
        // After the marking: the search's slot carries a value from one
        // thread to the next.
        if (lastWriterStores && !loops.empty())
          if (unsigned moved = sinkLastWriterStores(rewriter, loops);
              moved && remarks)
            loops.front().emitRemark()
                << "cucpu: " << moved
                << " guarded store(s) to block-uniform addresses run once, "
                   "for the last thread whose guard holds";
      }
      for (scf::ParallelOp loop : blockLoops)
        reverseDimensions(rewriter, loop);
      return;
    }
    // Blocks in turn, each block's threads in parallel.
    for (scf::ParallelOp loop : threadLoops)
      reverseDimensions(rewriter, loop);
    for (scf::ParallelOp loop : blockLoops) {
      if (remarks)
        loop.emitRemark() << "cucpu: block loop serialized (blocks in turn, "
                             "each block's threads in parallel)";
      hoistBlockStorage(rewriter, loop);
      serializeLoop(rewriter, loop);
    }
  }
};

} // namespace
