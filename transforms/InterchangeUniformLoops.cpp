//===- InterchangeUniformLoops.cpp - Thread loops into uniform loops ------===//
//
// Once its barriers are lowered, a block's threads run as one serial loop, and
// LLVM vectorizes innermost loops only. A loop of the thread code whose
// iterations are the same in every thread (`for (d = 0; d < dim; ++d)`) is then
// the innermost loop: its accesses `a[d * n + i]`, consecutive from one thread
// to the next, are strided by n within it, and a floating-point sum it carries
// cannot be reordered. This pass interchanges such a loop with the thread
// loop:
//
//   threads { A; if (c) { B; while (p(u)) { X }; C }; D }
// becomes
//   threads { A; if (c) { B } }
//   while (p(u)) { threads { if (c) { X } } }
//   threads { if (c) { C }; D }
//
// The loop's uniform values (its counter u) stay scalars of the outer loop;
// what it carries per thread, and the values that cross from one new thread
// loop to another, live in per-thread buffers, or are recomputed when they
// are pure functions of the thread index. Legal because the thread loop holds
// no barrier: its threads are independent, so running their iterations in
// lock step is one of the orders a GPU may choose.
//
// Interchanged, a loop that accumulates per thread (`dist += d * d`) loads
// and stores each thread's value once per iteration, where the thread's own
// loop kept it in a register. So a small loop is also unrolled and jammed:
// each pass over the threads runs several iterations, in order, for each
// thread (still an order a GPU may choose), and LLVM keeps the value in a
// register within a pass (k-means 135 -> 99 ms, lavaMD 390 -> 330 ms at 2
// threads).
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "dialect/ThreadAnalysis.h"
#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace cucpu {
#define GEN_PASS_DEF_INTERCHANGEUNIFORMLOOPS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// How an address index changes when one variable grows by one.
enum class Stride { Zero, Unit, Other };

Stride addStrides(Stride a, Stride b) {
  if (a == Stride::Zero)
    return b;
  if (b == Stride::Zero)
    return a;
  return Stride::Other;
}

/// How `facts` say a value changes along thread dimension 0, the variable
/// a query asks about (see profitReason).
Stride strideAlongX(const ThreadFacts &facts) {
  std::optional<int64_t> stride = facts.getStride(0);
  if (stride == 0)
    return Stride::Zero;
  return stride == 1 ? Stride::Unit : Stride::Other;
}

/// The stride of an access's address along dimension 0 of `facts`, in
/// elements: the last index of its getelementptr must take the whole
/// dependence for Unit. It is a profitability estimate: ThreadFacts counts
/// strides of the indices, not of the bytes they address.
Stride addressStride(Value addr, ThreadFactsInLoop &facts) {
  auto gep = addr.getDefiningOp<LLVM::GEPOp>();
  if (!gep)
    return strideAlongX(facts.facts(addr)) == Stride::Zero ? Stride::Zero
                                                            : Stride::Other;
  Stride result = strideAlongX(facts.facts(gep.getBase())) == Stride::Zero
                      ? Stride::Zero
                      : Stride::Other;
  for (auto [k, index] : llvm::enumerate(gep.getIndices())) {
    auto value = dyn_cast<Value>(index);
    if (!value)
      continue;
    Stride s = strideAlongX(facts.facts(value));
    bool last = k + 1 == gep.getIndices().size();
    if (s != Stride::Zero && !last)
      s = Stride::Other;
    result = addStrides(result, s);
  }
  return result;
}

/// The locals of `loop` (allocas of its body outside `whileOp`) whose
/// memory the interchanged loop or what follows it uses: once the thread loop
/// is split, each thread's copy must outlive the first new thread loop, so
/// they move to per-thread buffers. A pointer to the local reaches a use
/// through pointer-valued results of its users; a pointer stored to memory
/// escapes, and counts as used everywhere.
SmallVector<LLVM::AllocaOp> crossingLocals(scf::ParallelOp loop,
                                           scf::WhileOp whileOp,
                                           ArrayRef<scf::IfOp> path) {
  // The blocks of the path, with the operation the interchange passes
  // through in each: what precedes it stays in the first thread loop.
  DenseMap<Block *, Operation *> through;
  for (auto [depth, ifOp] : llvm::enumerate(path))
    through[ifOp->getBlock()] = ifOp;
  through[whileOp->getBlock()] = whileOp;
  auto staysBefore = [&](Operation *op) {
    for (Operation *a = op; a && a != loop; a = a->getParentOp()) {
      auto it = through.find(a->getBlock());
      if (it == through.end())
        continue;
      return a != it->second && a->isBeforeInBlock(it->second);
    }
    return false;
  };
  SmallVector<LLVM::AllocaOp> locals;
  loop.getBody()->walk([&](LLVM::AllocaOp alloca) {
    if (whileOp->isAncestor(alloca))
      return;
    SmallVector<Value> worklist{alloca.getResult()};
    DenseSet<Value> seen;
    bool crosses = false;
    while (!worklist.empty() && !crosses) {
      Value v = worklist.pop_back_val();
      if (!seen.insert(v).second)
        continue;
      for (OpOperand &use : v.getUses()) {
        Operation *user = use.getOwner();
        auto store = dyn_cast<LLVM::StoreOp>(user);
        if (!staysBefore(user) || (store && store.getValue() == v)) {
          crosses = true;
          break;
        }
        for (Value result : user->getResults())
          if (isa<LLVM::LLVMPointerType>(result.getType()))
            worklist.push_back(result);
      }
    }
    if (crosses)
      locals.push_back(alloca);
  });
  return locals;
}

