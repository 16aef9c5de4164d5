//===- LLVMCodegen.cpp - LLVM IR, its optimization and object files -------===//

#include "lowering/Lowering.h"
#include "transforms/Passes.h"
#include "transforms/ThreadLoops.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Pass.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"
#include "llvm/Transforms/Utils/SplitModule.h"

using namespace llvm;

namespace cucpu {

static CodeGenOptLevel codegenLevel(unsigned optLevel) {
  switch (optLevel) {
  case 0:
    return CodeGenOptLevel::None;
  case 1:
    return CodeGenOptLevel::Less;
  case 2:
    return CodeGenOptLevel::Default;
  default:
    return CodeGenOptLevel::Aggressive;
  }
}

/// The machine the program is built for: this host, as `-march=native` would.
static std::unique_ptr<TargetMachine> createHostTargetMachine(unsigned optLevel,
                                                              std::string &error) {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  Triple triple(sys::getProcessTriple());
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  SubtargetFeatures features;
  for (const auto &feature : sys::getHostCPUFeatures())
    features.AddFeature(feature.first(), feature.second);
  TargetOptions targetOptions;
  return std::unique_ptr<TargetMachine>(target->createTargetMachine(
      triple, sys::getHostCPUName(), features.getString(), targetOptions,
      Reloc::PIC_, std::nullopt, codegenLevel(optLevel)));
}

/// Kernels whose launches all have at most this many threads along x: a row
/// of 16 floats is one 512-bit vector.
static constexpr int64_t kWideRowsUpTo = 16;

/// Whether `fn` computes with 64-bit floats (scalars or vectors of them).
static bool usesDoubles(mlir::LLVM::LLVMFuncOp fn) {
  auto isDouble = [](mlir::Type type) {
    return mlir::getElementTypeOrSelf(type).isF64();
  };
  bool found = false;
  fn.walk([&](mlir::Operation *op) {
    found = llvm::any_of(op->getResultTypes(), isDouble) ||
            llvm::any_of(op->getOperandTypes(), isDouble);
    return found ? mlir::WalkResult::interrupt() : mlir::WalkResult::advance();
  });
  return found;
}

/// Asks for 512-bit vectors when the CPU has AVX-512 (LLVM's default on
/// such CPUs is 256 bits) in the kernels launched with rows of at most 16
/// threads (cucpu.launch_block), and in every kernel that computes with no
/// 64-bit floats. A row of 16 floats is then one vector instead of two
/// with two masks; with 32-bit values, a vector of the serialized thread
/// loop holds 16 threads. The attribute goes on the function before
/// translation, so that the OpenMP outlining copies it to the function that
/// runs the blocks. Measured at 1 thread (benchmarks/RESULTS.md): short
/// rows: backprop, gaussian, lud and srad 9-24% faster; longer rows of
/// 32-bit values: b+tree 30%, kmeans 9%, pathfinder 4% faster, the others
/// within 2%; kernels with doubles: particlefilter 6% and streamcluster 5%
/// slower, so they keep LLVM's choice.
static void preferWideVectors(mlir::ModuleOp module,
                              const TargetMachine &machine) {
  if (!machine.getTargetFeatureString().contains("+avx512f"))
    return;
  mlir::MLIRContext *ctx = module.getContext();
  module.walk([&](mlir::LLVM::LLVMFuncOp fn) {
    if (!fn->hasAttr(kKernelNameAttr) ||
        (!hasShortRows(fn, kWideRowsUpTo) && usesDoubles(fn)))
      return;
    SmallVector<mlir::Attribute> passthrough;
    if (mlir::ArrayAttr existing = fn.getPassthroughAttr())
      llvm::append_range(passthrough, existing);
    passthrough.push_back(mlir::ArrayAttr::get(
        ctx, {mlir::StringAttr::get(ctx, "prefer-vector-width"),
              mlir::StringAttr::get(ctx, "512")}));
    fn.setPassthroughAttr(mlir::ArrayAttr::get(ctx, passthrough));
  });
}

/// Makes each function that calls kRareRegionMarker (the outlined OpenMP
/// region of a rare fallback, see MarkRareParallelRegions) `optnone`, and
/// removes the calls: LLVM's optimizations skip such a function, and its
/// code generator compiles it as at -O0.
static void compileRareRegionsCheaply(Module &module) {
  Function *marker = module.getFunction(kRareRegionMarker);
  if (!marker)
    return;
  for (User *user : llvm::make_early_inc_range(marker->users())) {
    auto *call = dyn_cast<CallInst>(user);
    if (!call)
      continue;
    Function *fn = call->getFunction();
    call->eraseFromParent();
    if (fn->hasFnAttribute(Attribute::AlwaysInline))
      continue;
    fn->removeFnAttr(Attribute::MinSize);
    fn->removeFnAttr(Attribute::OptimizeForSize);
    fn->addFnAttr(Attribute::OptimizeNone);
    fn->addFnAttr(Attribute::NoInline);
  }
  if (marker->use_empty())
    marker->eraseFromParent();
}

std::unique_ptr<Module> translateToLLVMIR(mlir::ModuleOp module,
                                          LLVMContext &context,
                                          unsigned optLevel,
                                          VectorMathLibrary mathLibrary,
                                          StringRef preferVectorWidth,
                                          std::string &error, bool optimize) {
  std::unique_ptr<TargetMachine> machine =
      createHostTargetMachine(optLevel, error);
  if (!machine)
    return nullptr;
  if (optLevel != 0 && preferVectorWidth.empty())
    preferWideVectors(module, *machine);
  std::unique_ptr<Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, context, "cucpu-device");
  if (!llvmModule) {
    error = "translation of the device code to LLVM IR failed";
    return nullptr;
  }
  llvmModule->setTargetTriple(machine->getTargetTriple());
  llvmModule->setDataLayout(machine->createDataLayout());
  for (Function &fn : *llvmModule) {
    if (fn.isDeclaration())
      continue;
    fn.addFnAttr("target-cpu", machine->getTargetCPU());
    fn.addFnAttr("target-features", machine->getTargetFeatureString());
    if (!preferVectorWidth.empty())
      fn.addFnAttr("prefer-vector-width", preferVectorWidth);
  }

