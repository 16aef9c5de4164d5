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

/// The prefix of the functions of cucpu's math library
/// (runtime-shim/lib/DeviceMath.cpp): __cucpu_math_lgamma implements lgamma.
/// The GPU target takes all of them from it, the CPU target CUDA's functions
/// without a C name (erfinv, normcdf, ...).
constexpr llvm::StringLiteral kMathLibraryPrefix = "__cucpu_math_";

/// The file name of the GPU math library (NVPTX bitcode), installed next to
/// the runtime libraries.
constexpr llvm::StringLiteral kGPUMathLibraryName = "cucpu_gpu_math.bc";

/// Whether the GPU math library implements the C math function `name`
/// ("lgamma", "lgammaf", ...).
bool gpuMathLibraryDefines(llvm::StringRef name);

/// Links the functions of the GPU math library at `libraryPath` that
/// `module` calls into it, with internal linkage. Returns false with `error`
/// set if the library cannot be read or lacks one of them.
bool linkGPUMathLibrary(llvm::Module &module, llvm::StringRef libraryPath,
                        std::string &error);

/// Translates the GPU module to LLVM IR for NVPTX `arch`, links the GPU math
/// library at `mathLibraryPath` when the module calls it, and optimizes it.
std::unique_ptr<llvm::Module>
translateToNVPTXIR(mlir::ModuleOp module, llvm::LLVMContext &context,
                   llvm::StringRef arch, unsigned optLevel,
                   llvm::StringRef mathLibraryPath, std::string &error);

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
