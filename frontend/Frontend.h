//===- Frontend.h - CUDA device code to MLIR --------------------*- C++ -*-===//

#ifndef CUCPU_FRONTEND_FRONTEND_H
#define CUCPU_FRONTEND_FRONTEND_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace cucpu {

/// Parses one CUDA source file in device mode with clang and translates its
/// device code (kernels, the device functions they call) to MLIR.
///
/// `clangArgs` are driver arguments (e.g. -I, -D, -std=) added to the device
/// compilation. Diagnostics are printed to stderr in clang's format; on any
/// error the result is null.
///
/// With `relocatable` (-rdc=true), device functions may be defined in other
/// files: a call to one only declares it, every externally visible device
/// function defined here is emitted, and each function records its linkage
/// in kLinkageAttr for the device link.
mlir::OwningOpRef<mlir::ModuleOp>
translateCudaToMLIR(mlir::MLIRContext &context, const std::string &clangPath,
                    const std::string &inputFile,
                    const std::vector<std::string> &clangArgs,
                    bool relocatable = false);

/// The linkage of a function in relocatable device code: "external" (one
/// definition in the program), "odr" (inline or template: every file that
/// uses it has the same definition). Absent: internal to its file.
constexpr llvm::StringLiteral kLinkageAttr = "cucpu.linkage";
constexpr llvm::StringLiteral kExternalLinkage = "external";
constexpr llvm::StringLiteral kODRLinkage = "odr";

/// On a floating-point operation that a `#pragma clang fp contract(off)`
/// keeps exact in a file whose default contracts: CUDA's rounding
/// intrinsics (`__fmul_rn`, `__fdiv_rn`, ...), which stay IEEE operations
/// under --use_fast_math as under nvcc. The driver removes it once it has
/// applied fast math.
constexpr llvm::StringLiteral kExactFPAttr = "cucpu.exact_fp";

} // namespace cucpu

#endif // CUCPU_FRONTEND_FRONTEND_H
