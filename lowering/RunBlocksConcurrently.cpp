//===- RunBlocksConcurrently.cpp - A worker per block for waiting blocks --===//
//
// See the pass description in Passes.td. A grid's blocks are shared among
// the workers in contiguous chunks, each worker running its blocks one after
// another; a block that spins until a later block of its own chunk writes a
// flag would wait forever. With as many OpenMP threads as blocks each block
// has a thread of its own, and the operating system's scheduler (with the
// yields of the spin loops) lets every block make progress.
//
//===----------------------------------------------------------------------===//

#include "lowering/Lowering.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"

namespace cucpu {
#define GEN_PASS_DEF_RUNBLOCKSCONCURRENTLY
#include "lowering/Passes.h.inc"
} // namespace cucpu

using namespace mlir;

namespace {

struct RunBlocksConcurrentlyPass
    : public cucpu::impl::RunBlocksConcurrentlyBase<RunBlocksConcurrentlyPass> {
  using RunBlocksConcurrentlyBase::RunBlocksConcurrentlyBase;

  void runOnOperation() override {
    getOperation().walk([&](func::FuncOp func) {
      if (!func->hasAttr(cucpu::kConcurrentBlocksAttr))
        return;
      func.walk([&](omp::ParallelOp region) {
        omp::LoopNestOp nest;
        region.walk([&](omp::LoopNestOp n) {
          if (!nest)
            nest = n;
        });
        // Bounds defined inside the region (none that the SCF conversion
        // makes) cannot size it.
        if (!nest || region.getNumThreads() ||
            !cucpu::boundsDefinedOutside(nest, region))
          return;
        OpBuilder b(region);
        Location loc = region.getLoc();
        Type i64 = b.getI64Type();
        Value one = arith::ConstantIntOp::create(b, loc, i64, 1);
        Value blocks = cucpu::emitTripCount(b, loc, nest);
        // At least one thread; at most maxWorkers, past which a grid does
        // not fit, as it would not fit a GPU.
        Value cap = arith::ConstantIntOp::create(b, loc, i64, maxWorkers);
        blocks = arith::MinSIOp::create(b, loc, blocks, cap);
        blocks = arith::MaxSIOp::create(b, loc, blocks, one);
        Value count = arith::TruncIOp::create(b, loc, b.getI32Type(), blocks);
        region.getNumThreadsMutable().assign(count);
      });
    });
  }
};

} // namespace