/// Whether `alloca` can move to a per-thread buffer: a constant number of
/// elements, aligned no more than the buffers are.
bool canMoveToPerThreadBuffer(LLVM::AllocaOp alloca) {
  return matchPattern(alloca.getArraySize(), m_Constant()) &&
         alloca.getAlignment().value_or(0) <= 16;
}

/// A while loop of a thread loop that may be interchanged with it.
struct Candidate {
  scf::WhileOp whileOp;
  /// The ifs from the thread loop's body down to the while.
  SmallVector<scf::IfOp> path;
  /// Per argument: the same in every thread.
  SmallVector<bool> uniformArg;
  /// Why the interchange pays (for the remark).
  StringRef reason;
  /// How many of the loop's iterations each visit of the new thread loop
  /// runs (1: one; see jamFactor).
  unsigned jam = 1;
};

class Interchange {
public:
  Interchange(scf::ParallelOp loop, Candidate candidate)
      : loop(loop), whileOp(candidate.whileOp), path(candidate.path),
        uniformArg(candidate.uniformArg), jam(candidate.jam),
        builder(loop.getContext()) {}

  void run();

private:
  /// Whether `v` can be recomputed in another thread loop: a pure function
  /// of the thread indices and of values from outside the loop.
  bool isRecomputable(Value v);
  /// Clones the computation of `v` at `b`: the operations inside the
  /// thread loop it depends on, which must be free of effects and mapped
  /// where they are region arguments (thread indices, loop arguments).
  Value recompute(OpBuilder &b, Value v, IRMapping &mapping);
  /// The value of crossing value `v` in thread loop `target`.
  Value materialize(OpBuilder &b, Value v, scf::ParallelOp target,
                    IRMapping &mapping);
  void buildPost(OpBuilder &b, Block *source, unsigned depth,
                 scf::ParallelOp post, IRMapping &mapping);
  /// Maps the uniform arguments of `block` (the while's before or after
  /// block) to `current`, in order.
  void mapUniformArgs(Block *block, ValueRange current, IRMapping &mapping);
  /// The uniform arguments of the iteration after the one with `current`.
  SmallVector<Value> advance(OpBuilder &b, ValueRange current);
  /// Whether the loop runs an iteration with uniform arguments `current`.
  Value holds(OpBuilder &b, ValueRange current);
  /// Builds, at `builder`, the outer while from `inits`, whose every
  /// iteration runs `steps` iterations of the original loop in one thread
  /// loop: all of them or, at the end, none.
  scf::WhileOp buildOuterWhile(ValueRange inits, unsigned steps);

  /// The operation of `block` the interchange passes through: the next if
  /// of the path or the while.
  Operation *pathOp(unsigned depth) {
    return depth < path.size() ? path[depth].getOperation()
                               : whileOp.getOperation();
  }

  scf::ParallelOp loop;
  scf::WhileOp whileOp;
  SmallVector<scf::IfOp> path;
  SmallVector<bool> uniformArg;
  unsigned jam;
  OpBuilder builder;
  /// Values computed before the while that the while or what follows it
  /// uses.
  llvm::SetVector<Value> crossing;
  /// Per-thread buffers of the crossing values that are stored.
  DenseMap<Value, Value> crossingBuffer;
  /// Per-thread buffers of the while's non-uniform arguments.
  DenseMap<unsigned, Value> argBuffer;
  DenseMap<Value, bool> recomputable;
};

bool Interchange::isRecomputable(Value v) {
  if (llvm::is_contained(loop.getInductionVars(), v))
    return true;
  if (!loop->isAncestor(v.getParentRegion()->getParentOp()))
    return true;
  auto it = recomputable.find(v);
  if (it != recomputable.end())
    return it->second;
  Operation *def = v.getDefiningOp();
  bool result = def && def->getNumRegions() == 0 && isMemoryEffectFree(def) &&
                llvm::all_of(def->getOperands(),
                             [&](Value operand) { return isRecomputable(operand); });
  recomputable[v] = result;
  return result;
}

Value Interchange::recompute(OpBuilder &b, Value v, IRMapping &mapping) {
  if (Value mapped = mapping.lookupOrNull(v))
    return mapped;
  if (!loop->isAncestor(v.getParentRegion()->getParentOp()))
    return v;
  Operation *def = v.getDefiningOp();
  for (Value operand : def->getOperands())
    recompute(b, operand, mapping);
  Operation *copy = b.clone(*def, mapping);
  return copy->getResult(cast<OpResult>(v).getResultNumber());
}

