//===- CoarsenBlocks.cpp - Neighbouring blocks run each phase together ----===//
//
// A GPU kernel tiled in two dimensions (16x16 blocks) touches, per block and
// per phase between barriers, 16 short row segments of each array: 64 bytes
// each, with rows thousands of bytes apart. Run block after block on a CPU
// core, those segments defeat the hardware prefetchers, and with a row
// length that is a power of two they fall into the same cache sets. A CPU
// programmer would sweep whole rows instead.
//
// Blocks are independent between the start and the end of the kernel, and
// their phases (the thread loops that barrier lowering left) may interleave
// in any way that keeps each block's phases in order. So a worker may take
// C neighbouring blocks along x and run each phase for all of them together.
// A phase that sweeps rows runs the group's blocks between its y and x
// loops; the others run block after block:
//
//   blocks (bx, by) { shared s; threads (tx, ty) { W(bx, tx, ty, s) } ... }
//   ->
//   blocks (bo, by) { shared s[C];
//     threads (ty) { for b < min(C, gx - bo * C) {
//       bx = bo * C + b; threads (tx) { W(bx, tx, ty, s[b]) } } } ... }
//
// Serialized, row ty of the C blocks is one sweep. Each block keeps its own
// copy of shared memory.
//
// It pays only when the x loops of a group are short loops of known length
// (LLVM vectorizes a loop of at most 16 iterations badly when it cannot see
// the bound). The block size comes from the launches: the frontend records
// on the launcher the size every launch in the file writes with constants
// (`dim3 block(16, 16)`), and the coarsened copy, with that size as
// constants, runs under a check of the launch's size; other sizes run the
// original loop.
//
// The block loop's body must consist of shared allocations of constant
// size, operations without effects and thread loops with one block size:
// values that a thread loop computes for a later one (per-thread buffers)
// and parallel-LICM memos are left alone. The thread loops may also sit in
// loops and branches of the block (hotspot's loop over steps, with barriers
// inside) that take the same path in every block: their bounds and
// conditions come from values before the block loop and from the block-level
// locals that barrier lowering keeps for a loop counter or a condition's
// flag, when every store to those writes such a value too. Such a loop runs
// once for the group, each thread loop in it per member, and the locals stay
// one for the group: a member's copy of a store writes what the first wrote.
// The block loop must also sweep rows: some access runs along x and scales
// a row index from y by a pitch known only at run time (`a[i * n + j]`), and
// none scales the block's x index with a thread index (`(blockIdx.x * 16 +
// ty) * n + tx`: blocks along x stacked as rows, where grouping them would
// interleave far-apart rows).
//
//===----------------------------------------------------------------------===//

#include "dialect/ThreadAnalysis.h"
#include "transforms/MemoryAccess.h"
#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"

