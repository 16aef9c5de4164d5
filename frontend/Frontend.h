//===- Frontend.h - CUDA device code to MLIR --------------------*- C++ -*-===//

#ifndef CUCPU_FRONTEND_FRONTEND_H
#define CUCPU_FRONTEND_FRONTEND_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>
#include <vector>

namespace cucpu {

/// Parses one CUDA source file in device mode with clang and translates its
/// device code (kernels, the device functions they call) to MLIR.
///
/// `clangArgs` are driver arguments (e.g. -I, -D, -std=) added to the device
/// compilation. Diagnostics are printed to stderr in clang's format; on any
/// error the result is null.
mlir::OwningOpRef<mlir::ModuleOp>
translateCudaToMLIR(mlir::MLIRContext &context, const std::string &clangPath,
                    const std::string &inputFile,
                    const std::vector<std::string> &clangArgs);

} // namespace cucpu

#endif // CUCPU_FRONTEND_FRONTEND_H
