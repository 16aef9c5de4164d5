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

def BoundInlining : Pass<"simt-bound-inlining", "mlir::ModuleOp"> {
  let summary = "Keep calls to large thread-independent functions out of line";
  let description = [{
    Runs before the inliner of the launch stage, which otherwise inlines
    every device function into its caller. A function called many times
    from functions that are themselves called many times (a hash's rounds
    over a field's multiplication, each unrolled) grows exponentially when
    everything is inlined: 200 KB of frontend MLIR became 240 MB.

    The pass computes, for each function, the operations it would have with
    every call inlined. While some function would exceed `max-ops`, it marks
    the callee whose copies weigh most (its inlined size times the number of
    times it would be copied, less one: the copy that stays) `no_inline`. Only functions that do not need
    the launch are candidates: those that, directly or through their calls,
    neither query thread or block indices, nor reach a barrier, nor name a
    `__shared__` variable. They stay calls, which the code generator and
    LLVM's own inliner treat like any function; everything else is inlined
    as before, and kernels under the bound are untouched.

    ```mlir
    // Before (sizes once everything is inlined: @kernel 180000 ops)
    func.func @round(...) { ... func.call @mul ... (x 64) }
    // After
    func.func @round(...) attributes {no_inline} { ... }
    ```
  }];
  let options = [
    Option<"maxOps", "max-ops", "unsigned", /*default=*/"60000",
           "Operations a function may have once its calls are inlined">,
  ];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def SerializeThreadLoops : Pass<"simt-serialize-thread-loops", "mlir::func::FuncOp"> {
  let summary = "Run the threads of a block as a serial loop nest";
  let description = [{
    Each thread loop (an `scf.parallel` nested in another `scf.parallel`)
    becomes a nest of `scf.for` loops, x innermost, so that one CPU thread runs
    all threads of a block in order and the block loop is the only parallel
    loop left. The thread loop must contain no `simt.barrier`: barriers have to
    be lowered first. The block loop's dimensions are reversed (z, y, x), so
    that after OpenMP collapses them, consecutive blocks in x run one after
    another on a worker, as their data usually lies.

    Atomics on the block's own memory (allocations inside the block loop:
    shared memory, locals) become plain read-modify-writes: one CPU thread
    runs all threads of the block, and no other reaches that memory.

    The serial thread loops carry `llvm.loop_annotation` with
    `parallel_accesses` on an access group holding every plain load and store
    of their body (not atomics, volatile accesses or the memos of parallel
    LICM): between barriers, threads that touch the same memory race in
    CUDA, so LLVM may vectorize across threads without runtime checks.

    With `serialize=blocks`, the roles swap: the block loop becomes a serial
    nest (its shared memory and per-thread buffers allocated once in front
    of it) and each thread loop stays parallel, x fastest.
  }];
  let options = [
    Option<"serialize", "serialize", "std::string", /*default=*/"\"threads\"",
           "Which loops become serial: threads (inside each block) or blocks">,
    Option<"parallelAccesses", "parallel-accesses", "bool", /*default=*/"true",
           "Mark the serial thread loops' plain accesses as independent "
           "across threads (llvm.loop parallel_accesses)">,
    Option<"lastWriterStores", "last-writer-stores", "bool",
           /*default=*/"true",
           "Run a guard whose stores go to block-uniform addresses once, for "
           "the last thread whose guard holds">,
    Option<"rolledRowsUpTo", "rolled-rows-up-to", "int64_t",
           /*default=*/"32",
           "In kernels launched with at most this many threads along x "
           "(cucpu.launch_block), keep the innermost serial thread loop "
           "rolled (llvm.loop.unroll.disable) for the loop vectorizer; "
           "0: never">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per serialized loop">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::LLVM::LLVMDialect"];
}

def InterchangeUniformLoops
    : Pass<"simt-interchange-uniform-loops", "mlir::func::FuncOp"> {
  let summary = "Interchange uniform loops of thread code with the thread loop";
  let description = [{
    Runs after barrier lowering, before the thread loops are serialized. A
    `scf.while` in a thread loop (directly, or under `scf.if`s whose else
    branch, if any, only yields values from before the if) whose condition
    and counter are the same in every thread becomes the outer loop, with a
    new thread loop inside it:

    ```
    threads { A; if (c) { B; while (p(u)) { X }; C }; D }
    ->
    threads { A; if (c) { B } }
    while (p(u)) { threads { if (c) { X } } }
    threads { if (c) { C }; D }
    ```

    The while's arguments that are the same in every thread (initial and
    next values computed without effects from values outside the thread loop
    and from such arguments) stay its arguments; the others live in
    per-thread buffers. Values that cross from one new thread loop to
    another are recomputed when they are pure functions of the thread
    indices, else stored per thread.

    Since LLVM vectorizes innermost loops only, this makes the thread loop
    the vectorized one. It applies when it makes more accesses consecutive
    across threads (address stride 1 in the x thread index, not 1 along the
    loop) than it makes strided (stride 1 along the loop, not in x); when
    neither, if the loop carries floating-point values per thread or the
    thread loop calls math functions outside it (which vectorize only in
    an innermost thread loop). An if on the path that yields values yields
    nothing in the first new thread loop and is rebuilt, with its results,
    in the last. Each interchange may expose a loop nested in the
    interchanged one; the pass repeats until none is left.

    With `jam` > 1 (unroll and jam), a loop body without loops of its own
    and whose condition and counter steps are pure runs `jam` iterations
    per pass over the threads, while that many are left; a second while
    runs the rest one per pass:

    ```
    while (p(u) && p(u1) && p(u2) && p(u3)) {
      threads { if (c) { X(u); X(u1); X(u2); X(u3) } } }
    while (p(u)) { threads { if (c) { X(u) } } }
    ```

    What a thread carries from one iteration to the next is loaded from its
    slot once per pass and stored once, and stays in values in between.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per interchanged loop">,
    Option<"jam", "jam", "unsigned", /*default=*/"4",
           "Iterations of an interchanged loop per visit of its thread loop "
           "(unroll and jam; 1: none)">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::arith::ArithDialect"];
}

def DropVersionsInRareFallbacks
    : Pass<"simt-drop-versions-in-rare-fallbacks", "mlir::func::FuncOp"> {
  let summary = "Keep only the general copy of a version inside rare code";
  let description = [{
    A version (`scf.if` marked `cucpu.rare_fallback`: a faster copy under a
    condition, the original in the else branch, which is correct for every
    launch) that sits inside the else branch of another version runs only
    in unusual launches, whose code is compiled as at -O0 (see
    cucpu-mark-rare-parallel-regions): its faster copy would never be
    optimized. It is replaced by its else branch:

    ```
    if (c1) { F } else { if (c2) { G } else { H } {rare} } {rare}
    ->
    if (c1) { F } else { H } {rare}
    ```

    Grid-size versioning copies a block loop after narrowing has versioned
    its thread loops; without this, a kernel's rare code held every such
    version twice. CPU path only.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect"];
}

def SpecializeBlockSize
    : Pass<"simt-specialize-block-size", "mlir::func::FuncOp"> {
  let summary = "Copy a launcher's body for the block size its launches use";
  let description = [{
    A launcher with `cucpu.launch_block` (the block size that every launch
    of its kernel in the file writes with constants) gets its body twice:
    a copy in which the block-size arguments are those constants, run when
    the launch has that size, and the original for any other size:

    ```
    launcher(grid, block, ...) { B(block) }
    ->
    launcher(grid, block, ...) {
      if (block == (X, Y, Z)) { B(X, Y, Z) } else { B(block) }
    }
    ```

    The thread loops of the copy then have constant bounds. CPU path only.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per specialized launcher">,
    Option<"maxOps", "max-ops", "unsigned", /*default=*/"10000",
           "Largest launcher body (in operations) that is copied">,
    Option<"remarksMissed", "remarks-missed", "bool", /*default=*/"false",
           "Emit a remark when a launcher is too large to copy">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect"];
}

def InsertLockstepBarriers
    : Pass<"simt-insert-lockstep-barriers", "mlir::func::FuncOp"> {
  let summary = "Give warp-synchronous shared-memory exchanges their lock step";
  let description = [{
    Code written for GPUs whose warps run in lock step (NVIDIA's older
    samples among it) lets the lanes of a warp exchange values through
    `__shared__` memory with no barrier: each lane stores, then loads what
    other lanes stored. A thread loop runs each thread's statements to the
    next barrier before the next thread starts, so a lane would read a
    location that a later lane has not written yet.

    For each load of block-shared memory that a store to the same object
    may precede with no barrier between, at another address, this pass adds
    a lock-step barrier (`simt.barrier` with `cucpu.warp_sync` and
    `cucpu.lockstep`, as the frontend gives volatile stores) before it:
    every thread stores before any thread loads, as lanes in lock step
    would. The barrier goes as far out as the store and the load allow (before
    the loop that holds the load, not into each iteration, when the store
    comes before the loop). A load at the very address a store of the same
    thread wrote needs none, nor does the next iteration of a loop (in a
    block-stride loop it reaches other elements). Race-free code has a
    barrier between a store and another thread's load of it, so it gets
    none either, except where it loads, after a store, another part of the
    object that no other thread writes there (a cost, never a wrong
    result).

    The other orders of lock step matter too, in code marked as
    warp-synchronous by a fence (`__threadfence_block`) or a volatile
    shared access since the last barrier: a store after another lane's
    load of another element (`s[i] += s[i - 1]`: every lane loads before
    any stores) or after another lane's store to another element gets a
    lock-step barrier before it. Unmarked code between two barriers, such
    as a tree reduction's `s[t] += s[t + stride]`, touches disjoint
    elements and is left alone.

    ```mlir
    // s[t] += s[t - 1] after a fence
    llvm.fence seq_cst
    %x = llvm.load %own ; %y = llvm.load %left ; %s = arith.addf %x, %y
    simt.barrier(%t) {cucpu.lockstep, cucpu.warp_sync}   // added
    llvm.store %s, %own
    ```
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per barrier added">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "cucpu::simt::SIMTDialect"];
}

def InterleaveSpinLoops
    : Pass<"simt-interleave-spin-loops", "mlir::ModuleOp"> {
  let summary = "Let threads that wait on other threads make progress";
  let description = [{
    A GPU runs a block's threads, and the blocks of a grid that fits it, at
    once, so a thread may loop until another thread writes to memory: a
    spin on a flag (`while (atomicAdd(&flag[s], 0) == 0);`), or sweeps over
    `volatile` state until the other threads' results let it finish. A
    thread loop runs one thread at a time and a worker one block at a time,
    so such a thread would wait forever.

    A spin loop is an `scf.while` in a thread loop whose exit condition
    depends, through arithmetic, the results and conditions of nested
    regions, and the thread's own locals, on a volatile or atomic load or on
    an atomic read-modify-write that leaves memory as it was (`atomicAdd(p,
    0)`, `atomicCAS(p, v, v)`). A retry loop around an `atomicCAS` that
    writes is not one.

    Each spin loop gets at the start of each iteration a barrier marked
    `cucpu.progress` (the block's threads take turns per iteration; barrier
    elimination keeps it), unless a `__syncthreads` in the loop already
    makes them take turns. Where a spin loop reads memory other than the
    block's shared memory, it also calls the runtime's `__cucpu_spin_wait`
    (a yield now and then), and the function is marked
    `cucpu.concurrent_blocks`: the OpenMP lowering then runs each block on
    a thread of its own.

    ```mlir
    scf.while : () -> () {
      simt.barrier(%t) {cucpu.progress}        // added
      llvm.call @__cucpu_spin_wait() : () -> () // added
      %f = llvm.atomicrmw add %flag, %c0 monotonic : !llvm.ptr, i32
      %wait = arith.cmpi eq, %f, %c0 : i32
      scf.condition(%wait)
    } do { scf.yield }
    ```
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per spin loop">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::LLVM::LLVMDialect",
                           "cucpu::simt::SIMTDialect"];
}

def ResolveIndirectCalls
    : Pass<"simt-resolve-indirect-calls", "mlir::ModuleOp"> {
  let summary = "Turn calls through device function pointers into direct calls";
  let description = [{
    Runs between two inlinings of the launch stage. A `simt.indirect_call`
    whose callee is a `simt.function_address` becomes a `func.call` of that
    function. Any other compares its callee with the address of each
    function of its signature that device code takes the address of, and
    calls the equal one directly; when none is equal it reports a failed
    device assertion with the call's location and yields poison. Each
    `simt.function_address` then becomes the address of a one-byte token
    global that stands for its function, so that pointers compare equal
    exactly when they name the same function and the functions themselves
    may go once inlined.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::func::FuncDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::scf::SCFDialect"];
}

def ExpandActiveMask : Pass<"simt-expand-active-mask", "mlir::ModuleOp"> {
  let summary = "Compute __activemask from the lanes that run it together";
  let description = [{
    Replaces each `simt.active_mask` inside a launch by an exchange through
    a block-shared presence area of a byte per thread, zeroed at the start
    of each block: the calling thread marks its byte, a warp barrier, it
    collects the marks of its warp's lanes into the mask, a second warp
    barrier, it clears its byte. Barrier lowering runs the threads of a
    divergent branch in phases of their own, so the marks present are those
    of the lanes that run the call together, as a GPU's active mask is. Runs
    after launch resolution, on the CPU path.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::scf::SCFDialect"];
}

def WrapSharedIndices
    : Pass<"simt-wrap-shared-indices", "mlir::func::FuncOp"> {
  let summary = "Index block-shared memory as a GPU's 32-bit shared window does";
  let description = [{
    A GPU addresses `__shared__` memory with 32-bit addresses, so an
    unsigned 32-bit index that wrapped below zero (`p[~x]`, `p[x - 1]` with
    `x == 0`, as merge-path code writes) still reaches the element before
    the pointer. A CPU pointer offset by the zero-extended index lands 16 GiB
    away. For an address into block-shared memory (a GEP whose base is the
    block's allocation), this pass sign-extends an index that was
    zero-extended from 32 bits or fewer: the two agree wherever the index
    is below 2^31, which every offset within a shared window is, and the
    sign-extended one is what the GPU computes where the index wrapped.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def HoistUniformIfs : Pass<"simt-hoist-uniform-ifs", "mlir::func::FuncOp"> {
  let summary = "Move an if on a block-uniform condition out of the thread loop";
  let description = [{
    A thread loop whose work is all inside one `scf.if` whose condition is
    defined outside the loop (`if (blockIdx.x >= n) return;`) becomes an
    `scf.if` around the thread loop:

    ```
    threads (t) { pure prefix; if (c) { W } }
    ->
    if (c) { threads (t) { pure prefix; W } }
    ```

    Every thread of the block decides alike, so the guard is taken once per
    block. The work is then the thread loop's direct child, where locals are
    promoted across barriers and barriers split the loop without per-thread
    flags. Runs on the CPU path before the parallel optimizations.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per hoisted condition">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect"];
}

def CoarsenBlocks : Pass<"simt-coarsen-blocks", "mlir::func::FuncOp"> {
  let summary = "Run each phase of neighbouring blocks along x together";
  let description = [{
    Runs on the CPU path after thread-loop splitting, before narrowing. A
    block loop of a launcher that records its launches' block size
    (`cucpu.launch_block`), whose body is shared allocations of constant
    size, operations without effects and thread loops of one block size,
    and whose accesses sweep rows of a run-time pitch along x (see
    CoarsenBlocks.cpp), is copied under a check of the block size, with the
    size as constants; the copy runs `factor` neighbouring blocks along x
    per iteration, each with its own copy of shared memory:

    ```
    blocks (bx, by) { s = alloca; threads (tx, ty) { W(bx, s) } }
    ->
    if (block size == launch size) {
      blocks (bo, by) { s = alloca x factor;
        threads (ty) { for b < min(factor, gx - bo * factor) {
          threads (tx) { W(bo * factor + b, s + b) } } } }
    } else { the original loop }
    ```

    A thread loop that does not sweep rows runs block after block:
    `for b { threads (tx, ty) { ... } }`. Thread loops may sit in loops and
    branches of the block whose bounds and conditions are the same for every
    block (a loop over steps with barriers inside); those run once per
    group.
  }];
  let options = [
    Option<"factor", "factor", "int64_t", /*default=*/"8",
           "Blocks along x per group (below 2: no coarsening)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per coarsened block loop">,
    Option<"remarksMissed", "remarks-missed", "bool", /*default=*/"false",
           "Emit a remark with the reason for each 2D block loop that is "
           "not coarsened">,
    Option<"maxOps", "max-ops", "unsigned", /*default=*/"10000",
           "Largest block loop (in operations) that is coarsened">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::arith::ArithDialect"];
}

def InferIndexOverflowFlags
    : Pass<"simt-infer-index-overflow-flags", "mlir::func::FuncOp"> {
  let summary = "Prove integer index arithmetic free of wrap from the launch "
                "limits";
  let description = [{
    Runs on the CPU path before WidenLaunchIndexCasts. CUDA's indices are
    unsigned, so a kernel's index arithmetic (`blockIdx.x * blockDim.x +
    threadIdx.x`) carries no `nsw`. From the launch limits the runtime checks
    (at most 1024 threads per block along x and y, 64 along z; at most
    2^31 - 1 blocks along x, 65535 along y and z) and each operation's
    integer range inference, an `arith.addi`, `subi` or `muli` inside a block
    loop whose exact result fits its type gets `nsw` (and `nuw` where the
    unsigned result fits).

    Where a smaller grid along x would prove more flags, the block loop is
    versioned: `scf.if (gridX <= 2^28 / threadsX)` runs a copy with those
    flags, the original (with the flags every grid allows) runs the rest.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per versioned block loop">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def WidenLaunchIndexCasts
    : Pass<"simt-widen-launch-index-casts", "mlir::func::FuncOp"> {
  let summary = "Tell LLVM that thread and block indices fit in 31 bits";
  let description = [{
    Runs on the CPU path after narrowing, before the thread loops are
    serialized. The cast of a block loop's or a thread loop's induction
    variable to a 32-bit integer becomes a cast to i64 and a truncation
    without signed or unsigned wrap (a block has at most 1024 threads, a
    grid at most 2^31 - 1 blocks along x: the runtime checks both at each
    launch):

    ```
    %t = arith.index_castui %iv : index to i32
    ->
    %w = arith.index_castui %iv : index to i64
    %t = arith.trunci %w overflow<nsw, nuw> : i64 to i32
    ```

    LLVM then folds the sign extension of `%t + 1` (an address) to
    `%iv + 1` instead of computing it with two shifts.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def SplitThreadLoops : Pass<"simt-split-thread-loops", "mlir::func::FuncOp"> {
  let summary = "Give each guard on the thread index a thread loop of its own";
  let description = [{
    Runs on the CPU path after barrier lowering, before NarrowThreadLoops.
    Between barriers the threads of a block are independent, so a thread
    loop may be cut between any two of its operations with effects: every
    thread still runs them in order. A thread loop whose body holds an
    `scf.if` comparing the thread index with a uniform value (`if (tx ==
    0)`, `if (i < n)`) among other work is cut so that the `if` is alone in
    its loop:

    ```
    threads (x, y) { A; if (x == 0) B; C }
    ->
    threads (x, y) { A }; threads (x, y) { if (x == 0) B }; threads (x, y) { C }
    ```

    NarrowThreadLoops then turns the lone guard into loop bounds. Such an
    `if` whose body holds another guard among other work is first split
    into one `if` per part on the same condition. A value that an operation
    with effects computes keeps its users in the same loop; values without
    effects are recomputed in each loop that uses them.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per split thread loop">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect"];
}

def NarrowThreadLoops : Pass<"simt-narrow-thread-loops", "mlir::func::FuncOp"> {
  let summary = "Turn guards on the thread index into thread-loop bounds";
  let description = [{
    Runs on the CPU path before the thread loops are serialized. When the
    only operation of a thread loop that does more than read memory is an
    `scf.if` (without results, with an empty else) whose condition is a
    conjunction (`and`, short-circuit `&&` as an `scf.if` yielding false
    otherwise, negation of a comparison) of comparisons `offset + x (pred) bound`, with `x` a thread
    index and `offset`, `bound` the same for every thread, the loop's bounds
    in that dimension are narrowed to the threads for which the comparisons
    hold, and those comparisons become constants in the loop:

    ```
    threads (x) { i = base + x; if (i < n) { W } }
    ->
    if (checks) { threads (x) in [0, min(nx, n - base)) { W } }
    else { the original loop }
    ```

    The offset is followed through additions and subtractions of uniform
    values and integer casts. `checks` prove, for this launch, that no
    addition without `nsw` and no narrowing cast wraps for any thread, and
    that the values unsigned comparisons see are not negative; without them
    the original loop runs. LLVM then vectorizes the loop without masks.
  }];
  let options = [
    Option<"versionSelects", "version-selects", "bool", /*default=*/"true",
           "Copy a thread loop for the blocks in which the comparisons of "
           "a thread index that integer selects test hold for every thread">,
    Option<"versionRows", "version-rows", "bool", /*default=*/"true",
           "In short rows, copy a thread loop for the blocks where its "
           "guard's comparisons of x hold for the whole row (no masks)">,
    Option<"maskRowsUpTo", "mask-rows-up-to", "int64_t", /*default=*/"32",
           "In kernels launched with at most this many threads along x "
           "(cucpu.launch_block), comparisons of x other than equalities "
           "stay in the guard (masked rows); 0: narrow them too">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per narrowed thread loop">,
    Option<"maxOps", "max-ops", "unsigned", /*default=*/"10000",
           "Largest thread loop (in operations) that is versioned">,
    Option<"remarksMissed", "remarks-missed", "bool", /*default=*/"false",
           "Emit a remark per thread loop too large to version">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def HoistVersionChecks : Pass<"simt-hoist-version-checks", "mlir::func::FuncOp"> {
  let summary = "Take a versioning check once for the loops around it";
  let description = [{
    Runs on the CPU path after NarrowThreadLoops, whose copies of a thread
    loop for the blocks where a guard holds for every thread are `scf.if`s
    marked `cucpu.version`. After block coarsening such a check sits inside
    the loops over the group's blocks and over the rows of a block, and is
    evaluated for every 16-thread row. When the condition is computed, with
    operations that have no effects and cannot trap, from values defined
    before an enclosing loop nest and the induction variables of the
    `scf.for` loops in it, the check is made once for all of the nest's
    iterations, and the nest is versioned on the result:

    ```
    threads (y) { for m { if (c(m)) { A } else { B } } }
    ->
    all = for m: and(c(m))
    if (all) { threads (y) { for m { A } } }
    else { threads (y) { for m { if (c(m)) { A } else { B } } } }
    ```

    The nest climbed over consists of `scf.for`, `scf.if` and thread loops,
    up to the block loop.
  }];
  let options = [
    Option<"maxOps", "max-ops", "unsigned", /*default=*/"1000",
           "Largest nest (in operations) that is copied">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per hoisted check">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def CanonicalizeKeepingLaunch : Pass<"simt-canonicalize"> {
  let summary = "Canonicalize, but keep the launch's loop nest";
  let description = [{
    Applies the canonicalization patterns of every loaded dialect and
    operation, except those of `scf.parallel`: they would merge the block loop
    and the thread loop into one loop, or drop single-iteration thread loops,
    and the later passes need to tell the grid from the block.

    One pattern of its own: inside `scf.if (a < b)`, an `arith.cmpi` of the
    same operands with the same predicate folds to true, one with the
    inverse predicate to false (in the else branch the other way round).
    This removes the flag of an early `return` from the conditions of the
    loops after it.
  }];
}

def BoundThreadLoopSize
    : Pass<"simt-bound-thread-loop-size", "mlir::func::FuncOp"> {
  let summary = "Cut very long thread loop bodies so that LLVM's time stays linear";
  let description = [{
    Runs on the CPU path just before LowerBarriers. A thread loop becomes
    one loop for LLVM, and LLVM's loop and SLP vectorizers, Float2Int, its
    register allocator and its schedulers take time that grows faster than
    the loop's size: a kernel of 20,000 straight-line statements spent most
    of a minute there. Between barriers the threads of a block are
    independent, so a thread loop may be cut anywhere its body runs in
    every thread that runs it: a thread loop of more than `max-ops`
    operations gets a barrier after every `max-ops / 2` or so operations of
    its body (of the body of the `if` that holds most of it, such as the
    rest of a kernel after `if (i >= n) return;`), never inside a loop.
    LowerBarriers then makes the pieces separate thread loops and keeps
    the values that cross a cut. Each piece is of bounded size, so LLVM's
    time grows linearly with the kernel, at the price of storing and
    reloading the few values live at each cut.
  }];
  let options = [
    Option<"maxOps", "max-ops", "unsigned", /*default=*/"8000",
           "Operations a thread loop may hold before it is cut">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per thread loop cut">,
  ];
  let dependentDialects = ["cucpu::simt::SIMTDialect"];
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
      the fewest bytes that make all uses computable; a value whose
      recomputation would take more than `max-recompute` operations is
      stored (with `remarks-missed`, a remark says so), which keeps the code
      linear in the number of barriers when a value is carried across many.
      `mode=distribute` stores every crossing value.
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
    Option<"uniformLocals", "uniform-locals", "bool", /*default=*/"true",
           "Read a uniform local (a loop counter every thread holds alike) "
           "once before each thread loop that reads it">,
    Option<"maxRecompute", "max-recompute", "unsigned", /*default=*/"32",
           "With mode=mincut, store a crossing value rather than recompute "
           "it with more than this many operations">,
    Option<"remarksMissed", "remarks-missed", "bool", /*default=*/"false",
           "A remark for each value stored because its recomputation would "
           "exceed max-recompute">,
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

def PrintThreadFacts : Pass<"simt-print-thread-facts"> {
  let summary = "Report what ThreadAnalysis knows of tagged values (for tests)";
  let description = [{
    Runs ThreadAnalysis over the operation and emits a remark on every
    operation with a `probe` attribute: how its first result varies across
    threads (uniform in the grid, in the block, or varying with its stride
    along each thread dimension where that is a constant) and its integer
    range where IntegerRangeAnalysis knows one. With `in-loop`, the facts
    of probes in launch loops come from ThreadFactsInLoop instead (computed
    on demand within the innermost thread or block loop, as the passes that
    change the IR use them).
  }];
  let options = [
    Option<"inLoop", "in-loop", "bool", /*default=*/"false",
           "Ask ThreadFactsInLoop of the probes' thread loops">,
  ];
}

def PromoteLocals : Pass<"simt-promote-locals"> {
  let summary = "Promote single-value locals to SSA values through scf regions";
  let description = [{
    Replaces an `llvm.alloca` of one element whose only uses are plain loads
    and stores of its element type by SSA values: a store defines the value,
    a load reads the current one, and an `scf.if`, `scf.for` or `scf.while`
    that stores the local yields its new value as an extra result or
    loop-carried value. Locals stored inside any other region operation (a
    parallel loop, whose iterations would race on the variable) stay in
    memory.

    With `keep-barrier-regions` (the default), a local stored inside a
    region operation that contains a `simt.barrier` is not promoted: barrier
    lowering needs those values in memory. Run the pass again after barrier
    lowering, without the option, to promote them.
  }];
  let options = [
    Option<"keepBarrierRegions", "keep-barrier-regions", "bool",
           /*default=*/"true",
           "Leave locals stored in regions with a barrier in memory">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::LLVM::LLVMDialect"];
}

def ParallelLICM : Pass<"simt-parallel-licm"> {
  let summary = "Hoist loop-invariant work out of the thread and block loops";
  let description = [{
    Moves an operation at the top level of a launch loop's body (an
    `scf.parallel` with `cucpu.loop`) in front of the loop if its operands,
    and the values its regions use, are defined outside the loop, it writes
    no memory, and no operation before it in the body (in program order,
    barriers included through their memory effects) may write what it reads.
    Thread loops are handled before block loops, so a value the whole grid
    computes alike leaves the kernel. The launch loops never run zero
    iterations, so no guard is needed.

    With `memoize` (the default), a region operation (a loop) under
    `scf.if`s of a thread loop that meets the same conditions is memoized:
    the first thread that reaches it stores its results, the others load
    them. The memo is per block, or, if the value is the same in every block,
    in front of the block loop with the attribute `cucpu.per_worker`, which
    the OpenMP lowering turns into one copy per worker thread.

    With `remarks`, each hoisted or memoized operation that reads memory or
    has regions gets a remark at its location.
  }];
  let options = [
    Option<"memoize", "memoize", "bool", /*default=*/"true",
           "Memoize invariant loops under conditions">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per hoisted operation">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::LLVM::LLVMDialect"];
}

def MoveBarriers : Pass<"simt-move-barriers"> {
  let summary = "Move barriers out of conditionals";
  let description = [{
    A `simt.barrier` that ends a branch of an `scf.if` (only operations
    without memory effects after it) moves after the `if`; one that starts a
    branch (only such operations before it) moves before it. Where both
    branches have one, they become a single barrier. CUDA programs reach a
    barrier under a condition only when the condition is the same for the
    whole block, so the moved barrier synchronizes the same threads, and
    additionally when the condition is false, which only orders more.

    With `remarks`, each moved barrier gets a remark.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per moved barrier">,
  ];
}

def EliminateBarriers : Pass<"simt-eliminate-barriers"> {
  let summary = "Remove barriers that order no conflicting accesses";
  let description = [{
    Removes a `simt.barrier` when no access that may run before it (back to
    the previous barrier, through enclosing loops and ifs) conflicts with one
    that may run after it: a conflict is a pair on possibly the same memory,
    at least one a write, that different threads may make. Accesses to a
    thread's own locals, and pairs at the same injective function of the
    thread index, are made by one thread only. Barriers are decided in order
    on the current code.

    With `remarks`, each removed barrier gets a remark; with
    `remarks-missed`, each kept barrier gets one naming a pair of accesses
    that needs it.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per removed barrier">,
    Option<"remarksMissed", "remarks-missed", "bool", /*default=*/"false",
           "Emit a remark per kept barrier saying why">,
  ];
}

def VersionExactFloatSums : Pass<"simt-version-exact-float-sums", "mlir::func::FuncOp"> {
  let summary = "Add an in-order float sum in any order when nothing rounds";
  let description = [{
    A loop `while (i < n) { s = s + a[i]; i = i + 1; }` over floats (an
    `scf.while` of a float and a counter, loading `a` through one GEP) is a
    chain of dependent additions that may not be reassociated. It is
    versioned: one pass over the array computes, in double precision, the
    sum, the sum of the magnitudes S and the exponent L of the lowest set bit
    of the initial value and the elements. If S < 2^(24 + L) and S < 2^127,
    no in-order partial sum rounds, so the in-order result is the exact sum,
    which that pass computed (in any order: its additions are exact, and
    marked `reassoc` so that they vectorize); otherwise the original loop
    runs. The `scf.if` is marked `cucpu.exact_sum`.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per versioned sum">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect",
                           "mlir::math::MathDialect", "mlir::LLVM::LLVMDialect"];
}

def ForwardSharedStores : Pass<"simt-forward-shared-stores"> {
  let summary = "Store-to-load forwarding on thread-owned shared elements";
  let description = [{
    In a thread loop, an element of an array that every write indexes by the
    same injective function of the thread index is owned by its thread: no
    other thread changes it. A load of the element that follows the thread's
    store in the same block (across barriers) is replaced by the stored
    value, and a store that a later store of the element overwrites before
    any access may read the array (and before any barrier) is removed.
    With `remarks`, each forwarded load gets a remark.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per forwarded load">,
  ];
}

#endif // CUCPU_TRANSFORMS_PASSES
