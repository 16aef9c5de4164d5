//===- LowerBarriers.cpp - __syncthreads by loop splitting and interchange ===//
//
// A block's threads run as one loop on one CPU thread, so a barrier in the
// middle of the loop body cannot be executed as such. This pass removes every
// barrier from the thread loops: a barrier directly in a thread loop splits the
// loop in two (Moses et al., PPoPP'23, section III), a barrier inside control
// flow is first moved out of it (scf.if) or the control flow is interchanged
// with the thread loop (scf.while).
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "dialect/ThreadAnalysis.h"
#include "transforms/MemoryAccess.h"
#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <deque>
#include <limits>

namespace cucpu {
#define GEN_PASS_DEF_LOWERBARRIERS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

enum class CrossingMode { MinCut, Distribute };

/// A zero of `type`, for the branch of an `if` that does not compute a value.
FailureOr<Value> zeroOf(OpBuilder &b, Location loc, Type type) {
  if (isa<IntegerType, IndexType>(type))
    return Value(arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type)));
  if (isa<FloatType>(type))
    return Value(arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type)));
  if (isa<VectorType>(type))
    return Value(arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type)));
  // Pointers, and aggregates (a struct or array held in registers: a
  // `half2`, a small struct passed by value).
  if (LLVM::isCompatibleType(type))
    return Value(LLVM::ZeroOp::create(b, loc, type));
  return failure();
}

/// Moves the else branch of `ifOp` into a new if on `condition`, at the
/// builder's insertion point, and drops the else region. Returns the new if.
scf::IfOp moveElseToOwnIf(OpBuilder &b, scf::IfOp ifOp, Value condition) {
  auto elseIf = scf::IfOp::create(b, ifOp.getLoc(), condition,
                                  /*withElseRegion=*/false);
  Block *elseBody = ifOp.elseBlock();
  elseBody->getTerminator()->erase();
  elseIf.thenBlock()->getOperations().splice(elseIf.thenBlock()->begin(),
                                             elseBody->getOperations());
  ifOp.getElseRegion().getBlocks().clear();
  return elseIf;
}

/// Bytes needed to keep a value of `type` in memory.
int64_t storageBytes(Type type, const DataLayout &layout) {
  if (isa<IndexType>(type))
    return 8;
  return std::max<int64_t>(1, layout.getTypeSize(type).getFixedValue());
}

//===----------------------------------------------------------------------===//
// Minimum cut between the values computed before a split and their uses after
//===----------------------------------------------------------------------===//

/// A flow network with integer capacities; max flow by shortest augmenting
/// paths. Graphs here are small: the values of one loop body.
class FlowNetwork {
public:
  static constexpr int64_t kInfinite = std::numeric_limits<int64_t>::max() / 4;

  explicit FlowNetwork(unsigned nodes) : adjacency(nodes) {}

  void addEdge(unsigned from, unsigned to, int64_t capacity) {
    adjacency[from].push_back(edges.size());
    edges.push_back({to, capacity});
    adjacency[to].push_back(edges.size());
    edges.push_back({from, 0});
  }

  void maxFlow(unsigned source, unsigned sink) {
    while (true) {
      std::vector<int> via(adjacency.size(), -1);
      std::deque<unsigned> queue{source};
      std::vector<bool> seen(adjacency.size(), false);
      seen[source] = true;
      while (!queue.empty() && !seen[sink]) {
        unsigned n = queue.front();
        queue.pop_front();
        for (unsigned e : adjacency[n])
          if (edges[e].capacity > 0 && !seen[edges[e].to]) {
            seen[edges[e].to] = true;
            via[edges[e].to] = e;
            queue.push_back(edges[e].to);
          }
      }
      if (!seen[sink])
        return;
      int64_t push = kInfinite;
      for (unsigned n = sink; n != source; n = edges[via[n] ^ 1].to)
        push = std::min(push, edges[via[n]].capacity);
      for (unsigned n = sink; n != source; n = edges[via[n] ^ 1].to) {
        edges[via[n]].capacity -= push;
        edges[via[n] ^ 1].capacity += push;
      }
    }
  }

  /// Nodes reachable from `source` in the residual network.
  std::vector<bool> reachable(unsigned source) const {
    std::vector<bool> seen(adjacency.size(), false);
    std::deque<unsigned> queue{source};
    seen[source] = true;
    while (!queue.empty()) {
      unsigned n = queue.front();
      queue.pop_front();
      for (unsigned e : adjacency[n])
        if (edges[e].capacity > 0 && !seen[edges[e].to]) {
          seen[edges[e].to] = true;
          queue.push_back(edges[e].to);
        }
    }
    return seen;
  }

private:
  struct Edge {
    unsigned to;
    int64_t capacity;
  };
  std::vector<Edge> edges;
  std::vector<std::vector<unsigned>> adjacency;
};

/// Whether `op` can run again after the split and give the same result: it
/// reads no memory and has no regions.
bool isRecomputable(Operation *op) {
  return op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         !isa<simt::BarrierOp>(op);
}

/// Whether `op` is a load of the calling thread's own slot of a per-thread
/// buffer that nothing in `before` (the loop that runs up to the split)
/// writes, nor anything in a serial loop after it: loading again after the
/// split gives the same value. No other
/// thread touches the slot, so only this thread's code in `before` could
/// have changed it. (A loop counter kept in memory across barriers, read
/// before the first one to decide what a thread does.)
bool isReloadable(Operation *op, scf::ParallelOp before) {
  auto load = dyn_cast<LLVM::LoadOp>(op);
  if (!load || !isPlainAccess(load))
    return false;
  Value root = rootObject(load.getAddr());
  auto buffer = root.getDefiningOp<LLVM::AllocaOp>();
  if (!buffer || !buffer->hasAttr(kPerThreadAttr))
    return false;
  SmallVector<Value> addresses{root};
  while (!addresses.empty()) {
    Value address = addresses.pop_back_val();
    for (OpOperand &use : address.getUses()) {
      Operation *user = use.getOwner();
      if (auto gep = dyn_cast<LLVM::GEPOp>(user)) {
        if (gep.getBase() == address) {
          addresses.push_back(gep.getResult());
          continue;
        }
      }
      auto read = dyn_cast<LLVM::LoadOp>(user);
      bool reads = read && read.getAddr() == address;
      if (!before->isAncestor(user)) {
        // A write after the split runs before the reload when both are in
        // a serial loop that `before` is not in: the next iteration would
        // reload what this one wrote (`v0 = (int)v1` before a loop whose
        // body, past a barrier, sets v1, read in the loop's condition).
        if (!reads)
          for (Operation *loop = user->getParentOp(); loop;
               loop = loop->getParentOp())
            if (isa<scf::WhileOp, scf::ForOp>(loop) &&
                !loop->isAncestor(before))
              return false;
        continue;
      }
      if (!reads)
        return false;
    }
  }
  return true;
}

