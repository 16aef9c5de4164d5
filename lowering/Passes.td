//===- Passes.td - Passes of the CPU lowering --------------*- tablegen -*-===//

#ifndef CUCPU_LOWERING_PASSES
#define CUCPU_LOWERING_PASSES

include "mlir/Pass/PassBase.td"

def EmitKernelRegistration
    : Pass<"cucpu-emit-kernel-registration", "mlir::ModuleOp"> {
  let summary = "Register every kernel entry with the runtime at load time";
  let description = [{
    Runs on the LLVM dialect. For every `llvm.func` carrying the
    `cucpu.kernel_name` attribute (the kernel's mangled name, as the host side
    registers its stub under), adds a call
    `__cucpu_register_kernel("name", @entry)` to a module constructor, so the
    runtime can find the entry when the host launches the kernel.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif // CUCPU_LOWERING_PASSES