Value Interchange::materialize(OpBuilder &b, Value v, scf::ParallelOp target,
                               IRMapping &mapping) {
  if (Value mapped = mapping.lookupOrNull(v))
    return mapped;
  auto it = crossingBuffer.find(v);
  if (it == crossingBuffer.end())
    return recompute(b, v, mapping);
  Value loaded = loadFromSlot(b, v.getLoc(), target, it->second, v.getType());
  mapping.map(v, loaded);
  return loaded;
}

/// Rebuilds in `post` what follows the while on each level of the path.
void Interchange::buildPost(OpBuilder &b, Block *source, unsigned depth,
                            scf::ParallelOp post, IRMapping &mapping) {
  Operation *through = pathOp(depth);
  // The crossing values an operation of this level uses, loaded or
  // recomputed right before it: the thread got there, so they were computed.
  auto materializeUses = [&](Operation *op) {
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (crossing.contains(operand))
          materialize(b, operand, post, mapping);
    });
  };
  if (depth < path.size()) {
    scf::IfOp ifOp = path[depth];
    Block *then = ifOp.thenBlock();
    // Nothing after the while on this level or deeper, and no value to
    // yield: no if is needed.
    bool empty = true;
    for (unsigned d = depth; d <= path.size(); ++d) {
      Operation *op = pathOp(d);
      if (op->getNextNode() != op->getBlock()->getTerminator() ||
          (d < path.size() && path[d].getNumResults() != 0))
        empty = false;
    }
    if (!empty) {
      Value cond = materialize(b, ifOp.getCondition(), post, mapping);
      bool results = ifOp.getNumResults() != 0;
      // Without results the if comes with its (empty) yield; with results
      // it has neither yield nor else branch yet.
      auto rebuilt = scf::IfOp::create(b, ifOp.getLoc(), ifOp.getResultTypes(),
                                       cond, /*withElseRegion=*/results);
      OpBuilder inner = OpBuilder::atBlockEnd(rebuilt.thenBlock());
      if (!results)
        inner.setInsertionPoint(rebuilt.thenBlock()->getTerminator());
      // What the if's body loads or recomputes stays inside it.
      IRMapping innerMapping = mapping;
      buildPost(inner, then, depth + 1, post, innerMapping);
      if (results) {
        // The values the if yields: the then branch's, and the else
        // branch's (which computes nothing: values from before the if).
        auto yieldMapped = [&](OpBuilder &at, Operation *terminator,
                               IRMapping &m) {
          SmallVector<Value> values;
          for (Value v : terminator->getOperands())
            values.push_back(crossing.contains(v)
                                 ? materialize(at, v, post, m)
                                 : m.lookupOrDefault(v));
          scf::YieldOp::create(at, ifOp.getLoc(), values);
        };
        yieldMapped(inner, then->getTerminator(), innerMapping);
        OpBuilder otherwise = OpBuilder::atBlockBegin(rebuilt.elseBlock());
        IRMapping elseMapping = mapping;
        yieldMapped(otherwise, ifOp.elseBlock()->getTerminator(), elseMapping);
        mapping.map(ifOp.getResults(), rebuilt.getResults());
      }
    }
  } else {
    // The while's results: scalars of the outer loop or per-thread slots.
    for (auto [k, result] : llvm::enumerate(whileOp.getResults()))
      if (!uniformArg[k])
        mapping.map(result, loadFromSlot(b, whileOp.getLoc(), post,
                                         argBuffer[k], result.getType()));
  }
  for (Operation &op : llvm::make_range(std::next(through->getIterator()),
                                        source->getTerminator()->getIterator())) {
    materializeUses(&op);
    b.clone(op, mapping);
  }
}

void Interchange::mapUniformArgs(Block *block, ValueRange current,
                                 IRMapping &mapping) {
  unsigned next = 0;
  for (auto [k, arg] : llvm::enumerate(block->getArguments()))
    if (uniformArg[k])
      mapping.map(arg, current[next++]);
}

SmallVector<Value> Interchange::advance(OpBuilder &b, ValueRange current) {
  Block *after = whileOp.getAfterBody();
  auto yield = cast<scf::YieldOp>(after->getTerminator());
  IRMapping mapping;
  mapUniformArgs(after, current, mapping);
  SmallVector<Value> result;
  for (auto [k, value] : llvm::enumerate(yield.getOperands()))
    if (uniformArg[k])
      result.push_back(recompute(b, value, mapping));
  return result;
}

Value Interchange::holds(OpBuilder &b, ValueRange current) {
  Block *before = whileOp.getBeforeBody();
  auto condition = cast<scf::ConditionOp>(before->getTerminator());
  IRMapping mapping;
  mapUniformArgs(before, current, mapping);
  return recompute(b, condition.getCondition(), mapping);
}