/// Chooses which of the values defined in `body` (before the split) are kept
/// in memory; the others that the code after the split needs are recomputed.
/// `crossing` are the values used after the split.
///
/// A value whose recomputation would take more than `maxRecompute`
/// operations is stored (and added to `capped`): without the bound, a value
/// carried across many barriers (`acc += s[...]` between each pair) would be
/// recomputed from all its history after each one, quadratic code in the
/// number of barriers.
llvm::SetVector<Value> chooseStoredValues(scf::ParallelOp before,
                                          ArrayRef<Value> crossing,
                                          CrossingMode mode,
                                          const DataLayout &layout,
                                          unsigned maxRecompute,
                                          SmallVectorImpl<Value> &capped) {
  Block *body = before.getBody();
  auto definedInBody = [&](Value v) {
    Operation *def = v.getDefiningOp();
    return def && def->getBlock() == body;
  };
  // isReloadable looks at every use of a buffer: ask once per operation.
  DenseMap<Operation *, bool> recomputable;
  auto canRecompute = [&](Operation *op) {
    auto [it, inserted] = recomputable.try_emplace(op, false);
    if (inserted)
      it->second = isRecomputable(op) || isReloadable(op, before);
    return it->second;
  };
  llvm::SetVector<Value> stored;
  if (mode == CrossingMode::Distribute) {
    for (Value v : crossing) {
      Operation *def = v.getDefiningOp();
      // Constants cost nothing to rematerialize.
      if (def->getNumOperands() == 0 && isRecomputable(def))
        continue;
      stored.insert(v);
    }
    return stored;
  }

  // The crossing values that would need more than `maxRecompute` operations
  // to recompute count as not recomputable: the cut stores them.
  DenseSet<Value> mustStore;
  for (Value v : crossing) {
    SmallPtrSet<Operation *, 16> cone;
    SmallVector<Operation *> worklist{v.getDefiningOp()};
    while (!worklist.empty() && cone.size() <= maxRecompute) {
      Operation *def = worklist.pop_back_val();
      if (!canRecompute(def) || !cone.insert(def).second)
        continue;
      for (Value operand : def->getOperands())
        if (definedInBody(operand))
          worklist.push_back(operand.getDefiningOp());
    }
    if (cone.size() > maxRecompute) {
      mustStore.insert(v);
      capped.push_back(v);
    }
  }
  auto recomputes = [&](Value v) {
    return !mustStore.contains(v) && canRecompute(v.getDefiningOp());
  };

  // The values recomputation could need: the crossing values and, through
  // recomputable operations, their operands defined in the body.
  llvm::SetVector<Value> nodes(crossing.begin(), crossing.end());
  for (unsigned i = 0; i < nodes.size(); ++i) {
    Operation *def = nodes[i].getDefiningOp();
    if (!recomputes(nodes[i]))
      continue;
    for (Value operand : def->getOperands())
      if (definedInBody(operand))
        nodes.insert(operand);
  }
  DenseMap<Value, unsigned> indexOf;
  for (auto [k, v] : llvm::enumerate(nodes))
    indexOf[v] = k;
  // Node 2k is value k before storing, 2k+1 after; storing value k cuts the
  // edge between them, at its size in bytes.
  unsigned source = 2 * nodes.size(), sink = source + 1;
  FlowNetwork network(sink + 1);
  for (auto [k, v] : llvm::enumerate(nodes)) {
    network.addEdge(2 * k, 2 * k + 1, storageBytes(v.getType(), layout));
    Operation *def = v.getDefiningOp();
    if (!recomputes(v)) {
      network.addEdge(source, 2 * k, FlowNetwork::kInfinite);
      continue;
    }
    for (Value operand : def->getOperands())
      if (definedInBody(operand))
        network.addEdge(2 * indexOf[operand] + 1, 2 * k,
                        FlowNetwork::kInfinite);
  }
  for (Value v : crossing)
    network.addEdge(2 * indexOf[v] + 1, sink,
                    FlowNetwork::kInfinite);
  network.maxFlow(source, sink);
  std::vector<bool> sourceSide = network.reachable(source);
  for (auto [k, v] : llvm::enumerate(nodes))
    if (sourceSide[2 * k] && !sourceSide[2 * k + 1])
      stored.insert(v);
  return stored;
}

//===----------------------------------------------------------------------===//
// The rewrites
//===----------------------------------------------------------------------===//

/// Which values of a thread loop are the same in every thread: what
/// ThreadFactsInLoop finds uniform in the block when the only loads it
/// trusts are those of "uniform locals", the single-element locals that
/// every thread only ever sets to such values under such conditions (a loop
/// counter compared to a kernel argument), and shared reads (see
/// isSharedRead). Interchanging a loop with the thread loop on a condition
/// that is not uniform would run some threads' iterations too often, so no
/// other load is trusted: not even a plain one of a uniform address, which a
/// racy flag every thread sets may break. Found as the greatest fixpoint:
/// every candidate starts uniform and loses it when a store disagrees.
class UniformityAnalysis {
public:
  explicit UniformityAnalysis(scf::ParallelOp loop) : loop(loop) {
    loop.walk([&](LLVM::AllocaOp alloca) {
      if (!matchPattern(alloca.getArraySize(), m_One()))
        return;
      bool plain = llvm::all_of(alloca->getUses(), [&](OpOperand &use) {
        if (isa<LLVM::LoadOp>(use.getOwner()))
          return true;
        auto store = dyn_cast<LLVM::StoreOp>(use.getOwner());
        return store && store.getAddr() == alloca.getResult();
      });
      if (plain)
        locals.insert(alloca.getResult());
    });
    bool changed = true;
    while (changed) {
      changed = false;
      for (Value local : llvm::to_vector(locals)) {
        bool ok = llvm::all_of(local.getUsers(), [&](Operation *user) {
          auto store = dyn_cast<LLVM::StoreOp>(user);
          return !store ||
                 (isUniform(store.getValue()) && underUniformControl(store));
        });
        if (!ok) {
          locals.remove(local);
          facts.reset();
          changed = true;
        }
      }
    }
  }

  bool isUniform(Value v) {
    if (!facts)
      facts.emplace(loop, [this](LLVM::LoadOp load, const ThreadFacts &) {
        return locals.contains(load.getAddr()) || isSharedRead(load)
                   ? ThreadFacts::block()
                   : ThreadFacts::varying();
      });
    return facts->isUniformInBlock(v);
  }

  /// Whether every thread that reaches `op` reaches it the same number of
  /// times: the ifs and loops around it decide alike in every thread.
  bool underUniformControl(Operation *op) {
    for (Operation *parent = op->getParentOp(); parent != loop;
         parent = parent->getParentOp()) {
      if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
        if (!isUniform(ifOp.getCondition()))
          return false;
      } else if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
        if (!hasUniformCondition(whileOp))
          return false;
      } else if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
        if (!isUniform(forOp.getLowerBound()) ||
            !isUniform(forOp.getUpperBound()) || !isUniform(forOp.getStep()))
          return false;
      } else {
        return false;
      }
    }
    return true;
  }

  /// The single-element locals that hold the same value in every thread
  /// wherever a barrier could be.
  ArrayRef<Value> uniformLocals() const { return locals.getArrayRef(); }

  /// Whether `whileOp` carries no values, its condition region only reads,
  /// and the condition is uniform.
  bool hasUniformCondition(scf::WhileOp whileOp) {
    if (!whileOp.getInits().empty() || whileOp.getNumResults() != 0)
      return false;
    Block *before = whileOp.getBeforeBody();
    for (Operation &op : before->without_terminator())
      if (!isa<LLVM::LoadOp>(op) &&
          (op.getNumRegions() != 0 || !isMemoryEffectFree(&op)))
        return false;
    auto condition = cast<scf::ConditionOp>(before->getTerminator());
    return isUniform(condition.getCondition()) &&
           underUniformControl(whileOp);
  }

