//===- MemoryAccess.cpp - Reads and writes of operations, and aliasing ----===//

#include "transforms/MemoryAccess.h"
#include "dialect/SIMTDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace cucpu {

void collectAccesses(Operation *op, SmallVectorImpl<MemoryAccess> &accesses) {
  if (auto iface = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<SideEffects::EffectInstance<MemoryEffects::Effect>> effects;
    iface.getEffects(effects);
    for (const auto &effect : effects) {
      bool isRead = isa<MemoryEffects::Read>(effect.getEffect());
      // An allocation's result is fresh memory: allocating does not touch
      // what other operations access.
      if (isa<MemoryEffects::Allocate>(effect.getEffect()))
        continue;
      accesses.push_back({op, effect.getValue(), !isRead});
    }
  } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
    accesses.push_back({op, Value(), false});
    accesses.push_back({op, Value(), true});
  }
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block)
        collectAccesses(&nested, accesses);
}

Value rootObject(Value addr) {
  while (auto gep = addr.getDefiningOp<LLVM::GEPOp>())
    addr = gep.getBase();
  return addr;
}

Value blockSharedObject(Value addr, Operation *threadLoop) {
  Value root = rootObject(addr);
  auto alloca = root.getDefiningOp<LLVM::AllocaOp>();
  return alloca && !threadLoop->isAncestor(alloca) ? root : Value();
}

/// Whether the address of `alloca` is only loaded from, stored to (as the
/// address) and offset by GEPs: then no other pointer can reach it.
static bool isNonEscapingLocal(Value root) {
  auto alloca = root.getDefiningOp<LLVM::AllocaOp>();
  if (!alloca)
    return false;
  SmallVector<Value> worklist = {root};
  while (!worklist.empty()) {
    Value ptr = worklist.pop_back_val();
    for (OpOperand &use : ptr.getUses()) {
      Operation *user = use.getOwner();
      if (isa<LLVM::LoadOp>(user))
        continue;
      if (auto store = dyn_cast<LLVM::StoreOp>(user)) {
        if (store.getValue() == ptr)
          return false;
        continue;
      }
      if (auto gep = dyn_cast<LLVM::GEPOp>(user)) {
        if (gep.getBase() != ptr)
          return false;
        worklist.push_back(gep.getResult());
        continue;
      }
      return false;
    }
  }
  return true;
}


bool mayAlias(Value a, Value b) {
  if (!a || !b)
    return true;
  Value rootA = rootObject(a), rootB = rootObject(b);
  if (rootA == rootB)
    return true;
  auto globalA = rootA.getDefiningOp<LLVM::AddressOfOp>();
  auto globalB = rootB.getDefiningOp<LLVM::AddressOfOp>();
  if (globalA && globalB)
    return globalA.getGlobalName() == globalB.getGlobalName();
  if (simt::isDistinctObject(rootA) || simt::isDistinctObject(rootB)) {
    // A distinct object is reachable from another root only through its
    // address escaping: a local whose address stays in loads, stores and
    // GEPs, or a restrict argument, cannot be.
    if (simt::isDistinctObject(rootA) && simt::isDistinctObject(rootB))
      return false;
    Value object = simt::isDistinctObject(rootA) ? rootA : rootB;
    return !isNonEscapingLocal(object) &&
           !object.getDefiningOp<LLVM::LoadOp>();
  }
  return true;
}

bool isPlainAccess(LLVM::LoadOp load) {
  return !load.getVolatile_() &&
         load.getOrdering() == LLVM::AtomicOrdering::not_atomic;
}

bool isPlainAccess(LLVM::StoreOp store) {
  return !store.getVolatile_() &&
         store.getOrdering() == LLVM::AtomicOrdering::not_atomic;
}

} // namespace cucpu
