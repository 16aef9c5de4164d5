//===- Passes.h - cucpu transformations on simt/scf -------------*- C++ -*-===//

#ifndef CUCPU_TRANSFORMS_PASSES_H
#define CUCPU_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace cucpu {

/// Attribute naming the role of a launcher's `scf.parallel` loops.
constexpr llvm::StringLiteral kLoopRoleAttr = "cucpu.loop";
constexpr llvm::StringLiteral kBlockLoopRole = "block";
constexpr llvm::StringLiteral kThreadLoopRole = "thread";

#define GEN_PASS_DECL
#include "transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "transforms/Passes.h.inc"

} // namespace cucpu

#endif // CUCPU_TRANSFORMS_PASSES_H