private:
  /// The alloca `addr` points into, if it points into one.
  static LLVM::AllocaOp rootAlloca(Value addr) {
    return rootObject(addr).getDefiningOp<LLVM::AllocaOp>();
  }

  /// Whether `op` may write memory other threads can see: anything but
  /// reads, allocations and stores to the thread's own locals.
  bool mayWriteShared(Operation *op) {
    if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
      LLVM::AllocaOp root = rootAlloca(store.getAddr());
      return !root || !loop->isAncestor(root);
    }
    std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
        getEffectsRecursively(op);
    if (!effects)
      return true;
    for (const MemoryEffects::EffectInstance &effect : *effects)
      if (!isa<MemoryEffects::Read, MemoryEffects::Allocate>(
              effect.getEffect()))
        return true;
    return false;
  }

  /// A read of block memory at an address all threads share, between two
  /// barriers with nothing between them that writes memory other threads
  /// see: every thread reads the same value (`node = nextNode;` after the
  /// barrier that follows one thread's `nextNode = ...`).
  bool isSharedRead(LLVM::LoadOp load) {
    if (!isPlainAccess(load) || !loop.isDefinedOutsideOfLoop(load.getAddr()))
      return false;
    LLVM::AllocaOp root = rootAlloca(load.getAddr());
    if (!root || !root->getParentOp()->isAncestor(loop))
      return false;
    auto reachesBarrier = [&](auto range) {
      for (Operation &op : range) {
        if (isa<simt::BarrierOp>(op))
          return true;
        if (mayWriteShared(&op))
          return false;
      }
      return false;
    };
    Block *block = load->getBlock();
    return reachesBarrier(llvm::make_range(
               std::next(load->getReverseIterator()), block->rend())) &&
           reachesBarrier(
               llvm::make_range(std::next(load->getIterator()), block->end()));
  }

  scf::ParallelOp loop;
  llvm::SetVector<Value> locals;
  /// Made again whenever `locals` loses one.
  std::optional<ThreadFactsInLoop> facts;
};

class BarrierLowering {
public:
  BarrierLowering(func::FuncOp func, CrossingMode mode, bool uniformLocals,
                  unsigned maxRecompute, bool remarksMissed)
      : func(func), mode(mode), readUniformLocalsOnce(uniformLocals),
        maxRecompute(maxRecompute), remarksMissed(remarksMissed),
        builder(func.getContext()), layout(DataLayout::closest(func)) {}

  LogicalResult run();

private:
  /// Locals used on both sides of a split become per-thread slices of one
  /// per-block array; locals used on one side only stay locals there.
  void expandLocal(scf::ParallelOp loop, LLVM::AllocaOp alloca);
  LogicalResult checkLocals(scf::ParallelOp loop);
  /// Moves `at` and everything after it in `loop` into a new thread loop
  /// after `loop`, keeping the values that cross. Returns the new loop.
  scf::ParallelOp split(scf::ParallelOp loop, Operation *at);
  LogicalResult hoistFromIf(scf::ParallelOp loop, scf::IfOp ifOp,
                            Operation *barrier);
  /// Makes an if with results that contains a barrier one without: its
  /// results go through per-thread slots.
  void dropIfResults(scf::ParallelOp loop, scf::IfOp ifOp);
  /// A per-thread slot of each type, for values that cross the splits.
  SmallVector<Value> slotsFor(scf::ParallelOp loop, Location loc,
                              TypeRange types);
  /// Makes a while that carries values and contains a barrier one that
  /// carries none: the values go through per-thread slots.
  void dropWhileValues(scf::ParallelOp loop, scf::WhileOp whileOp);
  LogicalResult interchangeWhile(scf::ParallelOp loop, scf::WhileOp whileOp);
  LogicalResult interchangeUniformWhile(scf::ParallelOp loop,
                                        scf::WhileOp whileOp);
  void hoistUniformLoads();
  void collapseUniformBuffer(Value buffer);

  func::FuncOp func;
  CrossingMode mode;
  bool readUniformLocalsOnce;
  unsigned maxRecompute;
  bool remarksMissed;
  /// Locals that UniformityAnalysis found uniform and that are not yet
  /// expanded, and the per-thread buffers that uniform locals became.
  DenseSet<Operation *> uniformAllocas;
  llvm::SetVector<Value> uniformBuffers;
  OpBuilder builder;
  DataLayout layout;
};

void BarrierLowering::expandLocal(scf::ParallelOp loop,
                                  LLVM::AllocaOp alloca) {
  APInt count;
  (void)matchPattern(alloca.getArraySize(), m_ConstantInt(&count));
  Location loc = alloca.getLoc();
  Value buffer = perThreadBuffer(builder, loc, loop, alloca.getElemType(),
                                 count.getSExtValue());
  if (uniformAllocas.erase(alloca))
    uniformBuffers.insert(buffer);
  builder.setInsertionPoint(alloca);
  Value slot = threadSlot(builder, loc, loop, buffer, alloca.getElemType(),
                          count.getSExtValue());
  alloca.replaceAllUsesWith(slot);
  alloca.erase();
}

LogicalResult BarrierLowering::checkLocals(scf::ParallelOp loop) {
  SmallVector<LLVM::AllocaOp> nested;
  WalkResult result = loop.walk([&](LLVM::AllocaOp alloca) {
    if (!matchPattern(alloca.getArraySize(), m_Constant()))
      return alloca.emitError(
                 "a variable-size local in a kernel with __syncthreads"),
             WalkResult::interrupt();
    if (alloca->getBlock() != loop.getBody())
      nested.push_back(alloca);
    return WalkResult::advance();
  });
  // Locals inside control flow (those of functions inlined into a loop or an
  // if) may end up on both sides of any later split: they get per-thread
  // storage now. Those at the top of the loop are handled at each split.
  for (LLVM::AllocaOp alloca : nested)
    expandLocal(loop, alloca);
  return failure(result.wasInterrupted());
}

