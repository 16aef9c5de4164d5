//===- GPUCompile.h - The driver's steps for --cuda-gpu-arch ----*- C++ -*-===//

#ifndef CUCPU_TOOLS_GPUCOMPILE_H
#define CUCPU_TOOLS_GPUCOMPILE_H

#include "lowering/Lowering.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cucpu {

/// What the device side of a GPU compilation writes.
enum class GPUOutputKind {
  MLIR,   ///< --emit-mlir=<stage> (the `llvm` stage is the NVVM module)
  LLVMIR, ///< -S -emit-llvm: the NVPTX LLVM IR
  PTX,    ///< -S: the PTX text
  Object, ///< a host object carrying the PTX and registering it at startup
};

/// Runs the device pipeline up to the `optimized` stage with the GPU's
/// options, then the GPU lowering, and writes `kind` to `outputPath`; the
/// GPU math library is looked for in `libDir`. Reports errors itself;
/// returns false on failure.
bool compileDeviceForGPU(mlir::ModuleOp module, PipelineOptions pipeline,
                         std::optional<Stage> emitMLIR, GPUOutputKind kind,
                         llvm::StringRef arch, llvm::StringRef inputPath,
                         llvm::StringRef outputPath, llvm::StringRef libDir);

/// The libraries a GPU program links instead of the CPU runtime and libomp.
std::vector<std::string> gpuRuntimeLinkArgs(llvm::StringRef libDir);

} // namespace cucpu

#endif // CUCPU_TOOLS_GPUCOMPILE_H
