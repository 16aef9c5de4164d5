//===- InterleaveSpinLoops.cpp - Progress for threads that wait on others -===//
//
// A GPU runs a block's threads, and the blocks of a grid that fits the
// device, at the same time: a thread may loop until another thread writes a
// flag (`while (atomicAdd(&flag[s], 0) == 0);`), or sweep over its work until
// the others' results let it finish (`do { ... } while (missing);` over
// `volatile` state). A thread loop runs one thread to its next barrier before
// the next thread starts, and the worker runs one block after another, so
// such a thread waits for a thread that never runs.
//
// A spin loop here is an `scf.while` in a thread loop whose exit condition
// depends on a value read from memory that other threads write: a volatile
// or atomic load, or an atomic read-modify-write that leaves the memory as it
// was (`atomicAdd(p, 0)`, `atomicOr(p, 0)`, `atomicCAS(p, v, v)`). The value
// may reach the condition through arithmetic, through the results and
// conditions of `scf.if`s and loops, and through the thread's own locals.
// A retry loop around an `atomicCAS` that changes memory is no spin loop: it
// ends by its own write.
//
// Each spin loop gets, at the start of each iteration, a barrier marked
// `cucpu.progress` (a block's threads take turns per iteration, as lanes
// that run at once would see each other's writes), unless a __syncthreads
// in it already makes them take turns. When the memory a spin loop reads is
// not the block's shared memory, the blocks wait on each other: the loop
// also calls the runtime's `__cucpu_spin_wait` (which yields the processor
// now and then to the threads that run other blocks), the launcher is
// marked `cucpu.concurrent_blocks`, and the OpenMP lowering runs each of its
// blocks on a thread of its own.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "transforms/MemoryAccess.h"
#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

namespace cucpu {
#define GEN_PASS_DEF_INTERLEAVESPINLOOPS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// Values a condition's slice visits at most: a bound on compile time in
/// loops with large bodies. A slice cut short finds no spin (the loop keeps
/// its old behaviour).
constexpr unsigned kMaxSliceValues = 4000;

/// Whether an atomic read-modify-write stores back what it read.
bool leavesMemoryUnchanged(LLVM::AtomicRMWOp rmw) {
  APInt c;
  if (!matchPattern(rmw.getVal(), m_ConstantInt(&c)))
    return false;
  switch (rmw.getBinOp()) {
  case LLVM::AtomicBinOp::add:
  case LLVM::AtomicBinOp::sub:
  case LLVM::AtomicBinOp::_or:
  case LLVM::AtomicBinOp::_xor:
  case LLVM::AtomicBinOp::umax:
    return c.isZero();
  case LLVM::AtomicBinOp::_and:
  case LLVM::AtomicBinOp::umin:
    return c.isAllOnes();
  case LLVM::AtomicBinOp::max:
    return c.isMinSignedValue();
  case LLVM::AtomicBinOp::min:
    return c.isMaxSignedValue();
  default:
    return false;
  }
}

/// The address through which `op` reads memory other threads write, or null.
Value sharedRead(Operation *op) {
  if (auto load = dyn_cast<LLVM::LoadOp>(op))
    return isPlainAccess(load) ? Value() : load.getAddr();
  if (auto rmw = dyn_cast<LLVM::AtomicRMWOp>(op))
    return leavesMemoryUnchanged(rmw) ? rmw.getPtr() : Value();
  if (auto cas = dyn_cast<LLVM::AtomicCmpXchgOp>(op))
    return cas.getCmp() == cas.getVal() ? cas.getPtr() : Value();
  return {};
}

/// Whether `addr` points into a thread's own memory: an allocation inside
/// the thread loop.
bool isPrivate(Value addr, Operation *threadLoop) {
  auto alloca = rootObject(addr).getDefiningOp<LLVM::AllocaOp>();
  return alloca && threadLoop->isAncestor(alloca);
}

/// Appends the operands of `op` and of its regions' terminators: what its
/// results and block arguments are computed from, its conditions included.
void addInputs(Operation *op, SmallVectorImpl<Value> &worklist) {
  llvm::append_range(worklist, op->getOperands());
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
        llvm::append_range(worklist, block.back().getOperands());
}

/// The reads of other threads' writes that the exit condition of `loop`
/// depends on (their addresses), or none.
SmallVector<Value> waitedOnReads(scf::WhileOp loop, Operation *threadLoop) {
  SmallVector<Value> reads;
  SmallVector<Value> worklist = {loop.getConditionOp().getCondition()};
  llvm::SmallPtrSet<Value, 32> seen;
  llvm::SmallPtrSet<Operation *, 8> localsSeen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (seen.size() > kMaxSliceValues)
      return {};
    Operation *def = v.getDefiningOp();
    if (!def) {
      // An iteration argument or induction variable of a region inside the
      // loop (or of the loop itself): its initial and yielded values.
      Operation *owner = v.getParentBlock()->getParentOp();
      if (loop->isAncestor(owner))
        addInputs(owner, worklist);
      continue;
    }
    if (!loop->isAncestor(def))
      continue;
    if (Value addr = sharedRead(def)) {
      reads.push_back(addr);
      continue;
    }
    // A thread's local in memory: what any store in the loop put there, and
    // the conditions under which it did.
    if (auto load = dyn_cast<LLVM::LoadOp>(def)) {
      Value root = rootObject(load.getAddr());
      if (!isPrivate(root, threadLoop) ||
          !localsSeen.insert(root.getDefiningOp()).second)
        continue;
      loop->walk([&](LLVM::StoreOp store) {
        if (rootObject(store.getAddr()) != root)
          return;
        worklist.push_back(store.getValue());
        for (Operation *p = store->getParentOp(); p != loop.getOperation();
             p = p->getParentOp())
          llvm::append_range(worklist, p->getOperands());
      });
      continue;
    }
    // A value of a region (an scf.if's result) is computed from its
    // condition and what its branches yield.
    addInputs(def, worklist);
  }
  return reads;
}