scf::ParallelOp BarrierLowering::split(scf::ParallelOp loop, Operation *at) {
  Location loc = at->getLoc();
  Block *body = loop.getBody();
  // A local used only after the split moves with its uses; one used on both
  // sides needs storage that outlives the first loop.
  DenseSet<Operation *> moving;
  for (Operation &op : llvm::make_range(at->getIterator(), body->end()))
    moving.insert(&op);
  SmallVector<LLVM::AllocaOp> sink, expand;
  for (auto alloca : body->getOps<LLVM::AllocaOp>()) {
    if (moving.contains(alloca))
      continue;
    // Uses through pointers derived from the local count too: a field's
    // address computed before the split and used after it points into the
    // local (a struct's second float, written before a barrier and read
    // after it, read the last thread's copy).
    bool usedBefore = false, usedAfter = false;
    SmallVector<Value> pointers = {alloca.getResult()};
    DenseSet<Value> seen;
    while (!pointers.empty()) {
      Value pointer = pointers.pop_back_val();
      if (!seen.insert(pointer).second)
        continue;
      for (Operation *user : pointer.getUsers()) {
        if (moving.contains(body->findAncestorOpInBlock(*user)))
          usedAfter = true;
        else
          usedBefore = true;
        // A pointer stored to memory or passed to a call may be used
        // anywhere (`int *p = &v;` at -O0 keeps p in a local of its own,
        // loaded after the split): the local lives on both sides.
        auto store = dyn_cast<LLVM::StoreOp>(user);
        if ((store && store.getValue() == pointer) ||
            isa<LLVM::CallOp, func::CallOp>(user)) {
          usedBefore = usedAfter = true;
          continue;
        }
        // Pointers computed from it, and the results of the `if` (made by
        // an earlier split of an `if`) that yields it.
        if (auto yield = dyn_cast<scf::YieldOp>(user)) {
          Operation *parent = yield->getParentOp();
          for (OpOperand &operand : yield->getOpOperands())
            if (operand.get() == pointer &&
                operand.getOperandNumber() < parent->getNumResults())
              pointers.push_back(
                  parent->getResult(operand.getOperandNumber()));
          continue;
        }
        for (Value result : user->getResults())
          if (isa<LLVM::LLVMPointerType>(result.getType()))
            pointers.push_back(result);
      }
    }
    if (usedAfter)
      (usedBefore ? expand : sink).push_back(alloca);
  }
  Operation *first = nullptr;
  for (LLVM::AllocaOp alloca : sink) {
    // The size is a constant, perhaps shared with other locals: copy it.
    builder.setInsertionPoint(at);
    Operation *size = builder.clone(*alloca.getArraySize().getDefiningOp());
    alloca.getArraySizeMutable().assign(size->getResult(0));
    alloca->moveBefore(at);
    if (!first)
      first = size;
  }
  // The moved locals start the part that goes to the new loop.
  if (first)
    at = first;
  for (LLVM::AllocaOp alloca : expand)
    expandLocal(loop, alloca);
  builder.setInsertionPointAfter(loop);
  scf::ParallelOp next = createThreadLoop(builder, loc, loop);
  Operation *nextTerminator = next.getBody()->getTerminator();
  for (Operation &op : llvm::make_early_inc_range(
           llvm::make_range(at->getIterator(), body->getTerminator()->getIterator())))
    op.moveBefore(nextTerminator);
  remapInductionVars(loop, next, next);

  // The values computed before the split that the new loop uses.
  llvm::SetVector<Value> crossingSet;
  next.walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp();
          def && def->getBlock() == body)
        crossingSet.insert(operand);
  });
  if (crossingSet.empty())
    return next;
  SmallVector<Value> crossing(crossingSet.begin(), crossingSet.end());
  SmallVector<Value> capped;
  llvm::SetVector<Value> stored =
      chooseStoredValues(loop, crossing, mode, layout, maxRecompute, capped);
  if (remarksMissed)
    for (Value v : capped)
      v.getDefiningOp()->emitRemark()
          << "cucpu: value kept in memory across a barrier: recomputing it "
             "would take more than "
          << maxRecompute << " operations";

  // Stored values: one slot per thread, written at the end of the first
  // loop, read at the start of the second.
  IRMapping mapping;
  mapping.map(loop.getInductionVars(), next.getInductionVars());
  OpBuilder after(next.getBody(), next.getBody()->begin());
  for (Value v : stored) {
    Value buffer =
        perThreadBuffer(builder, v.getLoc(), loop, slotType(v.getType()), 1);
    builder.setInsertionPoint(body->getTerminator());
    storeToSlot(builder, v.getLoc(), loop, buffer, v);
    mapping.map(v, loadFromSlot(after, v.getLoc(), next, buffer, v.getType()));
  }
  // Recompute by walking from the crossing values to what they need.
  std::function<Value(Value)> materialize = [&](Value v) -> Value {
    if (Value mapped = mapping.lookupOrNull(v))
      return mapped;
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != body)
      return v; // A value from outside the loop.
    for (Value operand : def->getOperands())
      materialize(operand);
    Operation *clone = after.clone(*def, mapping);
    return clone->getResult(cast<OpResult>(v).getResultNumber());
  };
  for (Value v : crossing) {
    Value replacement = materialize(v);
    v.replaceUsesWithIf(replacement, [&](OpOperand &use) {
      return next->isAncestor(use.getOwner());
    });
  }
  return next;
}

SmallVector<Value> BarrierLowering::slotsFor(scf::ParallelOp loop,
                                             Location loc, TypeRange types) {
  SmallVector<Value> buffers;
  for (Type type : types)
    buffers.push_back(perThreadBuffer(builder, loc, loop, slotType(type), 1));
  return buffers;
}

void BarrierLowering::dropIfResults(scf::ParallelOp loop, scf::IfOp ifOp) {
  // `c ? f() : g()` where f or g reaches a barrier (CUB's agents choose a
  // vectorized or a plain tile loop so): each branch stores its results in
  // the thread's slots, the if loses its results, and they are read after
  // it; the slots carry them across the splits.
  Location loc = ifOp.getLoc();
  SmallVector<Value> buffers = slotsFor(loop, loc, ifOp.getResultTypes());
  for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
    auto yield = cast<scf::YieldOp>(region->front().getTerminator());
    builder.setInsertionPoint(yield);
    for (auto [buffer, value] : llvm::zip(buffers, yield.getOperands()))
      storeToSlot(builder, loc, loop, buffer, value);
    yield->setOperands({});
  }
  builder.setInsertionPoint(ifOp);
  auto plain = scf::IfOp::create(builder, loc, TypeRange{},
                                 ifOp.getCondition(), /*withElseRegion=*/true);
  plain.getThenRegion().takeBody(ifOp.getThenRegion());
  plain.getElseRegion().takeBody(ifOp.getElseRegion());
  builder.setInsertionPointAfter(plain);
  for (auto [buffer, result] : llvm::zip(buffers, ifOp.getResults()))
    result.replaceAllUsesWith(
        loadFromSlot(builder, loc, loop, buffer, result.getType()));
  ifOp.erase();
}

