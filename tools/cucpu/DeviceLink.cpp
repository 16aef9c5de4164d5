//===- DeviceLink.cpp - Relocatable device code ---------------------------===//

#include "DeviceLink.h"
#include "frontend/Frontend.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/Binary.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace cucpu::driver {

namespace {
constexpr StringLiteral kFrameMagic = "CUCPUMLR";

GlobalVariable *addSectionData(Module &module, StringRef name,
                               StringRef section, StringRef bytes) {
  LLVMContext &ctx = module.getContext();
  Constant *data = ConstantDataArray::getString(ctx, bytes, /*AddNull=*/false);
  auto *global = new GlobalVariable(module, data->getType(), /*isConstant=*/true,
                                    GlobalValue::PrivateLinkage, data, name);
  global->setSection(section);
  global->setAlignment(Align(1));
  // Not loaded with the program: a relocatable link keeps the section, a
  // final link drops it.
  global->setMetadata(LLVMContext::MD_exclude, MDNode::get(ctx, {}));
  appendToCompilerUsed(module, {global});
  return global;
}
} // namespace

void embedDeviceCode(Module &module, StringRef bytecode) {
  std::string frame(kFrameMagic);
  char size[8];
  support::endian::write64le(size, bytecode.size());
  frame.append(size, sizeof size);
  frame.append(bytecode.data(), bytecode.size());
  addSectionData(module, "__cucpu_device_code", kDeviceCodeSection, frame);
}

void markDeviceLinked(Module &module) {
  addSectionData(module, "__cucpu_device_linked", kDeviceLinkedSection, "1");
}

namespace {
bool scanObject(const object::ObjectFile &object, StringRef where,
                DeviceCodeScan &scan, std::string &error) {
  for (const object::SectionRef &section : object.sections()) {
    Expected<StringRef> name = section.getName();
    if (!name) {
      consumeError(name.takeError());
      continue;
    }
    if (*name == kDeviceLinkedSection) {
      scan.alreadyLinked = true;
      continue;
    }
    if (*name != kDeviceCodeSection)
      continue;
    Expected<StringRef> contents = section.getContents();
    if (!contents) {
      error = "cannot read the device code of " + where.str() + ": " +
              toString(contents.takeError());
      return false;
    }
    // Frames, possibly separated by the padding a relocatable link adds.
    StringRef data = *contents;
    while (!data.empty()) {
      if (data.front() == '\0') {
        data = data.drop_front();
        continue;
      }
      if (!data.consume_front(kFrameMagic) || data.size() < 8) {
        error = "malformed device code in " + where.str();
        return false;
      }
      uint64_t size = support::endian::read64le(data.data());
      data = data.drop_front(8);
      if (size > data.size()) {
        error = "truncated device code in " + where.str();
        return false;
      }
      scan.modules.emplace_back(data.take_front(size).str(), where.str());
      data = data.drop_front(size);
    }
  }
  return true;
}
} // namespace

bool scanForDeviceCode(StringRef path, DeviceCodeScan &scan,
                       std::string &error) {
  Expected<object::OwningBinary<object::Binary>> binary =
      object::createBinary(path);
  if (!binary) {
    // Not an object or an archive (a linker script, a missing file): the
    // linker reports what it makes of it.
    consumeError(binary.takeError());
    return true;
  }
  object::Binary *bin = binary->getBinary();
  if (auto *object = dyn_cast<object::ObjectFile>(bin))
    return scanObject(*object, path, scan, error);
  auto *archive = dyn_cast<object::Archive>(bin);
  if (!archive)
    return true;
  Error err = Error::success();
  for (const object::Archive::Child &child : archive->children(err)) {
    Expected<std::unique_ptr<object::Binary>> member = child.getAsBinary();
    if (!member) {
      consumeError(member.takeError());
      continue;
    }
    Expected<StringRef> memberName = child.getName();
    std::string where = (path + "(" +
                         (memberName ? *memberName : StringRef("?")) + ")")
                            .str();
    if (!memberName)
      consumeError(memberName.takeError());
    if (auto *object = dyn_cast<object::ObjectFile>(member->get()))
      if (!scanObject(*object, where, scan, error))
        return false;
  }
  if (err) {
    error = "cannot read the archive " + path.str() + ": " +
            toString(std::move(err));
    return false;
  }
  return true;
}

