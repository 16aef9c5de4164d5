//===- Driver.h - What cucpu runs for a command line -------------*- C++ -*-===//

#ifndef CUCPU_TOOLS_CUCPU_DRIVER_H
#define CUCPU_TOOLS_CUCPU_DRIVER_H

#include "Options.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/FileUtilities.h"

#include <memory>
#include <map>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace cucpu::driver {

/// Where the driver finds its headers and runtime library: next to its own
/// executable, in the build tree (bin/, include/, lib/) or an installation
/// (bin/, lib/cucpu/include, lib/).
struct Installation {
  std::string executable;
  std::string includeDir;
  std::string libDir;
};

Installation findInstallation(const char *argv0);

class Driver {
public:
  Driver(Options opts, Installation inst);
  int run();

private:
  //===--- Commands -------------------------------------------------------===//

  /// Runs an external command; under -### only prints it, under -v prints
  /// it first.
  bool runCommand(const std::vector<std::string> &args);
  /// Prints a command as clang's -### and -v do; `inProcess` marks the
  /// steps cucpu does itself (which the printed cucpu command would redo).
  void printCommand(const std::vector<std::string> &args, bool inProcess);
  /// The command line that does one device step of `input` on its own.
  std::vector<std::string> deviceCommand(const std::vector<std::string> &mode,
                                         llvm::StringRef input,
                                         llvm::StringRef output) const;

  //===--- Files ----------------------------------------------------------===//

  /// An intermediate file for `source`: removed at exit, or kept under
  /// --save-temps as <source stem><suffix> in the current directory or
  /// next to the output.
  std::string intermediate(llvm::StringRef source, llvm::StringRef suffix);
  /// The file the compilers read for a CUDA input: the input itself, or a
  /// copy whose launches written `<< <` ... `>> >` (which nvcc accepts and
  /// clang's lexer does not) are respelled `<<<` ... `>>>`. For a copy,
  /// adds the original's directory to `args` for its quoted includes.
  std::string compiledSource(const Input &input, std::vector<std::string> &args);
  std::map<std::string, std::string> respelledSources;
  std::string defaultOutput(llvm::StringRef input, llvm::StringRef ext) const;

  //===--- Steps ----------------------------------------------------------===//

  /// Flags both sides of a CUDA compilation get: no CUDA installation is
  /// used, our headers stand in for it.
  std::vector<std::string> cudaFlags() const;
  /// Adds -fopenmp to a host compile command (`args`, without its input)
  /// when `source` includes Thrust, whose device system is its OpenMP one
  /// here (runtime-shim/include/thrust/detail/config.h). Found by listing
  /// the headers the preprocessor includes; other files keep nvcc's
  /// behaviour, where `#pragma omp` needs -Xcompiler -fopenmp.
  void addOpenMPForThrust(std::vector<std::string> &args,
                          const std::string &source);
  bool compileHost(const Input &input, const std::string &object,
                   const std::string &finalOutput);
  bool compileHostSource(const Input &input, const std::string &object);
  /// Translates a CUDA source's device code to MLIR (frontend stage).
  mlir::OwningOpRef<mlir::ModuleOp> translateDevice(const Input &input);
  /// Reads an .mlir input and the stage it is at.
  mlir::OwningOpRef<mlir::ModuleOp> readMLIR(const Input &input,
                                             cucpu::Stage &stage);
  /// Runs the device pipeline from `stage` and writes `output`: the MLIR
  /// of --emit-mlir, LLVM IR, assembly or an object, as the options ask.
  bool finishDevice(mlir::ModuleOp module, cucpu::Stage stage,
                    llvm::StringRef source, const std::string &output,
                    bool markLinked = false);
  /// How many parts the code generation of `module` is split into (1 for
  /// a small module or at -O0).
  unsigned codegenParts(const llvm::Module &module, unsigned optLevel) const;
  /// Generates `module`'s code in `parts` parts at once and links them
  /// into the one object `output`.
  bool emitObjectInParts(llvm::Module &module, llvm::StringRef source,
                         const std::string &output, unsigned parts,
                         unsigned optLevel);
  /// Writes an object holding `module` as relocatable device code.
  bool embedDevice(mlir::ModuleOp module, llvm::StringRef source,
                   const std::string &output);
  /// The device side of one input: `output` is an object (or what an early
  /// stop asks for).
  bool compileDevice(const Input &input, const std::string &output);
  /// compileDevice for --cuda-gpu-arch (see GPUCompile.cpp).
  bool compileDeviceForGPU(mlir::ModuleOp module, const Input &input,
                           const std::string &output);
  /// Links the relocatable device code found in `linkInputs` into one
  /// object; `object` stays empty when there is none.
  bool deviceLink(const std::vector<std::string> &linkInputs,
                  llvm::StringRef name, std::string &object,
                  bool markLinked);
  bool stopsEarly() const {
    return opts.emitMLIR || opts.assemblyOnly ||
           (opts.emitLLVM && opts.compileOnly);
  }

  Options opts;
  Installation inst;
  mlir::MLIRContext context;
  /// With -ftime-report: the scope the device compilation's steps nest in.
  mlir::TimingScope *timing = nullptr;
  std::vector<std::unique_ptr<llvm::FileRemover>> temps;
  std::string emptyFatbin;
};

} // namespace cucpu::driver

#endif // CUCPU_TOOLS_CUCPU_DRIVER_H
