//===- OutlineGPUKernels.cpp - Launchers back into GPU kernels -------------===//
//
// At the `optimized` stage a launcher is the whole grid as two nested
// scf.parallel loops (blocks, then threads). A GPU runs exactly that
// parallelism itself, so the launcher becomes a kernel again: the loops
// dissolve into their bodies, whose induction variables become the hardware's
// thread and block indices, and the per-block allocas become shared memory.
// What the CPU optimizations hoisted out of the thread loops runs on every GPU
// thread, which is correct because parallel LICM only hoists work that
// writes no memory.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "lowering/GPULowering.h"
#include "lowering/Lowering.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace cucpu {
#define GEN_PASS_DEF_OUTLINEGPUKERNELS
#include "lowering/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// Whether `op` or an operation nested in it may write or allocate memory,
/// or has effects nobody declared (calls).
bool mayWriteOrAllocate(Operation *op) {
  WalkResult result = op->walk([](Operation *nested) {
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(nested)) {
      if (iface.hasEffect<MemoryEffects::Write>() ||
          iface.hasEffect<MemoryEffects::Allocate>() ||
          iface.hasEffect<MemoryEffects::Free>())
        return WalkResult::interrupt();
      return WalkResult::advance();
    }
    if (nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return result.wasInterrupted();
}

/// Reads one of the NVVM special registers for dimension `dim` (0 = x).
Value readRegister(OpBuilder &b, Location loc, StringRef which, unsigned dim) {
  Type i32 = b.getI32Type();
  if (which == "tid")
    return dim == 0   ? NVVM::ThreadIdXOp::create(b, loc, i32).getResult()
           : dim == 1 ? NVVM::ThreadIdYOp::create(b, loc, i32).getResult()
                      : NVVM::ThreadIdZOp::create(b, loc, i32).getResult();
  if (which == "ctaid")
    return dim == 0   ? NVVM::BlockIdXOp::create(b, loc, i32).getResult()
           : dim == 1 ? NVVM::BlockIdYOp::create(b, loc, i32).getResult()
                      : NVVM::BlockIdZOp::create(b, loc, i32).getResult();
  if (which == "ntid")
    return dim == 0   ? NVVM::BlockDimXOp::create(b, loc, i32).getResult()
           : dim == 1 ? NVVM::BlockDimYOp::create(b, loc, i32).getResult()
                      : NVVM::BlockDimZOp::create(b, loc, i32).getResult();
  assert(which == "nctaid" && "unknown special register");
  return dim == 0   ? NVVM::GridDimXOp::create(b, loc, i32).getResult()
         : dim == 1 ? NVVM::GridDimYOp::create(b, loc, i32).getResult()
                    : NVVM::GridDimZOp::create(b, loc, i32).getResult();
}

Value readIndexRegister(OpBuilder &b, Location loc, StringRef which,
                        unsigned dim) {
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(),
                                      readRegister(b, loc, which, dim));
}

bool isLaunchLoop(Operation *op, StringRef role) {
  auto loop = dyn_cast<scf::ParallelOp>(op);
  if (!loop)
    return false;
  auto attr = loop->getAttrOfType<StringAttr>(kLoopRoleAttr);
  return attr && attr.getValue() == role;
}

/// Moves the body of a launch loop in front of it, with its induction
/// variables replaced by the special register `which`, and erases the loop.
LogicalResult dissolveLoop(scf::ParallelOp loop, StringRef which) {
  if (loop.getNumResults() != 0 || loop.getNumLoops() != 3)
    return loop.emitError("cannot map this launch loop to the GPU (it has "
                          "results or not three dimensions)");
  for (auto [lb, step] : llvm::zip(loop.getLowerBound(), loop.getStep())) {
    if (!matchPattern(lb, m_Zero()) || !matchPattern(step, m_One()))
      return loop.emitError("cannot map a launch loop that does not start at "
                            "0 with step 1 to the GPU");
  }
  OpBuilder b(loop);
  for (unsigned dim = 0; dim < 3; ++dim)
    loop.getInductionVars()[dim].replaceAllUsesWith(
        readIndexRegister(b, loop.getLoc(), which, dim));
  Block *body = loop.getBody();
  body->getTerminator()->erase();
  loop->getBlock()->getOperations().splice(Block::iterator(loop),
                                           body->getOperations());
  loop.erase();
  return success();
}

class KernelOutliner {
public:
  KernelOutliner(ModuleOp module) : module(module), symbols(module) {}

  LogicalResult outline(func::FuncOp launcher);

private:
  /// Creates the addrspace(3) global that stands for a block's shared
  /// `alloca` and returns its generic address.
  LogicalResult replaceSharedAlloca(LLVM::AllocaOp alloca, Value dynamicBytes);
  LLVM::GlobalOp dynamicSharedGlobal(Location loc);
  /// The kernel parameters from the launcher's reads of `void **args`.
  LogicalResult buildParameters(func::FuncOp kernel, ArrayRef<int64_t> layout);

  ModuleOp module;
  SymbolTable symbols;
  /// Attributes of the kernel's parameters (by final index), set once the
  /// function type has them.
  SmallVector<std::pair<unsigned, NamedAttribute>> paramAttrs;
  LLVM::GlobalOp dynamicShared;
  unsigned sharedCount = 0;
};

LLVM::GlobalOp KernelOutliner::dynamicSharedGlobal(Location loc) {
  if (dynamicShared)
    return dynamicShared;
  OpBuilder b(module.getContext());
  b.setInsertionPointToStart(module.getBody());
  // `extern __shared__`: a zero-length array whose size the launch sets.
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), 0);
  dynamicShared = LLVM::GlobalOp::create(
      b, loc, type, /*isConstant=*/false, LLVM::Linkage::External,
      "__cucpu_dynamic_shared", Attribute(), /*alignment=*/16,
      static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared));
  symbols.insert(dynamicShared);
  return dynamicShared;
}

