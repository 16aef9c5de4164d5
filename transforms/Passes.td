//===- Passes.td - cucpu transformations on simt/scf -------*- tablegen -*-===//

#ifndef CUCPU_TRANSFORMS_PASSES
#define CUCPU_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def ResolveLaunchIds : Pass<"simt-resolve-ids", "mlir::ModuleOp"> {
  let summary = "Replace thread/block queries by the launch loops' values";
  let description = [{
    After device functions have been inlined into the launchers, every
    `simt.thread_id`, `simt.block_id`, `simt.block_dim` and `simt.grid_dim`
    becomes an induction variable or an upper bound of the enclosing thread or
    block `scf.parallel` (the loops carrying `cucpu.loop = "thread"` and
    `cucpu.loop = "block"`). Each `simt.barrier` receives the thread loop's
    induction variables as operands.

    `__shared__` memory becomes per-block storage: every address of a global
    marked `cucpu.shared` inside a block loop is replaced by an `llvm.alloca`
    at the start of the block loop's body, of the global's type ("static") or
    of the launch's dynamic shared memory size ("dynamic"; all `extern
    __shared__` arrays share that one buffer).

    A query that is not inside a launch (a device function that could not be
    inlined, such as a recursive one) is reported as an error at its location.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect"];
}

def SerializeThreadLoops : Pass<"simt-serialize-thread-loops", "mlir::func::FuncOp"> {
  let summary = "Run the threads of a block as a serial loop nest";
  let description = [{
    Each thread loop (an `scf.parallel` nested in another `scf.parallel`)
    becomes a nest of `scf.for` loops, x innermost, so that one CPU thread runs
    all threads of a block in order and the block loop is the only parallel
    loop left. The thread loop must contain no `simt.barrier`: barriers have to
    be lowered first.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect"];
}

def CanonicalizeKeepingLaunch : Pass<"simt-canonicalize"> {
  let summary = "Canonicalize, but keep the launch's loop nest";
  let description = [{
    Applies the canonicalization patterns of every loaded dialect and
    operation, except those of `scf.parallel`: they would merge the block loop
    and the thread loop into one loop, or drop single-iteration thread loops,
    and the later passes need to tell the grid from the block.
  }];
}

def LowerBarriers : Pass<"simt-lower-barriers", "mlir::func::FuncOp"> {
  let summary = "Lower __syncthreads by splitting and interchanging thread loops";
  let description = [{
    Removes every `simt.barrier` from the thread loops (the `scf.parallel`
    loops nested in a block loop), so that a block's threads can run as a
    serial loop:

    - A barrier directly in a thread loop splits the loop in two. A value
      defined before the barrier and used after it is either stored per thread
      or recomputed after the barrier. With `mode=mincut` (the default) the
      choice is a minimum cut of the SSA graph weighted by the bytes stored:
      only pure operations are recomputed, and the set of stored values has
      the fewest bytes that make all uses computable. `mode=distribute` stores
      every crossing value.
    - A barrier in an `scf.if` moves out of it: the `if` is split at the
      barrier into two `if`s on the same condition (values flow between them
      as results), so threads whose condition is false, including threads
      that returned early, count as arrived.
    - An `scf.while` containing a barrier is interchanged with the thread
      loop: the thread loop is split around the `while`, and the `while` runs
      outside, each of its regions holding a new thread loop. A per-thread
      `active` flag keeps threads that left the loop out of later
      iterations; the loop continues while any thread is active.
    - Local variables (`llvm.alloca`) of a thread loop that contains a barrier
      become per-thread slices of one per-block array, so they survive the
      splits.

    Each step either removes a barrier or moves one out of a region, so the
    rewriting is one ordered pass that terminates; no rewrite inserts a
    barrier.
  }];
  let options = [
    Option<"mode", "mode", "std::string", /*default=*/"\"mincut\"",
           "How crossing values are kept: mincut or distribute">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def PrintBarrierEffects : Pass<"simt-print-barrier-effects"> {
  let summary = "Report the memory effects of every simt.barrier (for tests)";
  let description = [{
    Emits a remark on each address a barrier orders ("read across a barrier",
    "written across a barrier"), or on the barrier if it orders all memory.
    Addresses no other thread can access get no remark.
  }];
}

#endif // CUCPU_TRANSFORMS_PASSES
