//===- ThreadLoops.h - Building blocks for rewriting thread loops -*- C++ -*-===//
//
// The passes that restructure a launch's thread loops (barrier lowering,
// uniform-loop interchange) create new thread loops and keep values of each
// thread in per-thread buffers. These helpers make both in one way.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_TRANSFORMS_THREADLOOPS_H
#define CUCPU_TRANSFORMS_THREADLOOPS_H

#include "dialect/SIMTDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace cucpu {

/// Whether `loop` is a launch's block loop (its role attribute says so).
bool isBlockLoop(mlir::Operation *loop);

/// Whether `op` may run where the program would not have run it (computed
/// before the `if` that guards it, or for an iteration that does not
/// happen): pure, and not a division or remainder whose divisor may be zero
/// or, signed, -1. MLIR marks arith.remsi, remui and floordivsi pure though
/// such a divisor is undefined behaviour, and the LLVM code a speculated one
/// becomes traps on x86 (`if (d != 0) r = x % d;`).
bool isSafeToSpeculate(mlir::Operation *op);

/// Whether `op`, with everything nested in it, is more than `limit`
/// operations; counts no further than that. The passes that copy code (a
/// version per block size, per range of threads, per group of blocks) leave
/// larger code as it is: each copy doubles what every later pass and LLVM
/// work on, and a kernel that large gains little from one more version.
bool exceedsOpBudget(mlir::Operation *op, unsigned limit);

/// The one operation of `loop`'s body that `incidental` does not accept,
/// when it is an `scf.if` without results whose else branch is empty: the
/// guard around the loop's work. Null otherwise.
mlir::scf::IfOp
soleGuard(mlir::scf::ParallelOp loop,
          llvm::function_ref<bool(mlir::Operation &)> incidental);

/// Moves the `if`s around all of `loop`'s work whose conditions all threads
/// share out of the loop (HoistUniformIfs); with `splitConjunctions`, also
/// the shared half of `if (a && b)`. Returns the locations of the conditions
/// moved.
llvm::SmallVector<mlir::Location>
hoistUniformGuards(mlir::RewriterBase &rewriter, mlir::scf::ParallelOp loop,
                   bool splitConjunctions);

/// Whether `v` depends on `x` through operations inside `scope`.
bool dependsOn(mlir::Value v, mlir::Value x, mlir::Operation *scope);

/// Whether the loop nest over [lower[d], upper[d]) (index or integer
/// bounds, compared as signed) runs at least one iteration.
mlir::Value hasIterations(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::ValueRange lower, mlir::ValueRange upper);

/// Whether every launch of `kernel` (its launcher function) that the
/// frontend saw has at most `limit` threads along x (cucpu.launch_block; a
/// hint for speed, not a guarantee). Such rows are short: 16 threads are
/// two vectors.
bool hasShortRows(mlir::Operation *kernel, int64_t limit);

/// hasShortRows of the function around `op`.
bool launchedWithShortRows(mlir::Operation *op, int64_t limit);

/// Tags a new loop as a thread loop (for readers of the IR; the passes
/// recognize thread loops by nesting).
void markThreadLoop(mlir::scf::ParallelOp loop);

/// A new, empty thread loop over the same threads as `like`.
mlir::scf::ParallelOp createThreadLoop(mlir::OpBuilder &b, mlir::Location loc,
                                       mlir::scf::ParallelOp like);

/// Number of threads of `loop` (its bounds are 0 to n step 1), as i64.
mlir::Value threadCount(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::scf::ParallelOp loop);

/// The thread's linear index in `loop`: x + nx * (y + ny * z), as i64.
mlir::Value linearThreadId(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::scf::ParallelOp loop);

/// An array of `count` elements of `type` per thread of `loop`. It is
/// allocated once at the start of the block loop (so that a buffer used inside
/// a serial loop is not allocated again at every iteration), and its size is
/// computed before the block loop (so that the lowering to OpenMP can give each
/// worker one buffer for all its blocks).
mlir::Value perThreadBuffer(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::scf::ParallelOp loop, mlir::Type type,
                            int64_t count);

/// The element(s) of the calling thread of `loop` in a per-thread buffer.
mlir::Value threadSlot(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::scf::ParallelOp loop, mlir::Value buffer,
                       mlir::Type type, int64_t count = 1);

/// The type a value of `type` is kept as in a per-thread buffer (index
/// values as i64, i1 flags as bytes).
mlir::Type slotType(mlir::Type type);

/// Stores `value` into the calling thread's slot of `buffer` (made by
/// perThreadBuffer with slotType(value's type)).
void storeToSlot(mlir::OpBuilder &b, mlir::Location loc,
                 mlir::scf::ParallelOp loop, mlir::Value buffer,
                 mlir::Value value);

/// Loads a value of `type` from the calling thread's slot of `buffer`.
mlir::Value loadFromSlot(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::scf::ParallelOp loop, mlir::Value buffer,
                         mlir::Type type);

/// Replaces uses of `loop`'s induction variables inside `scope` by those of
/// `other`.
void remapInductionVars(mlir::scf::ParallelOp loop,
                        mlir::scf::ParallelOp other, mlir::Operation *scope);

/// Whether `op` is in the else branch of a version that unusual launches
/// alone run (kRareFallbackAttr).
bool inRareFallback(mlir::Operation *op);

/// Versions `op` on `condition`: creates `scf.if (condition)` where `b`
/// points, moves `op` into its else branch and puts a copy made with
/// `mapping` (which the caller may have seeded, e.g. with constants) into
/// its then branch. Returns the copy, for the caller to specialize.
mlir::Operation *versionOn(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Operation *op, mlir::Value condition,
                           mlir::IRMapping &mapping);

} // namespace cucpu

#endif // CUCPU_TRANSFORMS_THREADLOOPS_H