void BarrierLowering::dropWhileValues(scf::ParallelOp loop,
                                      scf::WhileOp whileOp) {
  // Mem2Reg keeps a loop's accumulators in SSA form (a running mean around
  // a device function whose shared-memory exchange got a barrier): the
  // arguments of the before block live in one set of slots, those of the
  // after block (and the results) in another, so that the interchange,
  // which runs each iteration's parts for every thread in turn, keeps each
  // thread's values apart.
  Location loc = whileOp.getLoc();
  Block *before = whileOp.getBeforeBody();
  Block *after = whileOp.getAfterBody();
  auto condition = cast<scf::ConditionOp>(before->getTerminator());
  auto yield = cast<scf::YieldOp>(after->getTerminator());
  SmallVector<Value> carried = slotsFor(loop, loc, before->getArgumentTypes());
  SmallVector<Value> passed = slotsFor(loop, loc, after->getArgumentTypes());

  builder.setInsertionPoint(whileOp);
  for (auto [buffer, init] : llvm::zip(carried, whileOp.getInits()))
    storeToSlot(builder, loc, loop, buffer, init);
  builder.setInsertionPoint(condition);
  for (auto [buffer, value] : llvm::zip(passed, condition.getArgs()))
    storeToSlot(builder, loc, loop, buffer, value);
  condition.getArgsMutable().clear();
  builder.setInsertionPoint(yield);
  for (auto [buffer, value] : llvm::zip(carried, yield.getOperands()))
    storeToSlot(builder, loc, loop, buffer, value);
  yield->setOperands({});
  auto reload = [&](Block *block, ArrayRef<Value> buffers) {
    builder.setInsertionPointToStart(block);
    for (auto [buffer, arg] : llvm::zip(buffers, block->getArguments()))
      arg.replaceAllUsesWith(
          loadFromSlot(builder, loc, loop, buffer, arg.getType()));
    block->eraseArguments(0, block->getNumArguments());
  };
  reload(before, carried);
  reload(after, passed);

  builder.setInsertionPoint(whileOp);
  auto plain =
      scf::WhileOp::create(builder, loc, TypeRange{}, ValueRange{});
  plain.getBefore().takeBody(whileOp.getBefore());
  plain.getAfter().takeBody(whileOp.getAfter());
  builder.setInsertionPointAfter(plain);
  for (auto [buffer, result] : llvm::zip(passed, whileOp.getResults()))
    result.replaceAllUsesWith(
        loadFromSlot(builder, loc, loop, buffer, result.getType()));
  whileOp.erase();
}

LogicalResult BarrierLowering::hoistFromIf(scf::ParallelOp loop,
                                           scf::IfOp ifOp,
                                           Operation *barrier) {
  Location loc = ifOp.getLoc();
  Value cond = ifOp.getCondition();

  // Give the else branch an if of its own, on the negated condition; if the
  // barrier was in it, that if is the one to split.
  if (ifOp.elseBlock() && !ifOp.elseBlock()->without_terminator().empty()) {
    bool barrierInElse =
        ifOp.getElseRegion().isAncestor(barrier->getParentRegion());
    builder.setInsertionPointAfter(ifOp);
    Value trueValue =
        arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true));
    Value notCond = arith::XOrIOp::create(builder, loc, cond, trueValue);
    scf::IfOp elseIf = moveElseToOwnIf(builder, ifOp, notCond);
    if (barrierInElse) {
      ifOp = elseIf;
      cond = notCond;
    }
  } else if (ifOp.elseBlock()) {
    ifOp.getElseRegion().getBlocks().clear();
  }

  Block *then = ifOp.thenBlock();
  Operation *child = then->findAncestorOpInBlock(*barrier);

  // if (c) { A; child; B }  ->  if (c) { A }; child'; if (c) { B }
  // Values of A that child or B use become results of the first if.
  llvm::SetVector<Value> escaping;
  for (Operation &op : llvm::make_range(child->getIterator(),
                                        then->getTerminator()->getIterator()))
    op.walk([&](Operation *user) {
      for (Value operand : user->getOperands())
        if (Operation *def = operand.getDefiningOp();
            def && def->getBlock() == then && def->isBeforeInBlock(child))
          escaping.insert(operand);
    });

  builder.setInsertionPoint(ifOp);
  SmallVector<Type> types;
  for (Value v : escaping)
    types.push_back(v.getType());
  auto first = scf::IfOp::create(builder, loc, types, cond,
                                 /*withElseRegion=*/!types.empty());
  if (types.empty()) {
    Operation *term = first.thenBlock()->getTerminator();
    for (Operation &op : llvm::make_early_inc_range(
             llvm::make_range(then->begin(), child->getIterator())))
      op.moveBefore(term);
  } else {
    Block *firstThen = first.thenBlock();
    for (Operation &op : llvm::make_early_inc_range(
             llvm::make_range(then->begin(), child->getIterator())))
      op.moveBefore(firstThen, firstThen->end());
    OpBuilder thenBuilder = OpBuilder::atBlockEnd(firstThen);
    scf::YieldOp::create(thenBuilder, loc, escaping.getArrayRef());
    OpBuilder elseBuilder = OpBuilder::atBlockEnd(first.elseBlock());
    SmallVector<Value> zeros;
    for (Type type : types) {
      FailureOr<Value> zero = zeroOf(elseBuilder, loc, type);
      if (failed(zero))
        return ifOp.emitError("cannot carry a value of type ")
               << type << " across __syncthreads";
      zeros.push_back(*zero);
    }
    scf::YieldOp::create(elseBuilder, loc, zeros);
    for (auto [v, result] : llvm::zip(escaping, first.getResults()))
      Value(v).replaceUsesWithIf(result, [&](OpOperand &use) {
        return !first->isAncestor(use.getOwner());
      });
  }

  // The child, now guarded by the condition in its own way.
  builder.setInsertionPoint(ifOp);
  if (child == barrier) {
    child->moveBefore(ifOp);
  } else if (auto inner = dyn_cast<scf::IfOp>(child)) {
    // if (c) { if (d) X else Y }  ->  if (c && d) X; if (c && !d) Y
    // (d is only read when c holds).
    Value d = inner.getCondition();
    Value falseValue =
        arith::ConstantOp::create(builder, loc, builder.getBoolAttr(false));
    Value both = arith::SelectOp::create(builder, loc, cond, d, falseValue);
    bool hasElse =
        inner.elseBlock() && !inner.elseBlock()->without_terminator().empty();
    Value other;
    if (hasElse) {
      Value trueValue =
          arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true));
      Value notD = arith::XOrIOp::create(builder, loc, d, trueValue);
      other = arith::SelectOp::create(builder, loc, cond, notD, falseValue);
    }
    inner->moveBefore(ifOp);
    inner.getConditionMutable().assign(both);
    if (hasElse) {
      builder.setInsertionPointAfter(inner);
      moveElseToOwnIf(builder, inner, other);
    }
  } else if (auto whileOp = dyn_cast<scf::WhileOp>(child)) {
    if (!whileOp.getInits().empty() || whileOp.getNumResults() != 0)
      return whileOp.emitError("a loop with __syncthreads that carries values "
                               "is not supported");
    // if (c) while (p) X  ->  while (c && p) X: the condition's code runs
    // only when c holds. Its result goes through a per-thread slot, so that
    // the guard has no results (the code may contain barriers).
    whileOp->moveBefore(ifOp);
    Block *before = whileOp.getBeforeBody();
    auto condition = cast<scf::ConditionOp>(before->getTerminator());
    auto i8 = builder.getI8Type();
    Value buffer = perThreadBuffer(builder, loc, loop, i8, 1);
    OpBuilder b = OpBuilder::atBlockBegin(before);
    auto guard = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/true);
    Block *guardThen = guard.thenBlock();
    for (Operation &op :
         llvm::make_early_inc_range(llvm::make_range(
             std::next(Block::iterator(guard)), condition->getIterator())))
      op.moveBefore(guardThen->getTerminator());
    OpBuilder thenBuilder(guardThen->getTerminator());
    Value p8 = arith::ExtUIOp::create(thenBuilder, loc, i8,
                                      condition.getCondition());
    LLVM::StoreOp::create(thenBuilder, loc, p8,
                          threadSlot(thenBuilder, loc, loop, buffer, i8));
    OpBuilder elseBuilder(guard.elseBlock()->getTerminator());
    Value zero8 = arith::ConstantOp::create(elseBuilder, loc,
                                            elseBuilder.getI8IntegerAttr(0));
    LLVM::StoreOp::create(elseBuilder, loc, zero8,
                          threadSlot(elseBuilder, loc, loop, buffer, i8));
    OpBuilder condBuilder(condition);
    Value stored = LLVM::LoadOp::create(
        condBuilder, loc, i8, threadSlot(condBuilder, loc, loop, buffer, i8));
    Value zero = arith::ConstantOp::create(condBuilder, loc,
                                           condBuilder.getI8IntegerAttr(0));
    Value goOn = arith::CmpIOp::create(condBuilder, loc,
                                       arith::CmpIPredicate::ne, stored, zero);
    condition.getConditionMutable().assign(goOn);
  } else {
    return child->emitError("__syncthreads inside this construct is not "
                            "supported");
  }

  // The rest of the branch, in a second if on the same condition.
  builder.setInsertionPoint(ifOp);
  if (!then->without_terminator().empty()) {
    auto second = scf::IfOp::create(builder, loc, cond, false);
    Operation *term = second.thenBlock()->getTerminator();
    for (Operation &op : llvm::make_early_inc_range(then->without_terminator()))
      op.moveBefore(term);
  }
  ifOp.erase();
  return success();
}

