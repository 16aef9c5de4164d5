//===- cucpu.cpp - The cucpu compiler driver ------------------------------===//
//
// cucpu compiles CUDA programs for the CPU. For each .cu input, clang compiles
// the host side (kernel stubs, registration) and the cucpu frontend compiles
// the device side through MLIR to a host object; the two objects and the
// runtime library are linked into one executable. Other inputs pass through to
// clang.
//
//===----------------------------------------------------------------------===//

#include "Config.h"
#include "GPUCompile.h"
#include "frontend/Frontend.h"
#include "lowering/GPULowering.h"
#include "lowering/Lowering.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace llvm;

namespace {

const char *kHelp = R"(OVERVIEW: cucpu - compiles CUDA C++ programs into multi-threaded CPU executables

USAGE: cucpu [options] file.cu [more inputs...] [-o output]

Inputs ending in .cu (or any input after -x cuda) are CUDA sources: clang
compiles their host code, cucpu compiles their device code (kernels and the
__device__ functions they call) through MLIR to OpenMP CPU code. .c/.cc/.cpp/
.cxx sources pass to clang; .o/.a/.so inputs go to the linker.

OUTPUT OPTIONS:
  -o <file>             Write the output to <file> (default: a.out, or
                        <input>.o with -c)
  -c                    Compile to an object file; do not link
  -S                    Write the device code's assembly for this CPU
  -emit-llvm            With -S: write the device code's LLVM IR (.ll);
                        with -c: write it as bitcode (.bc)
  --emit-mlir           Write the device code's MLIR as the frontend made it
  --emit-mlir=<stage>   Write the device code's MLIR after <stage>:
                          frontend   as the frontend made it
                          launch     device functions inlined into launches,
                                     thread/block indices bound to loops
                          optimized  after the MLIR optimizations
                          cpu        thread loops serial, block loops OpenMP
                          llvm       LLVM dialect, ready for translation

COMPILATION OPTIONS:
  -O0, -O1, -O2, -O3    Optimization level. Without -O, host code is compiled
                        at -O0 (as clang does) and device code at -O3 (as nvcc
                        does)
  -I <dir>, -I<dir>     Add a directory to the include search path
  -isystem <dir>        Add a system include directory
  -include <file>       Include <file> before the source
  -D <macro>[=<value>]  Define a macro
  -U <macro>            Undefine a macro
  -std=<standard>       C++ standard (e.g. -std=c++17)
  -x <language>         Treat the following inputs as <language>: cuda, cu,
                        c++, c, or none (decide by extension)
  --default-stream <mode>
                        What stream 0 means in host code: legacy (the
                        default; also null) or per-thread (each host thread
                        has its own default stream; defines
                        CUDA_API_PER_THREAD_DEFAULT_STREAM, as nvcc does)
  --cuda-lower          Translate CUDA device code to CPU code (the default
                        for CUDA inputs; accepted for compatibility)
  --cuda-gpu-arch=sm_XX Compile the device code for an NVIDIA GPU instead:
                        PTX for sm_XX, loaded through the CUDA driver at run
                        time (-S writes the PTX). nvcc's -arch/-gencode do
                        not select the GPU
  --cpuify=<mode>       How __syncthreads lowering keeps a value across a
                        barrier: mincut (default: store the fewest bytes,
                        recompute the rest) or distribute (store every value)
  -fno-cucpu-barrier-motion, -fno-cucpu-barrier-elimination,
  -fno-cucpu-mem2reg, -fno-cucpu-licm,
  -fno-cucpu-region-fusion, -fno-cucpu-inner-serialization
                        Switch one parallel optimization off (to measure it):
                        moving barriers out of conditionals; removing
                        barriers that order nothing; locals and
                        thread-owned shared elements in registers across
                        barriers; hoisting invariant work out of the thread
                        and block loops; one OpenMP region for the parallel
                        loops of a launch; running each block's threads as a
                        serial loop inside the parallel loop over blocks
                        (without it: blocks in turn, threads in parallel)
  -Rpass=cucpu          A remark for each parallel optimization applied
  -Rpass-missed=cucpu   A remark for each barrier kept, with the accesses
                        that need it
  -g                    Emit debug information for host code
  -W<warning>, -w       Warning options, passed to clang
  -f<flag>, -m<flag>    Code generation options, passed to clang for host code

LINK OPTIONS:
  -l <library>          Link with a library
  -L <dir>              Add a directory to the library search path
  -Wl,<args>            Pass arguments to the linker
  -pthread              Link with POSIX threads

OTHER OPTIONS:
  -v                    Print the commands cucpu runs
  --help                Print this help
  --version             Print the version

ENVIRONMENT:
  CUCPU_NUM_THREADS     Worker threads of a compiled program (else
                        OMP_NUM_THREADS, else all cores)
)";

