//===- LastWriterStores.h - Guarded uniform stores run once per block -*- C++ -*-===//

#ifndef CUCPU_TRANSFORMS_LASTWRITERSTORES_H
#define CUCPU_TRANSFORMS_LASTWRITERSTORES_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace cucpu {

/// In the serial loop nest of a block's threads (`nest`, outermost first),
/// replaces the stores to addresses computed before the nest, unconditional
/// or in ifs (nested or not, in then or else branches), by a search for the
/// last iteration, and within it the last store, that writes each address,
/// and runs that store for that iteration alone after the nest. Applies only
/// when nothing else in the nest writes memory, nothing in it reads what
/// those stores write, and no two of their addresses may overlap. Returns
/// the number of stores moved.
unsigned sinkLastWriterStores(mlir::OpBuilder &b,
                              llvm::ArrayRef<mlir::scf::ForOp> nest);

} // namespace cucpu

#endif // CUCPU_TRANSFORMS_LASTWRITERSTORES_H
