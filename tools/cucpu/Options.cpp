//===- Options.cpp - The cucpu driver's command line ----------------------===//
//
// A table of the accepted options: each entry names its spellings, the form
// its value takes and what it does to Options. Adding a flag is adding one
// entry. Unknown flags are an error that names the flag, as nvcc and clang
// report them.
//
//===----------------------------------------------------------------------===//

#include "Options.h"
#include "Config.h"
#include "lowering/GPULowering.h"

#include "clang/Basic/OffloadArch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

using namespace llvm;

namespace cucpu::driver {

void fatal(const Twine &message) {
  errs() << "cucpu: error: " << message << "\n";
  exit(1);
}

/// The libraries whose functions cucpu's runtime provides: the runtime
/// (shared and static), the driver, the device runtime of -rdc, and NVTX
/// (whose markers do nothing here).
bool isProvidedCudaLibrary(StringRef name) {
  return llvm::is_contained({"cudart", "cudart_static", "cuda", "cudadevrt",
                             "nvToolsExt", "nvtx3interop", "culibos"},
                            name);
}

/// Whether `dir` holds a CUDA toolkit's headers (Makefiles add
/// -I$(CUDA_HOME)/include as a matter of course). Such a directory is left
/// out of the search path: searched before cucpu's own headers, its
/// cuda_runtime.h and the rest would replace cucpu's. cucpu's own include
/// directory has cucpu/abi.h beside its cuda_runtime_api.h.
bool isCudaToolkitIncludeDir(StringRef dir) {
  auto has = [&](StringRef name) {
    SmallString<256> path(dir);
    sys::path::append(path, name);
    return sys::fs::exists(path);
  };
  return has("cuda_runtime_api.h") && !has("cucpu/abi.h");
}

void dropToolkitIncludeDirsFromEnvironment() {
  // The search paths clang reads from the environment: a toolkit's include
  // directory there would come before cucpu's headers (CPATH is -I).
  for (const char *var : {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH"}) {
    const char *value = getenv(var);
    if (!value)
      continue;
    SmallVector<StringRef> dirs;
    StringRef(value).split(dirs, ':');
    std::string kept;
    bool dropped = false;
    for (StringRef dir : dirs) {
      if (!dir.empty() && isCudaToolkitIncludeDir(dir)) {
        dropped = true;
        continue;
      }
      if (!kept.empty())
        kept += ':';
      kept += dir.str();
    }
    if (dropped)
      setenv(var, kept.c_str(), /*overwrite=*/1);
  }
}

namespace {

/// The count that `flag` (`-fname=`) gives in `value`: a whole number of
/// `what` from 1 to `max`; anything else is a fatal error.
unsigned parseCount(StringRef flag, StringRef value, unsigned max,
                    StringRef what) {
  unsigned count;
  if (value.getAsInteger(10, count) || count < 1 || count > max)
    fatal(flag + " wants a number of " + what + " from 1 to " + Twine(max) +
          ", not '" + value + "'");
  return count;
}

const char *kHelp = R"(OVERVIEW: cucpu - compiles CUDA C++ programs into multi-threaded CPU executables

USAGE: cucpu [options] file.cu [more inputs...] [-o output]

Inputs ending in .cu (or any input after -x cuda) are CUDA sources: clang
compiles their host code, cucpu compiles their device code (kernels and the
__device__ functions they call) through MLIR to OpenMP CPU code. .c/.cc/.cpp/
.cxx sources pass to clang; .mlir inputs are device code that --emit-mlir
wrote (possibly transformed by cucpu-opt since); .o/.a/.so inputs go to the
linker. Both clang's and nvcc's spellings of the options below work.

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
                        The output can be transformed with cucpu-opt and
                        given back to cucpu as an input
  --mlir-stage=<stage>  The stage of .mlir inputs that do not record it
  --cuda-host-only      Compile only the host side of CUDA inputs
  --cuda-device-only    Compile only the device side of CUDA inputs
  -rdc=true, --relocatable-device-code=true, -fgpu-rdc
                        Relocatable device code: a __device__ function may
                        be defined in another file. -c then keeps the device
                        code as MLIR in the object; linking joins the device
                        code of all objects and static libraries, optimizes
                        it as one module and compiles it
  -dc                   -c with -rdc=true
  -dlink                Link the device code of relocatable objects into one
                        object, for a program that another linker links
  --save-temps, -save-temps[=cwd|obj], -keep
                        Keep every intermediate file (host object and clang's
                        own temporaries, the device MLIR after each stage,
                        LLVM IR, objects) in the current directory (cwd) or
                        next to the output (obj), named after the input

COMPILATION OPTIONS:
  -O0, -O1, -O2, -O3    Optimization level. Without -O, host code is compiled
                        at -O0 (as clang does) and device code at -O3 (as nvcc
                        does)
  -I <dir>, -I<dir>     Add a directory to the include search path
  -isystem <dir>        Add a system include directory
  -include <file>       Include <file> before the source
  -D <macro>[=<value>]  Define a macro
  -U <macro>            Undefine a macro
  -std=<standard>, --std <standard>
                        C++ standard (e.g. -std=c++17)
  -x <language>         Treat the following inputs as <language>: cuda, cu,
                        c++, c, mlir, or none (decide by extension)
  -arch=<arch>, -arch <arch>, --gpu-architecture=<arch>
  -gencode arch=<arch>,code=<code>, --generate-code=...
  -code=<code>, --gpu-code=<code>
                        GPU architectures (sm_XX, compute_XX; -arch also
                        native, all, all-major). Checked and accepted; they
                        do not select a target: device code is compiled for
                        this CPU. The lowest one named sets __CUDA_ARCH__ in
                        device code (e.g. -arch=sm_70: 700; default 520)
  --fmad=<true|false>, -ffp-contract=<fast|on|off>
                        Whether device code may fuse a multiply and an add
                        into one FMA (rounded once). Default: fused, as nvcc
                        (--fmad=true) and clang (-ffp-contract=fast for
                        CUDA) do; `on` and `off` keep every operation
                        rounded on its own. `#pragma clang fp contract(off)`
                        and __fmul_rn/__fadd_rn are never fused
  --use_fast_math, -use_fast_math
                        Fast math in device code: defines __USE_FAST_MATH__
                        and lets LLVM reassociate and contract floating-point
                        operations
  -G, --device-debug    Compile device code without optimizations
  -lineinfo, --generate-line-info
                        Accepted; device code has no debug information yet
  -Xcompiler <a,b,...>, --compiler-options <a,b,...>
                        Options for the host compiler (clang), comma-separated
  -Xptxas <opts>, -maxrregcount <n>, -ccbin <path>,
  -Wno-deprecated-gpu-targets, --expt-relaxed-constexpr,
  --expt-extended-lambda, -m64
                        nvcc options accepted for compatibility; they change
                        nothing here (-v says so)
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
  -fcucpu-gpu-arch-as-hint
                        --cuda-gpu-arch names architectures only, as -arch
                        does (cucpu's CMake toolchain file passes it: CMake
                        gives a project's CUDA_ARCHITECTURES so)
  --cpuify=<mode>       How __syncthreads lowering keeps a value across a
                        barrier: mincut (default: store the fewest bytes,
                        recompute the rest) or distribute (store every value)
  -fno-cucpu-barrier-motion, -fno-cucpu-barrier-elimination,
  -fno-cucpu-mem2reg, -fno-cucpu-licm,
  -fno-cucpu-region-fusion, -fno-cucpu-inner-serialization,
  -fno-cucpu-loop-interchange, -fno-cucpu-split-thread-loops,
  -fno-cucpu-hoist-uniform-ifs, -fno-cucpu-narrow-thread-loops,
  -fno-cucpu-parallel-accesses, -fno-cucpu-uniform-locals,
  -fno-cucpu-last-writer-stores, -fno-cucpu-coarsen-blocks,
  -fno-cucpu-masked-rows, -fno-cucpu-rolled-thread-loops,
  -fno-cucpu-select-versioning, -fno-cucpu-row-versioning,
  -fno-cucpu-hoist-version-checks, -fno-cucpu-exact-float-sums,
  -fno-cucpu-specialize-block-size, -fno-cucpu-widen-index-casts,
  -fno-cucpu-index-flags, -fno-cucpu-elide-join-barriers,
  -fno-cucpu-unroll-and-jam
                        Switch one parallel optimization off (to measure it):
                        moving barriers out of conditionals; removing
                        barriers that order nothing; locals and
                        thread-owned shared elements in registers across
                        barriers; hoisting invariant work out of the thread
                        and block loops; one OpenMP region for the parallel
                        loops of a launch; running each block's threads as a
                        serial loop inside the parallel loop over blocks
                        (without it: blocks in turn, threads in parallel);
                        making the serial thread loop the inner loop of a
                        loop whose trip count all threads share; giving
                        each guard on the thread index a thread loop of its
                        own; taking a condition that all of a block's
                        threads share (an early return on blockIdx) once
                        for the block; running a thread loop over only the
                        threads whose index guard (`if (i < n)`) holds; telling LLVM's
                        vectorizer that the threads' accesses are
                        independent (llvm.loop.parallel_accesses); reading a
                        loop counter around barriers once per thread loop;
                        running a guarded store to a block-shared address
                        once, for the last thread whose guard holds;
                        running 8 neighbouring 2D blocks' phases together
                        along rows, for the block size the launches write;
                        in kernels launched with at most 32 threads along x,
                        keeping comparisons of x as masks and the row loop
                        rolled; copying a thread loop for the blocks where
                        the thread-index comparisons of its index selects
                        hold for every thread, or (short rows) where its
                        guard's comparisons of x hold for the whole row;
                        making such a copy's check once for a coarsened
                        group's blocks and a block's rows; adding an
                        in-order float sum in any order where no addition
                        can round;
                        copying a kernel for the block size its launches
                        write, with that size as constants; index
                        arithmetic on thread and block indices in 64 bits;
                        no-wrap flags on unsigned index arithmetic that the
                        launch limits prove (a copy of the block loop for
                        grids of at most 2^28 threads along x); no
                        barrier after the last work-sharing loop of an
                        OpenMP region (its join is one); 4 iterations of an
                        interchanged uniform loop per pass over the threads
  -fcucpu-coarsen-blocks=<n>
                        Blocks along x that run together when coarsened
                        (default 8; 1: no coarsening)
  -fcucpu-unroll-and-jam=<n>
                        Iterations of a uniform loop interchanged with the
                        thread loop that one pass over the threads runs
                        (default 4; 1: one)
  -fcucpu-codegen-parts=<n>
                        Parts that LLVM optimizes and compiles a file's
                        device code in, one thread each (default: one per
                        100,000 instructions, up to the cores and 8)
  -mprefer-vector-width=<bits>
                        The widest vectors (128, 256, 512; or none) the
                        vectorizers prefer in all device code; default on
                        CPUs with AVX-512: 512 in kernels launched with at
                        most 16 threads along x or computing with no
                        doubles, elsewhere the CPU's choice (256 bits on
                        most AVX-512 CPUs)
  -fveclib=<lib>        The vector math library that vectorized device code
                        calls for expf, sinf, ... on vectors of threads:
                        libmvec (glibc's; the default on x86-64 Linux) or
                        none (one scalar call per thread)
  -Rpass=cucpu          A remark for each parallel optimization applied
  -Rpass-missed=cucpu   A remark for each barrier kept, with the accesses
                        that need it, and for each 2D block loop whose
                        neighbouring blocks are not coarsened, with why; and
                        where a kernel is too large for a transformation
                        that copies code (over 10,000 operations) or a
                        value is too costly to recompute after a barrier
  -ftime-report         Print the time of each step of the device
                        compilation: the frontend, each MLIR pass (by
                        stage), LLVM's passes and code generation; clang
                        reports the host compilation's
  -g                    Emit debug information for host code
  -W<warning>, -w       Warning options (-Wall, -Werror, -Wno-<warning>, ...),
                        passed to clang, which reports warnings for host and
                        device code
  -f<flag>, -m<flag>    Code generation options, passed to clang for host code
  -MD, -MMD, -MF <file>, -MT <target>, -MQ <target>, -MP
                        Write a make dependency file while compiling

LINK OPTIONS:
  -l <library>          Link with a library
  -L <dir>              Add a directory to the library search path
  -Wl,<args>, -Xlinker <arg>
                        Pass arguments to the linker
  -pthread              Link with POSIX threads
  -shared               Make a shared library

OTHER OPTIONS:
  -v                    Print the commands cucpu runs as it runs them, and
                        notes on the options that change nothing here
  -###                  Print the commands cucpu would run, run nothing
  --help                Print this help
  --version             Print the version

ENVIRONMENT:
  CUCPU_NUM_THREADS     Worker threads of a compiled program (else
                        OMP_NUM_THREADS, else all cores)
)";

/// How an option takes its value.
enum class Form {
  Flag,             ///< -c
  Joined,           ///< -Wl,x (the value is the rest of the argument)
  Separate,         ///< -Xptxas x
  JoinedOrSeparate, ///< -Ix or -I x
  EqualsOrSeparate, ///< -arch=x or -arch x
  Equals,           ///< --emit-mlir=x
  Prefix,           ///< -W... (the value is the whole argument)
};

struct Parser;

struct OptionSpec {
  Form form;
  std::vector<StringRef> names;
  std::function<void(Parser &, StringRef)> apply;
  /// The option changes the device compilation (recorded in deviceArgs).
  bool device = false;
};

struct Parser {
  Options opts;
  std::optional<InputKind> forcedKind;
  bool sawArch = false, sawCode = false;

  void note(const Twine &text) { opts.notes.push_back(text.str()); }
  void setOptLevel(StringRef level, StringRef spelled);
  void addGpuArch(StringRef arch, StringRef spelled, bool allowSpecial);
  void parseGencode(StringRef value, StringRef spelled);
  void parseBool(StringRef value, StringRef spelled, bool &flag);
};

void Parser::setOptLevel(StringRef level, StringRef spelled) {
  if (level.empty())
    opts.optLevel = 1;
  else if (level == "0" || level == "1" || level == "2" || level == "3")
    opts.optLevel = level[0] - '0';
  else if (level == "s" || level == "z")
    opts.optLevel = 2;
  else if (level == "fast")
    opts.optLevel = 3;
  else
    fatal("invalid optimization level '" + spelled + "'");
}

/// Checks one GPU architecture name (sm_XX, compute_XX, lto_XX; with
/// `allowSpecial` also native, all, all-major) against the architectures
/// clang knows, and records it.
void Parser::addGpuArch(StringRef arch, StringRef spelled, bool allowSpecial) {
  arch = arch.trim().trim('"').trim('\'');
  if (allowSpecial && (arch == "native" || arch == "all" || arch == "all-major")) {
    opts.gpuArchitectures.push_back(arch.str());
    return;
  }
  StringRef number = arch;
  if (!number.consume_front("sm_") && !number.consume_front("compute_") &&
      !number.consume_front("lto_"))
    fatal("invalid GPU architecture '" + arch + "' in '" + spelled +
          "' (expected sm_XX or compute_XX)");
  clang::OffloadArch known = clang::StringToOffloadArch(("sm_" + number).str());
  unsigned capability = 0;
  if (!clang::IsNVIDIAOffloadArch(known) ||
      number.take_while(isDigit).getAsInteger(10, capability))
    fatal("unknown GPU architecture '" + arch + "' in '" + spelled + "'");
  opts.gpuArchitectures.push_back(arch.str());
  if (!opts.cudaArch || capability < *opts.cudaArch)
    opts.cudaArch = capability;
}

/// -gencode arch=compute_70,code=sm_70 or code=[sm_70,compute_70].
void Parser::parseGencode(StringRef value, StringRef spelled) {
  StringRef rest = value.trim().trim('"');
  if (!rest.consume_front("arch="))
    fatal("'" + spelled + "' expects arch=<arch>,code=<code>");
  auto [arch, code] = rest.split(",code=");
  if (code.empty() || arch.contains(','))
    fatal("'" + spelled + "' expects arch=<arch>,code=<code>");
  addGpuArch(arch, spelled, /*allowSpecial=*/false);
  code = code.trim().trim('"');
  if (code.consume_front("["))
    if (!code.consume_back("]"))
      fatal("unbalanced '[' in '" + spelled + "'");
  SmallVector<StringRef> codes;
  code.split(codes, ',');
  for (StringRef c : codes)
    addGpuArch(c, spelled, /*allowSpecial=*/false);
}

void Parser::parseBool(StringRef value, StringRef spelled, bool &flag) {
  if (value == "true")
    flag = true;
  else if (value == "false")
    flag = false;
  else
    fatal("'" + spelled + "' expects true or false");
}

std::optional<InputKind> languageNamed(StringRef lang) {
  if (lang == "cuda" || lang == "cu")
    return InputKind::Cuda;
  if (lang == "c++")
    return InputKind::Cxx;
  if (lang == "c")
    return InputKind::C;
  if (lang == "mlir")
    return InputKind::MLIR;
  fatal("language not recognized: '" + lang + "'");
}

const std::vector<OptionSpec> &optionTable() {
  using P = Parser;
  static const std::vector<OptionSpec> table = {
      // Output and phases.
      {Form::JoinedOrSeparate, {"-o", "--output-file"},
       [](P &p, StringRef v) { p.opts.output = v.str(); }},
      {Form::Flag, {"-c", "--compile"},
       [](P &p, StringRef) { p.opts.compileOnly = true; }},
      {Form::Flag, {"-dc", "--device-c"},
       [](P &p, StringRef) {
         p.opts.compileOnly = true;
         p.opts.relocatableDeviceCode = true;
       },
       true},
      {Form::Flag, {"-dlink", "--device-link"},
       [](P &p, StringRef) { p.opts.deviceLinkOnly = true; }},
      {Form::Flag, {"-S"}, [](P &p, StringRef) { p.opts.assemblyOnly = true; }},
      {Form::Flag, {"-emit-llvm"},
       [](P &p, StringRef) { p.opts.emitLLVM = true; }},
      {Form::Flag, {"--emit-mlir"},
       [](P &p, StringRef) { p.opts.emitMLIR = cucpu::Stage::Frontend; }},
      {Form::Equals, {"--emit-mlir"},
       [](P &p, StringRef v) {
         p.opts.emitMLIR = cucpu::parseStage(v);
         if (!p.opts.emitMLIR)
           fatal("unknown stage '" + v +
                 "' in --emit-mlir (frontend, launch, optimized, cpu, llvm)");
       }},
      {Form::Equals, {"--mlir-stage"},
       [](P &p, StringRef v) {
         p.opts.mlirInputStage = cucpu::parseStage(v);
         if (!p.opts.mlirInputStage)
           fatal("unknown stage '" + v +
                 "' in --mlir-stage (frontend, launch, optimized, cpu, llvm)");
       }},
      {Form::Flag, {"--cuda-host-only"},
       [](P &p, StringRef) { p.opts.hostOnly = true; }},
      {Form::Flag, {"--cuda-device-only"},
       [](P &p, StringRef) { p.opts.deviceOnly = true; }},
      {Form::EqualsOrSeparate, {"-rdc", "--relocatable-device-code"},
       [](P &p, StringRef v) {
         p.parseBool(v, "-rdc", p.opts.relocatableDeviceCode);
       },
       true},
      {Form::Flag, {"-fgpu-rdc"},
       [](P &p, StringRef) { p.opts.relocatableDeviceCode = true; }, true},
      {Form::Flag, {"-fno-gpu-rdc"},
       [](P &p, StringRef) { p.opts.relocatableDeviceCode = false; }, true},
      {Form::Flag, {"--save-temps", "-save-temps", "-keep", "--keep"},
       [](P &p, StringRef) { p.opts.saveTemps = SaveTemps::Cwd; }},
      {Form::Equals, {"--save-temps", "-save-temps"},
       [](P &p, StringRef v) {
         if (v == "cwd")
           p.opts.saveTemps = SaveTemps::Cwd;
         else if (v == "obj")
           p.opts.saveTemps = SaveTemps::Obj;
         else
           fatal("unknown -save-temps value '" + v + "' (cwd or obj)");
       }},
      {Form::Flag, {"-v", "--verbose"},
       [](P &p, StringRef) { p.opts.verbose = true; }},
      {Form::Flag, {"-###", "--dryrun"},
       [](P &p, StringRef) { p.opts.printOnly = true; }},

      // Language and preprocessor.
      {Form::JoinedOrSeparate, {"-I", "--include-path"},
       [](P &p, StringRef v) {
         if (isCudaToolkitIncludeDir(v))
           return;
         p.opts.frontendArgs.push_back(("-I" + v).str());
       },
       true},
      {Form::JoinedOrSeparate, {"-D", "--define-macro"},
       [](P &p, StringRef v) {
         if (v.split('=').first == "CUDA_API_PER_THREAD_DEFAULT_STREAM")
           p.opts.perThreadDefaultStream = true;
         p.opts.frontendArgs.push_back(("-D" + v).str());
       },
       true},
      {Form::JoinedOrSeparate, {"-U", "--undefine-macro"},
       [](P &p, StringRef v) { p.opts.frontendArgs.push_back(("-U" + v).str()); },
       true},
      {Form::Separate, {"-isystem", "--system-include"},
       [](P &p, StringRef v) {
         if (isCudaToolkitIncludeDir(v))
           return;
         p.opts.frontendArgs.insert(p.opts.frontendArgs.end(),
                                    {"-isystem", v.str()});
       },
       true},
      {Form::Separate, {"-include", "--pre-include"},
       [](P &p, StringRef v) {
         p.opts.frontendArgs.insert(p.opts.frontendArgs.end(),
                                    {"-include", v.str()});
       },
       true},
      {Form::EqualsOrSeparate, {"-std", "--std"},
       [](P &p, StringRef v) {
         p.opts.frontendArgs.push_back(("-std=" + v).str());
       },
       true},
      {Form::JoinedOrSeparate, {"-x"},
       [](P &p, StringRef v) {
         p.forcedKind = v == "none" ? std::nullopt : languageNamed(v);
       }},
      {Form::EqualsOrSeparate, {"--default-stream", "-default-stream"},
       [](P &p, StringRef v) {
         if (v == "per-thread")
           p.opts.perThreadDefaultStream = true;
         else if (v == "legacy" || v == "null")
           p.opts.perThreadDefaultStream = false;
         else
           fatal("unknown --default-stream mode '" + v +
                 "' (legacy, null or per-thread)");
       }},
      {Form::Prefix, {"-O"},
       [](P &p, StringRef v) { p.setOptLevel(v.drop_front(2), v); }, true},
      {Form::EqualsOrSeparate, {"--optimize"},
       [](P &p, StringRef v) { p.setOptLevel(v, "--optimize"); }, true},

      // GPU architectures: checked, noted, and the lowest sets __CUDA_ARCH__.
      // (Another flag selecting a real target would go here.)
      {Form::EqualsOrSeparate, {"-arch", "--gpu-architecture"},
       [](P &p, StringRef v) {
         p.addGpuArch(v, "-arch", /*allowSpecial=*/true);
         p.sawArch = true;
       },
       true},
      {Form::EqualsOrSeparate, {"-gencode", "--generate-code"},
       [](P &p, StringRef v) {
         p.parseGencode(v, ("-gencode " + v).str());
         p.sawArch = true;
       },
       true},
      {Form::EqualsOrSeparate, {"-code", "--gpu-code"},
       [](P &p, StringRef v) {
         SmallVector<StringRef> codes;
         v.split(codes, ',');
         for (StringRef c : codes)
           p.addGpuArch(c, ("-code=" + v).str(), /*allowSpecial=*/false);
         p.sawCode = true;
       },
       true},

      // Device code generation.
      {Form::Flag, {"--use_fast_math", "-use_fast_math", "--use-fast-math"},
       [](P &p, StringRef) { p.opts.fastMath = true; }, true},
      {Form::EqualsOrSeparate, {"--fmad", "-fmad"},
       [](P &p, StringRef v) {
         if (v != "true" && v != "false")
           fatal("--fmad wants true or false, not '" + v + "'");
         p.opts.frontendArgs.push_back(v == "true" ? "-ffp-contract=fast"
                                                   : "-ffp-contract=off");
       },
       true},
      {Form::Equals, {"-ffp-contract"},
       [](P &p, StringRef v) {
         if (v != "fast" && v != "on" && v != "off" &&
             v != "fast-honor-pragmas")
           fatal("-ffp-contract wants fast, on, off or fast-honor-pragmas, "
                 "not '" + v + "'");
         p.opts.frontendArgs.push_back(("-ffp-contract=" + v).str());
       },
       true},
      {Form::Flag, {"-G", "--device-debug"},
       [](P &p, StringRef) { p.opts.deviceDebug = true; }, true},
      {Form::Flag, {"-lineinfo", "--generate-line-info"},
       [](P &p, StringRef) {
         p.note("-lineinfo: device code has no debug information yet");
       }},
      {Form::EqualsOrSeparate, {"-maxrregcount", "--maxrregcount"},
       [](P &p, StringRef v) {
         unsigned n;
         if (v.getAsInteger(10, n))
           fatal("'-maxrregcount' expects a number, not '" + v + "'");
         p.note("-maxrregcount: CPU code has no register limit to set");
       }},
      {Form::EqualsOrSeparate, {"-Xptxas", "--ptxas-options"},
       [](P &p, StringRef v) {
         p.note("-Xptxas " + v + ": ignored, no PTX is assembled");
       }},
      {Form::EqualsOrSeparate, {"-Xcudafe", "--cudafe-options"},
       [](P &p, StringRef v) {
         p.note("-Xcudafe " + v + ": ignored, clang is the front end");
       }},
      {Form::EqualsOrSeparate,
       {"-diag-suppress", "--diag-suppress", "-diag-warn", "--diag-warn",
        "-diag-error", "--diag-error"},
       [](P &p, StringRef v) {
         p.note("diagnostic numbers (" + v + ") are nvcc's: ignored");
       }},
      {Form::Flag, {"-res-usage", "--resource-usage"},
       [](P &p, StringRef) {
         p.note("--resource-usage: CPU code has no registers or shared "
                "memory per thread to report");
       }},
      {Form::EqualsOrSeparate, {"-t", "--threads"},
       [](P &p, StringRef v) {
         p.note("--threads " + v + ": ignored, one compilation per file");
       }},
      {Form::EqualsOrSeparate, {"--keep-dir", "-keep-dir"},
       [](P &p, StringRef v) {
         p.note("--keep-dir " + v + ": intermediate files go where -keep "
                "puts them");
       }},
      {Form::Equals, {"--register-link-binaries"},
       [](P &, StringRef) {
         fatal("CMake's device link of CUDA_SEPARABLE_COMPILATION (nvlink "
               "and fatbinary) is not supported yet: compile the target "
               "with -rdc=true instead (target_compile_options(<target> "
               "PRIVATE -rdc=true)), and cucpu joins its device code when "
               "it links");
       }},
      {Form::Flag, {"-cuda", "--cuda"},
       [](P &, StringRef) {
         fatal("-cuda writes nvcc's own translation of a .cu file to C++; "
               "cucpu has none (use -E to preprocess, or --emit-mlir)");
       }},
      {Form::Flag, {"-Werror=all-warnings", "--Werror=all-warnings"},
       [](P &p, StringRef) { p.opts.hostArgs.push_back("-Werror"); }, true},
      {Form::EqualsOrSeparate, {"-Xnvlink", "--nvlink-options"},
       [](P &p, StringRef v) {
         p.note("-Xnvlink " + v + ": ignored, cucpu links device code itself");
       }},
      {Form::EqualsOrSeparate, {"-ccbin", "--compiler-bindir"},
       [](P &p, StringRef v) {
         p.note("-ccbin " + v + ": ignored, host code is compiled by " +
                CUCPU_CLANG_PATH);
       }},
      {Form::EqualsOrSeparate, {"--cuda-path"},
       [](P &p, StringRef v) {
         p.note("--cuda-path=" + v + ": ignored, no CUDA installation is used");
       }},
      {Form::Flag, {"-nocudainc", "-nocudalib"},
       [](P &, StringRef) {
         // No CUDA installation is used in any case.
       }},
      {Form::Flag,
       {"-Wno-deprecated-gpu-targets", "--Wno-deprecated-gpu-targets",
        "--expt-relaxed-constexpr", "-expt-relaxed-constexpr",
        "--expt-extended-lambda", "-expt-extended-lambda",
        "--extended-lambda", "-extended-lambda"},
       [](P &, StringRef) {
         // clang accepts what these allow without being asked.
       }},
      {Form::Flag, {"-m64", "--machine=64"},
       [](P &p, StringRef) { p.opts.hostArgs.push_back("-m64"); }},
      {Form::EqualsOrSeparate, {"-Xcompiler", "--compiler-options"},
       [](P &p, StringRef v) {
         SmallVector<StringRef> parts;
         v.split(parts, ',', -1, /*KeepEmpty=*/false);
         for (StringRef part : parts)
           p.opts.hostArgs.push_back(part.trim().str());
       }},
      {Form::Separate, {"-Xlinker", "--linker-options"},
       [](P &p, StringRef v) {
         SmallVector<StringRef> parts;
         v.split(parts, ',', -1, /*KeepEmpty=*/false);
         for (StringRef part : parts)
           p.opts.linkArgs.insert(p.opts.linkArgs.end(),
                                  {"-Xlinker", part.str()});
       }},

      // cucpu's own.
      {Form::Flag, {"--cuda-lower"},
       [](P &, StringRef) {
         // CUDA inputs are always translated for the CPU.
       }},
      {Form::Equals, {"--cuda-gpu-arch"},
       [](P &p, StringRef v) {
         if (!cucpu::isValidGPUArch(v))
           fatal("invalid GPU architecture '" + v +
                 "' in --cuda-gpu-arch (expected sm_XX, e.g. sm_80)");
         p.opts.gpuArch = v.str();
         p.opts.gpuArchFlags.push_back(v.str());
       },
       true},
      {Form::Flag, {"-fcucpu-gpu-arch-as-hint"},
       [](P &p, StringRef) { p.opts.gpuArchAsHint = true; }},
      {Form::Equals, {"-fveclib"},
       [](P &p, StringRef v) {
         if (v == "libmvec")
           p.opts.mathLibrary = cucpu::VectorMathLibrary::LibMVec;
         else if (v == "none")
           p.opts.mathLibrary = cucpu::VectorMathLibrary::None;
         else
           fatal("unsupported -fveclib library '" + v +
                 "' (libmvec or none)");
       },
       true},
      {Form::Equals, {"-fcucpu-codegen-parts"},
       [](P &p, StringRef v) {
         unsigned parts = 0;
         if (v.getAsInteger(10, parts) || parts == 0 || parts > 64)
           fatal("invalid -fcucpu-codegen-parts value '" + v +
                 "' (1 to 64)");
         p.opts.codegenParts = parts;
       },
       true},
      {Form::Equals, {"-mprefer-vector-width"},
       [](P &p, StringRef v) {
         unsigned bits = 0;
         if (v != "none" &&
             (v.getAsInteger(10, bits) || bits == 0 || (bits & (bits - 1))))
           fatal("invalid -mprefer-vector-width value '" + v +
                 "' (a power of 2 number of bits, or none)");
         p.opts.preferVectorWidth = v.str();
       },
       true},
      {Form::Equals, {"--cpuify"},
       [](P &p, StringRef v) {
         if (v != "mincut" && v != "distribute")
           fatal("unknown --cpuify mode '" + v + "' (mincut or distribute)");
         p.opts.pipeline.cpuifyMode = v.str();
       },
       true},
      {Form::Flag, {"-fno-cucpu-barrier-motion"},
       [](P &p, StringRef) { p.opts.pipeline.barrierMotion = false; }, true},
      {Form::Flag, {"-fno-cucpu-barrier-elimination"},
       [](P &p, StringRef) { p.opts.pipeline.barrierElimination = false; },
       true},
      {Form::Flag, {"-fno-cucpu-mem2reg"},
       [](P &p, StringRef) { p.opts.pipeline.mem2reg = false; }, true},
      {Form::Flag, {"-fno-cucpu-licm"},
       [](P &p, StringRef) { p.opts.pipeline.licm = false; }, true},
      {Form::Flag, {"-fno-cucpu-region-fusion"},
       [](P &p, StringRef) { p.opts.pipeline.regionFusion = false; }, true},
      {Form::Flag, {"-fno-cucpu-elide-join-barriers"},
       [](P &p, StringRef) { p.opts.pipeline.elideJoinBarriers = false; },
       true},
      {Form::Flag, {"-fno-cucpu-inner-serialization"},
       [](P &p, StringRef) { p.opts.pipeline.innerSerialization = false; },
       true},
      {Form::Flag, {"-fno-cucpu-loop-interchange"},
       [](P &p, StringRef) { p.opts.pipeline.loopInterchange = false; },
       true},
      {Form::Flag, {"-fno-cucpu-unroll-and-jam"},
       [](P &p, StringRef) { p.opts.pipeline.interchangeJam = 1; }, true},
      {Form::Equals, {"-fcucpu-unroll-and-jam"},
       [](P &p, StringRef v) {
         p.opts.pipeline.interchangeJam =
             parseCount("-fcucpu-unroll-and-jam=", v, 16, "iterations");
       },
       true},
      {Form::Flag, {"-fno-cucpu-split-thread-loops"},
       [](P &p, StringRef) { p.opts.pipeline.splitThreadLoops = false; },
       true},
      {Form::Flag, {"-fno-cucpu-hoist-uniform-ifs"},
       [](P &p, StringRef) { p.opts.pipeline.hoistUniformIfs = false; },
       true},
      {Form::Flag, {"-fno-cucpu-narrow-thread-loops"},
       [](P &p, StringRef) { p.opts.pipeline.narrowThreadLoops = false; },
       true},
      {Form::Flag, {"-fno-cucpu-parallel-accesses"},
       [](P &p, StringRef) { p.opts.pipeline.parallelAccesses = false; },
       true},
      {Form::Flag, {"-fno-cucpu-coarsen-blocks"},
       [](P &p, StringRef) { p.opts.pipeline.coarsenBlocks = 1; }, true},
      {Form::Equals, {"-fcucpu-coarsen-blocks"},
       [](P &p, StringRef v) {
         p.opts.pipeline.coarsenBlocks =
             parseCount("-fcucpu-coarsen-blocks=", v, 1024, "blocks");
       },
       true},
      {Form::Flag, {"-fno-cucpu-specialize-block-size"},
       [](P &p, StringRef) { p.opts.pipeline.specializeBlockSize = false; },
       true},
      {Form::Flag, {"-fno-cucpu-widen-index-casts"},
       [](P &p, StringRef) { p.opts.pipeline.widenIndexCasts = false; },
       true},
      {Form::Flag, {"-fno-cucpu-index-flags"},
       [](P &p, StringRef) { p.opts.pipeline.inferIndexFlags = false; },
       true},
      {Form::Flag, {"-fno-cucpu-last-writer-stores"},
       [](P &p, StringRef) { p.opts.pipeline.lastWriterStores = false; },
       true},
      {Form::Flag, {"-fno-cucpu-select-versioning"},
       [](P &p, StringRef) { p.opts.pipeline.versionSelects = false; }, true},
      {Form::Flag, {"-fno-cucpu-row-versioning"},
       [](P &p, StringRef) { p.opts.pipeline.versionRows = false; }, true},
      {Form::Flag, {"-fno-cucpu-hoist-version-checks"},
       [](P &p, StringRef) { p.opts.pipeline.hoistVersionChecks = false; },
       true},
      {Form::Flag, {"-fno-cucpu-exact-float-sums"},
       [](P &p, StringRef) { p.opts.pipeline.exactFloatSums = false; }, true},
      {Form::Flag, {"-fno-cucpu-masked-rows"},
       [](P &p, StringRef) { p.opts.pipeline.maskRowsUpTo = 0; }, true},
      {Form::Flag, {"-fno-cucpu-rolled-thread-loops"},
       [](P &p, StringRef) { p.opts.pipeline.rolledRowsUpTo = 0; },
       true},
      {Form::Flag, {"-fno-cucpu-uniform-locals"},
       [](P &p, StringRef) { p.opts.pipeline.uniformLocals = false; }, true},
      {Form::Flag, {"-Rpass=cucpu"},
       [](P &p, StringRef) { p.opts.pipeline.remarks = true; }, true},
      {Form::Flag, {"-Rpass-missed=cucpu"},
       [](P &p, StringRef) { p.opts.pipeline.remarksMissed = true; }, true},

      // Dependency files: written by the host compilation.
      {Form::Flag, {"-MD", "-MMD", "-MP"},
       [](P &p, StringRef) {}},
      {Form::JoinedOrSeparate, {"-MF", "-MT", "-MQ"},
       [](P &, StringRef) {}},

      // Link.
      {Form::JoinedOrSeparate, {"-l", "--library"},
       [](P &p, StringRef v) {
         // cucpu's runtime is the CUDA runtime and driver: NVIDIA's
         // libraries of these names must never be linked, even when a
         // toolkit on the search path has them.
         if (isProvidedCudaLibrary(v))
           return;
         p.opts.linkArgs.push_back(("-l" + v).str());
       }},
      {Form::JoinedOrSeparate, {"-L", "--library-path"},
       [](P &p, StringRef v) { p.opts.linkArgs.push_back(("-L" + v).str()); }},
      {Form::Prefix, {"-Wl,"},
       [](P &p, StringRef v) { p.opts.linkArgs.push_back(v.str()); }},
      {Form::Flag, {"-pthread", "-shared", "--shared", "-rdynamic"},
       [](P &p, StringRef v) {
         p.opts.linkArgs.push_back(v == "--shared" ? "-shared" : v.str());
       }},

      {Form::Flag, {"-ftime-report"},
       [](P &p, StringRef v) {
         p.opts.timeReport = true;
         p.opts.hostArgs.push_back(v.str());
       }},

      // Passed to clang for host code.
      {Form::Prefix, {"-R", "-g", "-W", "-f", "-m"},
       [](P &p, StringRef v) { p.opts.hostArgs.push_back(v.str()); }},
      {Form::Flag, {"-w"},
       [](P &p, StringRef v) { p.opts.hostArgs.push_back(v.str()); }},
  };
  return table;
}

InputKind kindFromExtension(StringRef path) {
  StringRef ext = sys::path::extension(path);
  if (ext == ".cu")
    return InputKind::Cuda;
  if (ext == ".c")
    return InputKind::C;
  if (ext == ".cc" || ext == ".cpp" || ext == ".cxx" || ext == ".C")
    return InputKind::Cxx;
  if (ext == ".mlir" || ext == ".mlirbc")
    return InputKind::MLIR;
  return InputKind::Object;
}

} // namespace

Options parseArgs(ArrayRef<const char *> argv) {
  Parser p;
  for (size_t i = 0; i < argv.size(); ++i) {
    StringRef arg = argv[i];
    if (arg == "--help" || arg == "-help" || arg == "-h") {
      outs() << kHelp;
      exit(0);
    }
    if (arg == "--version" || arg == "-V") {
      outs() << "cucpu version " << CUCPU_VERSION << " (LLVM "
             << CUCPU_LLVM_VERSION << ")\n";
      exit(0);
    }
    if (!arg.starts_with("-") || arg == "-") {
      p.opts.inputs.push_back(
          {arg.str(), p.forcedKind ? *p.forcedKind : kindFromExtension(arg)});
      continue;
    }
    bool matched = false;
    for (const OptionSpec &spec : optionTable()) {
      size_t first = i;
      std::optional<std::string> value;
      for (StringRef name : spec.names) {
        auto next = [&]() -> std::string {
          if (i + 1 >= argv.size())
            fatal("argument to '" + name + "' is missing (expected 1 value)");
          return argv[++i];
        };
        switch (spec.form) {
        case Form::Flag:
          if (arg == name)
            value = arg.str();
          break;
        case Form::Joined:
          if (arg.starts_with(name))
            value = arg.drop_front(name.size()).str();
          break;
        case Form::Separate:
          if (arg == name)
            value = next();
          break;
        case Form::JoinedOrSeparate:
          if (arg == name)
            value = next();
          else if (arg.starts_with(name))
            value = arg.drop_front(name.size()).str();
          break;
        case Form::EqualsOrSeparate:
          if (arg == name)
            value = next();
          else if (arg.starts_with(name) && arg[name.size()] == '=')
            value = arg.drop_front(name.size() + 1).str();
          break;
        case Form::Equals:
          if (arg.starts_with(name) && arg.size() > name.size() &&
              arg[name.size()] == '=')
            value = arg.drop_front(name.size() + 1).str();
          break;
        case Form::Prefix:
          if (arg.starts_with(name))
            value = arg.str();
          break;
        }
        if (value)
          break;
      }
      if (!value)
        continue;
      spec.apply(p, *value);
      if (spec.device)
        for (size_t j = first; j <= i; ++j)
          p.opts.deviceArgs.push_back(argv[j]);
      // The dependency options keep their spelling for the host compile.
      if (arg.starts_with("-M"))
        for (size_t j = first; j <= i; ++j)
          p.opts.depArgs.push_back(argv[j]);
      matched = true;
      break;
    }
    if (!matched)
      fatal("unknown argument: '" + arg + "'");
  }

  Options &opts = p.opts;
  if (opts.inputs.empty())
    fatal("no input files");
  if (p.sawCode && !p.sawArch)
    fatal("'-code' needs '-arch' to name the virtual architecture, as nvcc "
          "requires");
  if (opts.gpuArchAsHint && !opts.gpuArch.empty()) {
    // As -arch: __CUDA_ARCH__ for the CPU compile, not a GPU target.
    for (const std::string &arch : opts.gpuArchFlags)
      p.addGpuArch(arch, "--cuda-gpu-arch=" + arch, /*allowSpecial=*/false);
    opts.gpuArch.clear();
  }
  if (!opts.gpuArchitectures.empty())
    p.note("GPU architectures (" + join(opts.gpuArchitectures, ", ") +
           ") do not select a target: device code is compiled for this CPU" +
           (opts.cudaArch ? " with __CUDA_ARCH__=" +
                                std::to_string(*opts.cudaArch * 10)
                          : std::string()));
  if (opts.hostOnly && opts.deviceOnly)
    fatal("--cuda-host-only and --cuda-device-only exclude each other");
  if (opts.perThreadDefaultStream &&
      none_of(opts.frontendArgs, [](StringRef a) {
        return a.split('=').first == "-DCUDA_API_PER_THREAD_DEFAULT_STREAM";
      }))
    opts.frontendArgs.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM");
  if (opts.fastMath)
    opts.frontendArgs.push_back("-D__USE_FAST_MATH__");
  return opts;
}

} // namespace cucpu::driver
