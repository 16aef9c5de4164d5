//===- LastWriterStores.h - Guarded uniform stores run once per block -*- C++ -*-===//

#ifndef CUCPU_TRANSFORMS_LASTWRITERSTORES_H
#define CUCPU_TRANSFORMS_LASTWRITERSTORES_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace cucpu {

/// In the serial loop nest of a block's threads (`nest`, outermost first),
/// replaces each `if (c) { ...; store v, p; }` whose stores go to addresses
/// computed before the nest by a search for the last iteration whose `c`
/// holds, and runs the guarded code for that iteration alone after the nest.
/// Applies only when nothing else in the nest writes memory and nothing in
/// it reads what those stores write. Returns the number of guards moved.
unsigned sinkLastWriterStores(mlir::OpBuilder &b,
                              llvm::ArrayRef<mlir::scf::ForOp> nest);

} // namespace cucpu

#endif // CUCPU_TRANSFORMS_LASTWRITERSTORES_H
