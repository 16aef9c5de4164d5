//===- GPUMathLibrary.cpp - cucpu's math library for GPU modules ----------===//
//
// runtime-shim/lib/DeviceMath.cpp defines, as NVPTX bitcode
// (cucpu_gpu_math.bc), the C math functions that device code may call and
// that NVPTX has no instruction for. cucpu-lower-gpu-device-calls and
// cucpu-lower-gpu-math turn calls and `math` operations into calls to
// __cucpu_math_<name>; after translation to LLVM IR the library is linked in,
// only what the module calls, and made internal so that it inlines.
//
//===----------------------------------------------------------------------===//

#include "lowering/GPULowering.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace cucpu {

bool gpuMathLibraryDefines(StringRef name) {
  // Both the double function and its float variant (name + "f").
  static const StringSet<> kBoth = {
      "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh",
      "atanh", "exp2", "cbrt", "erf", "erfc", "lgamma", "tgamma", "atan2",
      "hypot", "fmod", "remainder", "fdim", "ldexp", "scalbn", "ilogb", "logb",
      "nextafter", "frexp", "modf",
      // CUDA's own, which the frontend calls by their library names.
      "erfinv", "erfcinv", "erfcx", "normcdf", "normcdfinv", "rcbrt", "sinpi",
      "cospi", "j0", "j1", "jn", "y0", "y1", "yn", "cyl_bessel_i0",
      "cyl_bessel_i1"};
  // Double only: the float ones are computed inline (cucpu-lower-gpu-math).
  static const StringSet<> kDoubleOnly = {"sin", "cos", "sincos", "pow"};
  if (kBoth.contains(name) || kDoubleOnly.contains(name))
    return true;
  return name.ends_with("f") && kBoth.contains(name.drop_back());
}

bool linkGPUMathLibrary(Module &module, StringRef libraryPath,
                        std::string &error) {
  if (llvm::none_of(module, [](const Function &fn) {
        return fn.isDeclaration() &&
               fn.getName().starts_with(kMathLibraryPrefix);
      }))
    return true;
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(libraryPath);
  if (!buffer) {
    error = "cannot read the GPU math library '" + libraryPath.str() +
            "': " + buffer.getError().message();
    return false;
  }
  Expected<std::unique_ptr<Module>> library =
      parseBitcodeFile(**buffer, module.getContext());
  if (!library) {
    error = "the GPU math library '" + libraryPath.str() +
            "' is not valid bitcode: " + toString(library.takeError());
    return false;
  }
  (*library)->setTargetTriple(module.getTargetTriple());
  (*library)->setDataLayout(module.getDataLayout());
  // The library is compiled freestanding for no particular GPU: what
  // matters is the module's architecture, and its functions must inline.
  for (Function &fn : **library)
    fn.removeFnAttrs(AttributeMask()
                         .addAttribute("target-cpu")
                         .addAttribute("target-features")
                         .addAttribute("no-builtins")
                         .addAttribute("frame-pointer"));
  if (Linker::linkModules(module, std::move(*library),
                          Linker::Flags::LinkOnlyNeeded)) {
    error = "linking the GPU math library '" + libraryPath.str() + "' failed";
    return false;
  }
  for (Function &fn : module) {
    if (!fn.getName().starts_with(kMathLibraryPrefix))
      continue;
    if (fn.isDeclaration()) {
      error = "the GPU math library '" + libraryPath.str() +
              "' does not define '" + fn.getName().str() + "'";
      return false;
    }
    fn.setLinkage(GlobalValue::InternalLinkage);
  }
  return true;
}

} // namespace cucpu
