//===- SIMTDialect.h - The simt dialect -------------------------*- C++ -*-===//

#ifndef CUCPU_DIALECT_SIMTDIALECT_H
#define CUCPU_DIALECT_SIMTDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialect/SIMTOpsDialect.h.inc"
#include "dialect/SIMTOpsEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialect/SIMTOpsAttributes.h.inc"

#define GET_OP_CLASSES
#include "dialect/SIMTOps.h.inc"

#endif // CUCPU_DIALECT_SIMTDIALECT_H
