//===- ScheduleBlocksInOrder.cpp - Blocks handed out as a GPU dispatches --===//
//
// See the pass description in Passes.td. OpenMP's default static schedule
// gives each worker one contiguous range of the grid: with two workers the
// first block and the middle block run at the same time, and a block of the
// grid's second half may run before every block of the first half has. A
// GPU dispatches blocks in order of their linear index as resources free
// up, and real programs lean on it: a block that reads what a block far
// before it wrote, with no synchronization (HeCBench's ssm reads each
// chunk's carry from the block of the previous chunk, a grid row earlier),
// works on a GPU because that block ended long before. Chunks handed out
// dynamically in index order keep the blocks in flight close together, as a
// GPU's are, and balance uneven blocks among the workers.
//
//===----------------------------------------------------------------------===//

#include "lowering/Lowering.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"

namespace cucpu {
#define GEN_PASS_DEF_SCHEDULEBLOCKSINORDER
#include "lowering/Passes.h.inc"
} // namespace cucpu

using namespace mlir;

namespace {

struct ScheduleBlocksInOrderPass
    : public cucpu::impl::ScheduleBlocksInOrderBase<ScheduleBlocksInOrderPass> {
  using ScheduleBlocksInOrderBase::ScheduleBlocksInOrderBase;

  void runOnOperation() override {
    getOperation().walk([&](func::FuncOp func) {
      // Blocks that wait on each other have a thread each, statically.
      if (!func->hasAttr(cucpu::kKernelNameAttr) ||
          func->hasAttr(cucpu::kConcurrentBlocksAttr))
        return;
      func.walk([&](omp::WsloopOp loop) {
        auto region = loop->getParentOfType<omp::ParallelOp>();
        auto nest = dyn_cast<omp::LoopNestOp>(loop.getWrappedLoop());
        if (!region || !nest || loop.getScheduleKind() ||
            !cucpu::boundsDefinedOutside(nest, region))
          return;
        OpBuilder b(region);
        Location loc = loop.getLoc();
        Type i64 = b.getI64Type();
        Value trips = cucpu::emitTripCount(b, loc, nest);
        Value parts = arith::ConstantIntOp::create(b, loc, i64, chunks);
        Value chunk = arith::CeilDivSIOp::create(b, loc, trips, parts);
        chunk = arith::MaxSIOp::create(
            b, loc, chunk, arith::ConstantIntOp::create(b, loc, i64, 1));
        Type ivType = nest.getLoopLowerBounds().front().getType();
        if (ivType.isIndex())
          chunk = arith::IndexCastOp::create(b, loc, ivType, chunk);
        else if (ivType != i64)
          chunk = arith::TruncIOp::create(b, loc, ivType, chunk);
        loop.setScheduleKindAttr(omp::ClauseScheduleKindAttr::get(
            b.getContext(), omp::ClauseScheduleKind::Dynamic));
        // Monotonic: a nonmonotonic dynamic schedule is libomp's static
        // stealing, which first splits the grid into contiguous ranges.
        loop.setScheduleModAttr(omp::ScheduleModifierAttr::get(
            b.getContext(), omp::ScheduleModifier::monotonic));
        loop.getScheduleChunkMutable().assign(chunk);
      });
    });
  }
};

} // namespace