struct InterleaveSpinLoopsPass
    : public cucpu::impl::InterleaveSpinLoopsBase<InterleaveSpinLoopsPass> {
  using InterleaveSpinLoopsBase::InterleaveSpinLoopsBase;

  void runOnOperation() override {
    // A module pass: the first spin loop declares the runtime's function.
    getOperation().walk([&](func::FuncOp func) { runOnFunction(func); });
  }

  void runOnFunction(func::FuncOp func) {
    bool acrossBlocks = false;
    func.walk([&](scf::ParallelOp threadLoop) {
      if (!isThreadLoop(threadLoop))
        return;
      SmallVector<scf::WhileOp> loops;
      threadLoop.walk([&](scf::WhileOp loop) { loops.push_back(loop); });
      for (scf::WhileOp loop : loops) {
        SmallVector<Value> reads = waitedOnReads(loop, threadLoop);
        if (reads.empty())
          continue;
        bool global = llvm::any_of(reads, [&](Value addr) {
          return !blockSharedObject(addr, threadLoop) &&
                 !isPrivate(addr, threadLoop);
        });
        acrossBlocks |= global;
        bool synchronized = hasBlockBarrier(loop);
        interleave(loop, threadLoop, /*turns=*/!synchronized, /*yield=*/global);
        if (remarks)
          loop.emitRemark()
              << "cucpu: threads wait on "
              << (global ? "other blocks" : "their block") << " in this loop; "
              << (synchronized ? "its __syncthreads lets them take turns"
                               : "they take turns per iteration");
      }
    });
    if (acrossBlocks)
      func->setAttr(kConcurrentBlocksAttr, UnitAttr::get(func.getContext()));
  }

  /// Whether `loop` holds a barrier of the program's (not one the lock-step
  /// emulation added): CUDA requires every thread to reach it, so the
  /// block's threads already take turns at it.
  static bool hasBlockBarrier(scf::WhileOp loop) {
    return loop
        ->walk([](simt::BarrierOp barrier) {
          return barrier->hasAttr(kLockstepAttr) ||
                         barrier->hasAttr(kProgressAttr)
                     ? WalkResult::advance()
                     : WalkResult::interrupt();
        })
        .wasInterrupted();
  }

  /// Puts at the start of each iteration of `loop` a progress barrier
  /// (`turns`) and a call that lets other blocks' workers run (`yield`).
  void interleave(scf::WhileOp loop, scf::ParallelOp threadLoop, bool turns,
                  bool yield) {
    ModuleOp module = getOperation();
    OpBuilder b(loop.getContext());
    b.setInsertionPointToStart(&loop.getBefore().front());
    if (turns) {
      auto barrier = simt::BarrierOp::create(b, loop.getLoc(),
                                             threadLoop.getInductionVars());
      barrier->setAttr(kProgressAttr, b.getUnitAttr());
    }
    if (!yield)
      return;
    if (!module.lookupSymbol(kSpinWaitFunction)) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(module.getBody());
      LLVM::LLVMFuncOp::create(
          b, module.getLoc(), kSpinWaitFunction,
          LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(b.getContext()),
                                      {}));
    }
    LLVM::CallOp::create(b, loop.getLoc(), TypeRange{}, kSpinWaitFunction,
                         ValueRange{});
  }
};

} // namespace
