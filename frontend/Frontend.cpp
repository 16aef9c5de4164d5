//===- Frontend.cpp - Runs clang in CUDA device mode ----------------------===//

#include "frontend/Frontend.h"
#include "frontend/ModuleGen.h"
#include "transforms/Passes.h"

#include "clang/Lex/Preprocessor.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;

namespace cucpu {
namespace {

class DeviceConsumer : public ASTConsumer {
public:
  DeviceConsumer(mlir::ModuleOp module, CompilerInstance &ci, bool relocatable)
      : module(module), ci(ci), relocatable(relocatable) {}

  void HandleTranslationUnit(ASTContext &context) override {
    if (ci.getDiagnostics().hasErrorOccurred())
      return;
    ModuleGen gen(context, ci.getDiagnostics(), module, relocatable);
    gen.emitTranslationUnit(context.getTranslationUnitDecl());
    recordCudaArch();
  }

private:
  /// The __CUDA_ARCH__ the device code was compiled for. Libraries choose
  /// their tuning by it on the device side and by the kernels' PTX version
  /// on the host side (CUB's policies: tile sizes the host's grid must
  /// match), so the runtime reports it as the kernels' version.
  void recordCudaArch() {
    Preprocessor &pp = ci.getPreprocessor();
    const MacroInfo *macro =
        pp.getMacroInfo(pp.getIdentifierInfo("__CUDA_ARCH__"));
    if (!macro || macro->getNumTokens() != 1)
      return;
    const Token &token = macro->getReplacementToken(0);
    if (!token.is(tok::numeric_constant))
      return;
    unsigned arch;
    if (StringRef(token.getLiteralData(), token.getLength())
            .getAsInteger(10, arch))
      return;
    mlir::Builder b(module.getContext());
    module->setAttr(kCudaArchAttr, b.getI32IntegerAttr(arch));
  }


  mlir::ModuleOp module;
  CompilerInstance &ci;
  bool relocatable;
};

class DeviceAction : public ASTFrontendAction {
public:
  DeviceAction(mlir::ModuleOp module, bool relocatable)
      : module(module), relocatable(relocatable) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 StringRef) override {
    return std::make_unique<DeviceConsumer>(module, ci, relocatable);
  }

private:
  mlir::ModuleOp module;
  bool relocatable;
};

} // namespace

mlir::OwningOpRef<mlir::ModuleOp>
translateCudaToMLIR(mlir::MLIRContext &context, const std::string &clangPath,
                    const std::string &inputFile,
                    const std::vector<std::string> &clangArgs,
                    bool relocatable) {
  std::vector<const char *> args = {clangPath.c_str(), "-x", "cuda",
                                    "--cuda-device-only", "-fsyntax-only"};
  for (const std::string &arg : clangArgs)
    args.push_back(arg.c_str());
  args.push_back(inputFile.c_str());

  // What the printer shows: the source line with a caret, as clang's
  // diagnostics do, at presumed locations (#line directives count, as in
  // clang's own compiles).
  DiagnosticOptions diagOpts;
  diagOpts.ShowCarets = true;
  diagOpts.ShowPresumedLoc = true;
  auto diagPrinter = std::make_unique<TextDiagnosticPrinter>(llvm::errs(), diagOpts);
  IntrusiveRefCntPtr<DiagnosticsEngine> argDiags =
      CompilerInstance::createDiagnostics(*llvm::vfs::getRealFileSystem(),
                                          diagOpts, diagPrinter.get(),
                                          /*ShouldOwnClient=*/false);
  CreateInvocationOptions invocationOpts;
  invocationOpts.Diags = argDiags;
  std::shared_ptr<CompilerInvocation> invocation =
      createInvocation(args, invocationOpts);
  if (!invocation)
    return nullptr;
  // Without carets clang prints no "N errors generated when compiling for
  // sm_52" at the end: no GPU architecture is compiled for here. The count
  // is printed below instead.
  invocation->getDiagnosticOpts().ShowCarets = false;

  CompilerInstance ci(invocation);
  ci.setVirtualFileSystem(llvm::vfs::getRealFileSystem());
  ci.createDiagnostics(diagPrinter.release(), /*ShouldOwnClient=*/true);

  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(
      mlir::FileLineColLoc::get(&context, inputFile, 0, 0));
  DeviceAction action(*module, relocatable);
  bool ok = ci.ExecuteAction(action);
  if (unsigned errors = ci.getDiagnostics().getClient()->getNumErrors())
    llvm::errs() << errors << (errors == 1 ? " error" : " errors")
                 << " generated in device code.\n";
  if (!ok || ci.getDiagnostics().hasErrorOccurred())
    return nullptr;
  return module;
}

} // namespace cucpu
