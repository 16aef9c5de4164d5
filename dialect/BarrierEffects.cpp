//===- BarrierEffects.cpp - The memory effects of simt.barrier ------------===//
//
// A barrier orders the accesses of the other threads of its block: what they
// did before it against what they do after it. Its memory effects are those
// accesses, so that any MLIR pass that respects memory effects keeps them on
// their side of the barrier, and a barrier without effects is dead.
//
// The effects are the reads and writes of the code that may run before the
// barrier (back to the previous barrier or the start of the thread loop) and
// after it (to the next barrier or the end), through enclosing loops (whose
// whole body may run on either side) and ifs. Accesses that no other thread
// can make are left out: those to a thread's own locals, and those whose
// address is an injective function of the thread index (`a[threadIdx.x]`,
// `tile[threadIdx.y][threadIdx.x]`).
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "dialect/ThreadAnalysis.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace cucpu::simt;
using cucpu::ThreadFacts;
using cucpu::ThreadFactsInLoop;

namespace {

using Effect = SideEffects::EffectInstance<MemoryEffects::Effect>;

/// The thread loop a barrier synchronizes: the owner of its operands.
scf::ParallelOp threadLoopOf(BarrierOp barrier) {
  if (barrier.getThreads().empty())
    return nullptr;
  auto arg = dyn_cast<BlockArgument>(barrier.getThreads().front());
  return arg ? dyn_cast<scf::ParallelOp>(arg.getOwner()->getParentOp())
             : nullptr;
}

/// The object an address points into: the base under its GEPs.
Value rootOf(Value addr) {
  while (auto gep = addr.getDefiningOp<LLVM::GEPOp>())
    addr = gep.getBase();
  return addr;
}

/// Whether two addresses are computed the same way from the same values.
bool sameComputation(Value a, Value b) {
  if (a == b)
    return true;
  Operation *da = a.getDefiningOp(), *db = b.getDefiningOp();
  if (!da || !db || da->getNumRegions() != 0 || db->getNumRegions() != 0 ||
      cast<OpResult>(a).getResultNumber() != cast<OpResult>(b).getResultNumber())
    return false;
  if (da->getName() != db->getName() ||
      da->getRawDictionaryAttrs() != db->getRawDictionaryAttrs() ||
      da->getPropertiesAsAttribute() != db->getPropertiesAsAttribute() ||
      da->getNumOperands() != db->getNumOperands() ||
      da->getResultTypes() != db->getResultTypes())
    return false;
  if (!isMemoryEffectFree(da))
    return false;
  return llvm::all_of(llvm::zip(da->getOperands(), db->getOperands()),
                      [](auto pair) {
                        return sameComputation(std::get<0>(pair),
                                               std::get<1>(pair));
                      });
}

/// Decides which addresses of a thread loop no other thread can access.
///
/// An address is private to its thread if it points into one of the
/// thread's locals, or if it indexes a uniform base by every thread dimension
/// the code distinguishes threads by (an injective function of the thread
/// index) and every access of the loop that may overlap it uses the same
/// address computation: then thread t touches only the elements no other
/// thread does. Accesses may overlap if they share their base object; objects
/// other than allocations (kernel arguments, pointers read from memory) may
/// all overlap one another (`k<<<…>>>(p, p + 1)` is valid CUDA). Atomic
/// accesses are never private: they are how threads share on purpose.
class ThreadPrivacy {
public:
  // Nothing is computed up front: a barrier's effects are asked for by
  // every pass that looks at memory effects, and a walk of the whole thread
  // loop per question made the passes quadratic in the number of barriers
  // in a loop. What a question needs is found from the uses of the object
  // it is about; only questions about memory other than allocations (kernel
  // arguments, pointers read from memory) walk the loop, once.
  explicit ThreadPrivacy(scf::ParallelOp loop)
      : loop(loop), facts(loop, cucpu::noLoadIsUniform) {}

  bool isPrivate(Value addr) {
    Value root = rootOf(addr);
    if (auto alloca = root.getDefiningOp<LLVM::AllocaOp>())
      if (loop->isAncestor(alloca))
        return true; // A local of the thread.
    if (!isInjective(addr))
      return false;
    ObjectInfo &info = infoOf(objectOf(addr));
    if (info.escaped || info.atomic.contains(addr))
      return false;
    return llvm::all_of(info.accesses, [&](Value other) {
      return sameComputation(addr, other);
    });
  }

