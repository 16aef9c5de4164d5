//===- GPUPipeline.cpp - From the optimized stage to the NVVM dialect ------===//

#include "lowering/GPULowering.h"
#include "lowering/Lowering.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace cucpu {

bool isValidGPUArch(StringRef arch) {
  if (!arch.consume_front("sm_"))
    return false;
  // Architecture-specific feature sets: sm_90a, sm_100f.
  if (arch.ends_with("a") || arch.ends_with("f"))
    arch = arch.drop_back();
  unsigned number;
  return !arch.getAsInteger(10, number) && number >= 50 && number < 1000;
}

void registerGPUDialects(DialectRegistry &registry) {
  registry.insert<NVVM::NVVMDialect>();
  registerNVVMDialectTranslation(registry);
}

LogicalResult runGPUPipeline(ModuleOp module) {
  PassManager pm(module.getContext());
  pm.addPass(createOutlineGPUKernels());
  pm.addPass(createLowerGPUDeviceCalls());
  pm.addPass(createLowerGPUMath());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  if (failed(pm.run(module)))
    return failure();
  for (auto fn : module.getOps<LLVM::LLVMFuncOp>())
    if (fn->removeAttr(kGPUKernelAttr))
      fn->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                  UnitAttr::get(module.getContext()));
  return success();
}

} // namespace cucpu
