//===- BoundInlining.cpp - Keep huge inlined expansions out of line -------===//
//
// Part of cucpu.
//
// The launch stage inlines every device function, because thread and block
// queries, barriers and __shared__ variables only mean something inside the
// launch's loops. Functions that use none of those may stay calls; this pass
// keeps the largest of them out of line when inlining everything would make
// some function exceed a bound, so that a call tree that multiplies (64 calls
// of a function that makes 64 calls of another) cannot make the compile
// time explode.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <functional>

namespace cucpu {
#define GEN_PASS_DEF_BOUNDINLINING
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

constexpr uint64_t kSaturated = uint64_t(1) << 62;

uint64_t saturatingAdd(uint64_t a, uint64_t b) {
  return std::min(kSaturated, a + b);
}

uint64_t saturatingMul(uint64_t a, uint64_t b) {
  if (a && b > kSaturated / a)
    return kSaturated;
  return std::min(kSaturated, a * b);
}

class InliningBound {
public:
  InliningBound(ModuleOp module) : module(module), symbols(module) {
    module.walk([&](func::FuncOp f) {
      functions.push_back(f);
      uint64_t own = 0;
      f.walk([&](Operation *op) {
        ++own;
        if (auto call = dyn_cast<func::CallOp>(op))
          if (auto callee = symbols.lookup<func::FuncOp>(call.getCallee()))
            calls[f].push_back({call, callee});
      });
      ownOps[f] = own;
    });
    findLaunchUsers();
  }

  /// Marks callees no_inline until no function exceeds maxOps once
  /// inlined, or no candidate is left. Returns how many were marked.
  unsigned run(uint64_t maxOps) {
    unsigned marked = 0;
    while (true) {
      sizes.clear();
      func::FuncOp worst;
      uint64_t worstSize = 0;
      for (func::FuncOp f : functions) {
        uint64_t size = inlinedSize(f);
        if (size > worstSize) {
          worst = f;
          worstSize = size;
        }
      }
      if (!worst || worstSize <= maxOps)
        return marked;
      // The callee whose copies weigh most in the worst function.
      llvm::DenseMap<func::FuncOp, uint64_t> copies = countCopies(worst);
      func::FuncOp best;
      uint64_t bestWeight = 0;
      for (auto [callee, count] : copies) {
        if (!isCandidate(callee))
          continue;
        // What keeping it out of line saves: all copies but one (a function
        // copied once saves nothing, it only moves).
        uint64_t weight = saturatingMul(inlinedSize(callee), count - 1);
        if (weight > bestWeight) {
          best = callee;
          bestWeight = weight;
        }
      }
      if (!best)
        return marked;
      best.setNoInline(true);
      ++marked;
    }
  }

private:
  struct Call {
    func::CallOp op;
    func::FuncOp callee;
  };

  bool isCandidate(func::FuncOp f) {
    return !f.isExternal() && !f.getNoInline() && !needsLaunch.contains(f);
  }

  /// Whether a call is inlined: the callee is not kept out of line.
  static bool inlined(Call call) {
    return !call.callee.isExternal() && !call.callee.getNoInline() &&
           !call.op.getNoInline();
  }

  /// Functions that query the launch (thread and block indices, barriers,
  /// `__shared__` variables), directly or through what they call.
  void findLaunchUsers() {
    llvm::DenseMap<func::FuncOp, SmallVector<func::FuncOp>> callers;
    SmallVector<func::FuncOp> work;
    for (func::FuncOp f : functions) {
      for (Call call : calls[f])
        callers[call.callee].push_back(f);
      WalkResult uses = f.walk([&](Operation *op) {
        if (isa<simt::SIMTDialect>(op->getDialect()))
          return WalkResult::interrupt();
        if (auto address = dyn_cast<LLVM::AddressOfOp>(op))
          if (auto global = symbols.lookup<LLVM::GlobalOp>(
                  address.getGlobalName()))
            if (global->hasAttr(kSharedAttr))
              return WalkResult::interrupt();
        return WalkResult::advance();
      });
      if (uses.wasInterrupted() && needsLaunch.insert(f).second)
        work.push_back(f);
    }
    while (!work.empty()) {
      func::FuncOp f = work.pop_back_val();
      for (func::FuncOp caller : callers[f])
        if (needsLaunch.insert(caller).second)
          work.push_back(caller);
    }
  }

  /// Operations of f once its inlined calls are inlined (recursion counts
  /// once: such calls stay calls).
  uint64_t inlinedSize(func::FuncOp f) {
    if (auto it = sizes.find(f); it != sizes.end())
      return it->second;
    sizes[f] = ownOps[f]; // in progress: a recursive call adds nothing
    uint64_t size = ownOps[f];
    for (Call call : calls[f])
      if (inlined(call))
        size = saturatingAdd(size, inlinedSize(call.callee));
    sizes[f] = size;
    return size;
  }

  /// How many copies of each function inlining root's calls would make:
  /// counted along the inlined call graph in topological order (callers
  /// before callees), so that a tree that multiplies is not walked path by
  /// path. A recursive call (an edge back to an earlier function) is no copy.
  llvm::DenseMap<func::FuncOp, uint64_t> countCopies(func::FuncOp root) {
    SmallVector<func::FuncOp> postorder;
    llvm::DenseSet<func::FuncOp> seen;
    std::function<void(func::FuncOp)> visit = [&](func::FuncOp f) {
      if (!seen.insert(f).second)
        return;
      for (Call call : calls[f])
        if (inlined(call))
          visit(call.callee);
      postorder.push_back(f);
    };
    visit(root);
    llvm::DenseMap<func::FuncOp, unsigned> position;
    for (auto [i, f] : llvm::enumerate(llvm::reverse(postorder)))
      position[f] = i;
    llvm::DenseMap<func::FuncOp, uint64_t> copies;
    copies[root] = 1;
    for (func::FuncOp f : llvm::reverse(postorder))
      for (Call call : calls[f])
        if (inlined(call) && position[call.callee] > position[f])
          copies[call.callee] = saturatingAdd(copies[call.callee], copies[f]);
    copies.erase(root);
    return copies;
  }

  ModuleOp module;
  SymbolTable symbols;
  SmallVector<func::FuncOp> functions;
  llvm::DenseMap<func::FuncOp, uint64_t> ownOps;
  llvm::DenseMap<func::FuncOp, SmallVector<Call>> calls;
  llvm::DenseSet<func::FuncOp> needsLaunch;
  llvm::DenseMap<func::FuncOp, uint64_t> sizes;
};

struct BoundInliningPass
    : public cucpu::impl::BoundInliningBase<BoundInliningPass> {
  using BoundInliningBase::BoundInliningBase;

  void runOnOperation() override {
    InliningBound(getOperation()).run(maxOps);
  }
};

} // namespace