enum class InputKind { Cuda, Cxx, C, Object };

struct Input {
  std::string path;
  InputKind kind;
};

struct Options {
  std::string output;
  bool compileOnly = false;
  bool assemblyOnly = false;
  bool emitLLVM = false;
  std::optional<cucpu::Stage> emitMLIR;
  int optLevel = -1;
  bool verbose = false;
  /// The device pipeline's choices (optimization level set later).
  cucpu::PipelineOptions pipeline;
  /// --default-stream per-thread (or CUDA_API_PER_THREAD_DEFAULT_STREAM
  /// defined on the command line): <<<>>> launches on stream 0 go to the
  /// launching thread's default stream.
  bool perThreadDefaultStream = false;
  std::vector<std::string> frontendArgs; // -I -D -U -std -include -isystem
  std::vector<std::string> hostArgs;     // -W -f -m -g
  std::vector<std::string> linkArgs;     // -l -L -Wl, -pthread
  std::vector<Input> inputs;
  /// --cuda-gpu-arch: compile device code for this NVIDIA GPU (empty: CPU).
  std::string gpuArch;
};

[[noreturn]] void fatal(const Twine &message) {
  errs() << "cucpu: error: " << message << "\n";
  exit(1);
}

InputKind kindFromExtension(StringRef path) {
  StringRef ext = sys::path::extension(path);
  if (ext == ".cu")
    return InputKind::Cuda;
  if (ext == ".c")
    return InputKind::C;
  if (ext == ".cc" || ext == ".cpp" || ext == ".cxx" || ext == ".C")
    return InputKind::Cxx;
  return InputKind::Object;
}

