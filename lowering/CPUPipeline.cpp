//===- CPUPipeline.cpp - The device pipeline from frontend to LLVM dialect ===//

#include "dialect/SIMTDialect.h"
#include "lowering/Lowering.h"
#include "transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/InlinerInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace cucpu {

static constexpr std::pair<Stage, StringLiteral> kStageNames[] = {
    {Stage::Frontend, "frontend"}, {Stage::Launch, "launch"},
    {Stage::Optimized, "optimized"}, {Stage::CPU, "cpu"},
    {Stage::LLVM, "llvm"}};

std::optional<Stage> parseStage(StringRef name) {
  for (auto [stage, stageStr] : kStageNames)
    if (stageStr == name)
      return stage;
  return std::nullopt;
}

StringRef stageName(Stage stage) {
  for (auto [s, name] : kStageNames)
    if (s == stage)
      return name;
  llvm_unreachable("unknown stage");
}

void registerPipelineDialects(DialectRegistry &registry) {
  registry.insert<simt::SIMTDialect, func::FuncDialect, scf::SCFDialect,
                  arith::ArithDialect, math::MathDialect, LLVM::LLVMDialect,
                  omp::OpenMPDialect, cf::ControlFlowDialect,
                  index::IndexDialect>();
  func::registerInlinerExtension(registry);
  LLVM::registerInlinerInterface(registry);
  registerConvertOpenMPToLLVMInterface(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
}

/// The largest code (in operations: a launcher, a block loop, a thread loop)
/// that the passes that make versions copy. A kernel of 5,000 statements is
/// about 20,000 operations: six versions of it took LLVM minutes.
static constexpr unsigned kMaxCopiedOps = 10000;

/// Adds the passes that take the module from `stage - 1` to `stage`.
static void addStagePasses(OpPassManager &pm, Stage stage,
                           const PipelineOptions &options) {
  switch (stage) {
  case Stage::Frontend:
    return;
  case Stage::Launch:
    // No simplification while inlining: the launch loops must keep their
    // role attributes until the thread and block queries are resolved.
    // Functions that need no launch stay calls where inlining everything
    // would multiply a call tree past a bound.
    pm.addPass(createBoundInlining());
    pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
    // Calls through function pointers become direct once inlining shows
    // which function a pointer holds; the second inlining inlines them.
    pm.addPass(createResolveIndirectCalls());
    pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
    pm.addPass(createResolveLaunchIds());
    // Before any simplification folds the widened indices into others.
    if (!options.gpuTarget) {
      pm.addNestedPass<func::FuncOp>(createWrapSharedIndices());
      pm.addPass(createExpandActiveMask());
    }
    return;
  case Stage::Optimized:
    if (options.optLevel == 0) {
      // Lock step for warp-synchronous code is a matter of correctness, so
      // -O0 has it too; it reads pointers in SSA form.
      if (!options.gpuTarget) {
        pm.addPass(createMem2Reg());
        pm.addPass(createPromoteLocals());
        pm.addPass(createCSEPass());
        pm.addNestedPass<func::FuncOp>(
            createInsertLockstepBarriers({/*remarks=*/options.remarks}));
        pm.addPass(createInterleaveSpinLoops({/*remarks=*/options.remarks}));
      }
      return;
    }
    // First, so that every optimization sees the copy's constant thread
    // loop bounds.
    if (options.specializeBlockSize && !options.gpuTarget)
      pm.addNestedPass<func::FuncOp>(
          createSpecializeBlockSize({/*remarks=*/options.remarks,
                                     /*maxOps=*/kMaxCopiedOps,
                                     /*remarksMissed=*/options.remarksMissed}));
    pm.addPass(createCanonicalizeKeepingLaunch());
    pm.addPass(createCSEPass());
    pm.addPass(createMem2Reg());
    if (options.mem2reg)
      pm.addPass(createPromoteLocals());
    pm.addPass(createCanonicalizeKeepingLaunch());
    pm.addPass(createCSEPass());
    // Before any pass reasons about what a barrier separates.
    if (!options.gpuTarget)
      pm.addNestedPass<func::FuncOp>(
          createInsertLockstepBarriers({/*remarks=*/options.remarks}));
    // Threads that wait on other threads take turns; before the passes that
    // move and remove barriers, which keep the one this adds.
    if (!options.gpuTarget)
      pm.addPass(createInterleaveSpinLoops({/*remarks=*/options.remarks}));
    // An early return's flag is promoted above; the guard it leaves around
    // the rest of the kernel moves out of the thread loop, and the locals it
    // held are promoted then. The GPU target maps a block loop's body to the
    // kernel, with the thread loop as its only content: there the guard stays
    // in the threads.
    if (options.hoistUniformIfs && !options.gpuTarget) {
      pm.addNestedPass<func::FuncOp>(
          createHoistUniformIfs({/*remarks=*/options.remarks}));
      if (options.mem2reg)
        pm.addPass(createPromoteLocals());
      pm.addPass(createCanonicalizeKeepingLaunch());
      pm.addPass(createCSEPass());
    }
    if (options.barrierMotion)
      pm.addPass(createMoveBarriers({/*remarks=*/options.remarks}));
    if (options.barrierElimination)
      pm.addPass(createEliminateBarriers(
          {/*remarks=*/options.remarks, /*remarksMissed=*/false}));
    if (options.mem2reg) {
      pm.addPass(createForwardSharedStores({/*remarks=*/options.remarks}));
      pm.addPass(createCanonicalizeKeepingLaunch());
      pm.addPass(createCSEPass());
    }
    // Forwarding may have removed the accesses that kept a barrier; the
    // second run also explains the barriers that stay.
    if (options.barrierElimination)
      pm.addPass(createEliminateBarriers(
          {/*remarks=*/options.remarks,
           /*remarksMissed=*/options.remarksMissed}));
    if (options.licm) {
      pm.addPass(createParallelLICM(
          {/*memoize=*/!options.gpuTarget, /*remarks=*/options.remarks}));
      pm.addPass(createCanonicalizeKeepingLaunch());
      pm.addPass(createCSEPass());
    }
    return;
  case Stage::CPU: {
    LowerBarriersOptions barrierOptions;
    barrierOptions.mode = options.cpuifyMode;
    barrierOptions.remarksMissed = options.remarksMissed;
    // Only where a block's threads run as a serial loop: a parallel thread
    // loop inside a fused OpenMP region could overwrite the first slot
    // before every worker has read it.
    barrierOptions.uniformLocals =
        options.uniformLocals && options.innerSerialization;
    // At -O0 LLVM does not optimize, and its time stays linear.
    if (options.optLevel != 0)
      pm.addNestedPass<func::FuncOp>(
          createBoundThreadLoopSize({/*maxOps=*/8000,
                                     /*remarks=*/options.remarks}));
    pm.addNestedPass<func::FuncOp>(createLowerBarriers(barrierOptions));
    if (options.optLevel != 0) {
      pm.addPass(createCanonicalizeKeepingLaunch());
      pm.addPass(createCSEPass());
    }
    if (options.optLevel != 0 && options.mem2reg)
      pm.addPass(createPromoteLocals({/*keepBarrierRegions=*/false}));
    if (options.optLevel != 0 && options.innerSerialization &&
        options.loopInterchange) {
      pm.addNestedPass<func::FuncOp>(
          createInterchangeUniformLoops({/*remarks=*/options.remarks,
                                         /*jam=*/options.interchangeJam}));
      pm.addPass(createCanonicalizeKeepingLaunch());
      pm.addPass(createCSEPass());
    }
    if (options.optLevel != 0 && options.innerSerialization &&
        options.splitThreadLoops) {
      pm.addNestedPass<func::FuncOp>(
          createSplitThreadLoops({/*remarks=*/options.remarks}));
      pm.addPass(createCanonicalizeKeepingLaunch());
      pm.addPass(createCSEPass());
    }
    // After the passes that make per-thread buffers (coarsening gives each
    // group member a thread loop of its own, which such a buffer's slots
    // would not tell apart), before narrowing (which then bounds each
    // member's x range by its own block index).
    if (options.optLevel != 0 && options.innerSerialization &&
        options.coarsenBlocks > 1) {
      pm.addNestedPass<func::FuncOp>(createCoarsenBlocks(
          {/*factor=*/options.coarsenBlocks, /*remarks=*/options.remarks,
           /*remarksMissed=*/options.remarksMissed,
           /*maxOps=*/kMaxCopiedOps}));
      pm.addPass(createCanonicalizeKeepingLaunch());
      pm.addPass(createCSEPass());
    }
    if (options.optLevel != 0 && options.innerSerialization &&
        options.narrowThreadLoops) {
      pm.addNestedPass<func::FuncOp>(
          createNarrowThreadLoops({/*versionSelects=*/options.versionSelects,
                                   /*versionRows=*/options.versionRows,
                                   /*maskRowsUpTo=*/options.maskRowsUpTo,
                                   /*remarks=*/options.remarks,
                                   /*maxOps=*/kMaxCopiedOps,
                                   /*remarksMissed=*/options.remarksMissed}));
      pm.addPass(createCanonicalizeKeepingLaunch());
      pm.addPass(createCSEPass());
      if (options.hoistVersionChecks) {
        pm.addNestedPass<func::FuncOp>(
            createHoistVersionChecks({/*maxOps=*/1000,
                                      /*remarks=*/options.remarks}));
        pm.addPass(createCanonicalizeKeepingLaunch());
        pm.addPass(createCSEPass());
      }
    }
    // Before widening, which does the arithmetic this proves free of wrap
    // in 64 bits.
    if (options.optLevel != 0 && options.inferIndexFlags)
      pm.addNestedPass<func::FuncOp>(
          createInferIndexOverflowFlags({/*remarks=*/options.remarks}));
    // After the last pass that versions whole block loops (the grid-size
    // copy holds narrowing's versions), before the passes that work on
    // every thread loop.
    if (options.optLevel != 0)
      pm.addNestedPass<func::FuncOp>(createDropVersionsInRareFallbacks());
    // After narrowing, which matches thread-index comparisons on the casts
    // this rewrites; before serialization, which turns the launch loops
    // that identify the indices into serial loops.
    if (options.optLevel != 0 && options.widenIndexCasts)
      pm.addNestedPass<func::FuncOp>(createWidenLaunchIndexCasts());
    pm.addNestedPass<func::FuncOp>(createSerializeThreadLoops(
        {/*serialize=*/options.innerSerialization ? "threads" : "blocks",
         /*parallelAccesses=*/options.parallelAccesses,
         /*lastWriterStores=*/options.lastWriterStores,
         /*rolledRowsUpTo=*/options.rolledRowsUpTo,
         /*remarks=*/options.remarks}));
    if (options.optLevel != 0 && options.exactFloatSums)
      pm.addNestedPass<func::FuncOp>(
          createVersionExactFloatSums({/*remarks=*/options.remarks}));
    pm.addPass(createConvertSCFToOpenMPPass());
    if (options.regionFusion)
      pm.addPass(createFuseParallelRegions({/*remarks=*/options.remarks}));
    pm.addPass(createRunBlocksConcurrently());
    if (options.innerSerialization)
      pm.addPass(createScheduleBlocksInOrder());
    pm.addPass(createHoistLocalsToParallelRegion());
    if (options.optLevel != 0)
      pm.addPass(createMarkRareParallelRegions());
    if (options.optLevel != 0 && options.elideJoinBarriers)
      pm.addPass(createElideJoinBarriers({/*remarks=*/options.remarks}));
    return;
  }
  case Stage::LLVM:
    pm.addPass(createSCFToControlFlowPass());
    pm.addPass(createConvertMathToLLVMPass());
    pm.addPass(createConvertMathToLibmPass());
    pm.addPass(createArithToLLVMConversionPass());
    pm.addPass(createConvertIndexToLLVMPass());
    pm.addPass(createConvertFuncToLLVMPass());
    pm.addPass(createInternalizeDeviceFunctions());
    pm.addPass(createConvertControlFlowToLLVMPass());
    pm.addPass(createConvertOpenMPToLLVMPass());
    pm.addPass(createAttachLoopAnnotations());
    pm.addPass(createEmitKernelRegistration());
    pm.addPass(createReconcileUnrealizedCastsPass());
    return;
  }
}

static LogicalResult runStages(ModuleOp module, const PipelineOptions &options,
                               std::optional<Stage> from, Stage last) {
  for (auto [stage, name] : kStageNames) {
    if (from && stage <= *from)
      continue;
    if (stage > last)
      break;
    PassManager pm(module.getContext());
    addStagePasses(pm, stage, options);
    TimingScope stageTiming;
    if (options.timing) {
      stageTiming = options.timing->nest(stageName(stage));
      pm.enableTiming(stageTiming);
    }
    if (failed(pm.run(module)))
      return failure();
    if (options.afterStage)
      options.afterStage(stage, module);
  }
  return success();
}

LogicalResult runDevicePipeline(ModuleOp module, const PipelineOptions &options,
                                Stage last) {
  return runStages(module, options, std::nullopt, last);
}

LogicalResult resumeDevicePipeline(ModuleOp module,
                                   const PipelineOptions &options, Stage from,
                                   Stage last) {
  return runStages(module, options, from, last);
}

} // namespace cucpu