namespace {
using namespace mlir;

enum class Linkage { Internal, ODR, External };

/// How the link treats a top-level symbol of a device module.
Linkage linkageOf(Operation *op) {
  if (auto fn = dyn_cast<func::FuncOp>(op)) {
    // A kernel's launcher exists wherever the kernel is defined: a template
    // kernel instantiated in two files has two identical launchers.
    if (fn->hasAttr(kKernelNameAttr))
      return Linkage::ODR;
    if (fn.isExternal())
      return Linkage::External;
    auto linkage = fn->getAttrOfType<StringAttr>(kLinkageAttr);
    if (!linkage)
      return Linkage::Internal;
    return linkage.getValue() == kODRLinkage ? Linkage::ODR
                                             : Linkage::External;
  }
  if (auto fn = dyn_cast<LLVM::LLVMFuncOp>(op)) {
    LLVM::Linkage l = fn.getLinkage();
    if (l == LLVM::Linkage::Private || l == LLVM::Linkage::Internal)
      return Linkage::Internal;
    return Linkage::External;
  }
  if (auto global = dyn_cast<LLVM::GlobalOp>(op)) {
    LLVM::Linkage l = global.getLinkage();
    if (l == LLVM::Linkage::Private || l == LLVM::Linkage::Internal)
      return Linkage::Internal;
    return Linkage::External;
  }
  return Linkage::Internal;
}

bool isDeclaration(Operation *op) {
  if (auto fn = dyn_cast<func::FuncOp>(op))
    return fn.isExternal();
  if (auto fn = dyn_cast<LLVM::LLVMFuncOp>(op))
    return fn.isExternal();
  if (auto global = dyn_cast<LLVM::GlobalOp>(op))
    return !global.getValueOrNull() && global.getInitializerRegion().empty() &&
           global.getLinkage() == LLVM::Linkage::External;
  return false;
}

mlir::Type symbolType(Operation *op) {
  if (auto fn = dyn_cast<func::FuncOp>(op))
    return fn.getFunctionType();
  if (auto fn = dyn_cast<LLVM::LLVMFuncOp>(op))
    return fn.getFunctionType();
  return {};
}

std::string displayName(StringRef symbol) { return demangle(symbol.str()); }
} // namespace

LogicalResult linkDeviceModules(ModuleOp into,
                                std::vector<OwningOpRef<ModuleOp>> modules) {
  SymbolTable intoTable(into);
  bool failedLink = false;
  for (OwningOpRef<ModuleOp> &module : modules) {
    SymbolTable table(*module);
    SmallVector<Operation *> symbols;
    for (Operation &op : module->getBody()->getOperations())
      if (isa<SymbolOpInterface>(op))
        symbols.push_back(&op);
    for (Operation *op : symbols) {
      StringAttr name = SymbolTable::getSymbolName(op);
      Operation *existing = intoTable.lookup(name);
      if (!existing)
        continue;
      // A name private to one file is renamed where they meet.
      if (linkageOf(op) == Linkage::Internal) {
        if (failed(table.renameToUnique(op, {&intoTable})))
          return failure();
        continue;
      }
      if (linkageOf(existing) == Linkage::Internal) {
        if (failed(intoTable.renameToUnique(existing, {&table})))
          return failure();
        continue;
      }
      mlir::Type opType = symbolType(op), existingType = symbolType(existing);
      if (opType && existingType && opType != existingType) {
        InFlightDiagnostic diag =
            op->emitError() << "device function '" << displayName(name)
                            << "' has different types in different files";
        diag.attachNote(existing->getLoc()) << "other declaration here";
        failedLink = true;
        continue;
      }
      bool opDecl = isDeclaration(op), existingDecl = isDeclaration(existing);
      if (opDecl) {
        table.erase(op);
      } else if (existingDecl) {
        intoTable.erase(existing);
      } else if (linkageOf(op) == Linkage::ODR ||
                 linkageOf(existing) == Linkage::ODR) {
        table.erase(op);
      } else {
        InFlightDiagnostic diag = op->emitError()
                                  << "device symbol '" << displayName(name)
                                  << "' is defined in more than one file";
        diag.attachNote(existing->getLoc()) << "first definition here";
        failedLink = true;
        table.erase(op);
      }
    }
    // What remains has a name of its own in `into`.
    Block *body = into.getBody();
    for (Operation &op :
         llvm::make_early_inc_range(module->getBody()->getOperations())) {
      op.moveBefore(body, body->end());
      if (isa<SymbolOpInterface>(op))
        intoTable.insert(&op);
    }
  }
  if (failedLink)
    return failure();

  // A device function still only declared is defined nowhere.
  for (auto fn : into.getOps<func::FuncOp>()) {
    if (fn.isExternal()) {
      fn.emitError() << "undefined device function '"
                     << displayName(fn.getSymName())
                     << "': no file of the link defines it";
      failedLink = true;
    }
    fn->removeAttr(kLinkageAttr);
  }
  for (auto global : into.getOps<LLVM::GlobalOp>()) {
    if (global->hasAttr(kDeviceVarAttr) && isDeclaration(global)) {
      global.emitError() << "undefined device variable '"
                         << displayName(global.getSymName())
                         << "': no file of the link defines it";
      failedLink = true;
    }
  }
  return failure(failedLink);
}

} // namespace cucpu::driver