/// After `split`, a thread loop may start with the loads and recomputations
/// that bring values across the split. Copies them into `target` (a thread
/// loop over the same threads) and makes `target` use the copies.
void copyPrologue(scf::ParallelOp loop, Operation *end, scf::ParallelOp target) {
  IRMapping mapping;
  mapping.map(loop.getInductionVars(), target.getInductionVars());
  OpBuilder b = OpBuilder::atBlockBegin(target.getBody());
  for (Operation &op : llvm::make_range(loop.getBody()->begin(),
                                        end->getIterator())) {
    Operation *copy = b.clone(op, mapping);
    for (auto [from, to] : llvm::zip(op.getResults(), copy->getResults()))
      from.replaceUsesWithIf(to, [&](OpOperand &use) {
        return target->isAncestor(use.getOwner());
      });
  }
}

LogicalResult BarrierLowering::interchangeWhile(scf::ParallelOp loop,
                                                scf::WhileOp whileOp) {
  if (!whileOp.getInits().empty() || whileOp.getNumResults() != 0 ||
      whileOp.getAfterBody()->getNumArguments() != 0)
    return whileOp.emitError("a loop with __syncthreads that carries values "
                             "is not supported");
  Location loc = whileOp.getLoc();
  // A loop whose condition is the same in every thread (a counted loop up
  // to a kernel argument) needs no per-thread activity: one thread
  // evaluates the condition, and the body runs for every thread.
  UniformityAnalysis uniformity(loop);
  bool uniform = uniformity.hasUniformCondition(whileOp);
  // The splits below give the uniform locals per-thread storage; remember
  // which buffers they become.
  for (Value local : uniformity.uniformLocals())
    uniformAllocas.insert(local.getDefiningOp());
  // Give the while a thread loop of its own.
  Block *body = loop.getBody();
  if (&body->front() != whileOp.getOperation())
    loop = split(loop, whileOp);
  // The loop now holds the while, after the loads and recomputations that
  // bring values from before it.
  if (whileOp->getNextNode() != loop.getBody()->getTerminator())
    split(loop, whileOp->getNextNode());

  // The while's body will be spread over several thread loops: its locals
  // must outlive each of them.
  SmallVector<LLVM::AllocaOp> locals;
  loop.walk([&](LLVM::AllocaOp alloca) { locals.push_back(alloca); });
  for (LLVM::AllocaOp alloca : locals)
    expandLocal(loop, alloca);

  if (uniform)
    return interchangeUniformWhile(loop, whileOp);

  MLIRContext *ctx = builder.getContext();
  auto i8 = builder.getI8Type();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  Value active = perThreadBuffer(builder, loc, loop, i8, 1);
  Value anyActive;
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(
        loop->getParentOfType<scf::ParallelOp>().getBody());
    Value oneI64 =
        LLVM::ConstantOp::create(builder, loc, builder.getI64Type(), 1);
    anyActive = LLVM::AllocaOp::create(builder, loc, ptrType, i8, oneI64, 1);
  }
  builder.setInsertionPoint(loop);
  Value one8 = LLVM::ConstantOp::create(builder, loc, i8, 1);
  Value zero8 = LLVM::ConstantOp::create(builder, loc, i8, 0);

  // Every thread starts the loop.
  scf::ParallelOp init = createThreadLoop(builder, loc, loop);
  {
    OpBuilder b = OpBuilder::atBlockBegin(init.getBody());
    LLVM::StoreOp::create(b, loc, one8,
                          threadSlot(b, loc, init, active, i8));
  }

  auto newWhile = scf::WhileOp::create(builder, loc, TypeRange{}, ValueRange{});
  // Before: each active thread evaluates the condition; the loop goes on
  // while any thread is active.
  {
    Block *before = builder.createBlock(&newWhile.getBefore());
    OpBuilder b = OpBuilder::atBlockBegin(before);
    LLVM::StoreOp::create(b, loc, zero8, anyActive);
    scf::ParallelOp condLoop = createThreadLoop(b, loc, loop);
    OpBuilder lb = OpBuilder::atBlockBegin(condLoop.getBody());
    Value slot = threadSlot(lb, loc, condLoop, active, i8);
    Value flag = LLVM::LoadOp::create(lb, loc, i8, slot);
    Value isActive = arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::ne,
                                           flag, zero8);
    auto guard = scf::IfOp::create(lb, loc, isActive, false);
    Block *oldBefore = whileOp.getBeforeBody();
    auto condition = cast<scf::ConditionOp>(oldBefore->getTerminator());
    Value c = condition.getCondition();
    Operation *guardTerm = guard.thenBlock()->getTerminator();
    for (Operation &op :
         llvm::make_early_inc_range(oldBefore->without_terminator()))
      op.moveBefore(guardTerm);
    OpBuilder gb(guardTerm);
    Value c8 = arith::ExtUIOp::create(gb, loc, i8, c);
    LLVM::StoreOp::create(gb, loc, c8, slot);
    auto markAny = scf::IfOp::create(gb, loc, c, false);
    OpBuilder mb(markAny.thenBlock()->getTerminator());
    LLVM::StoreOp::create(mb, loc, one8, anyActive);
    remapInductionVars(loop, condLoop, condLoop);
    copyPrologue(loop, whileOp, condLoop);

    Value any = LLVM::LoadOp::create(b, loc, i8, anyActive);
    Value goOn =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, any, zero8);
    scf::ConditionOp::create(b, loc, goOn, ValueRange{});
  }
  // After: the body, for the threads still active.
  {
    Block *after = builder.createBlock(&newWhile.getAfter());
    OpBuilder b = OpBuilder::atBlockBegin(after);
    scf::ParallelOp bodyLoop = createThreadLoop(b, loc, loop);
    OpBuilder lb = OpBuilder::atBlockBegin(bodyLoop.getBody());
    Value flag = LLVM::LoadOp::create(
        lb, loc, i8, threadSlot(lb, loc, bodyLoop, active, i8));
    Value isActive = arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::ne,
                                           flag, zero8);
    auto guard = scf::IfOp::create(lb, loc, isActive, false);
    Block *oldAfter = whileOp.getAfterBody();
    Operation *guardTerm = guard.thenBlock()->getTerminator();
    for (Operation &op :
         llvm::make_early_inc_range(oldAfter->without_terminator()))
      op.moveBefore(guardTerm);
    remapInductionVars(loop, bodyLoop, bodyLoop);
    copyPrologue(loop, whileOp, bodyLoop);
    scf::YieldOp::create(b, loc, ValueRange{});
  }
  // What remains of the loop (the values brought across the first split and
  // the stores that carry them over the second) does not depend on the while:
  // it runs before it.
  whileOp.erase();
  loop->moveBefore(init);
  return success();
}

