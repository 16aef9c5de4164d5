//===- Passes.h - cucpu transformations on simt/scf -------------*- C++ -*-===//

#ifndef CUCPU_TRANSFORMS_PASSES_H
#define CUCPU_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace cucpu {

/// Attribute on a launcher function: the kernel's mangled name.
constexpr llvm::StringLiteral kKernelNameAttr = "cucpu.kernel_name";
/// Attribute on a launcher function: the size and alignment in bytes of each
/// kernel parameter (size0, align0, size1, align1, ...), so that the runtime
/// can copy a launch's arguments and run the kernel after the launch returns.
constexpr llvm::StringLiteral kKernelParamsAttr = "cucpu.kernel_params";
/// On the device module: the __CUDA_ARCH__ its code was compiled for (an
/// i32, e.g. 520), which the runtime reports as its kernels' PTX version.
constexpr llvm::StringLiteral kCudaArchAttr = "cucpu.cuda_arch";

/// Attribute of a launcher: the block size (x, y, z) that every launch of
/// its kernel in the source file writes with constants. A hint only: the
/// launcher may still be called with another size.
constexpr llvm::StringLiteral kLaunchBlockAttr = "cucpu.launch_block";
/// The launcher arguments of the CPU launch ABI: the launch's grid size
/// and block size (x, y, z; i32 each), its dynamic shared memory bytes and
/// the array of pointers to the kernel's arguments.
constexpr unsigned kGridDimArg = 0;
constexpr unsigned kBlockDimArg = 3;
constexpr unsigned kDynamicSharedBytesArg = 6;
constexpr unsigned kArgvArg = 7;

/// Attribute on an `llvm.mlir.global` that stands for `__shared__` memory:
/// "static" for a sized variable, "dynamic" for `extern __shared__`. Each
/// block of a launch gets its own copy.
constexpr llvm::StringLiteral kSharedAttr = "cucpu.shared";
constexpr llvm::StringLiteral kStaticShared = "static";
constexpr llvm::StringLiteral kDynamicShared = "dynamic";
/// Attribute on an `llvm.mlir.global` holding a `__device__` or
/// `__constant__` variable: the name the host registers its shadow under.
constexpr llvm::StringLiteral kDeviceVarAttr = "cucpu.device_var";

/// Unit attribute on a `simt.barrier` made from `__syncwarp`: on the CPU it
/// is a block barrier like any other, but a GPU must synchronize only the
/// warp (the rest of the block may not reach it).
constexpr llvm::StringLiteral kWarpSyncAttr = "cucpu.warp_sync";

/// Unit attribute on the warp barriers the frontend puts around a volatile
/// store: warp-synchronous code written before CUDA 9 (`volatile` shared
/// memory in a warp reduction, without __syncwarp) relies on a warp's lanes
/// running in lock step, which a CPU's serial thread loop emulates with a
/// barrier between each store and the reads around it. A GPU runs such code
/// as it always has: the GPU target drops these barriers.
constexpr llvm::StringLiteral kLockstepAttr = "cucpu.lockstep";

/// Unit attribute on a barrier that orders nothing but lets a block's
/// threads take turns: at the start of each iteration of a loop in which
/// threads wait on what other threads write. Barrier elimination keeps it.
constexpr llvm::StringLiteral kProgressAttr = "cucpu.progress";

/// Unit attribute on a launcher whose blocks wait on each other: each block
/// needs a worker of its own, as all blocks of a grid that fits a GPU run at
/// once.
constexpr llvm::StringLiteral kConcurrentBlocksAttr = "cucpu.concurrent_blocks";

/// The runtime function through which device code reports a failed
/// assertion: (message, file, line, function, block and thread indices).
constexpr llvm::StringLiteral kAssertFailFunction =
    "__cucpu_device_assert_fail";

/// The runtime function a spin loop calls once per iteration, which yields
/// the processor now and then to the workers of other blocks.
constexpr llvm::StringLiteral kSpinWaitFunction = "__cucpu_spin_wait";

/// Attribute naming the role of a launcher's `scf.parallel` loops.
constexpr llvm::StringLiteral kLoopRoleAttr = "cucpu.loop";
constexpr llvm::StringLiteral kBlockLoopRole = "block";
constexpr llvm::StringLiteral kThreadLoopRole = "thread";

/// Attribute on the operations of a memo in front of a block loop (its
/// allocas and their initialization): the OpenMP lowering moves them into the
/// parallel region, so that each worker thread has its own memo.
constexpr llvm::StringLiteral kPerWorkerAttr = "cucpu.per_worker";

/// Attribute on the per-thread buffers that the passes restructuring thread
/// loops create: each thread accesses only its own slot, so no other thread
/// writes what a thread reads from it.
constexpr llvm::StringLiteral kPerThreadAttr = "cucpu.per_thread";

/// Attribute on the allocas of a parallel-LICM memo: the threads of a loop
/// share them on purpose.
constexpr llvm::StringLiteral kMemoAttr = "cucpu.memo";
/// Unit attribute on an `scf.if` that versions code: its then branch is a
/// copy of its else branch specialized for a condition that holds in most
/// blocks (NarrowThreadLoops makes them). HoistVersionChecks takes such a
/// check once for the loops around it.
constexpr llvm::StringLiteral kVersionAttr = "cucpu.version";
/// Unit attribute on an `scf.if` that versions code whose else branch is a
/// fallback that runs only in unusual launches: a block size other than the
/// one the launches were written with, grids too large for 32-bit indices.
/// The fallback is compiled for size (see SerializeThreadLoops): LLVM
/// neither vectorizes nor unrolls its loops, which halves or more the code
/// it optimizes and compiles for each kernel.
constexpr llvm::StringLiteral kRareFallbackAttr = "cucpu.rare_fallback";
/// The attribute scf-to-cf moves from an scf.for to its latch branch.
constexpr llvm::StringLiteral kLoopAnnotationAttr = "llvm.loop_annotation";

#define GEN_PASS_DECL
#include "transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "transforms/Passes.h.inc"

} // namespace cucpu

#endif // CUCPU_TRANSFORMS_PASSES_H
