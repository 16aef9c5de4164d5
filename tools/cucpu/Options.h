//===- Options.h - The cucpu driver's command line -------------*- C++ -*-===//
//
// The driver accepts clang's spelling of the usual compiler flags and nvcc's
// spelling of the CUDA ones, so that a Makefile or CMake project written for
// either compiler builds with cucpu. Parsing turns the command line into an
// Options value; Driver.cpp decides what to run from it.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_TOOLS_CUCPU_OPTIONS_H
#define CUCPU_TOOLS_CUCPU_OPTIONS_H

#include "lowering/Lowering.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cucpu::driver {

enum class InputKind { Cuda, Cxx, C, MLIR, Object };

struct Input {
  std::string path;
  InputKind kind;
};

/// Where --save-temps puts the intermediate files.
enum class SaveTemps { None, Cwd, Obj };

struct Options {
  std::string output;
  bool compileOnly = false;  // -c
  bool assemblyOnly = false; // -S
  bool emitLLVM = false;
  /// -ftime-report: the time of each step of the device compilation (the
  /// frontend, each MLIR pass, LLVM's passes and code generation); clang
  /// reports the host compilation's.
  bool timeReport = false;
  /// -dlink: only link the device code of relocatable objects into one
  /// object that the host linker adds to the program.
  bool deviceLinkOnly = false;
  std::optional<cucpu::Stage> emitMLIR;
  /// The stage an .mlir input is at when it does not say so itself.
  std::optional<cucpu::Stage> mlirInputStage;
  bool hostOnly = false;   // --cuda-host-only
  bool deviceOnly = false; // --cuda-device-only
  /// -rdc=true / -dc / -fgpu-rdc: device functions may be defined in another
  /// file; device code is linked when the program is.
  bool relocatableDeviceCode = false;
  int optLevel = -1;
  /// --use_fast_math: floating-point operations of device code may be
  /// reassociated, contracted, approximated and divided by reciprocals
  /// (never assumed free of NaNs and infinities).
  bool fastMath = false;
  /// -fveclib=: the vector math library device code may call (and the
  /// program is linked with).
  cucpu::VectorMathLibrary mathLibrary = cucpu::defaultVectorMathLibrary();
  /// -mprefer-vector-width=: the widest vector (bits, or "none") the
  /// vectorizers prefer in device code; empty: the CPU's default.
  std::string preferVectorWidth;
  /// -fcucpu-codegen-parts=: how many parts LLVM optimizes and compiles
  /// the device code of a file in, at once; 0: by its size and the cores.
  unsigned codegenParts = 0;
  /// -G: device code without optimizations (for debugging it).
  bool deviceDebug = false;
  bool verbose = false;  // -v
  bool printOnly = false; // -###
  SaveTemps saveTemps = SaveTemps::None;
  /// The device pipeline's choices (optimization level set later).
  cucpu::PipelineOptions pipeline;
  /// --default-stream per-thread (or CUDA_API_PER_THREAD_DEFAULT_STREAM
  /// defined on the command line): <<<>>> launches on stream 0 go to the
  /// launching thread's default stream.
  bool perThreadDefaultStream = false;
  /// The GPU architectures named by -arch/-gencode/-code (validated; they do
  /// not select a target: device code is compiled for this CPU).
  std::vector<std::string> gpuArchitectures;
  /// The lowest compute capability named (e.g. 70), which sets __CUDA_ARCH__
  /// in device code; unset when none is named.
  std::optional<unsigned> cudaArch;
  /// --cuda-gpu-arch: compile device code for this NVIDIA GPU (empty: CPU).
  std::string gpuArch;
  /// Every --cuda-gpu-arch given, and whether they only name architectures
  /// (-fcucpu-gpu-arch-as-hint, which cucpu's CMake toolchain file passes:
  /// CMake gives a Clang CUDA compiler its project's architectures so).
  std::vector<std::string> gpuArchFlags;
  bool gpuArchAsHint = false;
  std::vector<std::string> frontendArgs; // -I -D -U -std -include -isystem
  std::vector<std::string> hostArgs;     // -W -f -m -g, -Xcompiler
  std::vector<std::string> depArgs;      // -MD -MF -MT ... (host compile)
  std::vector<std::string> linkArgs;     // -l -L -Wl, -pthread -shared
  /// The arguments, as spelled, that the device compilation of a source
  /// depends on (for printing it as a command under -v and -###).
  std::vector<std::string> deviceArgs;
  /// What -v says about flags that are accepted but change nothing here.
  std::vector<std::string> notes;
  std::vector<Input> inputs;

  /// The device code's optimization level: -G gives 0, no -O gives nvcc's
  /// default, 3.
  unsigned deviceOptLevel() const {
    if (deviceDebug)
      return 0;
    return optLevel >= 0 ? optLevel : 3;
  }
};

/// Parses the driver's arguments (without argv[0]). Prints the help or the
/// version and exits for --help/--version; reports bad arguments and exits.
Options parseArgs(llvm::ArrayRef<const char *> argv);

/// Whether a -l name is a library cucpu's runtime stands in for (cudart,
/// cuda, cudadevrt, nvToolsExt, ...): such names are dropped from links.
bool isProvidedCudaLibrary(llvm::StringRef name);

/// Whether `dir` holds a CUDA toolkit's headers; such directories are left
/// out of every search path, so that cucpu's headers are the ones found.
bool isCudaToolkitIncludeDir(llvm::StringRef dir);

/// Removes CUDA toolkits' include directories from CPATH, C_INCLUDE_PATH and
/// CPLUS_INCLUDE_PATH, for clang run in-process and as a child.
void dropToolkitIncludeDirsFromEnvironment();

[[noreturn]] void fatal(const llvm::Twine &message);

} // namespace cucpu::driver

#endif // CUCPU_TOOLS_CUCPU_OPTIONS_H