scf::WhileOp Interchange::buildOuterWhile(ValueRange inits, unsigned steps) {
  Location loc = whileOp.getLoc();
  SmallVector<Type> types(inits.getTypes());
  SmallVector<Location> locs(types.size(), loc);
  auto outer = scf::WhileOp::create(builder, loc, types, inits);
  // The uniform arguments of `steps` consecutive iterations from `first`.
  auto iterations = [&](OpBuilder &b, ValueRange first) {
    SmallVector<SmallVector<Value>> all{llvm::to_vector(first)};
    for (unsigned s = 1; s < steps; ++s)
      all.push_back(advance(b, all.back()));
    return all;
  };
  {
    Block *newBefore = builder.createBlock(&outer.getBefore(), {}, types, locs);
    OpBuilder b = OpBuilder::atBlockEnd(newBefore);
    SmallVector<SmallVector<Value>> its =
        iterations(b, newBefore->getArguments());
    // Each condition counts only where the one before it held: the later
    // iterations' arguments are computed ahead and may be poison past the
    // loop's end (jamFactor checked that computing them has no other
    // effect).
    Value goOn = holds(b, its.back());
    if (steps > 1) {
      Value no = arith::ConstantIntOp::create(b, loc, 0, 1);
      for (int s = steps - 2; s >= 0; --s)
        goOn = arith::SelectOp::create(b, loc, holds(b, its[s]), goOn, no);
    }
    scf::ConditionOp::create(b, loc, goOn, newBefore->getArguments());
  }
  Block *oldAfter = whileOp.getAfterBody();
  auto yield = cast<scf::YieldOp>(oldAfter->getTerminator());
  Block *newAfter = builder.createBlock(&outer.getAfter(), {}, types, locs);
  OpBuilder b = OpBuilder::atBlockEnd(newAfter);
  SmallVector<SmallVector<Value>> its = iterations(b, newAfter->getArguments());
  scf::ParallelOp inner = createThreadLoop(b, loc, loop);
  IRMapping mapping;
  mapping.map(loop.getInductionVars(), inner.getInductionVars());
  OpBuilder ib(inner.getBody()->getTerminator());
  // The ifs that led to the while, again: each condition is recomputed or
  // loaded where the thread got in the first loop.
  for (scf::IfOp ifOp : path) {
    Value cond = materialize(ib, ifOp.getCondition(), inner, mapping);
    auto guard = scf::IfOp::create(ib, ifOp.getLoc(), cond, false);
    ib.setInsertionPoint(guard.thenBlock()->getTerminator());
  }
  for (auto [k, arg] : llvm::enumerate(oldAfter->getArguments()))
    if (!uniformArg[k])
      mapping.map(arg,
                  loadFromSlot(ib, loc, inner, argBuffer[k], arg.getType()));
  for (Value v : crossing)
    if (llvm::any_of(v.getUsers(),
                     [&](Operation *user) { return whileOp->isAncestor(user); }))
      materialize(ib, v, inner, mapping);
  // The iterations one after the other; what a thread carries from one to
  // the next stays in values, in its slot only between visits.
  for (ArrayRef<Value> uniform : its) {
    IRMapping step = mapping;
    mapUniformArgs(oldAfter, uniform, step);
    for (Operation &op : oldAfter->without_terminator())
      ib.clone(op, step);
    for (auto [k, arg] : llvm::enumerate(oldAfter->getArguments()))
      if (!uniformArg[k])
        mapping.map(arg, step.lookupOrDefault(yield.getOperand(k)));
  }
  for (auto [k, arg] : llvm::enumerate(oldAfter->getArguments()))
    if (!uniformArg[k])
      storeToSlot(ib, loc, inner, argBuffer[k], mapping.lookup(arg));
  // The uniform arguments' next values, computed once for the block.
  scf::YieldOp::create(b, loc, advance(b, its.back()));
  return outer;
}

