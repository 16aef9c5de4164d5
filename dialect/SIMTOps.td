//===- SIMTOps.td - Operations of the simt dialect ---------*- tablegen -*-===//

#ifndef CUCPU_DIALECT_SIMT_OPS
#define CUCPU_DIALECT_SIMT_OPS

include "dialect/SIMTBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"

//===----------------------------------------------------------------------===//
// Index and dimension queries
//===----------------------------------------------------------------------===//

class SIMT_IndexOp<string mnemonic, string what>
    : SIMT_Op<mnemonic, [Pure]> {
  let summary = "the " # what # " along one dimension";
  let description = [{
    Returns the }] # what # [{ along `dimension`, as CUDA's builtin variable of
    the same meaning does. Inside a launch these are replaced by the induction
    variables or bounds of the enclosing parallel loops.
  }];
  let arguments = (ins SIMT_DimensionAttr:$dimension);
  let results = (outs Index:$result);
  let assemblyFormat = "$dimension attr-dict";
}

def SIMT_ThreadIdOp : SIMT_IndexOp<"thread_id", "thread index within the block">;
def SIMT_BlockIdOp : SIMT_IndexOp<"block_id", "block index within the grid">;
def SIMT_BlockDimOp : SIMT_IndexOp<"block_dim", "number of threads in a block">;
def SIMT_GridDimOp : SIMT_IndexOp<"grid_dim", "number of blocks in the grid">;

//===----------------------------------------------------------------------===//
// BarrierOp
//===----------------------------------------------------------------------===//

def SIMT_BarrierOp : SIMT_Op<"barrier",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "synchronizes the threads of a block (__syncthreads)";
  let description = [{
    All threads of the block reach the barrier before any of them continues, and
    the memory accesses made before it are visible to every thread after it.

    The operands are the induction variables of the thread loop whose iterations
    the barrier synchronizes. A barrier in a device function that has not yet
    been inlined into a launch has no operands.

    The barrier's memory effects stand for the accesses of the other threads that
    it orders. This first model is conservative: it reads and writes all memory.

    Example:

    ```mlir
    scf.parallel (%tx) = (%c0) to (%n) step (%c1) {
      ...
      simt.barrier(%tx)
      ...
    }
    ```
  }];
  let arguments = (ins Variadic<Index>:$threads);
  let assemblyFormat = "(`(` $threads^ `)`)? attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// ActiveMaskOp
//===----------------------------------------------------------------------===//

def SIMT_ActiveMaskOp : SIMT_Op<"active_mask"> {
  let summary = "the lanes of the warp that run this operation together (__activemask)";
  let description = [{
    Returns a 32-bit mask with a bit set for each lane of the calling
    thread's warp that executes this operation along with it: every lane of
    the warp that exists in the block where the operation is reached by all
    of them, the lanes of a divergent branch where only those reach it.

    It has no memory effects interface: it observes which other threads run
    it, so nothing may move it across a branch or a barrier. On the CPU,
    `simt-expand-active-mask` replaces it by an exchange through block-shared
    memory between two warp barriers; the GPU target reads the hardware's
    mask.
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Pointers to device functions
//===----------------------------------------------------------------------===//

def SIMT_FunctionAddressOp : SIMT_Op<"function_address",
    [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the address of a device function, as a pointer value";
  let description = [{
    What `&f` (or `f` decaying to a pointer) gives in device code: a pointer
    that device code may store, pass and compare, and call through with
    `simt.indirect_call`. `simt-resolve-indirect-calls` replaces it, after
    the first inlining, by the address of a token that stands for the
    function, and every call through it by direct calls.
  }];
  let arguments = (ins FlatSymbolRefAttr:$function);
  let results = (outs LLVM_DefaultPointer:$result);
  let assemblyFormat = "$function attr-dict";
}

def SIMT_IndirectCallOp : SIMT_Op<"indirect_call"> {
  let summary = "a call through a pointer to a device function";
  let description = [{
    Calls the device function whose address `callee` holds, with the
    signature `function_type` (the signature the function's `func.func`
    has). It may do anything a call may do, so it has no memory effects
    interface. Device code needs every call direct before launch
    resolution: `simt-resolve-indirect-calls` turns a callee that is a
    known `simt.function_address` into a direct call and any other into a
    comparison with each candidate function's address.

    Example:

    ```mlir
    %f = simt.function_address @add
    %r = simt.indirect_call %f(%a, %b) : (f32, f32) -> f32
    ```
  }];
  let arguments = (ins LLVM_DefaultPointer:$callee, Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat =
      "$callee `(` $args `)` attr-dict `:` functional-type($args, $results)";
  let extraClassDeclaration = [{
    /// The signature of the functions this call may reach.
    ::mlir::FunctionType getCalleeType() {
      return ::mlir::FunctionType::get(getContext(), getArgs().getTypes(),
                                       getResultTypes());
    }
  }];
}

#endif // CUCPU_DIALECT_SIMT_OPS
