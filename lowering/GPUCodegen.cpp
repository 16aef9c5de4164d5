//===- GPUCodegen.cpp - PTX from the NVVM module, and its host carrier -----===//

#include "lowering/GPULowering.h"
#include "lowering/Lowering.h"

#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace cucpu {

static constexpr StringLiteral kNVPTXTriple = "nvptx64-nvidia-cuda";

static std::unique_ptr<TargetMachine>
createNVPTXTargetMachine(StringRef arch, unsigned optLevel,
                         std::string &error) {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  Triple triple(kNVPTXTriple);
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  TargetOptions options;
  CodeGenOptLevel level = optLevel == 0   ? CodeGenOptLevel::None
                          : optLevel == 1 ? CodeGenOptLevel::Less
                          : optLevel == 2 ? CodeGenOptLevel::Default
                                          : CodeGenOptLevel::Aggressive;
  // The PTX version is the lowest one the architecture needs.
  return std::unique_ptr<TargetMachine>(target->createTargetMachine(
      triple, arch, "", options, std::nullopt, std::nullopt, level));
}

/// ptxas (CUDA 13.0, and the 580 driver's JIT) miscompiles a chain such as
/// max(max(a, -x), x): it fuses it into one three-input VIMNMX3 whose two x
/// operands lose the negation, so that the result is max(a, x) (seen on an
/// H100; a kernel computing max(i, 5, -i, ...) for i = -100 got 5). LLVM
/// does not fold max(-x, x) to abs(x) when the two sit at different levels
/// of the chain, so this does it here: smax(smax(a, -x), x) -> smax(a,
/// abs(x)) and smin(smin(a, -x), x) -> smin(a, -abs(x)), in any operand
/// order. Both are exact for every x (with abs(INT_MIN) = INT_MIN). Returns
/// how many it rewrote.
static unsigned foldNegatedMinMaxPairs(Module &module) {
  using namespace PatternMatch;
  unsigned rewritten = 0;
  for (Function &fn : module) {
    SmallVector<IntrinsicInst *> candidates;
    for (Instruction &inst : instructions(fn))
      if (auto *ii = dyn_cast<IntrinsicInst>(&inst))
        if (ii->getIntrinsicID() == Intrinsic::smax ||
            ii->getIntrinsicID() == Intrinsic::smin)
          candidates.push_back(ii);
    SmallPtrSet<Instruction *, 8> erased;
    for (IntrinsicInst *outer : candidates) {
      if (erased.contains(outer))
        continue;
      for (unsigned innerIndex : {0u, 1u}) {
        auto *inner = dyn_cast<IntrinsicInst>(outer->getArgOperand(innerIndex));
        Value *outerOther = outer->getArgOperand(1 - innerIndex);
        if (!inner || inner->getIntrinsicID() != outer->getIntrinsicID() ||
            !inner->hasOneUse())
          continue;
        Value *x = nullptr, *rest = nullptr;
        for (unsigned k : {0u, 1u}) {
          Value *candidate = inner->getArgOperand(k);
          if (match(candidate, m_Neg(m_Specific(outerOther))) ||
              match(outerOther, m_Neg(m_Specific(candidate)))) {
            x = outerOther;
            rest = inner->getArgOperand(1 - k);
            break;
          }
        }
        if (!x)
          continue;
        IRBuilder<> b(outer);
        Value *abs = b.CreateBinaryIntrinsic(Intrinsic::abs, x, b.getFalse());
        if (outer->getIntrinsicID() == Intrinsic::smin)
          abs = b.CreateNeg(abs);
        Value *folded =
            b.CreateBinaryIntrinsic(outer->getIntrinsicID(), rest, abs);
        outer->replaceAllUsesWith(folded);
        erased.insert(inner);
        outer->eraseFromParent();
        inner->eraseFromParent();
        ++rewritten;
        break;
      }
    }
  }
  return rewritten;
}

std::unique_ptr<Module> translateToNVPTXIR(mlir::ModuleOp module,
                                           LLVMContext &context, StringRef arch,
                                           unsigned optLevel,
                                           StringRef mathLibraryPath,
                                           std::string &error) {
  std::unique_ptr<Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, context, "cucpu-gpu");
  if (!llvmModule) {
    error = "translation of the GPU code to LLVM IR failed";
    return nullptr;
  }
  std::unique_ptr<TargetMachine> machine =
      createNVPTXTargetMachine(arch, optLevel, error);
  if (!machine)
    return nullptr;
  llvmModule->setTargetTriple(machine->getTargetTriple());
  llvmModule->setDataLayout(machine->createDataLayout());
  if (!linkGPUMathLibrary(*llvmModule, mathLibraryPath, error))
    return nullptr;
  for (Function &fn : *llvmModule)
    if (!fn.isDeclaration())
      fn.addFnAttr("target-cpu", arch);
  if (verifyModule(*llvmModule, &errs())) {
    error = "the GPU code's LLVM IR is invalid";
    return nullptr;
  }
  if (optLevel == 0)
    return llvmModule;

  // The NVPTX target vectorizes nothing across threads: the threads are
  // the hardware's.
  runLLVMOptimizations(*llvmModule, *machine, optLevel, /*vectorize=*/false);
  foldNegatedMinMaxPairs(*llvmModule);
  return llvmModule;
}

bool emitPTX(Module &module, StringRef arch, unsigned optLevel,
             std::string &ptx, std::string &error) {
  std::unique_ptr<TargetMachine> machine =
      createNVPTXTargetMachine(arch, optLevel, error);
  if (!machine)
    return false;
  SmallString<0> buffer;
  raw_svector_ostream os(buffer);
  legacy::PassManager pm;
  if (machine->addPassesToEmitFile(pm, os, nullptr,
                                   CodeGenFileType::AssemblyFile)) {
    error = "the NVPTX target cannot emit PTX";
    return false;
  }
  pm.run(module);
  ptx = buffer.str().str();
  return true;
}

std::unique_ptr<Module> buildPTXRegistrationModule(StringRef ptx,
                                                   StringRef sourceName,
                                                   LLVMContext &context,
                                                   std::string &error) {
  InitializeNativeTarget();
  Triple triple(sys::getProcessTriple());
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  std::unique_ptr<TargetMachine> machine(target->createTargetMachine(
      triple, "generic", "", TargetOptions(), Reloc::PIC_));
  auto module = std::make_unique<Module>("cucpu-gpu-host", context);
  module->setSourceFileName(sourceName);
  module->setTargetTriple(triple);
  module->setDataLayout(machine->createDataLayout());

  // The PTX text, NUL-terminated as cuModuleLoadData wants it.
  Constant *text = ConstantDataArray::getString(context, ptx);
  auto *global = new GlobalVariable(*module, text->getType(), true,
                                    GlobalValue::PrivateLinkage, text,
                                    "__cucpu_ptx");
  global->setAlignment(Align(8));

  IRBuilder<> b(context);
  auto *ptrType = PointerType::getUnqual(context);
  FunctionCallee registerPTX = module->getOrInsertFunction(
      "__cucpu_register_ptx",
      FunctionType::get(b.getVoidTy(), {ptrType}, false));
  Function *ctor = Function::Create(
      FunctionType::get(b.getVoidTy(), false), GlobalValue::InternalLinkage,
      "__cucpu_register_gpu_module", *module);
  b.SetInsertPoint(BasicBlock::Create(context, "entry", ctor));
  b.CreateCall(registerPTX, {global});
  b.CreateRetVoid();
  appendToGlobalCtors(*module, ctor, 65535);
  return module;
}

} // namespace cucpu