void Interchange::run() {
  Location loc = whileOp.getLoc();
  Block *body = loop.getBody();

  // Locals that live on into the loop or past it: each thread's copy moves
  // to its slot of a per-thread buffer, whose address every new thread loop
  // recomputes from the thread index. (Left in the thread loop, the new
  // loops would share one copy: a float3 sum, or a struct a device function
  // filled before the loop, would be the last thread's for all.)
  for (LLVM::AllocaOp alloca : crossingLocals(loop, whileOp, path)) {
    builder.setInsertionPoint(alloca);
    APInt count;
    matchPattern(alloca.getArraySize(), m_ConstantInt(&count));
    Value buffer = perThreadBuffer(builder, alloca.getLoc(), loop,
                                   alloca.getElemType(), count.getSExtValue());
    Value slot = threadSlot(builder, alloca.getLoc(), loop, buffer,
                            alloca.getElemType(), count.getSExtValue());
    alloca.replaceAllUsesWith(slot);
    alloca.erase();
  }

  // The operations before the while on the path: what runs in the first
  // thread loop. Values they define that the while or what follows it uses
  // cross to another thread loop.
  DenseSet<Operation *> before;
  for (unsigned depth = 0; depth <= path.size(); ++depth) {
    Operation *through = pathOp(depth);
    for (Operation &op :
         llvm::make_range(through->getBlock()->begin(), through->getIterator()))
      before.insert(&op);
  }
  auto collect = [&](Operation *op) {
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (Operation *def = operand.getDefiningOp();
            def && before.contains(def))
          crossing.insert(operand);
    });
  };
  collect(whileOp);
  for (unsigned depth = 0; depth <= path.size(); ++depth) {
    Operation *through = pathOp(depth);
    if (depth < path.size())
      if (Operation *def = path[depth].getCondition().getDefiningOp();
          def && before.contains(def))
        crossing.insert(path[depth].getCondition());
    for (Operation &op :
         llvm::make_range(std::next(through->getIterator()),
                          through->getBlock()->getTerminator()->getIterator()))
      collect(&op);
    // An if with results yields, in either branch, values that may come
    // from before the while.
    if (depth < path.size() && path[depth].getNumResults() != 0) {
      collect(path[depth].thenBlock()->getTerminator());
      collect(path[depth].elseBlock()->getTerminator());
    }
  }

  // Stored crossing values: written where they are computed.
  for (Value v : crossing) {
    if (isRecomputable(v))
      continue;
    Value buffer = perThreadBuffer(builder, v.getLoc(), loop,
                                   slotType(v.getType()), 1);
    crossingBuffer[v] = buffer;
    builder.setInsertionPointAfterValue(v);
    storeToSlot(builder, v.getLoc(), loop, buffer, v);
  }

  // The per-thread arguments start in their slots.
  builder.setInsertionPoint(whileOp);
  for (auto [k, init] : llvm::enumerate(whileOp.getInits())) {
    if (uniformArg[k])
      continue;
    Value buffer =
        perThreadBuffer(builder, loc, loop, slotType(init.getType()), 1);
    argBuffer[k] = buffer;
    builder.setInsertionPoint(whileOp);
    storeToSlot(builder, loc, loop, buffer, init);
  }

  // The outer while over the uniform arguments. When jammed, a first while
  // runs `jam` iterations per thread-loop visit while that many are left,
  // and a second one runs the rest one at a time.
  builder.setInsertionPointAfter(loop);
  IRMapping outside;
  SmallVector<Value> inits;
  for (auto [k, init] : llvm::enumerate(whileOp.getInits()))
    if (uniformArg[k])
      inits.push_back(recompute(builder, init, outside));
  if (jam > 1) {
    scf::WhileOp jammed = buildOuterWhile(inits, jam);
    inits.assign(jammed.getResults().begin(), jammed.getResults().end());
    builder.setInsertionPointAfter(jammed);
  }
  scf::WhileOp outer = buildOuterWhile(inits, 1);

  // What follows the while, in a thread loop of its own.
  builder.setInsertionPointAfter(outer);
  scf::ParallelOp post = createThreadLoop(builder, loc, loop);
  {
    IRMapping mapping;
    mapping.map(loop.getInductionVars(), post.getInductionVars());
    unsigned next = 0;
    for (auto [k, result] : llvm::enumerate(whileOp.getResults()))
      if (uniformArg[k])
        mapping.map(result, outer.getResult(next++));
    OpBuilder b(post.getBody()->getTerminator());
    buildPost(b, body, 0, post, mapping);
  }

  // The first loop keeps what precedes the while on each level. An if on
  // the path that yields values yields nothing there: what used them
  // follows it and moved to the last loop.
  for (int depth = path.size(); depth >= 0; --depth) {
    Operation *through = pathOp(depth);
    Block *block = through->getBlock();
    block->getTerminator()->setOperands({});
    while (through->getNextNode() != block->getTerminator())
      block->getTerminator()->getPrevNode()->erase();
  }
  whileOp.erase();
  for (scf::IfOp ifOp : path) {
    if (ifOp.getNumResults() == 0)
      continue;
    OpBuilder b(ifOp);
    auto bare = scf::IfOp::create(b, ifOp.getLoc(), ifOp.getCondition(),
                                  /*withElseRegion=*/false);
    Block *from = ifOp.thenBlock();
    bare.thenBlock()->getOperations().splice(
        bare.thenBlock()->getTerminator()->getIterator(), from->getOperations(),
        from->begin(), from->getTerminator()->getIterator());
    ifOp.erase();
  }
}

/// Makes `facts` take the k-th argument of `whileOp` (in both its regions)
/// to have `assumed` facts.
void assumeForArgument(ThreadFactsInLoop &facts, scf::WhileOp whileOp,
                       unsigned k, const ThreadFacts &assumed) {
  facts.assume(whileOp.getBeforeArguments()[k], assumed);
  facts.assume(whileOp.getAfterArguments()[k], assumed);
}

