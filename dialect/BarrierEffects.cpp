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

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace cucpu::simt;

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

/// Whether `v` has the same value in every thread of `loop`.
bool isUniform(Value v, scf::ParallelOp loop) {
  return !loop->isAncestor(v.getParentRegion()->getParentOp());
}

/// If `index` is a thread index of `loop` plus a uniform offset (through
/// casts), the dimension of that thread index.
std::optional<unsigned> threadDimension(Value index, scf::ParallelOp loop) {
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(index)) {
      if (arg.getOwner() == loop.getBody())
        return arg.getArgNumber();
      return std::nullopt;
    }
    Operation *def = index.getDefiningOp();
    if (!def)
      return std::nullopt;
    // Casts that keep distinct thread indices distinct (a thread index
    // fits in 32 bits); truncations to fewer bits do not.
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
            arith::ExtUIOp>(def)) {
      index = def->getOperand(0);
      continue;
    }
    if (isa<arith::AddIOp, arith::SubIOp>(def)) {
      if (isUniform(def->getOperand(1), loop)) {
        index = def->getOperand(0);
        continue;
      }
      if (isa<arith::AddIOp>(def) && isUniform(def->getOperand(0), loop)) {
        index = def->getOperand(1);
        continue;
      }
    }
    return std::nullopt;
  }
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
  explicit ThreadPrivacy(scf::ParallelOp loop) : loop(loop) {
    // Threads that differ only in a dimension the code never reads run the
    // same code on the same data: that dimension does not distinguish them.
    usedDims.assign(loop.getNumLoops(), false);
    for (auto [i, iv] : llvm::enumerate(loop.getInductionVars()))
      for (Operation *user : iv.getUsers())
        if (!isa<BarrierOp>(user))
          usedDims[i] = true;
    loop.walk([&](Operation *op) {
      if (isa<BarrierOp>(op))
        return;
      if (auto iface = dyn_cast<MemoryEffectOpInterface>(op)) {
        SmallVector<Effect> effects;
        iface.getEffects(effects);
        for (const Effect &effect : effects)
          if (Value addr = effect.getValue()) {
            accessesByObject[objectOf(addr)].insert(addr);
            if (isa<LLVM::AtomicRMWOp, LLVM::AtomicCmpXchgOp>(op))
              atomic.insert(addr);
          }
      }
      // A pointer passed to an operation that does not say what it does
      // with it may be accessed in any way.
      if (!isa<MemoryEffectOpInterface>(op) && !isa<LLVM::GEPOp>(op))
        for (Value operand : op->getOperands())
          if (isa<LLVM::LLVMPointerType>(operand.getType()))
            escaped.insert(objectOf(operand));
    });
  }

  bool isPrivate(Value addr) {
    Value root = rootOf(addr);
    if (auto alloca = root.getDefiningOp<LLVM::AllocaOp>())
      if (loop->isAncestor(alloca))
        return true; // A local of the thread.
    if (escaped.contains(objectOf(addr)) || atomic.contains(addr) ||
        !isInjective(addr))
      return false;
    return llvm::all_of(accessesByObject[objectOf(addr)], [&](Value other) {
      return sameComputation(addr, other);
    });
  }

private:
  bool isInjective(Value addr) {
    SmallVector<bool> covered(usedDims.size(), false);
    while (auto gep = addr.getDefiningOp<LLVM::GEPOp>()) {
      for (Value index : gep.getDynamicIndices()) {
        if (isUniform(index, loop))
          continue;
        std::optional<unsigned> dim = threadDimension(index, loop);
        if (!dim || covered[*dim])
          return false;
        covered[*dim] = true;
      }
      addr = gep.getBase();
    }
    if (!isUniform(addr, loop))
      return false;
    bool any = false;
    for (auto [used, cov] : llvm::zip(usedDims, covered)) {
      if (used && !cov)
        return false;
      any |= cov;
    }
    return any;
  }

  scf::ParallelOp loop;
  SmallVector<bool> usedDims;
  /// The object an address may point into: its base if that is an
  /// allocation, otherwise one object standing for all other memory.
  Value objectOf(Value addr) {
    Value root = rootOf(addr);
    return root.getDefiningOp<LLVM::AllocaOp>() ? root : Value();
  }

  DenseMap<Value, llvm::SetVector<Value>> accessesByObject;
  DenseSet<Value> escaped;
  DenseSet<Value> atomic;
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

class EffectCollector {
public:
  EffectCollector(scf::ParallelOp loop) : privacy(loop) {}

  /// Adds the shared accesses of `op` and of the operations nested in it.
  void add(Operation *op) {
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
        if (isa<MemoryEffects::Read>(effect.getEffect()))
          reads.insert(addr);
        else
          writes.insert(addr);
      }
    } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
      // An operation we know nothing about: it may touch anything.
      reads.insert(Value());
      writes.insert(Value());
    }
    for (Region &region : op->getRegions())
      for (Operation &nested : region.getOps())
        add(&nested);
  }

  /// Adds the operations of `block` in [begin, end), stopping (when walking
  /// away from the barrier) at the first barrier met at this level.
  void addRange(Block::iterator begin, Block::iterator end, bool backwards) {
    if (backwards) {
      for (auto it = end; it != begin;) {
        --it;
        if (isa<BarrierOp>(*it))
          return markStopped();
        add(&*it);
      }
    } else {
      for (auto it = begin; it != end; ++it) {
        if (isa<BarrierOp>(*it))
          return markStopped();
        add(&*it);
      }
    }
  }

  void markStopped() { stopped = true; }
  bool stopped = false;

  void emit(SmallVectorImpl<Effect> &effects) {
    for (Value v : reads)
      effects.push_back(effectOn(MemoryEffects::Read::get(), v));
    for (Value v : writes)
      effects.push_back(effectOn(MemoryEffects::Write::get(), v));
  }

private:
  ThreadPrivacy privacy;
  llvm::SetVector<Value> reads, writes;
};

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
  // Walk outwards from the barrier to the thread loop, collecting the code
  // before it and the code after it at each level.
  bool beforeOpen = true, afterOpen = true;
  Operation *at = getOperation();
  while (at != loop.getOperation()) {
    Block *block = at->getBlock();
    if (beforeOpen) {
      collector.stopped = false;
      collector.addRange(block->begin(), at->getIterator(), true);
      beforeOpen = !collector.stopped;
    }
    if (afterOpen) {
      collector.stopped = false;
      collector.addRange(std::next(at->getIterator()), block->end(), false);
      afterOpen = !collector.stopped;
    }
    Operation *parent = block->getParentOp();
    if (parent == loop.getOperation())
      break;
    // In a loop, the whole body may run before and after the barrier.
    if (isa<LoopLikeOpInterface>(parent) || isa<scf::WhileOp>(parent))
      for (Region &region : parent->getRegions())
        for (Operation &op : region.getOps())
          collector.add(&op);
    at = parent;
  }
  collector.emit(effects);
}