  /// Whether `addr` indexes a uniform base injectively by the thread index
  /// and no operation hides where the object's pointer goes.
  bool isInjectiveAccess(Value addr) {
    return isInjective(addr) && !infoOf(objectOf(addr)).escaped;
  }

private:
  /// What the loop does with one object.
  struct ObjectInfo {
    /// The addresses into the object the loop's operations access.
    llvm::SetVector<Value> accesses;
    /// Those of them an atomic operation accesses.
    DenseSet<Value> atomic;
    /// Whether an operation that does not say what it does with a pointer
    /// is given one into the object.
    bool escaped = false;
  };

  /// Threads that differ only in a dimension the code never reads run the
  /// same code on the same data: that dimension does not distinguish them.
  ArrayRef<bool> usedDims() {
    if (usedDimsCache.empty())
      for (Value iv : loop.getInductionVars())
        usedDimsCache.push_back(llvm::any_of(iv.getUsers(), [](Operation *user) {
          return !isa<BarrierOp>(user);
        }));
    return usedDimsCache;
  }

  bool isInjective(Value addr) {
    ArrayRef<bool> used = usedDims();
    SmallVector<bool> covered(used.size(), false);
    while (auto gep = addr.getDefiningOp<LLVM::GEPOp>()) {
      for (Value index : gep.getDynamicIndices()) {
        ThreadFacts indexFacts = facts.facts(index);
        if (indexFacts.isUniformInBlock())
          continue;
        // A uniform offset plus a multiple of one thread index: distinct
        // along that dimension (ThreadFacts knows no stride that wraps).
        std::optional<unsigned> dim = indexFacts.soleThreadDimension();
        if (!dim || *dim >= covered.size() || covered[*dim])
          return false;
        covered[*dim] = true;
      }
      addr = gep.getBase();
    }
    if (!facts.isUniformInBlock(addr))
      return false;
    bool any = false;
    for (auto [u, cov] : llvm::zip(used, covered)) {
      if (u && !cov)
        return false;
      any |= cov;
    }
    return any;
  }

  /// The object an address may point into: its base if that is an
  /// allocation, otherwise one object standing for all other memory.
  static Value objectOf(Value addr) {
    Value root = rootOf(addr);
    return root.getDefiningOp<LLVM::AllocaOp>() ? root : Value();
  }

  /// Records what `op`, an operation of the loop, does with pointers into
  /// `object` (with a null `object`, into any memory but allocations).
  void record(Operation *op, Value object, ObjectInfo &info) {
    if (isa<BarrierOp>(op))
      return;
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(op)) {
      SmallVector<Effect> effects;
      iface.getEffects(effects);
      for (const Effect &effect : effects)
        if (Value addr = effect.getValue(); addr && objectOf(addr) == object) {
          info.accesses.insert(addr);
          if (isa<LLVM::AtomicRMWOp, LLVM::AtomicCmpXchgOp>(op))
            info.atomic.insert(addr);
        }
    } else if (!isa<LLVM::GEPOp>(op)) {
      // A pointer passed to an operation that does not say what it does
      // with it may be accessed in any way.
      for (Value operand : op->getOperands())
        if (isa<LLVM::LLVMPointerType>(operand.getType()) &&
            objectOf(operand) == object)
          info.escaped = true;
    }
  }

  ObjectInfo &infoOf(Value object) {
    auto [it, inserted] = objects.try_emplace(object);
    ObjectInfo &info = it->second;
    if (!inserted)
      return info;
    if (!object) {
      loop.walk([&](Operation *op) { record(op, object, info); });
      return info;
    }
    // An allocation: the operations of the loop that use the addresses
    // its GEPs derive from it (the only addresses objectOf maps to it).
    SmallVector<Value> addresses{object};
    DenseSet<Operation *> seen;
    while (!addresses.empty()) {
      Value address = addresses.pop_back_val();
      for (Operation *user : address.getUsers()) {
        if (auto gep = dyn_cast<LLVM::GEPOp>(user))
          if (gep.getBase() == address)
            addresses.push_back(gep.getResult());
        if (loop->isAncestor(user) && seen.insert(user).second)
          record(user, object, info);
      }
    }
    return info;
  }

  scf::ParallelOp loop;
  /// Trusting no load: whether a barrier may go must not rest on the
  /// program being free of races on a location it reads, only on its code.
  ThreadFactsInLoop facts;
  SmallVector<bool> usedDimsCache;
  DenseMap<Value, ObjectInfo> objects;
};

