//===- SIMTBase.td - The simt dialect ----------------------*- tablegen -*-===//
//
// The simt dialect holds what CUDA adds to structured parallel loops: the block
// barrier and the thread/block index and dimension queries.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_DIALECT_SIMT_BASE
#define CUCPU_DIALECT_SIMT_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"

def SIMT_Dialect : Dialect {
  let name = "simt";
  let cppNamespace = "::cucpu::simt";
  let summary = "SIMT constructs of CUDA kept as structured parallelism";
  let description = [{
    A CUDA kernel launch is represented as two nested `scf.parallel` loops: one
    over the blocks of the grid and, inside it, one over the threads of a block.
    The simt dialect adds the operations these loops need: `simt.barrier`, whose
    meaning is given by its memory effects, and the index and dimension queries
    used by device functions before they are inlined into a launch.
  }];
  let useDefaultAttributePrinterParser = 1;
}

def SIMT_Dimension : I32EnumAttr<"Dimension", "a grid or block dimension", [
    I32EnumAttrCase<"x", 0>, I32EnumAttrCase<"y", 1>, I32EnumAttrCase<"z", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::cucpu::simt";
}

def SIMT_DimensionAttr : EnumAttr<SIMT_Dialect, SIMT_Dimension, "dim">;

class SIMT_Op<string mnemonic, list<Trait> traits = []>
    : Op<SIMT_Dialect, mnemonic, traits>;

#endif // CUCPU_DIALECT_SIMT_BASE