  compileRareRegionsCheaply(*llvmModule);
  if (verifyModule(*llvmModule, &errs())) {
    error = "the device code's LLVM IR is invalid";
    return nullptr;
  }
  if (optLevel == 0 || !optimize)
    return llvmModule;

  runLLVMOptimizations(*llvmModule, *machine, optLevel, /*vectorize=*/true,
                       mathLibrary);
  return llvmModule;
}

bool optimizeForHost(Module &module, unsigned optLevel,
                     VectorMathLibrary mathLibrary, std::string &error) {
  if (optLevel == 0)
    return true;
  std::unique_ptr<TargetMachine> machine =
      createHostTargetMachine(optLevel, error);
  if (!machine)
    return false;
  runLLVMOptimizations(module, *machine, optLevel, /*vectorize=*/true,
                       mathLibrary);
  return true;
}

VectorMathLibrary defaultVectorMathLibrary() {
  // glibc has shipped libmvec on x86-64 since 2.22; LLVM maps it there.
  Triple host(sys::getProcessTriple());
  if (host.getArch() == Triple::x86_64 && host.isOSLinux() &&
      host.isGNUEnvironment())
    return VectorMathLibrary::LibMVec;
  return VectorMathLibrary::None;
}

/// Loops side by side in one loop (or at the top of a function) beyond which
/// each of them moves to a function of its own.
static constexpr unsigned kMaxSiblingLoops = 64;

/// Moves each loop of a long run of sibling loops to a function of its own
/// (not inlined), so that no function LLVM optimizes holds more than
/// kMaxSiblingLoops of them. A kernel with n barriers is n thread loops in a
/// row in the function of its OpenMP region; LLVM's loop passes (unrolling,
/// rotation) and InstCombine spend time quadratic in the loops of a function
/// there: 1,000 barriers took minutes. Apart, each thread loop is optimized
/// and vectorized as before, at the price of a call per block and phase and
/// of what LLVM could have done across phases (they communicate through
/// memory in any case).
static void outlineSiblingLoops(Module &module) {
  SmallVector<Function *> functions;
  for (Function &fn : module)
    if (!fn.isDeclaration())
      functions.push_back(&fn);
  for (Function *fn : functions) {
    DominatorTree dominators(*fn);
    LoopInfo loops(dominators);
    SmallVector<Loop *> toOutline;
    auto collect = [&](ArrayRef<Loop *> siblings) {
      if (siblings.size() > kMaxSiblingLoops)
        llvm::append_range(toOutline, siblings);
    };
    collect(loops.getTopLevelLoops());
    for (Loop *loop : loops.getLoopsInPreorder())
      collect(loop->getSubLoops());
    if (toOutline.empty())
      continue;
    // Extraction keeps the cache valid, and the blocks of the loops not yet
    // extracted as they were.
    CodeExtractorAnalysisCache cache(*fn);
    for (Loop *loop : toOutline) {
      // Inside a loop already moved (siblings in siblings): left as it is.
      if (loop->getHeader()->getParent() != fn)
        continue;
      CodeExtractor extractor(loop->getBlocks(), &dominators);
      if (!extractor.isEligible())
        continue;
      if (Function *outlined = extractor.extractCodeRegion(cache))
        outlined->addFnAttr(Attribute::NoInline);
    }
  }
}