LogicalResult KernelOutliner::replaceSharedAlloca(LLVM::AllocaOp alloca,
                                                  Value dynamicBytes) {
  OpBuilder b(alloca);
  Location loc = alloca.getLoc();
  LLVM::GlobalOp global;
  if (alloca.getArraySize() == dynamicBytes) {
    global = dynamicSharedGlobal(loc);
  } else {
    APInt count;
    if (!matchPattern(alloca.getArraySize(), m_ConstantInt(&count)))
      return alloca.emitError("cannot place a variable-sized per-block "
                              "allocation in GPU shared memory");
    Type type = alloca.getElemType();
    if (count != 1)
      type = LLVM::LLVMArrayType::get(type, count.getZExtValue());
    OpBuilder gb(module.getContext());
    gb.setInsertionPointToStart(module.getBody());
    global = LLVM::GlobalOp::create(
        gb, loc, type, /*isConstant=*/false, LLVM::Linkage::Internal,
        ("__cucpu_shared." + Twine(sharedCount++)).str(), Attribute(),
        alloca.getAlignment().value_or(16),
        static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared));
    symbols.insert(global);
  }
  Value address = LLVM::AddressOfOp::create(b, loc, global);
  Value generic = LLVM::AddrSpaceCastOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), address);
  alloca.replaceAllUsesWith(generic);
  alloca.erase();
  return success();
}

LogicalResult KernelOutliner::buildParameters(func::FuncOp kernel,
                                              ArrayRef<int64_t> layout) {
  MLIRContext *ctx = module.getContext();
  unsigned count = layout.size() / 2;
  Block &entry = kernel.getBody().front();
  Value argv = entry.getArgument(kArgvArg);
  // argument index -> the loads of its address from argv.
  SmallVector<SmallVector<LLVM::LoadOp>> addressLoads(count);
  for (Operation *user : llvm::make_early_inc_range(argv.getUsers())) {
    // The first argument's address is loaded from argv itself.
    if (auto load = dyn_cast<LLVM::LoadOp>(user); load && count > 0) {
      addressLoads[0].push_back(load);
      continue;
    }
    auto gep = dyn_cast<LLVM::GEPOp>(user);
    std::optional<unsigned> index;
    if (gep && gep.getBase() == argv && gep.getDynamicIndices().empty() &&
        gep.getRawConstantIndices().size() == 1)
      index = gep.getRawConstantIndices()[0];
    if (!index || *index >= count)
      return user->emitError("cannot map this use of the kernel arguments "
                             "to GPU parameters");
    for (Operation *gepUser : gep->getUsers()) {
      auto load = dyn_cast<LLVM::LoadOp>(gepUser);
      if (!load)
        return gepUser->emitError("cannot map this use of the kernel "
                                  "arguments to GPU parameters");
      addressLoads[*index].push_back(load);
    }
  }

  // A parameter only ever loaded whole, as one type, is passed as that type;
  // any other (aggregates, parts of a value) is passed by value in parameter
  // space and used through its address.
  DataLayout dataLayout(module);
  for (unsigned i = 0; i < count; ++i) {
    Type scalarType;
    bool scalar = true, noAlias = false;
    for (LLVM::LoadOp addressLoad : addressLoads[i])
      for (Operation *user : addressLoad->getUsers()) {
        auto load = dyn_cast<LLVM::LoadOp>(user);
        if (!load || load.getAddr() != addressLoad.getResult() ||
            (scalarType && load.getType() != scalarType)) {
          scalar = false;
          continue;
        }
        scalarType = load.getType();
        noAlias |= load->hasAttr(simt::kNoAliasArgAttr);
      }
    if (scalarType &&
        dataLayout.getTypeSize(scalarType) != static_cast<uint64_t>(layout[2 * i]))
      scalar = false;
    if (scalar && scalarType) {
      BlockArgument param = entry.addArgument(scalarType, kernel.getLoc());
      for (LLVM::LoadOp addressLoad : addressLoads[i])
        for (Operation *user : llvm::make_early_inc_range(addressLoad->getUsers())) {
          user->getResult(0).replaceAllUsesWith(param);
          user->erase();
        }
      if (noAlias && isa<LLVM::LLVMPointerType>(scalarType))
        paramAttrs.push_back(
            {i, NamedAttribute(LLVM::LLVMDialect::getNoAliasAttrName(),
                               UnitAttr::get(ctx))});
    } else {
      BlockArgument param = entry.addArgument(
          LLVM::LLVMPointerType::get(ctx), kernel.getLoc());
      for (LLVM::LoadOp addressLoad : addressLoads[i])
        addressLoad.getResult().replaceAllUsesWith(param);
      auto bytes = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8),
                                            layout[2 * i]);
      paramAttrs.push_back(
          {i, NamedAttribute(LLVM::LLVMDialect::getByValAttrName(),
                             TypeAttr::get(bytes))});
      paramAttrs.push_back(
          {i, NamedAttribute(LLVM::LLVMDialect::getAlignAttrName(),
                             IntegerAttr::get(
                                 IntegerType::get(ctx, 64),
                                 std::max<int64_t>(layout[2 * i + 1], 1)))});
    }
    for (LLVM::LoadOp addressLoad : addressLoads[i]) {
      Operation *gep = addressLoad.getAddr().getDefiningOp();
      addressLoad.erase();
      if (gep && gep->use_empty())
        gep->erase();
    }
  }
  return success();
}

