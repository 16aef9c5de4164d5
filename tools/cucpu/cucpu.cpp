//===- cucpu.cpp - The cucpu compiler driver ------------------------------===//
//
// cucpu compiles CUDA programs for the CPU. Options.cpp reads the command
// line (clang's and nvcc's spellings), Driver.cpp runs the compilation and
// the link, DeviceLink.cpp joins relocatable device code.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "Options.h"

#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  using namespace cucpu::driver;
  dropToolkitIncludeDirsFromEnvironment();
  Options opts = parseArgs(llvm::ArrayRef<const char *>(argv + 1, argv + argc));
  Driver driver(std::move(opts), findInstallation(argv[0]));
  return driver.run();
}
