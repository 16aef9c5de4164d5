//===- GPULowering.h - From optimized simt/scf IR to PTX --------*- C++ -*-===//
//
// The GPU target takes the device pipeline's `optimized` stage, turns the
// launchers back into NVVM kernels, and emits PTX with LLVM's NVPTX backend.
// The host side of the program loads that PTX through the CUDA driver
// (libcucpu_rt_gpu).
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_LOWERING_GPULOWERING_H
#define CUCPU_LOWERING_GPULOWERING_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class raw_pwrite_stream;
} // namespace llvm

namespace cucpu {

/// Attribute on the `func.func` of a GPU kernel (outlined from a launcher);
/// it becomes `nvvm.kernel` once the function is an `llvm.func`.
constexpr llvm::StringLiteral kGPUKernelAttr = "cucpu.gpu_kernel";

/// Whether `arch` names a GPU architecture cucpu can emit PTX for
/// ("sm_" followed by a number, at least 50; "sm_90a" style suffixes too).
bool isValidGPUArch(llvm::StringRef arch);

/// Runs the GPU lowering on a module at the `optimized` stage: kernels
/// outlined to NVVM, library calls and math made GPU-ready, everything
/// lowered to the LLVM and NVVM dialects.
mlir::LogicalResult runGPUPipeline(mlir::ModuleOp module);

/// Translates the GPU module to LLVM IR for NVPTX `arch` and optimizes it.
std::unique_ptr<llvm::Module> translateToNVPTXIR(mlir::ModuleOp module,
                                                 llvm::LLVMContext &context,
                                                 llvm::StringRef arch,
                                                 unsigned optLevel,
                                                 std::string &error);

/// Emits `module` (from translateToNVPTXIR) as PTX text.
bool emitPTX(llvm::Module &module, llvm::StringRef arch, unsigned optLevel,
             std::string &ptx, std::string &error);

/// A host module whose constructor hands `ptx` to the GPU runtime
/// (__cucpu_register_ptx), for the device object of a GPU build.
std::unique_ptr<llvm::Module>
buildPTXRegistrationModule(llvm::StringRef ptx, llvm::StringRef sourceName,
                           llvm::LLVMContext &context, std::string &error);

/// Registers the dialects and translations the GPU pipeline needs, in
/// addition to registerPipelineDialects.
void registerGPUDialects(mlir::DialectRegistry &registry);

} // namespace cucpu

#endif // CUCPU_LOWERING_GPULOWERING_H
