//===- RunBlocksInRows.cpp - Neighbouring blocks as one serial loop -------===//
//
// The block loop becomes OpenMP's work-sharing loop over all (x, y, z) block
// indices, collapsed: each worker gets one range of the linear index, and
// every iteration recovers x, y and z from it with two 64-bit divisions. A
// 16x16 block of hotspot's stencil runs in about 500 cycles, so the
// divisions are several percent of it.
//
// Here the block loop's x dimension is cut into runs of `w` neighbouring
// blocks; the parallel loop hands out runs, and a serial loop inside runs
// the blocks of one:
//
//   blocks (x, y, z) < (gx, gy, gz) { B(x, y, z) }
//   ->
//   w = clamp(ceil(gx * gy * gz / (threads * 32)), 1, gx)
//   blocks (r, y, z) < (ceil(gx / w), gy, gz) {
//     for x in [r * w, min(r * w + w, gx)) { B(x, y, z) }
//   }
//
// `threads` is the OpenMP team size at the launch (omp_get_max_threads).
// With 32 runs per worker or more, the static schedule's shares differ by
// at most one run, about 3% of a share (a run never spans two rows, so a
// grid of few long rows gets whole rows). Each worker still sweeps its
// blocks in the same order.
//
// The body's allocations stay where they are: the lowering to OpenMP gives
// each worker one copy of every allocation of constant size or of a size
// computed before the loop; a block loop with another allocation is left
// alone.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

namespace cucpu {
#define GEN_PASS_DEF_RUNBLOCKSINROWS
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// Runs per worker: the static schedule's shares then differ by at most
/// 1/32 of a share.
constexpr int64_t kRunsPerWorker = 32;

bool isBlockLoop(scf::ParallelOp loop) {
  auto role = loop->getAttrOfType<StringAttr>(kLoopRoleAttr);
  return role && role.getValue() == kBlockLoopRole;
}

/// Whether the lowering to OpenMP gives each worker one copy of every
/// allocation in `loop`'s body (see HoistLocalsToParallelRegion): sizes are
/// constants or computed outside the loop.
bool allocationsAreHoistable(scf::ParallelOp loop) {
  WalkResult result = loop.getBody()->walk([&](LLVM::AllocaOp alloca) {
    Value size = alloca.getArraySize();
    if (matchPattern(size, m_Constant()) ||
        !loop->isAncestor(size.getParentRegion()->getParentOp()))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

/// The OpenMP team size a parallel region started now would get.
Value teamSize(OpBuilder &b, Location loc, ModuleOp module) {
  constexpr StringLiteral kName = "omp_get_max_threads";
  auto i32 = b.getI32Type();
  if (!module.lookupSymbol(kName)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    LLVM::LLVMFuncOp::create(b, loc, kName,
                             LLVM::LLVMFunctionType::get(i32, {}));
  }
  Value threads =
      LLVM::CallOp::create(b, loc, TypeRange{i32}, kName, ValueRange{})
          .getResult();
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), threads);
}

/// Rewrites `loop` as runs along x; returns whether it did.
bool runInRows(scf::ParallelOp loop, ModuleOp module) {
  if (!loop.getInitVals().empty() ||
      !matchPattern(loop.getLowerBound()[0], m_Zero()) ||
      !matchPattern(loop.getStep()[0], m_One()) ||
      !allocationsAreHoistable(loop))
    return false;

  Location loc = loop.getLoc();
  OpBuilder b(loop);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value extentX = loop.getUpperBound()[0];
  Value blocks = extentX;
  for (unsigned d = 1; d < loop.getNumLoops(); ++d) {
    Value extent = arith::SubIOp::create(b, loc, loop.getUpperBound()[d],
                                         loop.getLowerBound()[d]);
    extent = arith::CeilDivUIOp::create(b, loc, extent, loop.getStep()[d]);
    blocks = arith::MulIOp::create(b, loc, blocks, extent);
  }
  Value runs = arith::MulIOp::create(
      b, loc, teamSize(b, loc, module),
      arith::ConstantIndexOp::create(b, loc, kRunsPerWorker));
  Value width = arith::CeilDivUIOp::create(b, loc, blocks, runs);
  width = arith::MinUIOp::create(b, loc, width, extentX);
  width = arith::MaxUIOp::create(b, loc, width, one);
  Value runsX = arith::CeilDivUIOp::create(b, loc, extentX, width);

  SmallVector<Value> lower(loop.getLowerBound()), upper(loop.getUpperBound());
  upper[0] = runsX;
  auto rows = scf::ParallelOp::create(b, loc, lower, upper, loop.getStep());
  rows->setDiscardableAttrs(loop->getDiscardableAttrDictionary());

  b.setInsertionPointToStart(rows.getBody());
  Value run = rows.getInductionVars()[0];
  Value first = arith::MulIOp::create(b, loc, run, width);
  Value last = arith::MinUIOp::create(
      b, loc, arith::AddIOp::create(b, loc, first, width), extentX);
  auto serial = scf::ForOp::create(b, loc, first, last, one);

  // The body moves into the serial loop; the other dimensions' induction
  // variables are the new loop's.
  Block *body = loop.getBody();
  Block *serialBody = serial.getBody();
  serialBody->getOperations().splice(serialBody->begin(),
                                     body->getOperations(), body->begin(),
                                     std::prev(body->end()));
  body->getArgument(0).replaceAllUsesWith(serial.getInductionVar());
  for (unsigned d = 1; d < loop.getNumLoops(); ++d)
    body->getArgument(d).replaceAllUsesWith(rows.getInductionVars()[d]);
  loop.erase();
  return true;
}

struct RunBlocksInRowsPass
    : public cucpu::impl::RunBlocksInRowsBase<RunBlocksInRowsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ParallelOp> loops;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (isBlockLoop(loop))
        loops.push_back(loop);
    });
    for (scf::ParallelOp loop : loops)
      runInRows(loop, module);
  }
};

} // namespace