/// The interchange of a while with a uniform condition, after the loop was
/// split around it and its locals expanded: the first thread evaluates the
/// condition (from its own copies of the uniform locals), and every thread
/// runs the body.
LogicalResult BarrierLowering::interchangeUniformWhile(scf::ParallelOp loop,
                                                       scf::WhileOp whileOp) {
  Location loc = whileOp.getLoc();
  builder.setInsertionPoint(loop);
  auto newWhile = scf::WhileOp::create(builder, loc, TypeRange{}, ValueRange{});
  {
    Block *before = builder.createBlock(&newWhile.getBefore());
    OpBuilder b = OpBuilder::atBlockBegin(before);
    // A thread loop over the first thread only: it keeps the values the
    // condition needs (thread indices, slots) where they are defined.
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    SmallVector<Value> ones(loop.getNumLoops(), one);
    auto condLoop = scf::ParallelOp::create(b, loc, loop.getLowerBound(), ones,
                                            loop.getStep());
    markThreadLoop(condLoop);
    auto i1 = b.getI1Type();
    Value result;
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(
          loop->getParentOfType<scf::ParallelOp>().getBody());
      Value oneI64 =
          LLVM::ConstantOp::create(builder, loc, builder.getI64Type(), 1);
      result = LLVM::AllocaOp::create(
          builder, loc, LLVM::LLVMPointerType::get(builder.getContext()), i1,
          oneI64, 1);
    }
    Block *oldBefore = whileOp.getBeforeBody();
    auto condition = cast<scf::ConditionOp>(oldBefore->getTerminator());
    Value c = condition.getCondition();
    Operation *term = condLoop.getBody()->getTerminator();
    for (Operation &op :
         llvm::make_early_inc_range(oldBefore->without_terminator()))
      op.moveBefore(term);
    OpBuilder tb(term);
    LLVM::StoreOp::create(tb, loc, c, result);
    remapInductionVars(loop, condLoop, condLoop);
    copyPrologue(loop, whileOp, condLoop);
    Value goOn = LLVM::LoadOp::create(b, loc, i1, result);
    scf::ConditionOp::create(b, loc, goOn, ValueRange{});
  }
  {
    Block *after = builder.createBlock(&newWhile.getAfter());
    OpBuilder b = OpBuilder::atBlockBegin(after);
    scf::ParallelOp bodyLoop = createThreadLoop(b, loc, loop);
    Block *oldAfter = whileOp.getAfterBody();
    Operation *term = bodyLoop.getBody()->getTerminator();
    for (Operation &op :
         llvm::make_early_inc_range(oldAfter->without_terminator()))
      op.moveBefore(term);
    remapInductionVars(loop, bodyLoop, bodyLoop);
    copyPrologue(loop, whileOp, bodyLoop);
    scf::YieldOp::create(b, loc, ValueRange{});
  }
  whileOp.erase();
  loop->moveBefore(newWhile);
  return success();
}

/// A uniform local holds the same value in every thread wherever a barrier
/// could be, in particular where a thread loop starts: until a thread stores
/// to it in that loop, every thread reads what the first thread's slot holds
/// before the loop. Such loads read the first slot once, before the thread
/// loop, so that LLVM sees a loop invariant (a loop counter that bounds the
/// threads at work) instead of a load per thread.
void BarrierLowering::hoistUniformLoads() {
  for (Value buffer : uniformBuffers) {
    // The accesses of each thread loop to its threads' slots.
    llvm::MapVector<Operation *, SmallVector<LLVM::LoadOp>> loads;
    DenseMap<Operation *, SmallVector<Operation *>> writers;
    bool unknownUse = false;
    for (Operation *user : buffer.getUsers()) {
      auto slot = dyn_cast<LLVM::GEPOp>(user);
      auto loop = user->getParentOfType<scf::ParallelOp>();
      if (!slot || slot.getBase() != buffer || !loop || !isThreadLoop(loop)) {
        unknownUse = true;
        break;
      }
      for (OpOperand &use : slot->getUses()) {
        auto load = dyn_cast<LLVM::LoadOp>(use.getOwner());
        auto accessLoop = use.getOwner()->getParentOfType<scf::ParallelOp>();
        if (load && !load.getVolatile_() && accessLoop == loop)
          loads[loop].push_back(load);
        else
          writers[accessLoop].push_back(use.getOwner());
      }
    }
    if (unknownUse)
      continue;
    for (auto &[loopOp, loopLoads] : loads) {
      auto loop = cast<scf::ParallelOp>(loopOp);
      Block *body = loop.getBody();
      auto storesBefore = [&](Operation *op) {
        Operation *top = body->findAncestorOpInBlock(*op);
        return llvm::any_of(writers.lookup(loop), [&](Operation *writer) {
          Operation *writerTop = body->findAncestorOpInBlock(*writer);
          return !writerTop || !top->isBeforeInBlock(writerTop);
        });
      };
      for (LLVM::LoadOp load : loopLoads) {
        if (storesBefore(load))
          continue;
        builder.setInsertionPoint(loop);
        Value value = LLVM::LoadOp::create(builder, load.getLoc(),
                                           load.getType(), buffer,
                                           load.getAlignment().value_or(0));
        load.replaceAllUsesWith(value);
        load.erase();
      }
    }
    collapseUniformBuffer(buffer);
  }
}

/// Whether no operation in `loop` may write the memory `addr` points to.
static bool notWrittenIn(scf::ParallelOp loop, Value addr) {
  SmallVector<MemoryAccess> accesses;
  collectAccesses(loop, accesses);
  return llvm::none_of(accesses, [&](const MemoryAccess &access) {
    return access.isWrite && access.op != loop.getOperation() &&
           mayAlias(access.addr, addr);
  });
}

