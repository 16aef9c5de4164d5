//===- Lowering.h - From simt/scf to LLVM IR and objects --------*- C++ -*-===//

#ifndef CUCPU_LOWERING_LOWERING_H
#define CUCPU_LOWERING_LOWERING_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Support/LLVM.h"
#include "mlir/Support/Timing.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir::omp {
class LoopNestOp;
} // namespace mlir::omp

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace cucpu {

/// The points of the device pipeline at which MLIR can be printed or stopped.
enum class Stage {
  Frontend, ///< As the frontend produced it.
  Launch,   ///< Device functions inlined, thread/block queries resolved.
  Optimized,///< After the optimizations on parallel loops.
  CPU,      ///< Thread loops serialized, block loops as OpenMP.
  LLVM,     ///< LLVM dialect, ready for translation.
};

/// Parses a stage name ("frontend", "launch", "optimized", "cpu", "llvm").
std::optional<Stage> parseStage(llvm::StringRef name);
llvm::StringRef stageName(Stage stage);

struct PipelineOptions {
  unsigned optLevel = 2;
  /// How barrier lowering keeps values across a barrier: "mincut" or
  /// "distribute".
  std::string cpuifyMode = "mincut";
  /// The parallel optimizations (each can be switched off for ablation).
  bool barrierMotion = true;
  bool barrierElimination = true;
  bool mem2reg = true;
  bool licm = true;
  bool regionFusion = true;
  /// The last work-sharing loop of an OpenMP region skips its barrier: the
  /// region's join is one.
  bool elideJoinBarriers = true;
  /// Serialize each block's threads inside the OpenMP loop over blocks
  /// (true), or run blocks one after another with their threads in
  /// parallel (false).
  bool innerSerialization = true;
  /// Interchange uniform loops of the thread code with the serial thread
  /// loop (only with inner serialization).
  bool loopInterchange = true;
  /// Iterations of an interchanged loop that one visit of its thread loop
  /// runs (unroll and jam; 1: one).
  unsigned interchangeJam = 4;
  /// Split thread loops so that each guard on the thread index has its own
  /// loop (only with inner serialization).
  bool splitThreadLoops = true;
  /// Take an if on a block-uniform condition (an early return on the block
  /// index) once per block, outside the thread loop (CPU only).
  bool hoistUniformIfs = true;
  /// Narrow thread loops to the threads whose index comparisons hold.
  bool narrowThreadLoops = true;
  /// Narrowing first copies a thread loop for the blocks where the thread
  /// index comparisons of its integer selects hold for every thread.
  bool versionSelects = true;
  /// In short rows, narrowing first copies a thread loop for the blocks
  /// where its guard's comparisons of x hold for the whole row.
  bool versionRows = true;
  /// A versioning check that narrowing makes inside the loops over a
  /// coarsened group's blocks and a block's rows is made once for them.
  bool hoistVersionChecks = true;
  /// VersionExactFloatSums: in-order float sums added in any order where no
  /// addition can round.
  bool exactFloatSums = true;
  /// Narrowing keeps comparisons of x as masks in kernels launched with at
  /// most this many threads along x; 0: narrows them too.
  int64_t maskRowsUpTo = 32;
  /// A launcher whose kernel's launches all write one block size gets a
  /// copy of its body with that size as constants (CPU).
  bool specializeBlockSize = true;
  /// Neighbouring blocks along x run each phase together (CPU, with inner
  /// serialization); below 2: off.
  int64_t coarsenBlocks = 8;
  /// Casts of launch indices to i32 say that they lose no bits, so that
  /// LLVM computes addresses in 64 bits without re-extending them.
  bool widenIndexCasts = true;
  /// Give index arithmetic the no-wrap flags that the launch limits prove,
  /// versioning block loops on the grid's size along x where that helps.
  bool inferIndexFlags = true;
  /// Mark the serial thread loops' plain accesses as independent across
  /// iterations (llvm.loop.parallel_accesses), so that LLVM vectorizes
  /// across threads without dependence checks.
  bool parallelAccesses = true;
  /// A guard whose stores go to block-uniform addresses runs once, after the
  /// serial thread loop, for the last thread whose guard holds.
  bool lastWriterStores = true;
  /// In kernels launched with at most this many threads along x, the
  /// innermost serial thread loop carries llvm.loop.unroll.disable, so that
  /// it reaches the loop vectorizer; 0: never.
  int64_t rolledRowsUpTo = 32;
  /// Barrier lowering reads a uniform local (a loop counter around
  /// barriers) once per thread loop instead of once per thread.
  bool uniformLocals = true;
  /// The optimized IR goes to the GPU (--cuda-gpu-arch): parallel LICM then
  /// does not memoize (a memo relies on one thread running first).
  bool gpuTarget = false;
  /// -Rpass=cucpu and -Rpass-missed=cucpu.
  bool remarks = false;
  bool remarksMissed = false;
  /// Print the module after each stage to this callback (for --save-temps).
  std::function<void(Stage, mlir::ModuleOp)> afterStage;
  /// With -ftime-report: each stage's passes are timed in a scope of this.
  mlir::TimingScope *timing = nullptr;
};

/// Runs the device pipeline on `module` up to and including `last`.
mlir::LogicalResult runDevicePipeline(mlir::ModuleOp module,
                                      const PipelineOptions &options,
                                      Stage last = Stage::LLVM);

/// Runs the stages after `from` up to and including `last` on a module that
/// is at stage `from` (MLIR that --emit-mlir wrote, read back).
mlir::LogicalResult resumeDevicePipeline(mlir::ModuleOp module,
                                         const PipelineOptions &options,
                                         Stage from, Stage last = Stage::LLVM);

/// The library of vector math functions (`-fveclib=`) the vectorizers may
/// call for math on vectors of threads; the program is then linked with it.
enum class VectorMathLibrary { None, LibMVec };

/// libmvec where the host has glibc's (x86-64 Linux), else none.
VectorMathLibrary defaultVectorMathLibrary();

/// The function whose calls mark the OpenMP regions of rare fallbacks
/// (MarkRareParallelRegions); translateToLLVMIR removes the calls and makes
/// the functions that held them `optnone`.
constexpr llvm::StringLiteral kRareRegionMarker = "__cucpu_rare_region";

/// Translates an LLVM-dialect module to LLVM IR for the host CPU and runs
/// LLVM's optimization pipeline at `optLevel`. A non-empty
/// `preferVectorWidth` (`-mprefer-vector-width=`: bits, or "none") is the
/// widest vector the vectorizers prefer in every function.
std::unique_ptr<llvm::Module>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context,
                  unsigned optLevel, VectorMathLibrary mathLibrary,
                  llvm::StringRef preferVectorWidth, std::string &error,
                  bool optimize = true);

