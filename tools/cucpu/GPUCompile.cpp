//===- GPUCompile.cpp - The driver's steps for --cuda-gpu-arch ------------===//
//
// With --cuda-gpu-arch=sm_XX the device code keeps its parallelism for an
// NVIDIA GPU: the pipeline stops at the `optimized` stage (barrier lowering
// and thread-loop serialization are for the CPU), the GPU lowering outlines
// NVVM kernels, and the NVPTX backend writes PTX. The device "object" is then
// a host object holding the PTX, which libcucpu_rt_gpu loads through the
// CUDA driver when the program starts launching.
//
//===----------------------------------------------------------------------===//

#include "GPUCompile.h"
#include "lowering/GPULowering.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cucpu {

static bool reportError(const Twine &message) {
  errs() << "cucpu: error: " << message << "\n";
  return false;
}

bool compileDeviceForGPU(mlir::ModuleOp module, PipelineOptions pipeline,
                         std::optional<Stage> emitMLIR, GPUOutputKind kind,
                         StringRef arch, StringRef inputPath,
                         StringRef outputPath, StringRef libDir) {
  if (emitMLIR && *emitMLIR == Stage::CPU)
    return reportError("there is no 'cpu' stage with --cuda-gpu-arch (use "
                       "optimized or llvm)");
  pipeline.gpuTarget = true;
  Stage last = emitMLIR && *emitMLIR < Stage::Optimized ? *emitMLIR
                                                        : Stage::Optimized;
  if (failed(runDevicePipeline(module, pipeline, last)))
    return false;
  if (last == Stage::Optimized && (!emitMLIR || *emitMLIR == Stage::LLVM) &&
      failed(runGPUPipeline(module)))
    return false;

  std::error_code ec;
  ToolOutputFile out(outputPath, ec, sys::fs::OF_None);
  if (ec)
    return reportError("cannot open '" + outputPath + "': " + ec.message());
  if (kind == GPUOutputKind::MLIR) {
    module.print(out.os());
    out.keep();
    return true;
  }

  LLVMContext context;
  std::string error;
  SmallString<256> mathLibrary(libDir);
  sys::path::append(mathLibrary, kGPUMathLibraryName);
  std::unique_ptr<Module> gpuModule = translateToNVPTXIR(
      module, context, arch, pipeline.optLevel, mathLibrary, error);
  if (!gpuModule)
    return reportError(error);
  gpuModule->setSourceFileName(inputPath);
  if (kind == GPUOutputKind::LLVMIR) {
    gpuModule->print(out.os(), nullptr);
    out.keep();
    return true;
  }
  std::string ptx;
  if (!emitPTX(*gpuModule, arch, pipeline.optLevel, ptx, error))
    return reportError(error);
  if (kind == GPUOutputKind::PTX) {
    out.os() << ptx;
    out.keep();
    return true;
  }
  std::unique_ptr<Module> carrier =
      buildPTXRegistrationModule(ptx, inputPath, context, error);
  if (!carrier ||
      !emitObjectFile(*carrier, out.os(), pipeline.optLevel, false, error))
    return reportError(error);
  out.keep();
  return true;
}

std::vector<std::string> gpuRuntimeLinkArgs(StringRef libDir) {
  // libcuda.so.1 is opened at run time, so only libdl is needed to link.
  return {"-L" + libDir.str(), "-lcucpu_rt_gpu", "-ldl", "-lpthread"};
}

} // namespace cucpu