/// Whether `v` is the same in every thread of `loop`, trusting only loads
/// that cannot see another thread's write: a plain load of a uniform address
/// that nothing in the loop writes (`node = nextNode` once the barriers are
/// gone).
static bool isSameInEveryThread(Value v, scf::ParallelOp loop) {
  ThreadFactsInLoop facts(
      loop, [&](LLVM::LoadOp load, const ThreadFacts &address) {
        return isPlainAccess(load) && address.isUniformInBlock() &&
                       notWrittenIn(loop, load.getAddr())
                   ? ThreadFacts::block()
                   : ThreadFacts::varying();
      });
  return facts.isUniformInBlock(v);
}

/// Once every read of a uniform local's buffer reads the first slot before a
/// thread loop, the other slots are never read. If every store left stores a
/// value computed before its thread loop (the loop counter's `s + 1`, its
/// initial 0), all threads store the same value: they may as well store it
/// into the first slot, and LLVM then keeps it in a register instead of
/// writing a slot per thread at every iteration.
void BarrierLowering::collapseUniformBuffer(Value buffer) {
  SmallVector<LLVM::StoreOp> stores;
  for (Operation *user : buffer.getUsers()) {
    if (auto load = dyn_cast<LLVM::LoadOp>(user))
      if (load.getAddr() == buffer)
        continue;
    auto slot = dyn_cast<LLVM::GEPOp>(user);
    auto loop = user->getParentOfType<scf::ParallelOp>();
    if (!slot || slot.getBase() != buffer || !loop)
      return;
    for (OpOperand &use : slot->getUses()) {
      auto store = dyn_cast<LLVM::StoreOp>(use.getOwner());
      if (!store || store.getAddr() != slot.getResult() ||
          store.getVolatile_() || !isSameInEveryThread(store.getValue(), loop))
        return;
      stores.push_back(store);
    }
  }
  for (LLVM::StoreOp store : stores)
    store.getAddrMutable().assign(buffer);
}

/// The first barrier in program order at or after `from`, inside `root`,
/// given that none comes before `from`: `from` and what follows it in its
/// block, the later blocks of its region and the later regions of its
/// parent, then the same from the parent up to `root`. Searching from where
/// the last barrier was, rather than from the start of the function, keeps
/// the lowering of n barriers from walking the function n times.
static simt::BarrierOp firstBarrierFrom(Operation *from, Operation *root) {
  simt::BarrierOp found;
  auto search = [&](Operation *op) {
    op->walk([&](simt::BarrierOp barrier) {
      found = barrier;
      return WalkResult::interrupt();
    });
    return bool(found);
  };
  if (search(from))
    return found;
  for (Operation *pos = from; pos != root; pos = pos->getParentOp()) {
    for (Operation *op = pos->getNextNode(); op; op = op->getNextNode())
      if (search(op))
        return found;
    Block *block = pos->getBlock();
    for (Block *b = block->getNextNode(); b; b = b->getNextNode())
      for (Operation &op : *b)
        if (search(&op))
          return found;
    Region *region = block->getParent();
    Operation *parent = region->getParentOp();
    for (unsigned r = region->getRegionNumber() + 1,
                  e = parent->getNumRegions();
         r < e; ++r)
      for (Block &b : parent->getRegion(r))
        for (Operation &op : b)
          if (search(&op))
            return found;
  }
  return found;
}

LogicalResult BarrierLowering::run() {
  // Where to look for the next barrier (none comes before it), and the
  // thread loop whose locals checkLocals has seen: both follow the rewrites
  // of straight-line code; after the interchange of a while, which moves
  // thread loops around, the search starts over from the function.
  Operation *resume = nullptr;
  Operation *checked = nullptr;
  while (true) {
    simt::BarrierOp barrier =
        firstBarrierFrom(resume ? resume : func.getOperation(), func);
    if (!barrier) {
      if (readUniformLocalsOnce)
        hoistUniformLoads();
      return success();
    }
    if (barrier.getThreads().empty())
      return barrier.emitError("__syncthreads outside a kernel launch");
    auto loop = cast<scf::ParallelOp>(
        cast<BlockArgument>(barrier.getThreads()[0]).getOwner()->getParentOp());
    if (!isThreadLoop(loop))
      return barrier.emitError("barrier of a loop that is not a thread loop");
    for (auto [lb, step] : llvm::zip(loop.getLowerBound(), loop.getStep()))
      if (!matchPattern(lb, m_Zero()) || !matchPattern(step, m_One()))
        return loop.emitError("thread loop must count from 0 by 1");
    // Splits and hoisting out of ifs add no nested locals: a loop they
    // leave needs no second look.
    if (loop != checked && failed(checkLocals(loop)))
      return failure();

    // Every if around the barrier loses its results first: the rewrites
    // below split ifs and move their parts apart.
    // So does every while around it lose the values it carries.
    for (Operation *p = barrier->getParentOp(); p != loop.getOperation();) {
      Operation *parent = p->getParentOp();
      if (auto withResults = dyn_cast<scf::IfOp>(p);
          withResults && withResults.getNumResults() != 0)
        dropIfResults(loop, withResults);
      else if (auto carrying = dyn_cast<scf::WhileOp>(p);
               carrying && (carrying.getBeforeBody()->getNumArguments() != 0 ||
                            carrying.getAfterBody()->getNumArguments() != 0 ||
                            carrying.getNumResults() != 0))
        dropWhileValues(loop, carrying);
      p = parent;
    }
    Operation *top = loop.getBody()->findAncestorOpInBlock(*barrier);
    if (top == barrier.getOperation()) {
      Operation *next = barrier->getNextNode();
      barrier.erase();
      resume = loop;
      checked = loop;
      if (next != loop.getBody()->getTerminator())
        checked = split(loop, next);
      continue;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(top)) {
      if (failed(hoistFromIf(loop, ifOp, barrier)))
        return failure();
      resume = loop;
      checked = loop;
      continue;
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(top)) {
      if (failed(interchangeWhile(loop, whileOp)))
        return failure();
      resume = nullptr;
      checked = nullptr;
      continue;
    }
    return top->emitError("__syncthreads inside this construct is not "
                          "supported");
  }
}

struct LowerBarriersPass
    : public cucpu::impl::LowerBarriersBase<LowerBarriersPass> {
  using LowerBarriersBase::LowerBarriersBase;
  void runOnOperation() override {
    CrossingMode crossing;
    if (mode == "mincut")
      crossing = CrossingMode::MinCut;
    else if (mode == "distribute")
      crossing = CrossingMode::Distribute;
    else {
      getOperation().emitError("unknown mode '") << mode
          << "' for simt-lower-barriers (mincut or distribute)";
      return signalPassFailure();
    }
    BarrierLowering lowering(getOperation(), crossing, uniformLocals,
                             maxRecompute, remarksMissed);
    if (failed(lowering.run()))
      signalPassFailure();
  }
};

} // namespace
