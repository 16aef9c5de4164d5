//===- SpecializeBlockSize.cpp - A copy of the kernel for its block size --===//
//
// A launcher receives the launch's block size as arguments, so every thread
// loop runs to a bound that LLVM cannot see. A row of 16 threads is then a
// vector loop with a masked tail and run-time trip-count checks instead of
// one 16-wide vector; a loop over 128 threads cannot be unrolled or
// versioned for its alignment; per-thread arrays have no known size.
//
// Most programs launch a kernel with one block size written with constants
// (`dim3 block(16, 16)`); the frontend records it on the launcher
// (cucpu.launch_block). The launcher's body gets a copy with that size as
// constants, run when the launch has that size; any other size runs the
// original body:
//
//   launcher(grid, block, ...) { B(block) }
//   ->
//   launcher(grid, block, ...) {
//     if (block == (X, Y, Z)) { B(X, Y, Z) } else { B(block) }
//   }
//
// The optimizations after it then see constant thread-loop bounds in the
// copy. Runs on the CPU path only: on the GPU the block size is the
// hardware's.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace cucpu {
#define GEN_PASS_DEF_SPECIALIZEBLOCKSIZE
#include "transforms/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// Specializes `launcher` for `shape`. Returns whether it made the copy.
bool specialize(func::FuncOp launcher, ArrayRef<int64_t> shape) {
  if (launcher.isExternal() || !launcher.getBody().hasOneBlock() ||
      launcher.getNumArguments() < kBlockDimArg + 3 || shape.size() != 3)
    return false;
  Block &body = launcher.getBody().front();
  auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
  if (!ret || ret.getNumOperands() != 0)
    return false;
  SmallVector<BlockArgument> dims;
  for (unsigned d = 0; d < 3; ++d) {
    BlockArgument arg = launcher.getArgument(kBlockDimArg + d);
    if (!arg.getType().isInteger(32))
      return false;
    dims.push_back(arg);
  }
  if (body.without_terminator().empty())
    return false;

  Location loc = launcher.getLoc();
  OpBuilder b(ret);
  Value matches;
  SmallVector<Value> constants;
  for (auto [arg, extent] : llvm::zip(dims, shape)) {
    Value constant = arith::ConstantIntOp::create(b, loc, b.getI32Type(),
                                                  extent);
    constants.push_back(constant);
    Value same = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, arg,
                                       constant);
    matches = matches ? arith::AndIOp::create(b, loc, matches, same)
                            .getResult()
                      : same;
  }
  auto version = scf::IfOp::create(b, loc, matches, /*withElseRegion=*/true);
  version->setAttr(kRareFallbackAttr, b.getUnitAttr());

  // The original body (everything before the comparisons, which sit just
  // before the if) goes to the else branch as it is; the then branch gets a
  // copy that reads the size from the constants.
  Block *elseBlock = version.elseBlock();
  Operation *firstCheck = constants.front().getDefiningOp();
  elseBlock->getOperations().splice(elseBlock->begin(), body.getOperations(),
                                    body.begin(), firstCheck->getIterator());
  IRMapping mapping;
  for (auto [arg, constant] : llvm::zip(dims, constants))
    mapping.map(arg, constant);
  OpBuilder inThen = OpBuilder::atBlockBegin(version.thenBlock());
  for (Operation &op : elseBlock->without_terminator())
    inThen.clone(op, mapping);
  return true;
}

struct SpecializeBlockSizePass
    : public cucpu::impl::SpecializeBlockSizeBase<SpecializeBlockSizePass> {
  using SpecializeBlockSizeBase::SpecializeBlockSizeBase;
  void runOnOperation() override {
    func::FuncOp launcher = getOperation();
    auto shape = launcher->getAttrOfType<DenseI64ArrayAttr>(kLaunchBlockAttr);
    if (!shape)
      return;
    if (exceedsOpBudget(launcher, maxOps)) {
      if (remarksMissed)
        launcher.emitRemark()
            << "cucpu: kernel not copied for its launches' block size: it "
               "has more than "
            << static_cast<unsigned>(maxOps) << " operations";
      return;
    }
    if (!specialize(launcher, shape.asArrayRef()))
      return;
    if (remarks)
      launcher.emitRemark() << "cucpu: kernel copied for its launches' block "
                               "size "
                            << shape[0] << "x" << shape[1] << "x" << shape[2]
                            << " (as constants), run when a launch has it";
  }
};

} // namespace