/// Finds the arguments of `whileOp` that are the same in every thread of
/// `loop`: their initial and next values are uniform (ThreadFactsInLoop)
/// when these arguments are. The greatest such set: every argument starts
/// uniform and loses it when a value it takes is not. Empty when the
/// condition is not uniform. Loads are not trusted to read the same value
/// in every thread: run with the wrong trip count, some threads would run
/// iterations they must not.
SmallVector<bool> uniformArguments(scf::ParallelOp loop, scf::WhileOp whileOp) {
  unsigned n = whileOp.getInits().size();
  SmallVector<bool> uniform(n, true);
  auto yield = cast<scf::YieldOp>(whileOp.getAfterBody()->getTerminator());
  bool changed = true;
  while (changed) {
    changed = false;
    ThreadFactsInLoop facts(loop, noLoadIsUniform);
    for (unsigned k = 0; k < n; ++k)
      if (uniform[k])
        assumeForArgument(facts, whileOp, k, ThreadFacts::block());
    for (unsigned k = 0; k < n; ++k)
      if (uniform[k] && (!facts.isUniformInBlock(whileOp.getInits()[k]) ||
                         !facts.isUniformInBlock(yield.getOperand(k)))) {
        uniform[k] = false;
        changed = true;
      }
    if (!changed && !facts.isUniformInBlock(
                        whileOp.getConditionOp().getCondition()))
      return {};
  }
  return uniform;
}

/// Whether interchanging `whileOp` with `loop` makes more of its accesses
/// consecutive across threads than it makes strided: an access whose address
/// moves by one element from thread to thread (in x) but not from one
/// iteration to the next gains; one that moves by one element per iteration
/// but not per thread loses.
/// When the accesses neither gain nor lose, the loop is still worth
/// interchanging if it carries a floating-point value per thread (a sum, a
/// force): LLVM does not reassociate floating-point arithmetic, so it cannot
/// vectorize such a loop itself, while across threads, the inner loop after
/// the interchange, each lane keeps its own value and the math vectorizes.
/// Such a value is either carried by the loop or kept in the thread's own
/// slot of memory (a local that lives across barriers): a floating-point
/// store to an address that stays put from iteration to iteration and moves
/// by one element from thread to thread.
/// Returns why the interchange pays, or an empty string when it does not.
StringRef profitReason(scf::ParallelOp loop, scf::WhileOp whileOp,
                       ArrayRef<bool> uniformArg) {
  auto yield = cast<scf::YieldOp>(whileOp.getAfterBody()->getTerminator());
  // The value added to the loop's k-th argument at each iteration, when its
  // next value is `arg + step`.
  auto stepOf = [&](unsigned k) -> Value {
    if (auto add = yield.getOperand(k).getDefiningOp<arith::AddIOp>()) {
      Value self = whileOp.getAfterBody()->getArgument(k);
      if (add.getLhs() == self)
        return add.getRhs();
      if (add.getRhs() == self)
        return add.getLhs();
    }
    return Value();
  };
  unsigned numArgs = whileOp.getInits().size();

  // Across threads (x): an index carried as `c += plane` from a start that
  // is consecutive across threads stays consecutive across threads in every
  // iteration. The steps and starts are asked about before anything is
  // assumed (a step computed from what the loop carries counts as varying),
  // then the assumptions go into a fresh query, before any question.
  SmallVector<std::optional<ThreadFacts>> carriedAcross(numArgs);
  {
    ThreadFactsInLoop beforeAssuming(loop);
    for (unsigned k = 0; k < numArgs; ++k)
      if (Value step = stepOf(k);
          step && strideAlongX(beforeAssuming.facts(step)) == Stride::Zero)
        carriedAcross[k] = ThreadFacts(
            ThreadFacts::Variance::Thread,
            {beforeAssuming.facts(whileOp.getInits()[k]).getStride(0),
             std::nullopt, std::nullopt},
            /*indexFunction=*/false);
  }
  ThreadFactsInLoop threadStrides(loop);
  for (unsigned k = 0; k < numArgs; ++k)
    if (carriedAcross[k])
      assumeForArgument(threadStrides, whileOp, k, *carriedAcross[k]);

  // Per iteration: the same question with the loop's arguments and the
  // counters of the loops in it as the variable (dimension 0), and the
  // thread indices fixed. A carried index moves by its step: by one
  // element only when the step is one.
  ThreadFactsInLoop iterationStrides(loop);
  for (Value index : loop.getInductionVars())
    iterationStrides.assume(index, ThreadFacts::block());
  whileOp->walk([&](Block *block) {
    for (BlockArgument arg : block->getArguments())
      iterationStrides.assume(arg, ThreadFacts::threadIndex(0));
  });
  for (unsigned k = 0; k < numArgs; ++k)
    if (Value step = stepOf(k); step && !matchPattern(step, m_One()))
      assumeForArgument(iterationStrides, whileOp, k, ThreadFacts::varying());

  int score = 0;
  bool accumulatesFloats = false;
  whileOp.getAfter().walk([&](Operation *op) {
    Value addr;
    if (auto load = dyn_cast<LLVM::LoadOp>(op))
      addr = load.getAddr();
    else if (auto store = dyn_cast<LLVM::StoreOp>(op))
      addr = store.getAddr();
    else
      return;
    Stride perThread = addressStride(addr, threadStrides);
    Stride perIteration = addressStride(addr, iterationStrides);
    if (auto store = dyn_cast<LLVM::StoreOp>(op))
      if (perIteration == Stride::Zero && perThread == Stride::Unit &&
          isa<FloatType>(store.getValue().getType()))
        accumulatesFloats = true;
    if (perThread == Stride::Unit && perIteration != Stride::Unit &&
        perIteration != Stride::Zero)
      ++score;
    else if (perIteration == Stride::Unit && perThread != Stride::Unit &&
             perThread != Stride::Zero)
      --score;
  });
  if (score > 0)
    return "its accesses become consecutive across threads";
  if (score < 0)
    return {};
  bool carriesFloats =
      llvm::any_of(llvm::enumerate(whileOp.getInits()), [&](auto init) {
        return !uniformArg[init.index()] &&
               isa<FloatType>(init.value().getType());
      });
  if (accumulatesFloats || carriesFloats)
    return "the floating-point values it accumulates per thread vectorize "
           "across threads";
  // Math functions elsewhere in the thread loop (`exp` of what the loop
  // computed) vectorize across threads, through the vector math library,
  // only once no loop is left inside the thread loop.
  bool mathAround = false;
  loop.getBody()->walk([&](Operation *op) {
    if (!whileOp->isAncestor(op) && op->getDialect() &&
        op->getDialect()->getNamespace() == "math")
      mathAround = true;
  });
  if (mathAround)
    return "the math functions around it vectorize across threads";
  return {};
}