namespace cucpu {
#define GEN_PASS_DEF_COARSENBLOCKS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

bool countsFromZeroByOne(scf::ParallelOp loop) {
  return llvm::all_of(loop.getLowerBound(),
                      [](Value v) { return matchPattern(v, m_Zero()); }) &&
         llvm::all_of(loop.getStep(),
                      [](Value v) { return matchPattern(v, m_One()); });
}

/// How the accesses of a thread loop to memory outside the block lay out
/// over the threads and the blocks along x.
struct RowAccesses {
  /// Some address runs along x and scales a row index that depends on
  /// another thread index by a pitch known only at run time: a tile of
  /// rows of a large array.
  bool sweepsRows = false;
  /// Some address scales a value that depends on the block's x index and
  /// on another thread index (`(blockIdx.x * 16 + ty) * width + tx`): the
  /// blocks along x are stacked rows, not neighbours in a row.
  bool stacksBlocks = false;
};

RowAccesses classifyAccesses(scf::ParallelOp loop, Value blockX,
                             Operation *blockLoop) {
  RowAccesses result;
  SmallVector<Value> ivs(loop.getInductionVars());
  auto dependsOnOtherIndex = [&](Value v) {
    return llvm::any_of(ArrayRef<Value>(ivs).drop_front(),
                        [&](Value iv) { return dependsOn(v, iv, loop); });
  };
  SmallVector<MemoryAccess> accesses;
  collectAccesses(loop, accesses);
  for (const MemoryAccess &access : accesses) {
    if (!access.addr ||
        rootObject(access.addr).getDefiningOp<LLVM::AllocaOp>())
      continue;
    bool alongX = dependsOn(access.addr, ivs[0], loop);
    // The multiplications and shifts on the way to the address.
    SmallVector<Value> worklist = {access.addr};
    llvm::SmallPtrSet<Value, 16> seen;
    while (!worklist.empty()) {
      Value cur = worklist.pop_back_val();
      if (!seen.insert(cur).second)
        continue;
      Operation *def = cur.getDefiningOp();
      if (!def || !blockLoop->isAncestor(def))
        continue;
      if (isa<arith::MulIOp, arith::ShLIOp, LLVM::MulOp, LLVM::ShlOp>(def)) {
        for (Value operand : def->getOperands())
          if (dependsOn(operand, blockX, blockLoop) &&
              dependsOnOtherIndex(operand))
            result.stacksBlocks = true;
        // A row index times a pitch known only at run time (`i * n`): the
        // rows are far apart, and x runs along them.
        Value lhs = def->getOperand(0), rhs = def->getOperand(1);
        for (auto [row, pitch] : {std::pair(lhs, rhs), std::pair(rhs, lhs)})
          if (alongX && dependsOnOtherIndex(row) &&
              !dependsOn(row, ivs[0], loop) &&
              !matchPattern(pitch, m_Constant()) &&
              !dependsOn(pitch, ivs[0], loop) && !dependsOnOtherIndex(pitch))
            result.sweepsRows = true;
      }
      llvm::append_range(worklist, def->getOperands());
    }
  }
  return result;
}

/// The thread loops of `blockLoop`, also those inside the loops and
/// branches of its body, in order.
SmallVector<scf::ParallelOp> threadLoopsOf(scf::ParallelOp blockLoop) {
  SmallVector<scf::ParallelOp> loops;
  blockLoop.getBody()->walk([&](scf::ParallelOp loop) {
    loops.push_back(loop);
    return WalkResult::skip();
  });
  return loops;
}

/// Whether `op` lies in a thread loop of `blockLoop`.
bool inThreadLoop(Operation *op, scf::ParallelOp blockLoop) {
  for (Operation *cur = op->getParentOp(); cur && cur != blockLoop;
       cur = cur->getParentOp())
    if (isa<scf::ParallelOp>(cur))
      return true;
  return false;
}

/// A block-level local that barrier lowering keeps for a value all of a
/// block's threads share (a loop counter around barriers, the flag of a
/// loop's condition): an alloca accessed only as a whole, loaded outside
/// the thread loops. Coarsening keeps one for the group when every store
/// writes a value that is the same for every block (see BlockUniformity):
/// each member's copy of a store then writes what the first wrote.
bool isUniformLocal(LLVM::AllocaOp alloca, scf::ParallelOp blockLoop) {
  for (OpOperand &use : alloca->getUses()) {
    Operation *user = use.getOwner();
    if (auto load = dyn_cast<LLVM::LoadOp>(user)) {
      if (inThreadLoop(load, blockLoop))
        return false;
      continue;
    }
    auto store = dyn_cast<LLVM::StoreOp>(user);
    if (!store || use.getOperandNumber() != store.getAddrMutable()
                                                .getOperandNumber())
      return false;
  }
  return true;
}

/// The values that decide the path through the loop or branch `op`: the
/// bounds of an `scf.for`, the condition of an `scf.if` or of an
/// `scf.while`. None for other operations.
std::optional<SmallVector<Value>> pathValues(Operation *op) {
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return SmallVector<Value>{loop.getLowerBound(), loop.getUpperBound(),
                              loop.getStep()};
  if (auto branch = dyn_cast<scf::IfOp>(op))
    return SmallVector<Value>{branch.getCondition()};
  if (auto loop = dyn_cast<scf::WhileOp>(op))
    return SmallVector<Value>{loop.getConditionOp().getCondition()};
  return std::nullopt;
}

/// Whether `load` reads one of the `uniformLocals`.
bool readsUniformLocal(LLVM::LoadOp load,
                       const llvm::SmallPtrSetImpl<Operation *> &uniformLocals) {
  Operation *root = load.getAddr().getDefiningOp();
  return root && uniformLocals.contains(root);
}

/// What is the same for every block of the launch: what ThreadFactsInLoop
/// over the block loop finds uniform in the grid, when the only loads it
/// trusts are those of uniform locals outside the thread loops. Per thread,
/// it also takes the thread indices as the same in every block (`tx + 1`
/// is, for each thread; `bx + tx` is not).
class BlockUniformity {
public:
  BlockUniformity(scf::ParallelOp blockLoop,
                  const llvm::SmallPtrSetImpl<Operation *> &uniformLocals)
      : inGrid(ThreadFactsInLoop::overBlocks(
            blockLoop, loadRule(blockLoop, uniformLocals))),
        perThread(ThreadFactsInLoop::overBlocks(
            blockLoop, loadRule(blockLoop, uniformLocals))) {
    blockLoop.getBody()->walk([&](scf::ParallelOp threads) {
      for (Value index : threads.getInductionVars())
        perThread.assume(index, ThreadFacts::grid());
    });
  }

