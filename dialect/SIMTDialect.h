//===- SIMTDialect.h - The simt dialect -------------------------*- C++ -*-===//

#ifndef CUCPU_DIALECT_SIMTDIALECT_H
#define CUCPU_DIALECT_SIMTDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialect/SIMTOpsDialect.h.inc"
#include "dialect/SIMTOpsEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialect/SIMTOpsAttributes.h.inc"

#define GET_OP_CLASSES
#include "dialect/SIMTOps.h.inc"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>

namespace cucpu::simt {

/// Attribute on the launcher's load of a `__restrict__` pointer argument:
/// memory reached through it is reached through no other argument.
constexpr llvm::StringLiteral kNoAliasArgAttr = "cucpu.noalias";

/// Whether the object `root` (an address with its GEPs removed) is distinct
/// from every other root: a local or shared allocation, a global, or a
/// `__restrict__` argument.
bool isDistinctObject(mlir::Value root);

/// Two operations on opposite sides of a barrier that different threads may
/// run on the same memory, at least one of them writing: the barrier orders
/// them.
struct BarrierConflict {
  mlir::Operation *before;
  mlir::Operation *after;
};

/// The first pair of accesses that makes `barrier` necessary, or none if no
/// access before it conflicts with one after it other than reads with reads
/// and accesses each thread makes to its own locations.
std::optional<BarrierConflict> findCrossThreadConflict(BarrierOp barrier);

/// Whether `addr` indexes a base that is the same in every thread of
/// `threadLoop` by an injective function of the thread index (every thread
/// dimension the loop's code uses).
bool isThreadInjectiveAddress(mlir::Value addr, mlir::scf::ParallelOp threadLoop);

/// Whether two addresses are computed the same way from the same values.
bool isSameAddressComputation(mlir::Value a, mlir::Value b);

} // namespace cucpu::simt

namespace cucpu {

/// Whether `loop` is a thread loop: an `scf.parallel` nested in a block loop.
bool isThreadLoop(mlir::scf::ParallelOp loop);

} // namespace cucpu

#endif // CUCPU_DIALECT_SIMTDIALECT_H
