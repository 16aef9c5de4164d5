//===- OpenMPLoops.cpp - Facts about the OpenMP loops of a launch ---------===//
//
// What the passes that size and schedule a launch's OpenMP regions share.
//
//===----------------------------------------------------------------------===//

#include "lowering/Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"

using namespace mlir;

namespace cucpu {

Value emitTripCount(OpBuilder &b, Location loc, omp::LoopNestOp nest) {
  Type i64 = b.getI64Type();
  auto toI64 = [&](Value v) -> Value {
    if (v.getType().isIndex())
      return arith::IndexCastOp::create(b, loc, i64, v);
    if (v.getType().getIntOrFloatBitWidth() < 64)
      return arith::ExtSIOp::create(b, loc, i64, v);
    return v;
  };
  Value zero = arith::ConstantIntOp::create(b, loc, i64, 0);
  Value trips = arith::ConstantIntOp::create(b, loc, i64, 1);
  for (auto [lb, ub, step] :
       llvm::zip(nest.getLoopLowerBounds(), nest.getLoopUpperBounds(),
                 nest.getLoopSteps())) {
    Value span = arith::SubIOp::create(b, loc, toI64(ub), toI64(lb));
    span = arith::MaxSIOp::create(b, loc, span, zero);
    Value count = arith::CeilDivSIOp::create(b, loc, span, toI64(step));
    trips = arith::MulIOp::create(b, loc, trips, count);
  }
  return trips;
}

bool boundsDefinedOutside(omp::LoopNestOp nest, Operation *region) {
  return llvm::none_of(nest->getOperands(), [&](Value v) {
    return region->isAncestor(v.getParentBlock()->getParentOp());
  });
}

} // namespace cucpu
