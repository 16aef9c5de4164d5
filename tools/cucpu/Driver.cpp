//===- Driver.cpp - What cucpu runs for a command line --------------------===//
//
// For each .cu input, clang compiles the host side (kernel stubs,
// registration) and the cucpu frontend compiles the device side through
// MLIR to a host object; the objects and the runtime library are linked into
// one executable. With -rdc=true the device side stays MLIR until the link,
// which joins the device code of all inputs first (DeviceLink.h). Other
// inputs pass through to clang.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "Config.h"
#include "DeviceLink.h"
#include "GPUCompile.h"
#include "frontend/Frontend.h"
#include "lowering/GPULowering.h"
#include "lowering/Lowering.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/PassTimingInfo.h"
#include "llvm/Pass.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

using namespace llvm;

namespace cucpu::driver {

/// The module attribute in which --emit-mlir records the stage of its output.
constexpr StringLiteral kStageAttr = "cucpu.stage";

Installation findInstallation(const char *argv0) {
  std::string exe = sys::fs::getMainExecutable(
      argv0, reinterpret_cast<void *>(&findInstallation));
  SmallString<256> prefix(sys::path::parent_path(sys::path::parent_path(exe)));
  Installation inst;
  inst.executable = exe;
  SmallString<256> installed(prefix);
  sys::path::append(installed, "lib", "cucpu", "include");
  SmallString<256> buildTree(prefix);
  sys::path::append(buildTree, "include");
  inst.includeDir = sys::fs::exists(installed) ? installed.str().str()
                                               : buildTree.str().str();
  SmallString<256> lib(prefix);
  sys::path::append(lib, "lib");
  inst.libDir = lib.str().str();
  if (!sys::fs::exists(inst.includeDir + "/cuda_runtime.h"))
    fatal("cannot find cuda_runtime.h next to the cucpu executable (looked "
          "in " + inst.includeDir + ")");
  return inst;
}

Driver::Driver(Options options, Installation installation)
    : opts(std::move(options)), inst(std::move(installation)) {
  mlir::DialectRegistry registry;
  cucpu::registerPipelineDialects(registry);
  cucpu::registerGPUDialects(registry);
  context.appendDialectRegistry(registry);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
}

//===----------------------------------------------------------------------===//
// Commands
//===----------------------------------------------------------------------===//

void Driver::printCommand(const std::vector<std::string> &args,
                          bool inProcess) {
  if (inProcess)
    errs() << " (in-process)\n";
  for (const std::string &a : args) {
    errs() << " \"";
    for (char c : a) {
      if (c == '"' || c == '\\' || c == '$')
        errs() << '\\';
      errs() << c;
    }
    errs() << "\"";
  }
  errs() << "\n";
}

bool Driver::runCommand(const std::vector<std::string> &args) {
  if (opts.verbose || opts.printOnly)
    printCommand(args, /*inProcess=*/false);
  if (opts.printOnly)
    return true;
  std::vector<StringRef> refs(args.begin(), args.end());
  std::string error;
  int rc = sys::ExecuteAndWait(args[0], refs, std::nullopt, {}, 0, 0, &error);
  if (rc < 0)
    errs() << "cucpu: error: cannot run " << args[0] << ": " << error << "\n";
  return rc == 0;
}

std::vector<std::string>
Driver::deviceCommand(const std::vector<std::string> &mode, StringRef input,
                      StringRef output) const {
  std::vector<std::string> args = {inst.executable, "--cuda-device-only"};
  args.insert(args.end(), mode.begin(), mode.end());
  args.insert(args.end(), opts.deviceArgs.begin(), opts.deviceArgs.end());
  args.insert(args.end(), {input.str(), "-o", output.str()});
  return args;
}

//===----------------------------------------------------------------------===//
// Files
//===----------------------------------------------------------------------===//

std::string Driver::intermediate(StringRef source, StringRef suffix) {
  std::string stem = sys::path::stem(source).str();
  if (opts.saveTemps != SaveTemps::None) {
    SmallString<256> path;
    if (opts.saveTemps == SaveTemps::Obj && !opts.output.empty())
      path = sys::path::parent_path(opts.output);
    sys::path::append(path, stem + suffix.str());
    return path.str().str();
  }
  StringRef ext = sys::path::extension(suffix);
  std::string prefix = stem + suffix.drop_back(ext.size()).str();
  SmallString<128> path;
  if (std::error_code ec = sys::fs::createTemporaryFile(
          prefix, ext.empty() ? "tmp" : ext.drop_front(), path))
    fatal("cannot create a temporary file: " + ec.message());
  temps.push_back(std::make_unique<FileRemover>(path));
  return path.str().str();
}

std::string Driver::defaultOutput(StringRef input, StringRef ext) const {
  SmallString<128> name(sys::path::filename(input));
  sys::path::replace_extension(name, ext);
  return name.str().str();
}

static std::unique_ptr<ToolOutputFile> openOutput(StringRef path,
                                                  bool binary = true) {
  std::error_code ec;
  auto out = std::make_unique<ToolOutputFile>(
      path, ec, binary ? sys::fs::OF_None : sys::fs::OF_Text);
  if (ec)
    fatal("cannot open '" + path + "': " + ec.message());
  return out;
}

/// Whether `path` names a library file of one of the CUDA libraries that
/// cucpu's runtime stands in for (/usr/local/cuda/lib64/libcudart.so, as
/// build systems write it): linked, it would replace cucpu's runtime.
static bool isProvidedCudaLibraryFile(StringRef path) {
  StringRef name = sys::path::filename(path);
  if (!name.consume_front("lib"))
    return false;
  StringRef stem = name.take_until([](char c) { return c == '.'; });
  StringRef suffix = name.drop_front(stem.size());
  return (suffix == ".a" || suffix.starts_with(".so")) &&
         isProvidedCudaLibrary(stem);
}

/// Respells launch chevrons written with spaces (`k << < g, b >> > (a)`),
/// which nvcc reads as `<<<` and `>>>`, as the tokens clang expects, keeping
/// every line and column where it was. As nvcc, only `<<` and `>>` followed
/// by blanks and one more chevron; a `>> >` without a spaced `<< <` before
/// it closes nested templates and is left alone. Comments and literals are
/// skipped.
static bool respellSpacedLaunches(std::string &text) {
  // The end of `cc` blanks `c` at `at`, or npos.
  auto spaced = [&](size_t at, char c) -> size_t {
    if (text.compare(at, 2, std::string(2, c)) != 0)
      return std::string::npos;
    size_t i = at + 2;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t'))
      ++i;
    if (i == at + 2 || i >= text.size() || text[i] != c)
      return std::string::npos;
    return i + 1;
  };
  auto respell = [&](size_t at, size_t end, char c) {
    text.replace(at, end - at,
                 std::string(3, c) + std::string(end - at - 3, ' '));
  };
  bool changed = false;
  size_t open = std::string::npos, openEnd = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      i = text.find('\n', i);
      if (i == std::string::npos)
        break;
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      i = text.find("*/", i + 2);
      if (i == std::string::npos)
        break;
      ++i;
      continue;
    }
    if (c == '"' || c == '\'') {
      // To the closing quote (raw strings are not launches' business).
      for (++i; i < text.size() && text[i] != c && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (open == std::string::npos && c == '<') {
      size_t end = spaced(i, '<');
      if (end != std::string::npos) {
        open = i;
        openEnd = end;
        i = end - 1;
      } else if (text.compare(i, 3, "<<<") == 0) {
        i += 2;
      }
      continue;
    }
    if (open != std::string::npos && c == '>') {
      size_t end = spaced(i, '>');
      bool plain = text.compare(i, 3, ">>>") == 0;
      if (end == std::string::npos && !plain)
        continue;
      respell(open, openEnd, '<');
      if (!plain)
        respell(i, end, '>');
      changed = true;
      open = std::string::npos;
      i = (plain ? i + 3 : end) - 1;
    }
  }
  return changed;
}

std::string Driver::compiledSource(const Input &input,
                                   std::vector<std::string> &args) {
  auto it = respelledSources.find(input.path);
  if (it == respelledSources.end()) {
    std::string compiled = input.path;
    if (auto buffer = MemoryBuffer::getFile(input.path)) {
      std::string text = (*buffer)->getBuffer().str();
      if (respellSpacedLaunches(text)) {
        compiled = intermediate(input.path, "-launches.cu");
        auto out = openOutput(compiled, /*binary=*/false);
        // Diagnostics and __FILE__ name the user's file, line for line.
        out->os() << "#line 1 \"" << input.path << "\"\n" << text;
        out->keep();
      }
    }
    it = respelledSources.emplace(input.path, compiled).first;
  }
  if (it->second != input.path) {
    SmallString<256> dir(input.path);
    sys::path::remove_filename(dir);
    args.insert(args.end(), {"-iquote", dir.empty() ? "." : dir.str().str()});
  }
  return it->second;
}

static void writeMLIR(mlir::ModuleOp module, cucpu::Stage stage,
                      StringRef path) {
  module->setAttr(kStageAttr, mlir::StringAttr::get(module.getContext(),
                                                    cucpu::stageName(stage)));
  auto out = openOutput(path, /*binary=*/false);
  module.print(out->os());
  out->keep();
}

//===----------------------------------------------------------------------===//
// Steps
//===----------------------------------------------------------------------===//

std::vector<std::string> Driver::cudaFlags() const {
  std::vector<std::string> flags = {
      "--cuda-path=/nonexistent-cuda", "-nocudainc",
      "-nocudalib",                    "-Xclang",
      "-target-sdk-version=12.8",      "-Wno-unknown-cuda-version",
      "-isystem",                      inst.includeDir,
      "-include",                      "cuda_runtime.h",
      // nvcc's front end and gcc warn about `register` in C++17; clang's
      // default is an error. -Wno-register silences it, -Werror restores it.
      "-Wno-error=register",
      // nvcc defines __NVCC__ for every file it compiles; code written for
      // it keys its CUDA paths on it (`#if defined(__NVCC__)` then
      // `__host__ __device__`, else plain C++).
      "-D__NVCC__=1"};
  // Headers that work on one target only say so (Thrust's configuration).
  if (!opts.gpuArch.empty())
    flags.push_back("-D__CUCPU_GPU_TARGET__=1");
  // Both sides name the same architecture: the device side's __CUDA_ARCH__,
  // the GPU's with --cuda-gpu-arch, otherwise the lowest the command line
  // names; and both sides' __CUDA_ARCH_LIST__, which CUB and Thrust put in
  // their namespaces' names (a host side left at clang's default sm_52
  // launched kernels the device side had named for sm_60).
  if (!opts.gpuArch.empty())
    flags.push_back("--cuda-gpu-arch=" + opts.gpuArch);
  else if (opts.cudaArch)
    flags.push_back("--cuda-gpu-arch=sm_" + std::to_string(*opts.cudaArch));
  flags.insert(flags.end(), opts.frontendArgs.begin(), opts.frontendArgs.end());
  return flags;
}

void Driver::addOpenMPForThrust(std::vector<std::string> &args,
                                const std::string &source) {
  if (opts.printOnly ||
      any_of(args, [](StringRef a) { return a == "-fopenmp"; }))
    return;
  SmallString<128> deps;
  if (sys::fs::createTemporaryFile("cucpu-deps", "d", deps))
    return; // The compile itself reports what is wrong with the file system.
  FileRemover removeDeps(deps);
  std::vector<std::string> scan(args);
  // -MG: a missing header is for the compile itself to report.
  scan.insert(scan.end(), {"-M", "-MG", "-w", source, "-o", deps.str().str()});
  if (opts.verbose)
    printCommand(scan, /*inProcess=*/false);
  std::vector<StringRef> refs(scan.begin(), scan.end());
  std::optional<StringRef> quiet[] = {std::nullopt, StringRef(""),
                                      StringRef("")};
  if (sys::ExecuteAndWait(scan[0], refs, std::nullopt, quiet) != 0)
    return;
  auto listed = MemoryBuffer::getFile(deps);
  if (listed && (*listed)->getBuffer().contains("/thrust/detail/config.h"))
    args.push_back("-fopenmp");
}

bool Driver::compileHost(const Input &input, const std::string &object,
                         const std::string &finalOutput) {
  if (emptyFatbin.empty()) {
    // Not an intermediate worth keeping: always a temporary file.
    SmallString<128> path;
    if (std::error_code ec =
            sys::fs::createTemporaryFile("cucpu-empty-fatbin", "bin", path))
      fatal("cannot create a temporary file: " + ec.message());
    temps.push_back(std::make_unique<FileRemover>(path));
    emptyFatbin = path.str().str();
  }
  std::vector<std::string> args = {CUCPU_CLANG_PATH, "-x", "cuda",
                                   "--cuda-host-only"};
  std::vector<std::string> flags = cudaFlags();
  args.insert(args.end(), flags.begin(), flags.end());
  // clang emits the module constructor that registers kernels and device
  // variables only when it is given a GPU binary; ours is empty: the device
  // code is linked as a host object.
  args.insert(args.end(), {"-Xclang", "-fcuda-include-gpubinary", "-Xclang",
                           emptyFatbin});
  if (opts.optLevel >= 0)
    args.push_back("-O" + std::to_string(opts.optLevel));
  // clang's <<<>>> then calls cudaLaunchKernel_ptsz, which takes stream 0 as
  // the launching thread's default stream. (clang's driver passes the flag
  // on only for HIP, so it goes to the frontend directly.)
  if (opts.perThreadDefaultStream)
    args.insert(args.end(), {"-Xclang", "-fgpu-default-stream=per-thread"});
  args.insert(args.end(), opts.hostArgs.begin(), opts.hostArgs.end());
  std::string source = compiledSource(input, args);
  addOpenMPForThrust(args, source);
  if (!opts.depArgs.empty()) {
    // The dependency file describes the object the user asked for, not the
    // host object inside it.
    args.insert(args.end(), opts.depArgs.begin(), opts.depArgs.end());
    auto has = [&](StringRef flag) {
      return any_of(opts.depArgs,
                    [&](StringRef a) { return a.starts_with(flag); });
    };
    if (!has("-MF")) {
      SmallString<128> depFile(finalOutput);
      sys::path::replace_extension(depFile, "d");
      args.insert(args.end(), {"-MF", depFile.str().str()});
    }
    if (!has("-MT") && !has("-MQ"))
      args.insert(args.end(), {"-MT", finalOutput});
  }
  if (opts.saveTemps != SaveTemps::None)
    args.push_back("-save-temps=obj");
  args.insert(args.end(), {"-c", source, "-o", object});
  return runCommand(args);
}

bool Driver::compileHostSource(const Input &input, const std::string &object) {
  bool isC = input.kind == InputKind::C;
  std::vector<std::string> args = {CUCPU_CLANG_PATH, "-x", isC ? "c" : "c++"};
  // A .cpp file that includes cuda_runtime.h gets cucpu's, as a .cu file
  // does (without the pre-include: plain C++ names what it uses).
  args.insert(args.end(), {"-isystem", inst.includeDir, "-D__NVCC__=1"});
  if (!isC)
    args.push_back("-Wno-error=register");
  for (const std::string &arg : opts.frontendArgs) {
    // nvcc hands a .c file to the host compiler, which takes a C++ -std= as
    // gcc does: with a warning, not an error.
    if (isC && StringRef(arg).starts_with("-std=") &&
        StringRef(arg).contains("++")) {
      llvm::errs() << "cucpu: warning: '" << arg << "' is for C++, not for '"
                   << input.path << "': ignored\n";
      continue;
    }
    args.push_back(arg);
  }
  if (opts.optLevel >= 0)
    args.push_back("-O" + std::to_string(opts.optLevel));
  args.insert(args.end(), opts.hostArgs.begin(), opts.hostArgs.end());
  if (!isC)
    addOpenMPForThrust(args, input.path);
  args.insert(args.end(), opts.depArgs.begin(), opts.depArgs.end());
  if (opts.saveTemps != SaveTemps::None)
    args.push_back("-save-temps=obj");
  args.insert(args.end(), {"-c", input.path, "-o", object});
  return runCommand(args);
}

mlir::OwningOpRef<mlir::ModuleOp> Driver::translateDevice(const Input &input) {
  std::vector<std::string> args = cudaFlags();
  // Warnings were reported by the host compilation already.
  args.push_back("-w");
  std::string source = compiledSource(input, args);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      cucpu::translateCudaToMLIR(context, CUCPU_CLANG_PATH, source, args,
                                 opts.relocatableDeviceCode);
  if (module) {
    // What --use_fast_math allows nvcc: reassociation, contraction,
    // approximate functions and reciprocals. The flags travel to LLVM IR.
    // The rounding intrinsics stay exact, as nvcc keeps them. Not LLVM's
    // "no NaNs" and "no infinities": under nvcc's fast math a NaN is still
    // a NaN (cooling's pow of a negative temperature), where LLVM would
    // make it poison, and a loop that tests it, undefined (it never ended).
    using mlir::arith::FastMathFlags;
    auto fast = mlir::arith::FastMathFlagsAttr::get(
        &context, FastMathFlags::reassoc | FastMathFlags::contract |
                      FastMathFlags::afn | FastMathFlags::arcp);
    module->walk([&](mlir::arith::ArithFastMathInterface op) {
      if (op->removeAttr(cucpu::kExactFPAttr) || !opts.fastMath)
        return;
      // Conversions round as they do without fast math (nvcc leaves them
      // alone); LLVM may fold a round trip through a wider type that
      // carries the flags, which the directed-rounding intrinsics rely on.
      if (mlir::isa<mlir::arith::ExtFOp, mlir::arith::TruncFOp>(op))
        return;
      op->setAttr(op.getFastMathAttrName(), fast);
    });
  }
  return module;
}

mlir::OwningOpRef<mlir::ModuleOp> Driver::readMLIR(const Input &input,
                                                   cucpu::Stage &stage) {
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(input.path, &context);
  if (!module)
    return nullptr;
  if (auto recorded = (*module)->getAttrOfType<mlir::StringAttr>(kStageAttr)) {
    std::optional<cucpu::Stage> parsed = cucpu::parseStage(recorded);
    if (!parsed)
      fatal("'" + input.path + "' records an unknown stage '" +
            recorded.getValue() + "'");
    stage = *parsed;
  } else if (opts.mlirInputStage) {
    stage = *opts.mlirInputStage;
  } else {
    fatal("'" + input.path + "' does not record its stage (--emit-mlir "
          "writes it in the module's " + kStageAttr + " attribute); give it "
          "with --mlir-stage=<stage>");
  }
  return module;
}

bool Driver::finishDevice(mlir::ModuleOp module, cucpu::Stage stage,
                          StringRef source, const std::string &output,
                          bool markLinked) {
  unsigned optLevel = opts.deviceOptLevel();
  cucpu::PipelineOptions pipeline = opts.pipeline;
  pipeline.optLevel = optLevel;
  pipeline.timing = timing;
  if (opts.saveTemps != SaveTemps::None) {
    std::string base = source.str();
    pipeline.afterStage = [this, base](cucpu::Stage s, mlir::ModuleOp m) {
      writeMLIR(m, s,
                intermediate(base, ("-device-" + cucpu::stageName(s) + ".mlir")
                                       .str()));
    };
    if (stage == cucpu::Stage::Frontend)
      pipeline.afterStage(stage, module);
  }
  cucpu::Stage last = opts.emitMLIR ? *opts.emitMLIR : cucpu::Stage::LLVM;
  if (last < stage)
    fatal("'" + source + "' is at stage " + cucpu::stageName(stage) +
          ", after the stage --emit-mlir asks for");
  if (failed(cucpu::resumeDevicePipeline(module, pipeline, stage, last)))
    return false;

  if (opts.emitMLIR) {
    writeMLIR(module, last, output.empty() ? "-" : output);
    return true;
  }

  LLVMContext llvmContext;
  std::string error;
  mlir::TimingScope llvmTiming;
  if (timing)
    llvmTiming = timing->nest("LLVM IR: translation and optimization");
  // An object, and nothing else of the module to write: a large module is
  // optimized and compiled in parts at once.
  bool objectOnly = !opts.emitLLVM && !opts.assemblyOnly &&
                    opts.saveTemps == SaveTemps::None;
  std::unique_ptr<Module> llvmModule = cucpu::translateToLLVMIR(
      module, llvmContext, optLevel, opts.mathLibrary, opts.preferVectorWidth,
      error, /*optimize=*/!objectOnly);
  if (!llvmModule)
    fatal(error);
  unsigned parts = objectOnly ? codegenParts(*llvmModule, optLevel) : 1;
  if (objectOnly && parts == 1 &&
      !cucpu::optimizeForHost(*llvmModule, optLevel, opts.mathLibrary, error))
    fatal(error);
  llvmTiming.stop();
  mlir::TimingScope codegenTiming;
  if (timing)
    codegenTiming = timing->nest("LLVM code generation");
  // Code generation's pass timers print when it is done.
  auto reportCodegen = llvm::make_scope_exit([&] {
    codegenTiming.stop();
    if (timing)
      llvm::reportAndResetTimings(&llvm::errs());
  });
  llvmModule->setSourceFileName(source);
  if (opts.saveTemps != SaveTemps::None) {
    auto out = openOutput(intermediate(source, "-device.ll"), false);
    llvmModule->print(out->os(), nullptr);
    out->keep();
  }

  if (opts.emitLLVM && (opts.assemblyOnly || opts.compileOnly)) {
    std::string path =
        output.empty()
            ? defaultOutput(source, opts.assemblyOnly ? "ll" : "bc")
            : output;
    auto out = openOutput(path, !opts.assemblyOnly);
    if (opts.assemblyOnly)
      llvmModule->print(out->os(), nullptr);
    else
      WriteBitcodeToFile(*llvmModule, out->os());
    out->keep();
    return true;
  }
  if (opts.assemblyOnly) {
    std::string path = output.empty() ? defaultOutput(source, "s") : output;
    auto out = openOutput(path, false);
    if (!cucpu::emitObjectFile(*llvmModule, out->os(), optLevel, true, error))
      fatal(error);
    out->keep();
    return true;
  }
  if (markLinked)
    markDeviceLinked(*llvmModule);
  if (parts > 1)
    return emitObjectInParts(*llvmModule, source, output, parts, optLevel);
  auto out = openOutput(output);
  if (!cucpu::emitObjectFile(*llvmModule, out->os(), optLevel, false, error))
    fatal(error);
  out->keep();
  return true;
}

/// Device modules larger than this (in LLVM instructions, before LLVM's
/// optimizations) are optimized and compiled in parts, one thread each.
/// LLVM spends about a second per 5,000 such instructions at -O3 on one
/// core.
static constexpr unsigned kInstructionsPerCodegenPart = 100000;
/// At most this many parts: beyond, the serial work around them dominates.
static constexpr unsigned kMaxCodegenParts = 8;

unsigned Driver::codegenParts(const Module &module, unsigned optLevel) const {
  if (opts.codegenParts)
    return opts.codegenParts;
  if (optLevel == 0)
    return 1;
  unsigned threads = hardware_concurrency().compute_thread_count();
  unsigned bySize =
      cucpu::countInstructions(module) / kInstructionsPerCodegenPart;
  return std::max(1u, std::min({threads, bySize, kMaxCodegenParts}));
}

bool Driver::emitObjectInParts(Module &module, StringRef source,
                               const std::string &output, unsigned parts,
                               unsigned optLevel) {
  std::string error;
  // Unique to this compile: the parts' symbols must not meet other files'.
  std::string suffix =
      ".cucpu." + utohexstr(xxh3_64bits(
                      (sys::path::filename(source) + "\0" + output).str()));
  std::vector<std::string> objects = cucpu::optimizeAndEmitInParallel(
      module, parts, optLevel, opts.mathLibrary, suffix, error);
  if (objects.empty())
    fatal(error);
  if (objects.size() == 1) {
    auto out = openOutput(output);
    out->os() << objects.front();
    out->keep();
    return true;
  }
  // One object, as for any module: a relocatable link of the parts.
  std::vector<std::string> link = {CUCPU_CLANG_PATH, "-r", "-nostdlib"};
  for (auto [i, bytes] : llvm::enumerate(objects)) {
    std::string path =
        intermediate(source, ("-device-part" + Twine(i) + ".o").str());
    auto out = openOutput(path);
    out->os() << bytes;
    out->keep();
    link.push_back(path);
  }
  link.push_back("-o");
  link.push_back(output);
  return runCommand(link);
}

bool Driver::embedDevice(mlir::ModuleOp module, StringRef source,
                         const std::string &output) {
  if (opts.saveTemps != SaveTemps::None)
    writeMLIR(module, cucpu::Stage::Frontend,
              intermediate(source, "-device-frontend.mlir"));
  module->setAttr(kStageAttr,
                  mlir::StringAttr::get(&context, cucpu::stageName(
                                                      cucpu::Stage::Frontend)));
  std::string bytecode;
  raw_string_ostream os(bytecode);
  if (failed(mlir::writeBytecodeToFile(module, os)))
    fatal("cannot write the device code as MLIR bytecode");
  LLVMContext llvmContext;
  Module holder("cucpu-device-code", llvmContext);
  holder.setTargetTriple(Triple(sys::getProcessTriple()));
  embedDeviceCode(holder, bytecode);
  auto out = openOutput(output);
  std::string error;
  if (!cucpu::emitObjectFile(holder, out->os(), 0, false, error))
    fatal(error);
  out->keep();
  return true;
}

bool Driver::compileDevice(const Input &input, const std::string &output) {
  std::vector<std::string> mode;
  if (opts.emitMLIR)
    mode.push_back("--emit-mlir=" +
                   cucpu::stageName(*opts.emitMLIR).str());
  else if (opts.assemblyOnly)
    mode.push_back("-S");
  else
    mode.push_back("-c");
  if (opts.emitLLVM)
    mode.push_back("-emit-llvm");
  if (opts.verbose || opts.printOnly)
    printCommand(deviceCommand(mode, input.path, output.empty() ? "-" : output),
                 /*inProcess=*/true);
  if (opts.printOnly)
    return true;

  // -ftime-report: the steps below nest in one report, printed when this
  // returns; LLVM prints its passes' own.
  mlir::DefaultTimingManager timingManager;
  mlir::TimingScope root;
  if (opts.timeReport) {
    timingManager.setEnabled(true);
    timingManager.setDisplayMode(mlir::DefaultTimingManager::DisplayMode::Tree);
    root = timingManager.getRootScope();
    timing = &root;
    llvm::TimePassesIsEnabled = true;
  }
  auto clearTiming = llvm::make_scope_exit([&] { timing = nullptr; });

  cucpu::Stage stage = cucpu::Stage::Frontend;
  mlir::TimingScope frontendTiming;
  if (timing)
    frontendTiming = timing->nest(input.kind == InputKind::MLIR
                                      ? "read MLIR"
                                      : "frontend (clang AST to MLIR)");
  mlir::OwningOpRef<mlir::ModuleOp> module =
      input.kind == InputKind::MLIR ? readMLIR(input, stage)
                                    : translateDevice(input);
  frontendTiming.stop();
  if (!module)
    return false;
  if (!opts.gpuArch.empty())
    return compileDeviceForGPU(*module, input, output);
  if (opts.relocatableDeviceCode && input.kind == InputKind::Cuda &&
      !stopsEarly())
    return embedDevice(*module, input.path, output);
  return finishDevice(*module, stage, input.path, output);
}

bool Driver::compileDeviceForGPU(mlir::ModuleOp module, const Input &input,
                                 const std::string &output) {
  using cucpu::GPUOutputKind;
  if (opts.relocatableDeviceCode)
    fatal("relocatable device code (-rdc=true, -dc) is not supported with "
          "--cuda-gpu-arch yet");
  if (opts.emitLLVM && opts.compileOnly && !opts.assemblyOnly)
    fatal("-c -emit-llvm is not supported with --cuda-gpu-arch (use -S "
          "-emit-llvm)");
  GPUOutputKind kind = opts.emitMLIR       ? GPUOutputKind::MLIR
                       : !opts.assemblyOnly ? GPUOutputKind::Object
                       : opts.emitLLVM      ? GPUOutputKind::LLVMIR
                                            : GPUOutputKind::PTX;
  std::string path = output;
  if (path.empty())
    path = kind == GPUOutputKind::PTX      ? defaultOutput(input.path, "ptx")
           : kind == GPUOutputKind::LLVMIR ? defaultOutput(input.path, "ll")
                                           : "-";
  cucpu::PipelineOptions pipeline = opts.pipeline;
  pipeline.optLevel = opts.deviceOptLevel();
  pipeline.timing = timing;
  return cucpu::compileDeviceForGPU(module, pipeline, opts.emitMLIR, kind,
                                    opts.gpuArch, input.path, path,
                                    inst.libDir);
}

/// Static libraries named by -l in the directories of -L (the system's own
/// libraries hold no CUDA device code).
static std::vector<std::string>
staticLibrariesOf(const std::vector<std::string> &linkArgs) {
  std::vector<std::string> dirs, libs;
  for (StringRef arg : linkArgs) {
    if (arg.starts_with("-L"))
      dirs.push_back(arg.drop_front(2).str());
  }
  for (StringRef arg : linkArgs) {
    if (!arg.starts_with("-l"))
      continue;
    StringRef name = arg.drop_front(2);
    for (const std::string &dir : dirs) {
      SmallString<256> path(dir);
      sys::path::append(path, name.starts_with(":") ? name.drop_front().str()
                                                    : ("lib" + name + ".a").str());
      if (sys::fs::exists(path)) {
        libs.push_back(path.str().str());
        break;
      }
    }
  }
  return libs;
}

bool Driver::deviceLink(const std::vector<std::string> &objects, StringRef name,
                        std::string &object, bool markLinked) {
  DeviceCodeScan scan;
  std::vector<std::string> scanned = objects;
  for (std::string &lib : staticLibrariesOf(opts.linkArgs))
    scanned.push_back(lib);
  for (const std::string &path : scanned) {
    std::string error;
    if (!scanForDeviceCode(path, scan, error))
      fatal(error);
  }
  // Under -### the objects of this command were not made: their device code
  // would be linked when -rdc=true made them.
  bool expectDeviceCode =
      !scan.modules.empty() || (opts.printOnly && opts.relocatableDeviceCode);
  if (scan.alreadyLinked) {
    if (opts.verbose && !scan.modules.empty())
      errs() << "cucpu: note: the device code was linked by -dlink already\n";
    return true;
  }
  if (!expectDeviceCode) {
    if (markLinked && !opts.printOnly)
      fatal("-dlink: no input holds relocatable device code (compile with "
            "-rdc=true or -dc)");
    return true;
  }
  if (object.empty())
    object = intermediate(name, "-dlink.o");
  if (opts.verbose || opts.printOnly) {
    std::vector<std::string> args = {inst.executable, "-dlink"};
    args.insert(args.end(), opts.deviceArgs.begin(), opts.deviceArgs.end());
    args.insert(args.end(), scanned.begin(), scanned.end());
    args.insert(args.end(), {"-o", object});
    printCommand(args, /*inProcess=*/true);
  }
  if (opts.printOnly)
    return true;

  std::vector<mlir::OwningOpRef<mlir::ModuleOp>> modules;
  for (auto &[bytecode, where] : scan.modules) {
    mlir::ParserConfig config(&context);
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(bytecode, config, where);
    if (!module)
      fatal("cannot read the device code of " + where);
    modules.push_back(std::move(module));
  }
  mlir::OwningOpRef<mlir::ModuleOp> linked = mlir::ModuleOp::create(
      mlir::FileLineColLoc::get(&context, name, 0, 0));
  if (failed(linkDeviceModules(*linked, std::move(modules))))
    return false;
  return finishDevice(*linked, cucpu::Stage::Frontend, name, object,
                      markLinked);
}

int Driver::run() {
  SourceMgr sourceMgr;
  // Errors found in MLIR print as clang's do: file:line:col, source, caret.
  mlir::SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  // A remark says once what an optimization did at a place, also where it
  // did it in each copy of the code (a kernel specialized for its block
  // size, a versioned loop). Registered last, this runs first.
  llvm::StringSet<> remarked;
  context.getDiagEngine().registerHandler([&](mlir::Diagnostic &diag) {
    if (diag.getSeverity() != mlir::DiagnosticSeverity::Remark)
      return mlir::failure();
    std::string key;
    llvm::raw_string_ostream os(key);
    os << diag.getLocation() << ": " << diag;
    for (const mlir::Diagnostic &note : diag.getNotes())
      os << "\n" << note.getLocation() << ": " << note;
    return mlir::success(!remarked.insert(key).second);
  });

  if (opts.verbose) {
    errs() << "cucpu version " << CUCPU_VERSION << " (LLVM "
           << CUCPU_LLVM_VERSION << ")\n";
    for (const std::string &note : opts.notes)
      errs() << "cucpu: note: " << note << "\n";
  }

  bool separate = stopsEarly() || opts.compileOnly;
  if ((opts.hostOnly || opts.deviceOnly) && !separate)
    fatal(Twine(opts.hostOnly ? "--cuda-host-only" : "--cuda-device-only") +
          " needs -c, -S or --emit-mlir");
  if (separate && opts.inputs.size() > 1 && !opts.output.empty())
    fatal("cannot specify -o with -c, -S or --emit-mlir and several inputs");

  if (opts.deviceLinkOnly) {
    std::vector<std::string> objects;
    for (const Input &input : opts.inputs) {
      if (input.kind != InputKind::Object)
        fatal("-dlink links objects and libraries, not '" + input.path + "'");
      objects.push_back(input.path);
    }
    std::string output = opts.output.empty() ? "a_dlink.o" : opts.output;
    return deviceLink(objects, output, output, /*markLinked=*/true) ? 0 : 1;
  }

  // Link inputs in command-line order; each CUDA file becomes two objects.
  std::vector<std::string> linkInputs, objects;
  for (const Input &input : opts.inputs) {
    std::string output = opts.output;
    switch (input.kind) {
    case InputKind::Object:
      if (separate) {
        errs() << "cucpu: warning: " << input.path
               << ": linker input unused\n";
        continue;
      }
      if (isProvidedCudaLibraryFile(input.path))
        continue;
      linkInputs.push_back(input.path);
      objects.push_back(input.path);
      continue;
    case InputKind::C:
    case InputKind::Cxx:
      if (stopsEarly())
        fatal("'" + input.path + "': -S and --emit-mlir are for CUDA inputs; "
              "compile it with clang");
      if (opts.compileOnly) {
        if (!compileHostSource(input, output.empty()
                                          ? defaultOutput(input.path, "o")
                                          : output))
          return 1;
        continue;
      }
      {
        // Compiled apart, with the same search path as a -c compile.
        std::string object = intermediate(input.path, "-cxx.o");
        if (!compileHostSource(input, object))
          return 1;
        linkInputs.push_back(object);
      }
      continue;
    case InputKind::MLIR:
    case InputKind::Cuda:
      break;
    }
    bool isMLIR = input.kind == InputKind::MLIR;
    if (stopsEarly()) {
      if (!compileDevice(input, output))
        return 1;
      continue;
    }
    if (opts.compileOnly) {
      if (output.empty())
        output = defaultOutput(input.path, "o");
      if (opts.hostOnly && !isMLIR) {
        if (!compileHost(input, output, output))
          return 1;
      } else if (opts.deviceOnly || isMLIR) {
        if (!compileDevice(input, output))
          return 1;
      } else {
        std::string hostObject = intermediate(input.path, "-host.o");
        std::string deviceObject = intermediate(input.path, "-device.o");
        if (!compileHost(input, hostObject, output) ||
            !compileDevice(input, deviceObject))
          return 1;
        // One object per source, as clang and nvcc produce: a relocatable
        // link of the host and device objects.
        if (!runCommand({CUCPU_CLANG_PATH, "-r", "-nostdlib", hostObject,
                         deviceObject, "-o", output}))
          return 1;
      }
      continue;
    }
    std::string deviceObject = intermediate(input.path, "-device.o");
    if (!isMLIR) {
      std::string hostObject = intermediate(input.path, "-host.o");
      if (!compileHost(input, hostObject, defaultOutput(input.path, "o")))
        return 1;
      linkInputs.push_back(hostObject);
    }
    if (!compileDevice(input, deviceObject))
      return 1;
    linkInputs.push_back(deviceObject);
    objects.push_back(deviceObject);
  }
  if (separate)
    return 0;

  std::string output = opts.output.empty() ? "a.out" : opts.output;
  std::string deviceLinked;
  if (!deviceLink(objects, output, deviceLinked, /*markLinked=*/false))
    return 1;
  if (!deviceLinked.empty())
    linkInputs.push_back(deviceLinked);

  std::vector<std::string> args = {CUCPU_CLANG_PATH};
  args.insert(args.end(), opts.frontendArgs.begin(), opts.frontendArgs.end());
  if (opts.optLevel >= 0)
    args.push_back("-O" + std::to_string(opts.optLevel));
  args.insert(args.end(), opts.hostArgs.begin(), opts.hostArgs.end());
  if (opts.saveTemps != SaveTemps::None)
    args.push_back("-save-temps=obj");
  args.insert(args.end(), linkInputs.begin(), linkInputs.end());
  args.insert(args.end(), opts.linkArgs.begin(), opts.linkArgs.end());
  if (!opts.gpuArch.empty()) {
    std::vector<std::string> runtime = cucpu::gpuRuntimeLinkArgs(inst.libDir);
    args.insert(args.end(), runtime.begin(), runtime.end());
  } else {
    args.insert(args.end(),
                {"-L" + inst.libDir, "-lcucpu_rt", "-L" CUCPU_OPENMP_LIB_DIR,
                 "-lomp", "-Wl,-rpath," CUCPU_OPENMP_LIB_DIR, "-lpthread"});
    // Device code vectorized with libmvec calls it; libmvec needs libm.
    if (opts.mathLibrary == cucpu::VectorMathLibrary::LibMVec)
      args.insert(args.end(), {"-lmvec", "-lm"});
  }
  args.insert(args.end(), {"-o", output});
  return runCommand(args) ? 0 : 1;
}

} // namespace cucpu::driver