Options parseArgs(ArrayRef<const char *> argv) {
  Options opts;
  std::optional<InputKind> forcedKind;
  for (size_t i = 0; i < argv.size(); ++i) {
    StringRef arg = argv[i];
    auto value = [&](StringRef flag) -> std::string {
      if (arg.size() > flag.size())
        return arg.drop_front(flag.size()).str();
      if (i + 1 >= argv.size())
        fatal("argument to '" + flag + "' is missing (expected 1 value)");
      return argv[++i];
    };
    if (arg == "--help" || arg == "-help" || arg == "-h") {
      outs() << kHelp;
      exit(0);
    }
    if (arg == "--version") {
      outs() << "cucpu version " << CUCPU_VERSION << " (LLVM "
             << CUCPU_LLVM_VERSION << ")\n";
      exit(0);
    }
    if (arg == "-o")
      opts.output = value("-o");
    else if (arg == "-c")
      opts.compileOnly = true;
    else if (arg == "-S")
      opts.assemblyOnly = true;
    else if (arg == "-emit-llvm")
      opts.emitLLVM = true;
    else if (arg == "--emit-mlir")
      opts.emitMLIR = cucpu::Stage::Frontend;
    else if (arg.consume_front("--emit-mlir=")) {
      opts.emitMLIR = cucpu::parseStage(arg);
      if (!opts.emitMLIR)
        fatal("unknown stage '" + arg +
              "' in --emit-mlir (frontend, launch, optimized, cpu, llvm)");
    } else if (arg.starts_with("-O")) {
      StringRef level = arg.drop_front(2);
      if (level.empty())
        opts.optLevel = 1;
      else if (level == "0" || level == "1" || level == "2" || level == "3")
        opts.optLevel = level[0] - '0';
      else if (level == "s" || level == "z")
        opts.optLevel = 2;
      else if (level == "fast")
        opts.optLevel = 3;
      else
        fatal("invalid optimization level '" + arg + "'");
    } else if (arg.starts_with("-I")) {
      opts.frontendArgs.push_back("-I" + value("-I"));
    } else if (arg.starts_with("-D")) {
      std::string macro = value("-D");
      StringRef macroName = StringRef(macro).split('=').first;
      if (macroName == "CUDA_API_PER_THREAD_DEFAULT_STREAM")
        opts.perThreadDefaultStream = true;
      opts.frontendArgs.push_back("-D" + macro);
    } else if (arg == "--default-stream" || arg == "-default-stream" ||
               arg.starts_with("--default-stream=") ||
               arg.starts_with("-default-stream=")) {
      std::string mode =
          arg.contains('=') ? arg.split('=').second.str() : value(arg);
      if (mode == "per-thread")
        opts.perThreadDefaultStream = true;
      else if (mode == "legacy" || mode == "null")
        opts.perThreadDefaultStream = false;
      else
        fatal("unknown --default-stream mode '" + mode +
              "' (legacy, null or per-thread)");
    } else if (arg.starts_with("-U")) {
      opts.frontendArgs.push_back("-U" + value("-U"));
    } else if (arg == "-isystem" || arg == "-include") {
      opts.frontendArgs.push_back(arg.str());
      opts.frontendArgs.push_back(value(arg));
    } else if (arg.starts_with("-std=") || arg.starts_with("--std=")) {
      opts.frontendArgs.push_back("-std=" + arg.split('=').second.str());
    } else if (arg.starts_with("-x")) {
      std::string lang = value("-x");
      if (lang == "cuda" || lang == "cu")
        forcedKind = InputKind::Cuda;
      else if (lang == "c++")
        forcedKind = InputKind::Cxx;
      else if (lang == "c")
        forcedKind = InputKind::C;
      else if (lang == "none")
        forcedKind.reset();
      else
        fatal("language not recognized: '" + lang + "'");
    } else if (arg.consume_front("--cpuify=")) {
      if (arg != "mincut" && arg != "distribute")
        fatal("unknown --cpuify mode '" + arg + "' (mincut or distribute)");
      opts.pipeline.cpuifyMode = arg.str();
    } else if (arg == "-fno-cucpu-barrier-motion") {
      opts.pipeline.barrierMotion = false;
    } else if (arg == "-fno-cucpu-barrier-elimination") {
      opts.pipeline.barrierElimination = false;
    } else if (arg == "-fno-cucpu-mem2reg") {
      opts.pipeline.mem2reg = false;
    } else if (arg == "-fno-cucpu-licm") {
      opts.pipeline.licm = false;
    } else if (arg == "-fno-cucpu-region-fusion") {
      opts.pipeline.regionFusion = false;
    } else if (arg == "-fno-cucpu-inner-serialization") {
      opts.pipeline.innerSerialization = false;
    } else if (arg == "-Rpass=cucpu") {
      opts.pipeline.remarks = true;
    } else if (arg == "-Rpass-missed=cucpu") {
      opts.pipeline.remarksMissed = true;
    } else if (arg.starts_with("-R")) {
      // Remarks of other passes: clang's own, for the host code.
      opts.hostArgs.push_back(arg.str());
    } else if (arg.consume_front("--cuda-gpu-arch=")) {
      if (!cucpu::isValidGPUArch(arg))
        fatal("invalid GPU architecture '" + arg +
              "' in --cuda-gpu-arch (expected sm_XX, e.g. sm_80)");
      opts.gpuArch = arg.str();
    } else if (arg == "--cuda-lower") {
      // CUDA inputs are always translated for the CPU.
    } else if (arg == "-v") {
      opts.verbose = true;
    } else if (arg == "-g" || arg.starts_with("-g")) {
      opts.hostArgs.push_back(arg.str());
    } else if (arg.starts_with("-l")) {
      opts.linkArgs.push_back("-l" + value("-l"));
    } else if (arg.starts_with("-L")) {
      opts.linkArgs.push_back("-L" + value("-L"));
    } else if (arg.starts_with("-Wl,") || arg == "-pthread") {
      opts.linkArgs.push_back(arg.str());
    } else if (arg.starts_with("-W") || arg == "-w" || arg.starts_with("-f") ||
               arg.starts_with("-m")) {
      opts.hostArgs.push_back(arg.str());
    } else if (arg.starts_with("-") && arg != "-") {
      fatal("unknown argument: '" + arg + "'");
    } else {
      opts.inputs.push_back(
          {arg.str(), forcedKind ? *forcedKind : kindFromExtension(arg)});
    }
  }
  if (opts.inputs.empty())
    fatal("no input files");
  if (opts.perThreadDefaultStream &&
      llvm::none_of(opts.frontendArgs, [](StringRef a) {
        return a.split('=').first == "-DCUDA_API_PER_THREAD_DEFAULT_STREAM";
      }))
    opts.frontendArgs.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM");
  return opts;
}