LogicalResult KernelOutliner::outline(func::FuncOp launcher) {
  MLIRContext *ctx = module.getContext();
  StringRef name =
      launcher->getAttrOfType<StringAttr>(kKernelNameAttr).getValue();
  auto layoutAttr = launcher->getAttrOfType<DenseI64ArrayAttr>(kKernelParamsAttr);
  if (!layoutAttr)
    return launcher.emitError("launcher without a parameter layout");
  if (launcher.getNumArguments() != kArgvArg + 1 ||
      !launcher.getBody().hasOneBlock())
    return launcher.emitError("unexpected launcher form for the GPU target");

  // The original kernel function was inlined into its launcher; its symbol
  // becomes the entry point's.
  if (Operation *existing = symbols.lookup(name)) {
    if (!SymbolTable::symbolKnownUseEmpty(existing, module))
      return existing->emitError("kernel '")
             << name << "' is called from device code; the GPU target does "
                        "not support dynamic parallelism";
    symbols.erase(existing);
  }

  OpBuilder b(launcher);
  auto kernel = func::FuncOp::create(b, launcher.getLoc(), name,
                                     b.getFunctionType({}, {}));
  kernel->setAttr(kGPUKernelAttr, UnitAttr::get(ctx));
  kernel.getBody().takeBody(launcher.getBody());
  Block &entry = kernel.getBody().front();

  if (failed(buildParameters(kernel, layoutAttr.asArrayRef())))
    return failure();

  // Launch dimensions come from the hardware.
  b.setInsertionPointToStart(&entry);
  for (unsigned dim = 0; dim < 3; ++dim) {
    entry.getArgument(kGridDimArg + dim)
        .replaceAllUsesWith(readRegister(b, launcher.getLoc(), "nctaid", dim));
    entry.getArgument(kBlockDimArg + dim)
        .replaceAllUsesWith(readRegister(b, launcher.getLoc(), "ntid", dim));
  }
  Value dynamicBytes = entry.getArgument(kDynamicSharedBytesArg);

  // Work outside the block loop runs on every GPU thread.
  scf::ParallelOp blockLoop;
  for (Operation &op : entry.without_terminator()) {
    if (isLaunchLoop(&op, kBlockLoopRole)) {
      if (blockLoop)
        return op.emitError("a launch with two grids cannot be mapped to "
                            "one GPU kernel");
      blockLoop = cast<scf::ParallelOp>(op);
      continue;
    }
    if (mayWriteOrAllocate(&op))
      return op.emitError("work done once per launch cannot be mapped to "
                          "the GPU (it writes memory)");
  }

  if (blockLoop) {
    // One block's work. Its allocas are the block's shared memory; what is
    // not in a thread loop runs on every thread of the block, so it must not
    // write memory; consecutive thread loops are separated by a barrier.
    Block *body = blockLoop.getBody();
    SmallVector<scf::ParallelOp> threadLoops;
    for (Operation &op : llvm::make_early_inc_range(body->without_terminator())) {
      if (auto alloca = dyn_cast<LLVM::AllocaOp>(op)) {
        if (failed(replaceSharedAlloca(alloca, dynamicBytes)))
          return failure();
        continue;
      }
      if (isLaunchLoop(&op, kThreadLoopRole)) {
        threadLoops.push_back(cast<scf::ParallelOp>(op));
        continue;
      }
      if (mayWriteOrAllocate(&op))
        return op.emitError("work done once per block cannot be mapped to "
                            "the GPU (it writes memory)");
    }
    for (auto [i, loop] : llvm::enumerate(threadLoops)) {
      if (i + 1 < threadLoops.size()) {
        OpBuilder after(loop->getContext());
        after.setInsertionPointAfter(loop);
        NVVM::Barrier0Op::create(after, loop.getLoc());
      }
      if (failed(dissolveLoop(loop, "tid")))
        return failure();
    }
    if (failed(dissolveLoop(blockLoop, "ctaid")))
      return failure();
  }

  // The dynamic size is only needed by the CPU's allocation.
  if (!dynamicBytes.use_empty())
    return launcher.emitError("the dynamic shared memory size is used "
                              "outside its allocation; not supported on the "
                              "GPU target");
  entry.eraseArguments(0, kArgvArg + 1);
  kernel.setFunctionType(
      FunctionType::get(ctx, entry.getArgumentTypes(), {}));
  for (auto [index, attr] : paramAttrs)
    kernel.setArgAttr(index, attr.getName(), attr.getValue());
  paramAttrs.clear();
  launcher.erase();
  return success();
}

