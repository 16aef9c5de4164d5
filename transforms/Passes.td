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

#endif // CUCPU_TRANSFORMS_PASSES
