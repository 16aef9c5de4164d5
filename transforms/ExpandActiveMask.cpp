//===- ExpandActiveMask.cpp - __activemask as an exchange between lanes ---===//
//
// On a GPU, __activemask reads which lanes of the warp execute the call
// together. In a thread loop a divergent branch is a condition of each
// thread, and barrier lowering runs the threads that take it in phases of
// their own: the lanes that run the call are those present in its phase.
// Each calling thread marks its slot of a block-shared presence area, a warp
// barrier separates the marks from the reads, every thread collects the
// marks of its warp, a second warp barrier separates the reads from the
// clearing of its own mark. A thread that does not run the call never marks
// its slot, so the area reads as zero for it: the area is zeroed when each
// block starts, and each caller clears what it marked.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace cucpu {
#define GEN_PASS_DEF_EXPANDACTIVEMASK
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

constexpr int64_t kLanes = 32;
constexpr int64_t kMaxThreads = 1024;

struct ExpandActiveMaskPass
    : public cucpu::impl::ExpandActiveMaskBase<ExpandActiveMaskPass> {
  void runOnOperation() override {
    SmallVector<simt::ActiveMaskOp> queries;
    getOperation().walk([&](simt::ActiveMaskOp op) { queries.push_back(op); });
    DenseMap<Operation *, Value> areas;
    for (simt::ActiveMaskOp query : queries) {
      auto threadLoop = query->getParentOfType<scf::ParallelOp>();
      auto blockLoop =
          threadLoop ? threadLoop->getParentOfType<scf::ParallelOp>() : nullptr;
      if (!blockLoop || !isBlockLoop(blockLoop)) {
        query.emitError("__activemask used in a device function that could "
                        "not be inlined into its kernel");
        return signalPassFailure();
      }
      Value &area = areas[blockLoop];
      if (!area)
        area = createArea(blockLoop);
      expand(query, threadLoop, area);
    }
  }

  /// A zeroed byte per thread of the block, at the start of each block.
  Value createArea(scf::ParallelOp blockLoop) {
    OpBuilder b = OpBuilder::atBlockBegin(blockLoop.getBody());
    Location loc = blockLoop.getLoc();
    auto i64 = b.getI64Type();
    Value one = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1));
    auto bytes = LLVM::LLVMArrayType::get(b.getI8Type(), kMaxThreads);
    Value area = LLVM::AllocaOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), bytes, one, 16);
    Value zero =
        LLVM::ConstantOp::create(b, loc, b.getI8Type(), b.getI8IntegerAttr(0));
    Value size =
        LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(kMaxThreads));
    LLVM::MemsetOp::create(b, loc, area, zero, size, /*isVolatile=*/false);
    return area;
  }

  void expand(simt::ActiveMaskOp query, scf::ParallelOp threadLoop,
              Value area) {
    OpBuilder b(query);
    Location loc = query.getLoc();
    auto i64 = b.getI64Type();
    auto i8 = b.getI8Type();
    auto c64 = [&](int64_t v) {
      return arith::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v))
          .getResult();
    };
    // The thread's linear index, in the order CUDA assigns threads to warps.
    SmallVector<Value> ids(threadLoop.getInductionVars());
    Value thread = linearThreadId(b, loc, threadLoop);
    Value blockThreads = threadCount(b, loc, threadLoop);
    Value lane = arith::AndIOp::create(b, loc, thread, c64(kLanes - 1));
    Value warpBase = arith::SubIOp::create(b, loc, thread, lane);
    auto slot = [area, loc](OpBuilder &ob, Value t) -> Value {
      return LLVM::GEPOp::create(
          ob, loc, LLVM::LLVMPointerType::get(ob.getContext()), ob.getI8Type(),
          area, ArrayRef<LLVM::GEPArg>{t});
    };
    auto warpBarrier = [&]() {
      auto barrier = simt::BarrierOp::create(b, loc, ids);
      barrier->setAttr(kWarpSyncAttr, b.getUnitAttr());
    };
    Value one8 = LLVM::ConstantOp::create(b, loc, i8, b.getI8IntegerAttr(1));
    Value zero8 = LLVM::ConstantOp::create(b, loc, i8, b.getI8IntegerAttr(0));
    LLVM::StoreOp::create(b, loc, one8, slot(b, thread));
    warpBarrier();
    Value lb = arith::ConstantIndexOp::create(b, loc, 0);
    Value ub = arith::ConstantIndexOp::create(b, loc, kLanes);
    Value step = arith::ConstantIndexOp::create(b, loc, 1);
    auto collect = scf::ForOp::create(
        b, loc, lb, ub, step, ValueRange{c64(0)},
        [&](OpBuilder &fb, Location fl, Value laneIndex, ValueRange carried) {
          Value l = arith::IndexCastUIOp::create(fb, fl, i64, laneIndex);
          Value other = arith::AddIOp::create(fb, fl, warpBase, l);
          Value exists = arith::CmpIOp::create(
              fb, fl, arith::CmpIPredicate::ult, other, blockThreads);
          // A lane past the block's last thread has no slot.
          Value read = arith::SelectOp::create(fb, fl, exists, other, thread);
          Value mark = LLVM::LoadOp::create(fb, fl, i8, slot(fb, read));
          Value present = arith::AndIOp::create(
              fb, fl, exists,
              arith::CmpIOp::create(fb, fl, arith::CmpIPredicate::ne, mark,
                                    arith::ConstantOp::create(
                                        fb, fl, i8, fb.getI8IntegerAttr(0))));
          Value bit = arith::ShLIOp::create(
              fb, fl, arith::ExtUIOp::create(fb, fl, i64, present), l);
          scf::YieldOp::create(
              fb, fl,
              ValueRange{arith::OrIOp::create(fb, fl, carried[0], bit)});
        });
    warpBarrier();
    LLVM::StoreOp::create(b, loc, zero8, slot(b, thread));
    Value mask =
        arith::TruncIOp::create(b, loc, b.getI32Type(), collect.getResult(0));
    query.replaceAllUsesWith(mask);
    query.erase();
  }
};

} // namespace