void runLLVMOptimizations(Module &module, TargetMachine &machine,
                          unsigned optLevel, bool vectorize,
                          VectorMathLibrary mathLibrary) {
  outlineSiblingLoops(module);
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  // Kernels call expf, sinf, ... once per thread; with a vector math library
  // the loop vectorizer turns the serial thread loop's calls into one call
  // per vector of threads. Registered before the defaults, so it is the one
  // the passes see.
  TargetLibraryInfoImpl libraryInfo(machine.getTargetTriple());
  if (mathLibrary == VectorMathLibrary::LibMVec)
    libraryInfo.addVectorizableFunctionsFromVecLib(VectorLibrary::LIBMVEC,
                                                   machine.getTargetTriple());
  fam.registerPass([&] { return TargetLibraryAnalysis(libraryInfo); });
  PipelineTuningOptions tuning;
  tuning.LoopVectorization = vectorize;
  tuning.SLPVectorization = vectorize;
  // The standard instrumentations skip `optnone` functions (rare fallbacks,
  // see compileRareRegionsCheaply) and, with -ftime-report, time each pass
  // for printing after the pipeline.
  PassInstrumentationCallbacks callbacks;
  StandardInstrumentations instrumentation(module.getContext(),
                                           /*DebugLogging=*/false);
  instrumentation.registerCallbacks(callbacks, &mam);
  PassBuilder builder(&machine, tuning, std::nullopt, &callbacks);
  if (vectorize) {
    builder.registerPipelineStartEPCallback(
        [](ModulePassManager &mpm, OptimizationLevel) {
          mpm.addPass(createModuleToFunctionPassAdaptor(
              FreezeDividedInductionVariablesPass()));
        });
    builder.registerVectorizerStartEPCallback(
        [](FunctionPassManager &fpm, OptimizationLevel) {
          fpm.addPass(FreezeWrappingNarrowIndicesPass());
        });
  }
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  OptimizationLevel level = optLevel == 1   ? OptimizationLevel::O1
                            : optLevel == 2 ? OptimizationLevel::O2
                                            : OptimizationLevel::O3;
  ModulePassManager mpm = builder.buildPerModuleDefaultPipeline(level);
  mpm.run(module, mam);
  if (TimePassesIsEnabled)
    instrumentation.getTimePasses().print();
}

bool emitObjectFile(Module &module, raw_pwrite_stream &os, unsigned optLevel,
                    bool assembly, std::string &error) {
  std::unique_ptr<TargetMachine> machine =
      createHostTargetMachine(optLevel, error);
  if (!machine)
    return false;
  legacy::PassManager pm;
  if (machine->addPassesToEmitFile(pm, os, nullptr,
                                   assembly ? CodeGenFileType::AssemblyFile
                                            : CodeGenFileType::ObjectFile)) {
    error = "the host target cannot emit this file type";
    return false;
  }
  pm.run(module);
  return true;
}

unsigned countInstructions(const Module &module) {
  unsigned count = 0;
  for (const Function &fn : module)
    count += fn.getInstructionCount();
  return count;
}

/// Gives every local symbol of `module` external linkage, hidden
/// visibility and a name ending in `suffix`, so that the parts of a split
/// may refer to each other's: a part is a module of its own. The suffix,
/// unique to the compile, keeps the names apart from other files' when the
/// objects are linked together (hidden symbols still clash there).
static void externalizeLocals(Module &module, StringRef suffix) {
  for (GlobalValue &value : module.global_values()) {
    if (value.isDeclaration() || !value.hasLocalLinkage())
      continue;
    StringRef name = value.hasName() ? value.getName() : "__cucpu_local";
    value.setName(name + suffix);
    value.setLinkage(GlobalValue::ExternalLinkage);
    value.setVisibility(GlobalValue::HiddenVisibility);
  }
}

std::vector<std::string>
optimizeAndEmitInParallel(Module &module, unsigned parts, unsigned optLevel,
                          VectorMathLibrary mathLibrary, StringRef uniqueSuffix,
                          std::string &error) {
  externalizeLocals(module, uniqueSuffix);
  SmallVector<SmallString<0>> bitcode;
  SplitModule(module, parts, [&](std::unique_ptr<Module> part) {
    if (llvm::none_of(part->functions(),
                      [](const Function &fn) { return !fn.isDeclaration(); }) &&
        part->global_empty())
      return;
    raw_svector_ostream os(bitcode.emplace_back());
    WriteBitcodeToFile(*part, os);
  });
  std::vector<std::string> objects(bitcode.size());
  std::vector<std::string> errors(bitcode.size());
  {
    DefaultThreadPool pool(hardware_concurrency(bitcode.size()));
    for (size_t i = 0; i < bitcode.size(); ++i)
      pool.async([&, i] {
        LLVMContext context;
        Expected<std::unique_ptr<Module>> part = parseBitcodeFile(
            MemoryBufferRef(StringRef(bitcode[i].data(), bitcode[i].size()),
                            "cucpu-device-part"),
            context);
        if (!part) {
          errors[i] = toString(part.takeError());
          return;
        }
        if (!optimizeForHost(**part, optLevel, mathLibrary, errors[i]))
          return;
        SmallString<0> buffer;
        raw_svector_ostream os(buffer);
        if (emitObjectFile(**part, os, optLevel, false, errors[i]))
          objects[i] = std::string(buffer.str());
      });
    pool.wait();
  }
  for (const std::string &partError : errors)
    if (!partError.empty()) {
      error = partError;
      return {};
    }
  return objects;
}

} // namespace cucpu
