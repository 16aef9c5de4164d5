//===- PrintBarrierEffects.cpp - Remarks on what barriers order -----------===//

#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"

namespace cucpu {
#define GEN_PASS_DEF_PRINTBARRIEREFFECTS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;

namespace {

struct PrintBarrierEffectsPass
    : public cucpu::impl::PrintBarrierEffectsBase<PrintBarrierEffectsPass> {
  void runOnOperation() override {
    getOperation()->walk([](cucpu::simt::BarrierOp barrier) {
      SmallVector<SideEffects::EffectInstance<MemoryEffects::Effect>> effects;
      barrier.getEffects(effects);
      for (const auto &effect : effects) {
        StringRef what = isa<MemoryEffects::Read>(effect.getEffect())
                             ? "read across a barrier"
                             : "written across a barrier";
        Value addr = effect.getValue();
        if (!addr)
          barrier.emitRemark() << "orders all memory (" << what << ")";
        else if (Operation *def = addr.getDefiningOp())
          def->emitRemark() << what;
        else
          barrier.emitRemark() << "block argument " << what;
      }
    });
  }
};

} // namespace
