//===- MemoryAccess.h - Reads and writes of operations, and aliasing -*- C++ -*-===//
//
// The small memory model the parallel optimizations share: the accesses an
// operation makes (with its nested regions), and whether two addresses may
// point into the same object.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_TRANSFORMS_MEMORYACCESS_H
#define CUCPU_TRANSFORMS_MEMORYACCESS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace cucpu {

/// One read or write. A null address stands for any memory.
struct MemoryAccess {
  mlir::Operation *op;
  mlir::Value addr;
  bool isWrite;
};

/// Appends the reads and writes of `op` and of every operation nested in it.
/// Allocations and frees count as writes of their object; an operation that
/// does not describe its effects reads and writes any memory.
void collectAccesses(mlir::Operation *op,
                     llvm::SmallVectorImpl<MemoryAccess> &accesses);

/// The object an address points into: the base under its GEPs.
mlir::Value rootObject(mlir::Value addr);

/// The block-shared object `addr` points into, seen from inside
/// `threadLoop`: the allocation outside that loop (where the launch keeps the
/// block's `__shared__` memory) that its GEPs start from. Null for a thread's
/// own memory and for memory it cannot tell.
mlir::Value blockSharedObject(mlir::Value addr, mlir::Operation *threadLoop);

/// Whether `a` and `b` (null: any memory) may address the same bytes. They
/// do not if they point into different local allocations or globals, or if
/// one points into a local whose address never leaves plain loads, stores
/// and GEPs while the other points elsewhere.
bool mayAlias(mlir::Value a, mlir::Value b);

/// Whether a load or a store is neither volatile nor atomic: one the
/// optimizations may move, repeat or drop like any other read or write.
bool isPlainAccess(mlir::LLVM::LoadOp load);
bool isPlainAccess(mlir::LLVM::StoreOp store);

} // namespace cucpu

#endif // CUCPU_TRANSFORMS_MEMORYACCESS_H