  /// Whether `v` is the same for every block.
  bool groupUniform(Value v) { return inGrid.facts(v).isUniformInGrid(); }
  /// Whether `v` is the same in every block for each thread.
  bool sameInEveryBlock(Value v) {
    return perThread.facts(v).isUniformInGrid();
  }

private:
  static LoadRule
  loadRule(scf::ParallelOp blockLoop,
           const llvm::SmallPtrSetImpl<Operation *> &uniformLocals) {
    return [blockLoop, &uniformLocals](LLVM::LoadOp load, const ThreadFacts &) {
      return readsUniformLocal(load, uniformLocals) &&
                     !inThreadLoop(load, blockLoop)
                 ? ThreadFacts::grid()
                 : ThreadFacts::varying();
    };
  }

  ThreadFactsInLoop inGrid;
  ThreadFactsInLoop perThread;
};

/// Whether the loop or branch `op` of the block body can run once for a
/// group: its conditions and bounds are the same for every block, and its
/// regions hold only thread loops, operations without effects, loads of
/// uniform locals and such loops and branches.
bool runsOncePerGroup(Operation *op, scf::ParallelOp blockLoop,
                      const llvm::SmallPtrSetImpl<Operation *> &uniformLocals) {
  // A loop that carries values would need them per member.
  auto forLoop = dyn_cast<scf::ForOp>(op);
  auto whileLoop = dyn_cast<scf::WhileOp>(op);
  if ((forLoop && !forLoop.getInitArgs().empty()) ||
      (whileLoop && !whileLoop.getInits().empty()))
    return false;
  std::optional<SmallVector<Value>> path = pathValues(op);
  BlockUniformity uniformity(blockLoop, uniformLocals);
  if (op->getNumResults() != 0 || !path ||
      !llvm::all_of(*path,
                    [&](Value v) { return uniformity.groupUniform(v); }))
    return false;
  for (Region &region : op->getRegions())
    for (Operation &inner : region.getOps()) {
      if (isa<scf::ParallelOp>(inner) ||
          inner.hasTrait<OpTrait::IsTerminator>())
        continue;
      if (auto load = dyn_cast<LLVM::LoadOp>(inner)) {
        if (readsUniformLocal(load, uniformLocals))
          continue;
        return false;
      }
      if (inner.getNumRegions() != 0) {
        if (!runsOncePerGroup(&inner, blockLoop, uniformLocals))
          return false;
        continue;
      }
      if (!isPure(&inner))
        return false;
    }
  return true;
}

/// Whether `store` runs alike in every block: the conditions and bounds of
/// the branches and loops around it (inside the block loop) are the same in
/// every block for each thread. (`if (blockIdx.x == 0) s = 5;` stores a
/// value that is the same everywhere, but in one block only.)
bool storedAlike(LLVM::StoreOp store, scf::ParallelOp blockLoop,
                 BlockUniformity &uniformity) {
  for (Operation *op = store->getParentOp(); op && op != blockLoop;
       op = op->getParentOp()) {
    if (isa<scf::ParallelOp>(op))
      continue;
    std::optional<SmallVector<Value>> path = pathValues(op);
    if (!path || !llvm::all_of(*path, [&](Value v) {
          return uniformity.sameInEveryBlock(v);
        }))
      return false;
  }
  return true;
}

/// The uniform locals of `blockLoop` (see isUniformLocal) whose stores all
/// write values that are the same for every block, and run alike in every
/// block.
llvm::SmallPtrSet<Operation *, 4> uniformLocalsOf(scf::ParallelOp blockLoop) {
  llvm::SmallPtrSet<Operation *, 4> locals;
  for (auto alloca : blockLoop.getBody()->getOps<LLVM::AllocaOp>())
    if (isUniformLocal(alloca, blockLoop))
      locals.insert(alloca);
  // A local whose stored value depends on another that turns out not to be
  // uniform is not either.
  bool changed = true;
  while (changed) {
    changed = false;
    BlockUniformity uniformity(blockLoop, locals);
    for (Operation *local : llvm::to_vector(locals))
      for (Operation *user : local->getUsers())
        if (auto store = dyn_cast<LLVM::StoreOp>(user))
          if (!uniformity.groupUniform(store.getValue()) ||
              !storedAlike(store, blockLoop, uniformity)) {
            locals.erase(local);
            changed = true;
            break;
          }
  }
  return locals;
}

/// Why `blockLoop` does not have the shape this pass rewrites (see the
/// header), or null when it does. Loops whose blocks use no y index are not
/// 2D tiles; for them the reason is empty.
std::optional<std::string> whyNotCoarsened(scf::ParallelOp blockLoop) {
  if (blockLoop.getNumResults() != 0 || !countsFromZeroByOne(blockLoop))
    return "the block loop yields values or does not count from 0 by 1";
  bool usesY = false, hasThreadLoop = false;
  // The body's departures from the shape, each once, in the order found.
  llvm::SetVector<StringRef> shapeReasons;
  auto shapeReason = [&](StringRef reason) { shapeReasons.insert(reason); };
  llvm::SmallPtrSet<Operation *, 4> uniformLocals = uniformLocalsOf(blockLoop);
  auto checkThreadLoop = [&](scf::ParallelOp loop) {
    if (loop.getNumResults() != 0 || !countsFromZeroByOne(loop))
      shapeReason("a thread loop yields values or does not count from 0 "
                  "by 1");
    hasThreadLoop = true;
    if (loop.getNumLoops() > 1 && !loop.getInductionVars()[1].use_empty())
      usesY = true;
  };
  for (Operation &op : blockLoop.getBody()->without_terminator()) {
    if (uniformLocals.contains(&op))
      continue;
    if (auto load = dyn_cast<LLVM::LoadOp>(op))
      if (readsUniformLocal(load, uniformLocals))
        continue;
    if (auto alloca = dyn_cast<LLVM::AllocaOp>(op)) {
      if (alloca->hasAttr(kPerThreadAttr)) {
        shapeReason("values pass from one phase to the next in per-thread "
                      "buffers");
        continue;
      }
      if (!matchPattern(alloca.getArraySize(), m_Constant()) ||
          !blockLoop.isDefinedOutsideOfLoop(alloca.getArraySize())) {
        shapeReason("its shared memory has a size known only at run time");
        continue;
      }
      // Only the thread loops may use the shared memory.
      for (Operation *user : alloca->getUsers())
        if (user->getBlock() == blockLoop.getBody())
          shapeReason("a block-level variable is used between phases");
      continue;
    }
    if (auto loop = dyn_cast<scf::ParallelOp>(op)) {
      checkThreadLoop(loop);
      continue;
    }
    if (op.getNumRegions() != 0) {
      // A loop over steps around barriers (hotspot's pyramid) runs once for
      // the group when it takes the same path in every block.
      op.walk([&](scf::ParallelOp loop) {
        checkThreadLoop(loop);
        return WalkResult::skip();
      });
      if (!runsOncePerGroup(&op, blockLoop, uniformLocals))
        shapeReason("its phases sit inside a loop or branch whose path may "
                    "differ between blocks");
      continue;
    }
    if (!isPure(&op))
      shapeReason("an operation with effects lies between phases");
  }
  if (!usesY || !hasThreadLoop)
    return std::string();
  if (!shapeReasons.empty())
    return llvm::join(shapeReasons, "; ");
  // Profitable where neighbouring blocks along x continue each other's rows.
  Value blockX = blockLoop.getInductionVars()[0];
  bool sweeps = false;
  for (scf::ParallelOp loop : threadLoopsOf(blockLoop)) {
    RowAccesses rows = classifyAccesses(loop, blockX, blockLoop);
    if (rows.stacksBlocks)
      return "the blocks along x hold far-apart rows";
    sweeps |= rows.sweepsRows;
  }
  if (!sweeps)
    return "no phase sweeps rows of a run-time pitch";
  // Memos hand values from one thread to the next in the serial order,
  // which coarsening changes.
  WalkResult memo = blockLoop.walk([](Operation *op) {
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        if (def->hasAttr(kMemoAttr) || def->hasAttr(kPerWorkerAttr))
          return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (memo.wasInterrupted())
    return "values are memoized across its threads";
  return std::nullopt;
}

/// Rewrites `blockLoop` to run `factor` blocks along x per iteration.
void coarsen(scf::ParallelOp blockLoop, int64_t factor) {
  OpBuilder b(blockLoop);
  Location loc = blockLoop.getLoc();
  Block *body = blockLoop.getBody();
  Value cFactor = arith::ConstantIndexOp::create(b, loc, factor);
  Value gridX = blockLoop.getUpperBound()[0];
  blockLoop.getUpperBoundMutable()[0].set(
      arith::CeilDivUIOp::create(b, loc, gridX, cFactor));
  Value outerX = blockLoop.getInductionVars()[0];

  // Shared memory: one copy per block of the group. Uniform locals stay
  // one for the group.
  llvm::SmallPtrSet<Operation *, 4> uniformLocals = uniformLocalsOf(blockLoop);
  SmallVector<LLVM::AllocaOp> shared;
  for (auto alloca : body->getOps<LLVM::AllocaOp>()) {
    if (uniformLocals.contains(alloca))
      continue;
    APInt size;
    matchPattern(alloca.getArraySize(), m_ConstantInt(&size));
    b.setInsertionPoint(blockLoop);
    Type sizeType = alloca.getArraySize().getType();
    Value copies = LLVM::ConstantOp::create(
        b, loc, sizeType,
        b.getIntegerAttr(sizeType, size.getSExtValue() * factor));
    alloca.getArraySizeMutable().assign(copies);
    shared.push_back(alloca);
  }

  SmallVector<Operation *> prefix;
  for (Operation &op : body->without_terminator())
    if (op.getNumRegions() == 0 && isPure(&op))
      prefix.push_back(&op);

  // The group's first block and its number of blocks inside the grid.
  b.setInsertionPointToStart(body);
  Value groupStart = arith::MulIOp::create(b, loc, outerX, cFactor);
  Value members = arith::MinUIOp::create(
      b, loc, cFactor, arith::SubIOp::create(b, loc, gridX, groupStart));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);

  for (scf::ParallelOp loop : threadLoopsOf(blockLoop)) {
    // threads (y, z) { for member { threads (x) { work } } }: serialized,
    // row y of the group's blocks is one sweep. A phase that sweeps no rows
    // (`if (tx == 0) rowMult[ty] = ...`) runs block after block instead:
    // for member { threads (x, y, z) { work } }, so that what narrowing
    // computes per block is computed once per member, not once per row.
    bool sweeps =
        classifyAccesses(loop, outerX, blockLoop.getOperation()).sweepsRows;
    b.setInsertionPoint(loop);
    scf::ParallelOp rows;
    if (sweeps) {
      rows = scf::ParallelOp::create(b, loc, loop.getLowerBound().drop_front(),
                                     loop.getUpperBound().drop_front(),
                                     loop.getStep().drop_front());
      rows->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
      b.setInsertionPointToStart(rows.getBody());
    }
    auto group = scf::ForOp::create(b, loc, zero, members, one);
    b.setInsertionPointToStart(group.getBody());
    Value member = group.getInductionVar();

    // The member's block index, its shared memory and the block-level
    // values computed from them.
    IRMapping mapping;
    Value blockX = arith::AddIOp::create(b, loc, groupStart, member);
    mapping.map(outerX, blockX);
    Value memberI64 =
        arith::IndexCastOp::create(b, loc, b.getI64Type(), member);
    for (LLVM::AllocaOp alloca : shared)
      mapping.map(alloca.getResult(),
                  LLVM::GEPOp::create(b, loc, alloca.getType(),
                                      alloca.getElemType(), alloca,
                                      ValueRange{memberI64}));
    for (Operation *op : prefix)
      b.clone(*op, mapping);
    unsigned inner = sweeps ? 1 : loop.getNumLoops();
    auto columns = scf::ParallelOp::create(
        b, loc, loop.getLowerBound().take_front(inner),
        loop.getUpperBound().take_front(inner),
        loop.getStep().take_front(inner));
    columns->setDiscardableAttrs(loop->getDiscardableAttrDictionary());

    // The threads' work, in the inner loop.
    SmallVector<Value> oldIvs(loop.getInductionVars());
    for (size_t d = 0; d < oldIvs.size(); ++d)
      mapping.map(oldIvs[d], d < inner ? columns.getInductionVars()[d]
                                       : rows.getInductionVars()[d - 1]);
    Block *oldBody = loop.getBody();
    Block *work = columns.getBody();
    work->getOperations().splice(work->begin(), oldBody->getOperations(),
                                 oldBody->begin(), std::prev(oldBody->end()));
    SmallVector<Value> replaced = {outerX};
    replaced.append(oldIvs);
    for (LLVM::AllocaOp alloca : shared)
      replaced.push_back(alloca.getResult());
    for (Operation *op : prefix)
      llvm::append_range(replaced, op->getResults());
    for (Value from : replaced)
      from.replaceUsesWithIf(mapping.lookup(from), [&](OpOperand &use) {
        return columns->isAncestor(use.getOwner());
      });
    loop.erase();
    // `if (i < n && j < n)`: the row's half is the same for the whole
    // sweep over the group's columns.
    IRRewriter rewriter(b);
    hoistUniformGuards(rewriter, columns, /*splitConjunctions=*/true);
  }
  for (Operation *op : llvm::reverse(prefix))
    if (op->use_empty())
      op->erase();
}

/// The thread loops' upper bounds (the block size) when all thread loops
/// of `blockLoop` share them and they are computed before it.
std::optional<SmallVector<Value>> sharedBlockSize(scf::ParallelOp blockLoop) {
  std::optional<SmallVector<Value>> size;
  for (scf::ParallelOp loop : threadLoopsOf(blockLoop)) {
    SmallVector<Value> bounds(loop.getUpperBound());
    // A loop of one thread (the flag of a loop's condition) runs whatever
    // the block size.
    if (llvm::all_of(bounds, [](Value v) { return matchPattern(v, m_One()); }))
      continue;
    if (!size)
      size = bounds;
    else if (*size != bounds)
      return std::nullopt;
  }
  if (!size || llvm::any_of(*size, [&](Value v) {
        return !blockLoop.isDefinedOutsideOfLoop(v);
      }))
    return std::nullopt;
  return size;
}

/// `if (block size == shape) { blockLoop coarsened, with the block size as
/// constants } else { blockLoop }`. The launches of the source file all use
/// `shape`; the else branch keeps other launches (another file's, or a size
/// the variable took later) correct. Coarsening pays only with the
/// constants: the x loops of its groups are then short loops of known
/// length, which LLVM vectorizes whole.
void specializeAndCoarsen(scf::ParallelOp blockLoop, ArrayRef<Value> blockSize,
                          ArrayRef<int64_t> shape, int64_t factor) {
  OpBuilder b(blockLoop);
  Location loc = blockLoop.getLoc();
  IRMapping constants;
  Value matches;
  for (auto [value, extent] : llvm::zip(blockSize, shape)) {
    Value c = arith::ConstantIndexOp::create(b, loc, extent);
    Value eq =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, value, c);
    matches = matches ? arith::AndIOp::create(b, loc, matches, eq).getResult()
                      : eq;
    constants.map(value, c);
  }
  auto specialized = cast<scf::ParallelOp>(
      versionOn(b, loc, blockLoop, matches, constants));
  specialized->getParentOp()->setAttr(kRareFallbackAttr, b.getUnitAttr());
  coarsen(specialized, factor);
}

struct CoarsenBlocksPass
    : public cucpu::impl::CoarsenBlocksBase<CoarsenBlocksPass> {
  using CoarsenBlocksBase::CoarsenBlocksBase;

  void runOnOperation() override {
    if (factor < 2)
      return;
    // Blocks that wait on each other each need a worker of their own.
    if (getOperation()->hasAttr(kConcurrentBlocksAttr))
      return;
    SmallVector<scf::ParallelOp> blockLoops;
    getOperation().walk([&](scf::ParallelOp loop) {
      // Not the loops of unusual launches: they are compiled as at -O0, and
      // a copy coarsened for the launches' block size would never run there.
      if (!loop->getParentOfType<scf::ParallelOp>() && !inRareFallback(loop))
        blockLoops.push_back(loop);
    });
    for (scf::ParallelOp blockLoop : blockLoops) {
      if (exceedsOpBudget(blockLoop, maxOps)) {
        if (remarksMissed)
          blockLoop.emitRemark()
              << "cucpu: neighbouring blocks not coarsened: the block loop "
                 "has more than "
              << static_cast<unsigned>(maxOps) << " operations";
        continue;
      }
      if (std::optional<std::string> reason = whyNotCoarsened(blockLoop)) {
        if (remarksMissed && !reason->empty())
          blockLoop.emitRemark()
              << "cucpu: neighbouring blocks not coarsened: " << *reason;
        continue;
      }
      auto func = blockLoop->getParentOfType<func::FuncOp>();
      auto shape =
          func ? func->getAttrOfType<DenseI64ArrayAttr>(kLaunchBlockAttr)
               : DenseI64ArrayAttr();
      std::optional<SmallVector<Value>> blockSize = sharedBlockSize(blockLoop);
      if (!shape || !blockSize ||
          shape.asArrayRef().size() != blockSize->size())
        continue;
      if (remarks) {
        auto remark = blockLoop.emitRemark()
                      << "cucpu: " << static_cast<int64_t>(factor)
                      << " neighbouring blocks along x run each phase "
                         "together, for blocks of ";
        llvm::interleave(shape.asArrayRef(), remark, "x");
      }
      specializeAndCoarsen(blockLoop, *blockSize, shape.asArrayRef(),
                           factor);
    }
  }
};

} // namespace