/// The number of iterations of `whileOp` when it is a counted loop with
/// constant bounds (`for (i = c0; i < c1; i += c2)`), else nothing.
std::optional<int64_t> constantTripCount(scf::WhileOp whileOp) {
  Block *before = whileOp.getBeforeBody();
  auto condition = cast<scf::ConditionOp>(before->getTerminator());
  auto cmp = condition.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return std::nullopt;
  auto counter = dyn_cast<BlockArgument>(cmp.getLhs());
  APInt bound, init, step;
  if (!counter || counter.getOwner() != before ||
      !matchPattern(cmp.getRhs(), m_ConstantInt(&bound)) ||
      !matchPattern(whileOp.getInits()[counter.getArgNumber()],
                    m_ConstantInt(&init)))
    return std::nullopt;
  auto yield = cast<scf::YieldOp>(whileOp.getAfterBody()->getTerminator());
  auto next = yield.getOperand(counter.getArgNumber()).getDefiningOp<arith::AddIOp>();
  if (!next || next.getLhs() != whileOp.getAfterBody()->getArgument(
                                    counter.getArgNumber()) ||
      !matchPattern(next.getRhs(), m_ConstantInt(&step)) ||
      !step.isStrictlyPositive())
    return std::nullopt;
  int64_t distance = bound.getSExtValue() - init.getSExtValue();
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::slt:
  case arith::CmpIPredicate::ult:
  case arith::CmpIPredicate::ne:
    break;
  case arith::CmpIPredicate::sle:
  case arith::CmpIPredicate::ule:
    ++distance;
    break;
  default:
    return std::nullopt;
  }
  int64_t s = step.getSExtValue();
  return distance <= 0 ? 0 : (distance + s - 1) / s;
}

/// Loops of at most this many iterations, counted with constants, are left
/// alone when they are small: LLVM unrolls them completely, which makes the
/// thread loop the innermost loop anyway, with what they carry in registers.
constexpr int64_t kUnrolledTripCount = 32;
/// How many operations a completely unrolled loop may have for LLVM to still
/// unroll it (its full-unroll threshold at -O3 is of this order). A loop
/// over 16 centres around a loop over 32 features is far above: LLVM unrolls
/// only the inner one, the thread loop is not innermost and stays scalar.
constexpr int64_t kUnrolledSizeLimit = 400;

/// The number of operations of `region` once the constant loops in it are
/// unrolled completely (saturating, so that deep nests do not overflow).
int64_t unrolledSize(Region &region) {
  int64_t size = 0;
  for (Operation &op : region.getOps()) {
    int64_t opSize = 1;
    for (Region &inner : op.getRegions())
      opSize += unrolledSize(inner);
    if (auto whileOp = dyn_cast<scf::WhileOp>(op))
      if (std::optional<int64_t> trips = constantTripCount(whileOp))
        opSize *= std::max<int64_t>(*trips, 1);
    size = std::min<int64_t>(size + opSize, int64_t(1) << 40);
  }
  return size;
}

/// Whether LLVM unrolls `whileOp` completely by itself.
bool isUnrolledByLLVM(scf::WhileOp whileOp) {
  std::optional<int64_t> trips = constantTripCount(whileOp);
  if (!trips || *trips > kUnrolledTripCount)
    return false;
  Region &body = whileOp.getAfter();
  return *trips * unrolledSize(body) <= kUnrolledSizeLimit;
}

/// The largest loop body (in operations) that is unrolled and jammed.
constexpr int64_t kJamSizeLimit = 64;

