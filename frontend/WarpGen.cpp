//===- WarpGen.cpp - Warp shuffles, votes, matches and reductions ---------===//
//
// A CPU has no warps, and the IR has no notion of one: a warp-level function
// becomes an exchange through block-shared memory between two warp barriers.
// Each thread writes its value to its own slot of the warp exchange area, the
// barrier makes the slots of its warp visible, the thread reads the slot (or
// the slots) it needs, and a second barrier keeps the next exchange from
// overwriting slots still being read. The barriers are block barriers on the
// CPU, which also synchronize the warp, and `bar.warp.sync` on the GPU; the
// barrier passes remove the second one where nothing writes the slots after
// it, which consecutive calls allow by using two exchange areas in turn.
//
// As CUDA requires, every lane a call names (its source lane, every lane in
// its mask) must execute it; a lane past the block's last thread reads as the
// calling thread's own value (shuffles) or does not take part (votes and
// reductions).
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "frontend/FunctionGen.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using mlir::Value;
namespace arith = mlir::arith;
namespace LLVM = mlir::LLVM;
namespace simt = cucpu::simt;

namespace cucpu {

namespace {

/// Where the calling thread sits in its block and warp, as i64 values.
struct WarpPosition {
  /// The thread's linear index in the block: x + X * (y + Y * z), the order
  /// in which CUDA assigns threads to warps.
  Value thread;
  /// The number of threads in the block.
  Value blockThreads;
  /// thread % 32.
  Value lane;
  /// thread - lane: the linear index of the warp's first thread.
  Value warpBase;
};

WarpPosition warpPosition(mlir::OpBuilder &b, mlir::Location l) {
  auto i64 = b.getI64Type();
  auto query = [&](bool dimension, simt::Dimension dim) -> Value {
    auto attr = simt::DimensionAttr::get(b.getContext(), dim);
    Value index = dimension ? simt::BlockDimOp::create(b, l, attr).getResult()
                            : simt::ThreadIdOp::create(b, l, attr).getResult();
    return arith::IndexCastUIOp::create(b, l, i64, index);
  };
  Value x = query(false, simt::Dimension::x);
  Value y = query(false, simt::Dimension::y);
  Value z = query(false, simt::Dimension::z);
  Value sizeX = query(true, simt::Dimension::x);
  Value sizeY = query(true, simt::Dimension::y);
  Value sizeZ = query(true, simt::Dimension::z);
  auto mul = [&](Value a, Value c) {
    return arith::MulIOp::create(b, l, a, c).getResult();
  };
  auto add = [&](Value a, Value c) {
    return arith::AddIOp::create(b, l, a, c).getResult();
  };
  WarpPosition p;
  p.thread = add(x, mul(sizeX, add(y, mul(sizeY, z))));
  p.blockThreads = mul(sizeX, mul(sizeY, sizeZ));
  Value laneBits =
      arith::ConstantOp::create(b, l, i64, b.getI64IntegerAttr(kWarpSize - 1));
  p.lane = arith::AndIOp::create(b, l, p.thread, laneBits);
  p.warpBase = arith::SubIOp::create(b, l, p.thread, p.lane);
  return p;
}

} // namespace

/// The address of thread `thread`'s slot in the warp exchange area.
static Value exchangeSlot(mlir::OpBuilder &b, mlir::Location l,
                          LLVM::GlobalOp exchange, Value thread) {
  Value base = LLVM::AddressOfOp::create(b, l, exchange);
  return LLVM::GEPOp::create(b, l, LLVM::LLVMPointerType::get(b.getContext()),
                             b.getIntegerType(kWarpExchangeSlotBytes * 8), base,
                             mlir::ArrayRef<LLVM::GEPArg>{thread});
}

LLVM::GlobalOp FunctionGen::nextWarpExchange() {
  return mod.getWarpExchange(warpExchanges++ % 2);
}

static void warpBarrier(mlir::OpBuilder &b, mlir::Location l) {
  auto barrier = simt::BarrierOp::create(b, l, mlir::ValueRange{});
  barrier->setAttr(kWarpSyncAttr, b.getUnitAttr());
}

/// A shuffle's exchange: each thread stores `value` (of `size` bytes) in its
/// slot; after a warp barrier, `chooseSource` gives the lane of its warp to
/// read (an i64) and whether it may; the thread reads a `type` from that
/// lane's slot if so and the lane is in the warp and the block, from its own
/// slot otherwise (operands CUDA leaves undefined, a negative lane mask or a
/// width above 32, must still not read elsewhere). A second barrier ends the
/// exchange.
static Value exchangeWithLane(
    mlir::OpBuilder &b, mlir::Location l, LLVM::GlobalOp exchange,
    const WarpPosition &p, Value value, mlir::Type type, unsigned size,
    llvm::function_ref<std::pair<Value, Value>()> chooseSource) {
  LLVM::StoreOp::create(b, l, value, exchangeSlot(b, l, exchange, p.thread),
                        size);
  warpBarrier(b, l);
  auto [source, valid] = chooseSource();
  auto compare = [&](arith::CmpIPredicate predicate, Value x, Value y) {
    return arith::CmpIOp::create(b, l, predicate, x, y).getResult();
  };
  Value sourceThread = arith::AddIOp::create(b, l, p.warpBase, source);
  Value warpSize = arith::ConstantOp::create(
      b, l, source.getType(), b.getIntegerAttr(source.getType(), kWarpSize));
  Value inWarp = compare(arith::CmpIPredicate::ult, source, warpSize);
  Value inBlock =
      compare(arith::CmpIPredicate::ult, sourceThread, p.blockThreads);
  valid = arith::AndIOp::create(b, l, valid,
                                arith::AndIOp::create(b, l, inWarp, inBlock));
  sourceThread = arith::SelectOp::create(b, l, valid, sourceThread, p.thread);
  Value result = LLVM::LoadOp::create(
      b, l, type, exchangeSlot(b, l, exchange, sourceThread), size);
  warpBarrier(b, l);
  return result;
}

Value FunctionGen::emitWarpShuffle(const CallExpr *call, StringRef name) {
  SourceLocation where = call->getExprLoc();
  mlir::Location l = loc(where);
  QualType type = call->getType();
  uint64_t size = mod.sizeOf(type);
  if (mod.isAggregate(type) || (size != 4 && size != 8)) {
    mod.unsupported(where, "'" + name.str() + "' of a value of type '" +
                               type.getAsString() + "'");
    return undefValue(type, where);
  }
  mlir::Type valueType = mod.convertType(type, where);
  QualType longLong = mod.ast.LongLongTy;
  Value value = emitScalar(call->getArg(1));
  // The lane, lane offset or lane mask, and the width of the lane groups.
  Value operand = convertScalar(emitScalar(call->getArg(2)),
                                call->getArg(2)->getType(), longLong, where);
  Value width = convertScalar(emitScalar(call->getArg(3)),
                              call->getArg(3)->getType(), longLong, where);

  WarpPosition p = warpPosition(builder, l);
  return exchangeWithLane(
      builder, l, nextWarpExchange(), p, value, valueType, size,
      [&]() -> std::pair<Value, Value> {
        // Lanes form groups of `width`; a lane reads within its group, as
        // PTX's shfl.sync with the clamp value CUDA passes: idx wraps the
        // lane around the group, up reads nothing below the group's first
        // lane, down and xor nothing above its last one (xor may read an
        // earlier group).
        Value one = i64Constant(1, where);
        Value negWidth =
            arith::SubIOp::create(builder, l, i64Constant(0, where), width);
        Value firstLane = arith::AndIOp::create(builder, l, p.lane, negWidth);
        Value lastLane = arith::SubIOp::create(
            builder, l, arith::AddIOp::create(builder, l, firstLane, width),
            one);
        auto compare = [&](arith::CmpIPredicate predicate, Value a, Value c) {
          return arith::CmpIOp::create(builder, l, predicate, a, c).getResult();
        };
        if (name == "__shfl_sync") {
          Value inGroup = arith::AndIOp::create(
              builder, l, operand,
              arith::SubIOp::create(builder, l, width, one));
          return {arith::AddIOp::create(builder, l, firstLane, inGroup),
                  intConstant(builder.getI1Type(), 1, where)};
        }
        if (name == "__shfl_up_sync") {
          Value source = arith::SubIOp::create(builder, l, p.lane, operand);
          return {source,
                  compare(arith::CmpIPredicate::sge, source, firstLane)};
        }
        Value source =
            name == "__shfl_down_sync"
                ? arith::AddIOp::create(builder, l, p.lane, operand).getResult()
                : arith::XOrIOp::create(builder, l, p.lane, operand)
                      .getResult();
        return {source, compare(arith::CmpIPredicate::sle, source, lastLane)};
      });
}

Value FunctionGen::emitLaneCombine(Value contribution, Value mask,
                                   LaneCombine combine, bool vote,
                                   Value &members, SourceLocation where) {
  mlir::Location l = loc(where);
  auto i64 = builder.getI64Type();
  WarpPosition p = warpPosition(builder, l);
  LLVM::GlobalOp exchange = nextWarpExchange();
  LLVM::StoreOp::create(builder, l, contribution,
                        exchangeSlot(builder, l, exchange, p.thread),
                        kWarpExchangeSlotBytes);
  warpBarrier(builder, l);

  // The combination starts with the calling thread's own value, which takes
  // part whatever the mask says (votes excepted), and adds every other lane
  // of the mask that exists in the block. `members` collects the lanes that
  // took part.
  Value zero = i64Constant(0, where);
  Value one = i64Constant(1, where);
  Value ownBit = arith::ShLIOp::create(builder, l, one, p.lane);
  // A match collects bits, starting with the caller's own.
  Value initial = combine == LaneCombine::Equal ? ownBit : contribution;
  Value initialMembers = ownBit;
  if (vote) {
    // A vote counts the lanes of its mask only: a caller outside the mask
    // (`__ballot_sync(lanes_below_me, p)`, a prefix count) is left out, as
    // a GPU leaves it out.
    Value ownInMask = arith::CmpIOp::create(
        builder, l, arith::CmpIPredicate::ne,
        arith::AndIOp::create(builder, l, mask, ownBit), zero);
    initial = arith::SelectOp::create(builder, l, ownInMask, initial, zero);
    initialMembers =
        arith::SelectOp::create(builder, l, ownInMask, ownBit, zero);
  }
  Value lowerBound = mlir::arith::ConstantIndexOp::create(builder, l, 0);
  Value upperBound =
      mlir::arith::ConstantIndexOp::create(builder, l, kWarpSize);
  Value step = mlir::arith::ConstantIndexOp::create(builder, l, 1);
  auto loop = mlir::scf::ForOp::create(
      builder, l, lowerBound, upperBound, step,
      mlir::ValueRange{initial, initialMembers},
      [&](mlir::OpBuilder &b, mlir::Location bl, Value laneIndex,
          mlir::ValueRange carried) {
        Value lane = arith::IndexCastUIOp::create(b, bl, i64, laneIndex);
        Value laneThread = arith::AddIOp::create(b, bl, p.warpBase, lane);
        Value inMask = arith::TruncIOp::create(
            b, bl, b.getI1Type(), arith::ShRUIOp::create(b, bl, mask, lane));
        Value exists = arith::CmpIOp::create(b, bl, arith::CmpIPredicate::ult,
                                             laneThread, p.blockThreads);
        Value other = arith::CmpIOp::create(b, bl, arith::CmpIPredicate::ne,
                                            lane, p.lane);
        Value member = arith::AndIOp::create(
            b, bl, arith::AndIOp::create(b, bl, inMask, exists), other);
        // Every lane's slot is read, also where the lane does not take part
        // (its value is dropped below): the slots of a warp are contiguous
        // and within the exchange area (it has a slot for each of the
        // largest block's threads), so the loop is a plain reduction over
        // consecutive memory that LLVM vectorizes, instead of a gather.
        Value laneValue = LLVM::LoadOp::create(
            b, bl, i64, exchangeSlot(b, bl, exchange, laneThread),
            kWarpExchangeSlotBytes);
        Value acc = carried[0];
        Value laneBit = arith::ShLIOp::create(b, bl, one, lane);
        Value combined;
        switch (combine) {
        case LaneCombine::Add:
          combined = arith::AddIOp::create(b, bl, acc, laneValue);
          break;
        case LaneCombine::MinSigned:
          combined = arith::MinSIOp::create(b, bl, acc, laneValue);
          break;
        case LaneCombine::MinUnsigned:
          combined = arith::MinUIOp::create(b, bl, acc, laneValue);
          break;
        case LaneCombine::MaxSigned:
          combined = arith::MaxSIOp::create(b, bl, acc, laneValue);
          break;
        case LaneCombine::MaxUnsigned:
          combined = arith::MaxUIOp::create(b, bl, acc, laneValue);
          break;
        case LaneCombine::And:
          combined = arith::AndIOp::create(b, bl, acc, laneValue);
          break;
        case LaneCombine::Or:
          combined = arith::OrIOp::create(b, bl, acc, laneValue);
          break;
        case LaneCombine::Xor:
          combined = arith::XOrIOp::create(b, bl, acc, laneValue);
          break;
        case LaneCombine::Equal:
          combined = arith::SelectOp::create(
              b, bl,
              arith::CmpIOp::create(b, bl, arith::CmpIPredicate::eq,
                                    laneValue, contribution),
              arith::OrIOp::create(b, bl, acc, laneBit).getResult(), acc);
          break;
        }
        Value nextAcc = arith::SelectOp::create(b, bl, member, combined, acc);
        Value nextMembers = arith::SelectOp::create(
            b, bl, member,
            arith::OrIOp::create(b, bl, carried[1], laneBit).getResult(),
            carried[1]);
        mlir::scf::YieldOp::create(b, bl,
                                   mlir::ValueRange{nextAcc, nextMembers});
      });
  warpBarrier(builder, l);

  members = loop.getResult(1);
  return loop.getResult(0);
}

Value FunctionGen::emitWarpReduction(const CallExpr *call, StringRef name) {
  SourceLocation where = call->getExprLoc();
  mlir::Location l = loc(where);
  auto i64 = builder.getI64Type();
  auto i32 = builder.getI32Type();
  QualType unsignedLongLong = mod.ast.UnsignedLongLongTy;
  Value mask =
      convertScalar(emitScalar(call->getArg(0)), call->getArg(0)->getType(),
                    unsignedLongLong, where);
  WarpPosition p = warpPosition(builder, l);

  // Votes are an or of each lane's bit; the reductions combine the values;
  // matches compare each lane's value with the caller's, as bits.
  bool vote = !name.starts_with("__reduce_") && !name.starts_with("__match_");
  Value contribution;
  Value matchResult;
  LaneCombine combine = LaneCombine::Or;
  if (name.starts_with("__match_")) {
    QualType valueType = call->getArg(1)->getType();
    uint64_t size = mod.sizeOf(valueType);
    if (!valueType->isScalarType() || valueType->isPointerType() ||
        (size != 4 && size != 8)) {
      mod.unsupported(where, "'" + name.str() + "' of a value of type '" +
                                 valueType.getAsString() + "'");
      return undefValue(call->getType(), where);
    }
    contribution = emitScalar(call->getArg(1));
    if (isa<mlir::FloatType>(contribution.getType()))
      contribution = arith::BitcastOp::create(
          builder, l, builder.getIntegerType(size * 8), contribution);
    if (size != 8)
      contribution = arith::ExtUIOp::create(builder, l, i64, contribution);
    if (name == "__match_all_sync")
      matchResult = emitScalar(call->getArg(2));
    combine = LaneCombine::Equal;
  } else if (vote) {
    Value predicate =
        arith::ExtUIOp::create(builder, l, i64, emitCondition(call->getArg(1)));
    contribution = arith::ShLIOp::create(builder, l, predicate, p.lane);
  } else {
    QualType valueType = call->getArg(1)->getType();
    bool isSigned = valueType->isSignedIntegerType();
    contribution =
        convertScalar(emitScalar(call->getArg(1)), valueType,
                      isSigned ? mod.ast.LongLongTy : unsignedLongLong, where);
    combine =
        llvm::StringSwitch<LaneCombine>(name)
            .Case("__reduce_add_sync", LaneCombine::Add)
            .Case("__reduce_min_sync",
                  isSigned ? LaneCombine::MinSigned : LaneCombine::MinUnsigned)
            .Case("__reduce_max_sync",
                  isSigned ? LaneCombine::MaxSigned : LaneCombine::MaxUnsigned)
            .Case("__reduce_and_sync", LaneCombine::And)
            .Case("__reduce_or_sync", LaneCombine::Or)
            .Default(LaneCombine::Xor);
  }

  Value members;
  Value combined =
      emitLaneCombine(contribution, mask, combine, vote, members, where);
  if (name == "__match_all_sync") {
    // The mask when every lane holds the caller's value, else 0; the
    // predicate says which.
    Value allEqual = arith::CmpIOp::create(
        builder, l, arith::CmpIPredicate::eq, combined, members);
    LLVM::StoreOp::create(builder, l,
                          arith::ExtUIOp::create(builder, l, i32, allEqual),
                          matchResult, 4);
    return arith::SelectOp::create(
        builder, l, allEqual, arith::TruncIOp::create(builder, l, i32, mask),
        intConstant(i32, 0, where));
  }
  if (name == "__any_sync" || name == "__all_sync") {
    Value test =
        arith::CmpIOp::create(builder, l,
                              name == "__any_sync" ? arith::CmpIPredicate::ne
                                                   : arith::CmpIPredicate::eq,
                              combined, name == "__any_sync" ? i64Constant(0, where) : members);
    return arith::ExtUIOp::create(builder, l, i32, test);
  }
  return arith::TruncIOp::create(builder, l, i32, combined);
}

Value FunctionGen::emitLaneIndex(SourceLocation where) {
  mlir::Location l = loc(where);
  WarpPosition p = warpPosition(builder, l);
  return arith::TruncIOp::create(builder, l, builder.getI32Type(), p.lane);
}

Value FunctionGen::emitWarpIndex(SourceLocation where) {
  mlir::Location l = loc(where);
  WarpPosition p = warpPosition(builder, l);
  Value warp = arith::DivUIOp::create(builder, l, p.thread,
                                      i64Constant(kWarpSize, where));
  return arith::TruncIOp::create(builder, l, builder.getI32Type(), warp);
}

Value FunctionGen::emitPTXShuffle(Value value, StringRef mode, Value laneOperand,
                                  Value control, Value &inRange,
                                  SourceLocation where) {
  mlir::Location l = loc(where);
  auto i64 = builder.getI64Type();
  WarpPosition p = warpPosition(builder, l);
  auto c64 = [&](int64_t v) { return i64Constant(v, where); };
  auto bits5 = [&](Value v) -> Value {
    return arith::AndIOp::create(
        builder, l, arith::ExtUIOp::create(builder, l, i64, v), c64(31));
  };
  // PTX's definition: c packs the clamp lane (bits 0-4) and the segment
  // mask (bits 8-12); a lane reads within its segment.
  Value bLane = bits5(laneOperand);
  Value clamp = bits5(control);
  Value segment = bits5(arith::ShRUIOp::create(
      builder, l, control,
      arith::ConstantOp::create(builder, l, control.getType(),
                                builder.getIntegerAttr(control.getType(), 8))));
  Value notSegment = arith::XOrIOp::create(builder, l, segment, c64(-1));
  Value minLane = arith::AndIOp::create(builder, l, p.lane, segment);
  Value maxLane = arith::OrIOp::create(
      builder, l, minLane, arith::AndIOp::create(builder, l, clamp, notSegment));
  Value source;
  auto compare = [&](arith::CmpIPredicate predicate, Value a, Value c) {
    return arith::CmpIOp::create(builder, l, predicate, a, c).getResult();
  };
  if (mode == "up") {
    source = arith::SubIOp::create(builder, l, p.lane, bLane);
    inRange = compare(arith::CmpIPredicate::sge, source, maxLane);
  } else {
    if (mode == "down")
      source = arith::AddIOp::create(builder, l, p.lane, bLane);
    else if (mode == "bfly")
      source = arith::XOrIOp::create(builder, l, p.lane, bLane);
    else
      source = arith::OrIOp::create(
          builder, l, minLane,
          arith::AndIOp::create(builder, l, bLane, notSegment));
    inRange = compare(arith::CmpIPredicate::sle, source, maxLane);
  }
  // A lane out of range reads its own value.
  return exchangeWithLane(builder, l, nextWarpExchange(), p, value,
                          value.getType(),
                          value.getType().getIntOrFloatBitWidth() / 8,
                          [&] { return std::make_pair(source, inRange); });
}

} // namespace cucpu
