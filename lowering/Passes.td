//===- Passes.td - Passes of the CPU lowering --------------*- tablegen -*-===//

#ifndef CUCPU_LOWERING_PASSES
#define CUCPU_LOWERING_PASSES

include "mlir/Pass/PassBase.td"

def EmitKernelRegistration
    : Pass<"cucpu-emit-kernel-registration", "mlir::ModuleOp"> {
  let summary = "Register kernels and device variables with the runtime";
  let description = [{
    Runs on the LLVM dialect. For every `llvm.func` carrying the
    `cucpu.kernel_name` attribute (the kernel's mangled name, as the host side
    registers its stub under), adds a call
    `__cucpu_register_kernel("name", @entry)` to a module constructor, so the
    runtime can find the entry when the host launches the kernel. When the
    entry carries `cucpu.kernel_params` (each parameter's size and alignment),
    a call `__cucpu_register_kernel_params("name", count, @table)` follows, so
    that a launch can copy its arguments and return before the kernel runs.
    Likewise
    every `llvm.mlir.global` carrying `cucpu.device_var` (a `__device__` or
    `__constant__` variable) is registered with
    `__cucpu_register_var("name", @global, size)`, which is how
    cudaMemcpyToSymbol finds its storage.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def AttachLoopAnnotations
    : Pass<"cucpu-attach-loop-annotations", "mlir::ModuleOp"> {
  let summary = "Make the loop annotations of branches visible to LLVM IR";
  let description = [{
    Runs on the LLVM dialect. A loop's `llvm.loop_annotation` (set on the
    `scf.for` by SerializeThreadLoops) ends up as a discardable attribute of
    the loop's back-edge `llvm.br` / `llvm.cond_br` after scf-to-cf and
    cf-to-llvm; the translation to LLVM IR only reads the branch's
    `loop_annotation` property. This pass moves the attribute there, so that
    `!llvm.loop` metadata (`llvm.loop.parallel_accesses`) reaches LLVM's
    vectorizer. A branch's own annotation is kept.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def InternalizeDeviceFunctions
    : Pass<"cucpu-internalize-device-functions", "mlir::ModuleOp"> {
  let summary = "Keep the device object's functions out of the linker's view";
  let description = [{
    Runs on the LLVM dialect. Every function defined in the device module is
    private to it (`sym_visibility = "private"`): the host reaches kernels only
    through the registration constructor. func-to-llvm gives such functions
    external linkage all the same, and a `__host__ __device__` function has
    the same mangled name on both sides, so a device copy that survives
    inlining (a recursive one, say) would clash with the host's at link time.
    This pass gives each private definition internal linkage.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def HoistLocalsToParallelRegion
    : Pass<"cucpu-hoist-locals-to-parallel-region", "mlir::ModuleOp"> {
  let summary = "Give each OpenMP thread one copy of a kernel's locals";
  let description = [{
    Runs after the block loops became OpenMP work-sharing loops and the thread
    loops serial loops. A thread's local variables (constant-size
    `llvm.alloca`s in the loop body) then live for one iteration of a serial
    loop at a time, so one copy per OpenMP thread suffices: they move to the
    start of the enclosing `omp.parallel` region, and the per-iteration
    `memref.alloca_scope` that scf-to-openmp created is dissolved. Without
    this, allocas inside loops would grow the stack at every iteration.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::omp::OpenMPDialect",
                           "mlir::memref::MemRefDialect"];
}

def FuseParallelRegions
    : Pass<"cucpu-fuse-parallel-regions", "mlir::ModuleOp"> {
  let summary = "Fuse OpenMP parallel regions and hoist them out of serial loops";
  let description = [{
    Adjacent `omp.parallel` regions (separated only by operations without
    effects) become one: the implicit barrier that ends each work-sharing
    loop keeps the order the regions had, and an `omp.barrier` is added
    where a region does not end with such a loop. A region that is the only
    operation with effects in a serial `scf.for` moves out of the loop, the
    loop into it: every thread runs the loop and shares the work of each
    iteration. This matters when blocks run one after another with their
    threads in parallel; with one serial loop per block inside the loop over
    blocks, a launch has one region already.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per fusion or hoisting">,
  ];
  let dependentDialects = ["mlir::omp::OpenMPDialect", "mlir::scf::SCFDialect"];
}

def MarkRareParallelRegions
    : Pass<"cucpu-mark-rare-parallel-regions", "mlir::ModuleOp"> {
  let summary = "Mark the OpenMP regions of rare fallbacks for a cheap compile";
  let description = [{
    An `omp.parallel` region inside the else branch of a version marked
    `cucpu.rare_fallback` (a block size other than the launches', a grid
    too large for 32-bit indices) runs only in unusual launches. Its first
    operation becomes a call of `__cucpu_rare_region`, which the
    translation to LLVM IR removes, making the function the region was
    outlined to `optnone`: LLVM then neither optimizes it nor compiles it
    with its full code generator. A kernel is otherwise compiled three or
    more times over (its version for the launches' block size, the other
    sizes, large grids), and its fallbacks take most of the compile time of
    a file of many small kernels. A region that holds code of the common
    path too (regions fused across the branch) is left as it is.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::omp::OpenMPDialect"];
}

def RunBlocksConcurrently
    : Pass<"cucpu-run-blocks-concurrently", "mlir::ModuleOp"> {
  let summary = "Give each block of a grid whose blocks wait on each other a thread";
  let description = [{
    In a launcher marked `cucpu.concurrent_blocks` (its threads spin on
    memory that other blocks write; see `simt-interleave-spin-loops`), each
    `omp.parallel` region gets a `num_threads` equal to the iteration count
    of its loop nest (the number of blocks), at most `max-workers`. The
    work-sharing loop's static schedule then gives each block a thread of
    its own, as a GPU keeps every block of a grid that fits it resident: a
    block waiting on a later one no longer waits on a block queued behind
    it. A larger grid runs in contiguous chunks of blocks per thread, where
    only waits on earlier blocks make progress, as on a GPU it does not fit.
  }];
  let options = [
    Option<"maxWorkers", "max-workers", "int64_t", /*default=*/"1024",
           "The most threads one launch starts">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::omp::OpenMPDialect"];
}

def ScheduleBlocksInOrder
    : Pass<"cucpu-schedule-blocks-in-order", "mlir::ModuleOp"> {
  let summary = "Hand a grid's blocks to the workers in chunks in index order";
  let description = [{
    Gives each work-sharing loop of a launcher (the block loops, where a
    block's threads run serially) a dynamic schedule whose chunk is the
    grid's block count over `chunks`, at least 1. Workers take the chunks in
    order of the blocks' linear index, as a GPU dispatches blocks, so the
    blocks in flight at any time are close together: a block that reads,
    unsynchronized, what a much earlier block wrote (which works on a GPU
    because that block ended long before) reads it written, and uneven
    blocks balance among the workers. OpenMP's default static schedule ran
    the first and the middle block of the grid at once. Launchers marked
    `cucpu.concurrent_blocks` keep their thread per block.
  }];
  let options = [
    Option<"chunks", "chunks", "int64_t", /*default=*/"256",
           "How many chunks a grid is cut into">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::omp::OpenMPDialect"];
}

def ElideJoinBarriers : Pass<"cucpu-elide-join-barriers", "mlir::ModuleOp"> {
  let summary = "No barrier after the last work-sharing loop of a region";
  let description = [{
    A work-sharing loop (`omp.wsloop`) or `omp.single` ends with an implicit
    barrier unless it is `nowait`. When it is the last work of its
    `omp.parallel` region (only operations without memory effects follow it
    in the region), that barrier is followed at once by the region's join,
    which is a barrier too: the loop gets `nowait`. A launch's region then
    synchronizes its workers once instead of twice, as a combined
    `#pragma omp parallel for` does. Loops with reductions keep their
    barrier.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per barrier elided">,
  ];
  let dependentDialects = ["mlir::omp::OpenMPDialect"];
}

//===----------------------------------------------------------------------===//
// The GPU target
//===----------------------------------------------------------------------===//

def OutlineGPUKernels : Pass<"cucpu-outline-gpu-kernels", "mlir::ModuleOp"> {
  let summary = "Turn launchers back into NVVM kernels";
  let description = [{
    Runs on the `optimized` stage. Each launcher (a `func.func` with
    `cucpu.kernel_name`) becomes a `func.func` named after the kernel's
    mangled name with the `cucpu.gpu_kernel` attribute (`nvvm.kernel` once
    it is an `llvm.func`) and the kernel's own
    parameters: a parameter the launcher only loads whole as one type is
    passed as that type, any other one by value (`llvm.byval`) with its size
    and alignment from `cucpu.kernel_params`. The block loop and its thread
    loops dissolve into their bodies, their induction variables becoming the
    NVVM special registers `ctaid` and `tid`, the launch dimensions `nctaid`
    and `ntid`. The allocas at the top of the block loop (the block's
    `__shared__` variables) become globals in the shared address space (3);
    the one of the launch's dynamic size becomes the zero-length external
    array `__cucpu_dynamic_shared`. Work outside the thread loops runs on
    every GPU thread, so it must not write memory (parallel LICM only hoists
    such work, and runs without memoization for this target); two thread
    loops in one block loop are separated by a barrier. `simt.barrier`
    becomes `nvvm.barrier0`, and the remaining index queries (in device
    functions that could not be inlined) read the special registers.
    Device variables get external linkage under the name the host registers
    them with, which is how the runtime finds them in the loaded module.
  }];
  let dependentDialects = ["mlir::NVVM::NVVMDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::arith::ArithDialect"];
}

def LowerGPUDeviceCalls
    : Pass<"cucpu-lower-gpu-device-calls", "mlir::ModuleOp"> {
  let summary = "Library calls of device code for the GPU";
  let description = [{
    `printf` becomes the PTX system call `vprintf(format, buffer)`, its
    arguments stored in a struct buffer at natural alignment;
    `__cucpu_device_assert_fail` becomes `__assertfail`; `log1p` and `expm1`
    become `math` operations; a C math function of cucpu's GPU math library
    (`lgamma`, `hypot`, `frexp`, ...) becomes a call to its
    `__cucpu_math_<name>`, linked in after translation to LLVM IR. A call to
    any other function without a body (a C library function the CPU target
    calls) is an error at the call.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::math::MathDialect"];
}

def LowerGPUMath : Pass<"cucpu-lower-gpu-math", "mlir::ModuleOp"> {
  let summary = "Transcendental math for NVPTX without libdevice";
  let description = [{
    Rewrites transcendental `math` operations so that only operations with an
    NVPTX instruction remain (square root, rounding, fma, sign and bit
    counts). First the functions of cucpu's GPU math library become calls to
    it (`__cucpu_math_sin` for a double-precision `math.sin`, linked in after
    translation to LLVM IR): trigonometric, hyperbolic and error functions,
    `cbrt`, `exp2`, `powf` and `arith.remf` in double precision, and the same
    in single precision except `powf`, `sin` and `cos`. Those three and
    double-precision `exp`, `log`, `log2`, `log10`, `log1p` and `expm1` are
    computed inline by range reductions and series in double precision (an
    ulp or two); then the rarer functions in terms of the common ones (MLIR's
    math expansions), and the remaining single-precision ones by MLIR's
    polynomial approximations. Any other `math` operation left is an error at
    its location.
  }];
  let dependentDialects = ["mlir::math::MathDialect", "mlir::arith::ArithDialect",
                           "mlir::LLVM::LLVMDialect"];
}

#endif // CUCPU_LOWERING_PASSES