/// How many iterations of an interchanged loop one visit of its new thread
/// loop runs (unroll and jam): `factor`, or 1 where that does not apply.
/// A thread's state from one iteration to the next (what the loop carries,
/// a slot it reads and writes back, `dist[t] += d * d`) then goes through
/// memory once per `factor` iterations, and stays in registers in between
/// (LLVM forwards a slot's store to the next load of it), and the uniform
/// loop's overhead is paid once per `factor` iterations. Applies to a body
/// without loops of its own and small enough to be copied `factor` times,
/// whose condition and next uniform values are pure: they are computed
/// ahead for the later iterations of a visit.
unsigned jamFactor(scf::ParallelOp loop, scf::WhileOp whileOp,
                   ArrayRef<bool> uniformArg, unsigned factor) {
  if (factor <= 1)
    return 1;
  int64_t size = 0;
  bool nestedLoop = false;
  whileOp.getAfter().walk([&](Operation *op) {
    ++size;
    if (isa<LoopLikeOpInterface>(op))
      nestedLoop = true;
  });
  if (nestedLoop || size > kJamSizeLimit)
    return 1;
  std::function<bool(Value)> pure = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (!def || !loop->isAncestor(def))
      return true;
    return isSafeToSpeculate(def) && llvm::all_of(def->getOperands(), pure);
  };
  auto condition =
      cast<scf::ConditionOp>(whileOp.getBeforeBody()->getTerminator());
  auto yield = cast<scf::YieldOp>(whileOp.getAfterBody()->getTerminator());
  if (!pure(condition.getCondition()))
    return 1;
  for (auto [k, value] : llvm::enumerate(yield.getOperands()))
    if (uniformArg[k] && !pure(value))
      return 1;
  return factor;
}

/// Finds a while in `loop` (directly or under ifs whose else branch only
/// yields) that can and should be interchanged with it.
std::optional<Candidate> findCandidate(scf::ParallelOp loop,
                                       unsigned jam) {
  std::optional<Candidate> found;
  SmallVector<scf::IfOp> path;
  std::function<void(Block *)> visit = [&](Block *block) {
    for (Operation &op : *block) {
      if (found)
        return;
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        // An else branch may only yield values computed before the if.
        if (ifOp.elseBlock() &&
            !ifOp.elseBlock()->without_terminator().empty())
          continue;
        path.push_back(ifOp);
        visit(ifOp.thenBlock());
        path.pop_back();
        continue;
      }
      auto whileOp = dyn_cast<scf::WhileOp>(op);
      if (!whileOp)
        continue;
      Block *before = whileOp.getBeforeBody();
      auto condition = cast<scf::ConditionOp>(before->getTerminator());
      // The condition forwards the arguments unchanged, and computes only.
      if (!llvm::equal(condition.getArgs(), before->getArguments()) ||
          llvm::any_of(before->without_terminator(), [](Operation &op) {
            return op.getNumRegions() != 0 || !isMemoryEffectFree(&op);
          }))
        continue;
      bool nested = false;
      whileOp->walk([&](Operation *inner) {
        if (isa<scf::ParallelOp, LLVM::AllocaOp>(inner) ||
            inner->getDialect()->getNamespace() == "simt")
          nested = true;
      });
      if (nested)
        continue;
      if (isUnrolledByLLVM(whileOp))
        continue;
      if (!llvm::all_of(crossingLocals(loop, whileOp, path),
                        canMoveToPerThreadBuffer))
        continue;
      SmallVector<bool> uniform = uniformArguments(loop, whileOp);
      if (uniform.empty())
        continue;
      StringRef reason = profitReason(loop, whileOp, uniform);
      if (reason.empty())
        continue;
      found = Candidate{whileOp, path, uniform, reason,
                        jamFactor(loop, whileOp, uniform, jam)};
      return;
    }
  };
  visit(loop.getBody());
  return found;
}

struct InterchangeUniformLoopsPass
    : public cucpu::impl::InterchangeUniformLoopsBase<
          InterchangeUniformLoopsPass> {
  using InterchangeUniformLoopsBase::InterchangeUniformLoopsBase;
  void runOnOperation() override {
    // Each interchange may expose a loop nested in the interchanged one.
    bool changed = true;
    while (changed) {
      changed = false;
      SmallVector<scf::ParallelOp> loops;
      getOperation().walk([&](scf::ParallelOp loop) {
        if (isThreadLoop(loop))
          loops.push_back(loop);
      });
      for (scf::ParallelOp loop : loops) {
        std::optional<Candidate> candidate = findCandidate(loop, jam);
        if (!candidate)
          continue;
        if (remarks) {
          InFlightDiagnostic remark = candidate->whileOp.emitRemark()
                                      << "cucpu: loop interchanged with the "
                                         "thread loop: "
                                      << candidate->reason;
          if (candidate->jam > 1)
            remark << "; unrolled and jammed by " << candidate->jam;
        }
        Interchange(loop, *candidate).run();
        changed = true;
      }
    }
  }
};

} // namespace