/// Where the driver finds its headers and runtime library: next to its own
/// executable, in the build tree (bin/, include/, lib/) or an installation
/// (bin/, lib/cucpu/include, lib/).
struct Installation {
  std::string includeDir;
  std::string libDir;
};

Installation findInstallation(const char *argv0) {
  std::string exe = sys::fs::getMainExecutable(
      argv0, reinterpret_cast<void *>(&findInstallation));
  SmallString<256> prefix(sys::path::parent_path(sys::path::parent_path(exe)));
  Installation inst;
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

class Driver {
public:
  Driver(Options opts, Installation inst)
      : opts(std::move(opts)), inst(std::move(inst)) {}

  int run();

private:
  /// Flags both sides of a CUDA compilation get: no CUDA installation is
  /// used, our headers stand in for it.
  std::vector<std::string> cudaFlags() const;
  bool runCommand(const std::vector<std::string> &args);
  std::string temporary(StringRef stem, StringRef ext);
  bool compileHost(const Input &input, const std::string &object);
  /// Compiles the device side; writes `object`, or the requested
  /// MLIR/LLVM/assembly output when the driver stops early.
  bool compileDevice(const Input &input, const std::string &object);
  /// compileDevice for --cuda-gpu-arch (see GPUCompile.cpp).
  bool compileDeviceForGPU(mlir::ModuleOp module,
                           const cucpu::PipelineOptions &pipeline,
                           const Input &input, const std::string &object);
  std::string defaultOutput(const Input &input, StringRef ext) const;
  bool stopsEarly() const {
    return opts.emitMLIR || opts.assemblyOnly ||
           (opts.emitLLVM && opts.compileOnly);
  }

  Options opts;
  Installation inst;
  std::vector<std::unique_ptr<FileRemover>> temps;
  std::string emptyFatbin;
};

std::vector<std::string> Driver::cudaFlags() const {
  std::vector<std::string> flags = {
      "--cuda-path=/nonexistent-cuda", "-nocudainc",
      "-nocudalib",                    "-Xclang",
      "-target-sdk-version=12.8",      "-Wno-unknown-cuda-version",
      "-isystem",                      inst.includeDir,
      "-include",                      "cuda_runtime.h"};
  flags.insert(flags.end(), opts.frontendArgs.begin(), opts.frontendArgs.end());
  return flags;
}

bool Driver::runCommand(const std::vector<std::string> &args) {
  if (opts.verbose) {
    for (const std::string &a : args)
      errs() << " " << (a.find(' ') != std::string::npos ? "\"" + a + "\"" : a);
    errs() << "\n";
  }
  std::vector<StringRef> refs(args.begin(), args.end());
  std::string error;
  int rc = sys::ExecuteAndWait(args[0], refs, std::nullopt, {}, 0, 0, &error);
  if (rc < 0)
    errs() << "cucpu: error: cannot run " << args[0] << ": " << error << "\n";
  return rc == 0;
}

std::string Driver::temporary(StringRef stem, StringRef ext) {
  SmallString<128> path;
  if (std::error_code ec = sys::fs::createTemporaryFile(
          sys::path::stem(stem), ext, path))
    fatal("cannot create a temporary file: " + ec.message());
  temps.push_back(std::make_unique<FileRemover>(path));
  return path.str().str();
}

std::string Driver::defaultOutput(const Input &input, StringRef ext) const {
  SmallString<128> name(sys::path::filename(input.path));
  sys::path::replace_extension(name, ext);
  return name.str().str();
}

bool Driver::compileHost(const Input &input, const std::string &object) {
  if (emptyFatbin.empty())
    emptyFatbin = temporary("cucpu-fatbin", "bin");
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
  args.insert(args.end(), {"-c", input.path, "-o", object});
  return runCommand(args);
}

bool Driver::compileDevice(const Input &input, const std::string &object) {
  mlir::DialectRegistry registry;
  cucpu::registerPipelineDialects(registry);
  cucpu::registerGPUDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  // Errors found in MLIR print as clang's do: file:line:col, source, caret.
  SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);

  std::vector<std::string> args = cudaFlags();
  // Warnings were reported by the host compilation already.
  args.push_back("-w");
  // __CUDA_ARCH__ is the GPU's (on the CPU it is clang's default, 520).
  if (!opts.gpuArch.empty())
    args.push_back("--cuda-gpu-arch=" + opts.gpuArch);
  mlir::OwningOpRef<mlir::ModuleOp> module = cucpu::translateCudaToMLIR(
      context, CUCPU_CLANG_PATH, input.path, args);
  if (!module)
    return false;

  unsigned optLevel = opts.optLevel >= 0 ? opts.optLevel : 3;
  cucpu::PipelineOptions pipeline = opts.pipeline;
  pipeline.optLevel = optLevel;
  if (!opts.gpuArch.empty())
    return compileDeviceForGPU(*module, pipeline, input, object);
  cucpu::Stage last = opts.emitMLIR ? *opts.emitMLIR : cucpu::Stage::LLVM;
  if (failed(cucpu::runDevicePipeline(*module, pipeline, last)))
    return false;

  auto openOutput = [&](StringRef path) -> std::unique_ptr<ToolOutputFile> {
    std::error_code ec;
    auto out = std::make_unique<ToolOutputFile>(path, ec, sys::fs::OF_None);
    if (ec)
      fatal("cannot open '" + path + "': " + ec.message());
    return out;
  };

  if (opts.emitMLIR) {
    auto out = openOutput(opts.output.empty() ? "-" : opts.output);
    module->print(out->os());
    out->keep();
    return true;
  }

  LLVMContext llvmContext;
  std::string error;
  std::unique_ptr<Module> llvmModule =
      cucpu::translateToLLVMIR(*module, llvmContext, optLevel, error);
  if (!llvmModule)
    fatal(error);
  llvmModule->setSourceFileName(input.path);

  if (opts.emitLLVM && (opts.assemblyOnly || opts.compileOnly)) {
    std::string path = opts.output.empty()
                           ? defaultOutput(input, opts.assemblyOnly ? "ll" : "bc")
                           : opts.output;
    auto out = openOutput(path);
    if (opts.assemblyOnly)
      llvmModule->print(out->os(), nullptr);
    else
      WriteBitcodeToFile(*llvmModule, out->os());
    out->keep();
    return true;
  }
  if (opts.assemblyOnly) {
    std::string path =
        opts.output.empty() ? defaultOutput(input, "s") : opts.output;
    auto out = openOutput(path);
    if (!cucpu::emitObjectFile(*llvmModule, out->os(), optLevel, true, error))
      fatal(error);
    out->keep();
    return true;
  }
  auto out = openOutput(object);
  if (!cucpu::emitObjectFile(*llvmModule, out->os(), optLevel, false, error))
    fatal(error);
  out->keep();
  return true;
}