/// `effect` on the memory `addr` points to, or on all memory if `addr` is
/// null.
Effect effectOn(MemoryEffects::Effect *effect, Value addr) {
  if (!addr)
    return Effect(effect);
  if (auto result = dyn_cast<OpResult>(addr))
    return Effect(effect, result);
  return Effect(effect, cast<BlockArgument>(addr));
}

/// An access other threads may make on one side of a barrier.
struct SharedAccess {
  Operation *op;
  Value addr; // null: any memory
  bool isWrite;
};

bool containsBarrier(Operation *op) {
  return op->walk([](BarrierOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// The body of a loop that runs a barrier at its top level, if `op` is such
/// a loop (`scf.for`, or the `do` region of `scf.while`).
Block *loopBodyWithBarrier(Operation *op) {
  Block *body = nullptr;
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    body = forOp.getBody();
  else if (auto whileOp = dyn_cast<scf::WhileOp>(op))
    body = whileOp.getAfterBody();
  if (!body || !llvm::any_of(*body, [](Operation &o) { return isa<BarrierOp>(o); }))
    return nullptr;
  return body;
}

class EffectCollector {
public:
  EffectCollector(scf::ParallelOp loop) : privacy(loop) {}

  /// Adds the shared accesses of `op` and of the operations nested in it to
  /// `side`.
  void add(Operation *op, SmallVectorImpl<SharedAccess> &side) {
    if (isa<BarrierOp>(op))
      return;
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(op)) {
      SmallVector<Effect> opEffects;
      iface.getEffects(opEffects);
      for (const Effect &effect : opEffects) {
        if (!isa<MemoryEffects::Read, MemoryEffects::Write>(
                effect.getEffect()))
          continue;
        Value addr = effect.getValue();
        if (addr && privacy.isPrivate(addr))
          continue;
        side.push_back(
            {op, addr, isa<MemoryEffects::Write>(effect.getEffect())});
      }
    } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
      // An operation we know nothing about: it may touch anything.
      side.push_back({op, Value(), false});
      side.push_back({op, Value(), true});
    }
    for (Region &region : op->getRegions())
      for (Operation &nested : region.getOps())
        add(&nested, side);
  }

  /// Adds what a loop with a barrier in its body may run between that
  /// barrier and the code outside: the body's part on the near side of its
  /// barriers, and a `while`'s condition. The loop may also run no
  /// iteration, so the walk goes on past it.
  void addLoopPart(Operation *loop, Block *body, bool backwards,
                   SmallVectorImpl<SharedAccess> &side) {
    if (auto whileOp = dyn_cast<scf::WhileOp>(loop))
      for (Operation &op : whileOp.getBeforeBody()->getOperations())
        add(&op, side);
    if (backwards) {
      for (auto it = body->end(); it != body->begin();) {
        --it;
        if (isa<BarrierOp>(*it))
          break;
        add(&*it, side);
      }
    } else {
      for (Operation &op : *body) {
        if (isa<BarrierOp>(op))
          break;
        add(&op, side);
      }
    }
  }

  /// Adds the operations of `block` in [begin, end) to `side`, stopping
  /// (when walking away from the barrier) at the first barrier met at this
  /// level. Returns whether it stopped at one.
  bool addRange(Block::iterator begin, Block::iterator end, bool backwards,
                SmallVectorImpl<SharedAccess> &side) {
    auto visit = [&](Operation &op) {
      if (isa<BarrierOp>(op))
        return true;
      if (Block *body = loopBodyWithBarrier(&op))
        addLoopPart(&op, body, backwards, side);
      else
        add(&op, side);
      return false;
    };
    if (backwards) {
      for (auto it = end; it != begin;) {
        --it;
        if (visit(*it))
          return true;
      }
      return false;
    }
    for (auto it = begin; it != end; ++it)
      if (visit(*it))
        return true;
    return false;
  }

  bool isInjectiveAndSame(Value a, Value b) {
    return privacy.isInjectiveAccess(a) && sameComputation(a, b);
  }

  SmallVector<SharedAccess> before, after;

private:
  ThreadPrivacy privacy;
};

/// Collects the shared accesses before and after `barrier` in its thread
/// loop: walking outwards from the barrier, the code at each level up to the
/// neighbouring barriers, and whole loop bodies around it (they may run on
/// either side).
void collectSides(BarrierOp barrier, scf::ParallelOp loop,
                  EffectCollector &collector) {
  bool beforeOpen = true, afterOpen = true;
  Operation *at = barrier.getOperation();
  while (at != loop.getOperation()) {
    Block *block = at->getBlock();
    if (beforeOpen)
      beforeOpen = !collector.addRange(block->begin(), at->getIterator(),
                                       /*backwards=*/true, collector.before);
    if (afterOpen)
      afterOpen = !collector.addRange(std::next(at->getIterator()),
                                      block->end(), /*backwards=*/false,
                                      collector.after);
    Operation *parent = block->getParentOp();
    if (parent == loop.getOperation())
      break;
    if (isa<LoopLikeOpInterface>(parent) || isa<scf::WhileOp>(parent))
      for (Region &region : parent->getRegions())
        for (Operation &op : region.getOps()) {
          collector.add(&op, collector.before);
          collector.add(&op, collector.after);
        }
    at = parent;
  }
}

bool isNoAliasArgument(Value root) {
  auto load = root.getDefiningOp<LLVM::LoadOp>();
  return load && load->hasAttr(kNoAliasArgAttr);
}

bool mayOverlap(Value a, Value b) {
  if (!a || !b)
    return true;
  Value rootA = rootOf(a), rootB = rootOf(b);
  if (rootA == rootB)
    return true;
  auto isObject = [](Value root) { return isDistinctObject(root); };
  auto globalA = rootA.getDefiningOp<LLVM::AddressOfOp>();
  auto globalB = rootB.getDefiningOp<LLVM::AddressOfOp>();
  if (globalA && globalB)
    return globalA.getGlobalName() == globalB.getGlobalName();
  // Shared memory and locals are allocas no pointer from outside the
  // launch can reach.
  return !rootA.getDefiningOp<LLVM::AllocaOp>() &&
         !rootB.getDefiningOp<LLVM::AllocaOp>() &&
         !isNoAliasArgument(rootA) && !isNoAliasArgument(rootB) &&
         !(isObject(rootA) && isObject(rootB));
}

} // namespace

