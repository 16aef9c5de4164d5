//===- DeviceLink.h - Relocatable device code --------------------*- C++ -*-===//
//
// With -rdc=true, compiling a .cu file to an object keeps its device code as
// MLIR bytecode in a section of the object. Linking reads the device code of
// every object and static library member, joins it into one module (a
// __device__ function defined in one file is then visible to kernels of
// another, including its thread indices and barriers), and compiles that
// module once, with the optimizations seeing all of it.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_TOOLS_CUCPU_DEVICELINK_H
#define CUCPU_TOOLS_CUCPU_DEVICELINK_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace cucpu::driver {

/// The section holding relocatable device code: frames of a magic, a
/// 64-bit little-endian size and that many bytes of MLIR bytecode (a
/// relocatable link concatenates the frames of its inputs).
constexpr llvm::StringLiteral kDeviceCodeSection = ".cucpu_device_mlir";
/// A section in the object that -dlink writes: its device code is linked, a
/// later link must not link it again.
constexpr llvm::StringLiteral kDeviceLinkedSection = ".cucpu_device_linked";

/// Adds to `module` a global in kDeviceCodeSection holding `bytecode`.
void embedDeviceCode(llvm::Module &module, llvm::StringRef bytecode);
/// Adds to `module` the marker of a device-linked object.
void markDeviceLinked(llvm::Module &module);

/// What the device code scan of the link inputs found.
struct DeviceCodeScan {
  /// One entry per embedded module: its bytecode and where it came from
  /// ("lib.a(member.o)").
  std::vector<std::pair<std::string, std::string>> modules;
  /// An input was made by -dlink: the device code is linked already.
  bool alreadyLinked = false;
};

/// Reads the device code embedded in an object file or in the members of a
/// static library. Other files (shared libraries, scripts) have none.
/// Returns false with `error` set when the file cannot be read.
bool scanForDeviceCode(llvm::StringRef path, DeviceCodeScan &scan,
                       std::string &error);

/// Joins `modules` into `into`: a declaration takes the one definition of its
/// name; inline and template functions ("odr") keep one copy; functions and
/// globals private to a file are renamed when their names meet. Reports
/// (as MLIR errors on their locations) functions defined twice and called
/// functions that no module defines.
mlir::LogicalResult
linkDeviceModules(mlir::ModuleOp into,
                  std::vector<mlir::OwningOpRef<mlir::ModuleOp>> modules);

} // namespace cucpu::driver

#endif // CUCPU_TOOLS_CUCPU_DEVICELINK_H