/// Runs what translateToLLVMIR runs after translation when asked to
/// optimize: LLVM's pipeline at `optLevel` for this host.
bool optimizeForHost(llvm::Module &module, unsigned optLevel,
                     VectorMathLibrary mathLibrary, std::string &error);

/// Puts a `freeze` between a loop's induction variable and each narrowing of
/// it to fewer than 32 bits that may wrap (`t & 15`), just before the loop
/// vectorizer: LLVM 22 can drop the run-time check such an index needs and
/// load it as consecutive (see FreezeWrappingNarrowIndices.cpp).
class FreezeWrappingNarrowIndicesPass
    : public llvm::PassInfoMixin<FreezeWrappingNarrowIndicesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &fn,
                              llvm::FunctionAnalysisManager &analyses);
};

/// Puts a `freeze` between the induction variable of a loop that contains
/// loops and each division of it by a run-time value (a collapsed grid's
/// block indices), at the start of LLVM's pipeline: the analyses of
/// induction variables then do not spend time on divisions nothing can
/// reduce (see FreezeDividedInductionVariables.cpp).
class FreezeDividedInductionVariablesPass
    : public llvm::PassInfoMixin<FreezeDividedInductionVariablesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &fn,
                              llvm::FunctionAnalysisManager &analyses);
};

/// Runs LLVM's default optimization pipeline at `optLevel` (1-3) for
/// `machine`; `vectorize` turns on the loop and SLP vectorizers (what clang
/// does at -O2 and above), which may call `mathLibrary`'s functions.
void runLLVMOptimizations(
    llvm::Module &module, llvm::TargetMachine &machine, unsigned optLevel,
    bool vectorize, VectorMathLibrary mathLibrary = VectorMathLibrary::None);

/// Writes `module` as a host object file (or assembly when `assembly`).
bool emitObjectFile(llvm::Module &module, llvm::raw_pwrite_stream &os,
                    unsigned optLevel, bool assembly, std::string &error);

/// The instructions of `module`'s function bodies.
unsigned countInstructions(const llvm::Module &module);

/// Optimizes `module` (translated without optimization) and generates its
/// code as up to `parts` object files at once, one thread each: LLVM works
/// on one module on one core, and a device module of 32 kernels of
/// unrolled sorting networks (580,000 instructions) took a minute. The
/// module is split by LLVM's SplitModule after its local symbols are made
/// external and hidden under names ending in `uniqueSuffix`; each part is
/// optimized on its own (nothing crosses a kernel's functions but the
/// OpenMP runtime's calls). Returns the objects' bytes, or nothing with
/// `error` set.
std::vector<std::string>
optimizeAndEmitInParallel(llvm::Module &module, unsigned parts,
                          unsigned optLevel, VectorMathLibrary mathLibrary,
                          llvm::StringRef uniqueSuffix, std::string &error);

/// The number of iterations of `nest` (the product of its loops' trip
/// counts), as an i64 computed at `b`'s insertion point.
mlir::Value emitTripCount(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::omp::LoopNestOp nest);

/// Whether the bounds of `nest` are all defined outside `region`, so that a
/// value computed from them can be placed before it.
bool boundsDefinedOutside(mlir::omp::LoopNestOp nest, mlir::Operation *region);

/// Registers the dialects and translations the pipeline needs.
void registerPipelineDialects(mlir::DialectRegistry &registry);

#define GEN_PASS_DECL
#include "lowering/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "lowering/Passes.h.inc"

} // namespace cucpu

#endif // CUCPU_LOWERING_LOWERING_H