void BarrierOp::getEffects(SmallVectorImpl<Effect> &effects) {
  scf::ParallelOp loop = threadLoopOf(*this);
  if (!loop) {
    // Not yet in a launch: it may order anything.
    effects.emplace_back(MemoryEffects::Read::get());
    effects.emplace_back(MemoryEffects::Write::get());
    return;
  }
  EffectCollector collector(loop);
  collectSides(*this, loop, collector);
  llvm::SetVector<Value> reads, writes;
  for (auto *side : {&collector.before, &collector.after})
    for (const SharedAccess &access : *side)
      (access.isWrite ? writes : reads).insert(access.addr);
  for (Value v : reads)
    effects.push_back(effectOn(MemoryEffects::Read::get(), v));
  for (Value v : writes)
    effects.push_back(effectOn(MemoryEffects::Write::get(), v));
}

std::optional<BarrierConflict>
cucpu::simt::findCrossThreadConflict(BarrierOp barrier) {
  scf::ParallelOp loop = threadLoopOf(barrier);
  if (!loop)
    return BarrierConflict{barrier, barrier};
  EffectCollector collector(loop);
  collectSides(barrier, loop, collector);
  for (const SharedAccess &b : collector.before)
    for (const SharedAccess &a : collector.after) {
      if (!a.isWrite && !b.isWrite)
        continue;
      if (!mayOverlap(a.addr, b.addr))
        continue;
      // Both sides index by the same injective function of the thread:
      // each thread meets only its own element.
      if (a.addr && b.addr && !isa<LLVM::AtomicRMWOp, LLVM::AtomicCmpXchgOp>(a.op) &&
          !isa<LLVM::AtomicRMWOp, LLVM::AtomicCmpXchgOp>(b.op) &&
          collector.isInjectiveAndSame(a.addr, b.addr))
        continue;
      return BarrierConflict{b.op, a.op};
    }
  return std::nullopt;
}

bool cucpu::simt::isThreadInjectiveAddress(Value addr,
                                           scf::ParallelOp threadLoop) {
  return ThreadPrivacy(threadLoop).isInjectiveAccess(addr);
}

bool cucpu::simt::isSameAddressComputation(Value a, Value b) {
  return sameComputation(a, b);
}

bool cucpu::simt::isDistinctObject(Value root) {
  return root.getDefiningOp<LLVM::AllocaOp>() ||
         root.getDefiningOp<LLVM::AddressOfOp>() || isNoAliasArgument(root);
}