bool Driver::compileDeviceForGPU(mlir::ModuleOp module,
                                 const cucpu::PipelineOptions &pipeline,
                                 const Input &input,
                                 const std::string &object) {
  using cucpu::GPUOutputKind;
  if (opts.emitLLVM && opts.compileOnly && !opts.assemblyOnly)
    fatal("-c -emit-llvm is not supported with --cuda-gpu-arch (use -S "
          "-emit-llvm)");
  GPUOutputKind kind = opts.emitMLIR     ? GPUOutputKind::MLIR
                       : !opts.assemblyOnly ? GPUOutputKind::Object
                       : opts.emitLLVM      ? GPUOutputKind::LLVMIR
                                            : GPUOutputKind::PTX;
  std::string path = object;
  if (kind == GPUOutputKind::MLIR)
    path = opts.output.empty() ? "-" : opts.output;
  else if (kind != GPUOutputKind::Object)
    path = opts.output.empty()
               ? defaultOutput(input, opts.emitLLVM ? "ll" : "ptx")
               : opts.output;
  return cucpu::compileDeviceForGPU(module, pipeline, opts.emitMLIR, kind,
                                    opts.gpuArch, input.path, path);
}

int Driver::run() {
  std::vector<Input> cudaInputs;
  for (const Input &input : opts.inputs)
    if (input.kind == InputKind::Cuda)
      cudaInputs.push_back(input);
  if (stopsEarly() || opts.compileOnly) {
    if (opts.inputs.size() > 1 && !opts.output.empty())
      fatal("cannot specify -o with -c, -S or --emit-mlir and several inputs");
    for (const Input &input : opts.inputs)
      if (input.kind != InputKind::Cuda)
        fatal("'" + input.path + "': only CUDA inputs can be compiled "
              "separately by cucpu yet; compile it with clang");
  }

  // Link inputs in command-line order; each CUDA file becomes two objects.
  std::vector<std::string> linkInputs;
  for (const Input &input : opts.inputs) {
    if (input.kind != InputKind::Cuda) {
      if (input.kind == InputKind::Cxx)
        linkInputs.insert(linkInputs.end(), {"-x", "c++", input.path, "-x", "none"});
      else if (input.kind == InputKind::C)
        linkInputs.insert(linkInputs.end(), {"-x", "c", input.path, "-x", "none"});
      else
        linkInputs.push_back(input.path);
      continue;
    }
    if (stopsEarly()) {
      if (!compileDevice(input, ""))
        return 1;
      continue;
    }
    std::string hostObject = temporary(input.path, "host.o");
    std::string deviceObject = temporary(input.path, "device.o");
    if (!compileHost(input, hostObject) || !compileDevice(input, deviceObject))
      return 1;
    if (opts.compileOnly) {
      // One object per source, as clang and nvcc produce: a relocatable link
      // of the host and device objects.
      std::string output =
          opts.output.empty() ? defaultOutput(input, "o") : opts.output;
      if (!runCommand({CUCPU_CLANG_PATH, "-r", "-nostdlib", hostObject,
                       deviceObject, "-o", output}))
        return 1;
      continue;
    }
    linkInputs.push_back(hostObject);
    linkInputs.push_back(deviceObject);
  }
  if (stopsEarly() || opts.compileOnly)
    return 0;

  std::vector<std::string> args = {CUCPU_CLANG_PATH};
  args.insert(args.end(), opts.frontendArgs.begin(), opts.frontendArgs.end());
  if (opts.optLevel >= 0)
    args.push_back("-O" + std::to_string(opts.optLevel));
  args.insert(args.end(), opts.hostArgs.begin(), opts.hostArgs.end());
  args.insert(args.end(), linkInputs.begin(), linkInputs.end());
  args.insert(args.end(), opts.linkArgs.begin(), opts.linkArgs.end());
  if (!opts.gpuArch.empty()) {
    std::vector<std::string> runtime = cucpu::gpuRuntimeLinkArgs(inst.libDir);
    args.insert(args.end(), runtime.begin(), runtime.end());
  } else {
    args.insert(args.end(),
                {"-L" + inst.libDir, "-lcucpu_rt", "-L" CUCPU_OPENMP_LIB_DIR,
                 "-lomp", "-Wl,-rpath," CUCPU_OPENMP_LIB_DIR, "-lpthread"});
  }
  args.insert(args.end(), {"-o", opts.output.empty() ? "a.out" : opts.output});
  return runCommand(args) ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  Options opts = parseArgs(ArrayRef<const char *>(argv + 1, argv + argc));
  Driver driver(std::move(opts), findInstallation(argv[0]));
  return driver.run();
}