struct OutlineGPUKernelsPass
    : public cucpu::impl::OutlineGPUKernelsBase<OutlineGPUKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    KernelOutliner outliner(module);
    SmallVector<func::FuncOp> launchers;
    for (auto fn : module.getOps<func::FuncOp>())
      if (fn->hasAttr(kKernelNameAttr))
        launchers.push_back(fn);
    for (func::FuncOp launcher : launchers)
      if (failed(outliner.outline(launcher)))
        return signalPassFailure();

    // What is left of the simt dialect (in kernels, and in device functions
    // that could not be inlined) maps one to one to NVVM.
    module.walk([&](Operation *op) {
      OpBuilder b(op);
      auto replace = [&](StringRef which, simt::Dimension dim) {
        op->getResult(0).replaceAllUsesWith(readIndexRegister(
            b, op->getLoc(), which, static_cast<unsigned>(dim)));
        op->erase();
      };
      if (auto q = dyn_cast<simt::ThreadIdOp>(op))
        replace("tid", q.getDimension());
      else if (auto q = dyn_cast<simt::BlockIdOp>(op))
        replace("ctaid", q.getDimension());
      else if (auto q = dyn_cast<simt::BlockDimOp>(op))
        replace("ntid", q.getDimension());
      else if (auto q = dyn_cast<simt::GridDimOp>(op))
        replace("nctaid", q.getDimension());
      else if (isa<simt::BarrierOp>(op)) {
        if (op->hasAttr(kLockstepAttr)) {
          // A GPU's warp runs in lock step by itself; a full-warp barrier
          // could wait for lanes that do not reach this store.
        } else if (op->hasAttr(kWarpSyncAttr)) {
          // __syncwarp() with its default mask: the whole warp.
          Value mask = LLVM::ConstantOp::create(
              b, op->getLoc(), b.getI32Type(), b.getI32IntegerAttr(-1));
          NVVM::SyncWarpOp::create(b, op->getLoc(), mask);
        } else {
          NVVM::Barrier0Op::create(b, op->getLoc());
        }
        op->erase();
      } else if (isa<simt::ActiveMaskOp>(op)) {
        auto mask = LLVM::CallIntrinsicOp::create(
            b, op->getLoc(), b.getI32Type(),
            b.getStringAttr("llvm.nvvm.activemask"), ValueRange{});
        op->getResult(0).replaceAllUsesWith(mask.getResult(0));
        op->erase();
      }
    });

    // __device__ and __constant__ variables are found by name in the loaded
    // module (cuModuleGetGlobal): they must be visible under the name the
    // host registered.
    for (auto global :
         llvm::make_early_inc_range(module.getOps<LLVM::GlobalOp>())) {
      auto deviceName = global->getAttrOfType<StringAttr>(kDeviceVarAttr);
      if (!deviceName)
        continue;
      global.setLinkage(LLVM::Linkage::External);
      if (global.getSymName() != deviceName.getValue()) {
        if (failed(SymbolTable::replaceAllSymbolUses(
                global, deviceName, module)))
          return signalPassFailure();
        global.setSymName(deviceName);
      }
    }
    // Everything else is internal to the GPU module, so unused code goes.
    for (auto fn : module.getOps<func::FuncOp>())
      if (!fn->hasAttr(kGPUKernelAttr) &&
          !fn.isDeclaration())
        fn.setPrivate();
  }
};

} // namespace
