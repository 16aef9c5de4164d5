//===- cucpu-opt.cpp - Runs cucpu and MLIR passes on MLIR files -----------===//

#include "dialect/SIMTDialect.h"
#include "lowering/Lowering.h"
#include "transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  cucpu::registerCUCPUTransformsPasses();
  cucpu::registerLoweringPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<cucpu::simt::SIMTDialect>();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "cucpu optimizer driver\n", registry));
}
