//===- InlineAsmGen.cpp - PTX in `asm` statements ------------------------===//
//
// Device code written for nvcc embeds PTX with `asm`: CUB's warp primitives
// (shuffles with a predicate output, lane masks, bit-field extraction), and
// programs that read %laneid or %clock, or combine integers with carries.
// A CPU runs no PTX, so each instruction becomes the operations its C++ form
// becomes elsewhere in the frontend: arithmetic in `arith`, shuffles and
// votes through the warp exchange of WarpGen.cpp, barriers as `simt`
// barriers. The translation is of straight-line PTX: register declarations,
// scopes, guards (`@p`) and the instructions below. Anything else (labels,
// branches, instructions not listed, rounding modes other than
// round-to-nearest) is an error at the `asm` statement naming it, never a
// silent miscompile.
//
// Registers hold bits: an integer of the register's width (a predicate is
// an i1); floating-point instructions reinterpret them. The asm operands
// are registers too, read from their C++ expressions before the first
// instruction and written back after the last one.
//
//===----------------------------------------------------------------------===//

#include "dialect/SIMTDialect.h"
#include "frontend/FunctionGen.h"
#include "transforms/Passes.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using mlir::Value;
namespace arith = mlir::arith;
namespace LLVM = mlir::LLVM;
namespace simt = cucpu::simt;

namespace cucpu {

namespace {

/// A PTX type suffix: .b32, .u16, .s64, .f32, .pred, ...
struct PTXType {
  char kind = 0; // 'b', 'u', 's', 'f' or 'p' (predicate)
  unsigned bits = 0;
  bool isSigned() const { return kind == 's'; }
  bool isFloat() const { return kind == 'f'; }
  bool isPred() const { return kind == 'p'; }
};

std::optional<PTXType> parseType(StringRef s) {
  if (s == "pred")
    return PTXType{'p', 1};
  if (s.size() < 2 || !StringRef("busf").contains(s[0]))
    return std::nullopt;
  unsigned bits;
  if (s.drop_front().getAsInteger(10, bits) ||
      (bits != 8 && bits != 16 && bits != 32 && bits != 64))
    return std::nullopt;
  return PTXType{s[0], bits};
}

/// One parsed instruction: `@guard opcode.mod.mod operands`.
struct Instruction {
  std::string guard;
  bool guardNegated = false;
  std::string opcode;
  llvm::SmallVector<std::string> modifiers;
  llvm::SmallVector<std::string> operands;
  std::string text;

  bool has(StringRef m) const { return llvm::is_contained(modifiers, m); }
  /// The type suffixes, in order.
  llvm::SmallVector<PTXType> types() const {
    llvm::SmallVector<PTXType> result;
    for (const std::string &m : modifiers)
      if (std::optional<PTXType> t = parseType(m))
        result.push_back(*t);
    return result;
  }
};

/// Splits `s` at top-level commas (not inside braces or brackets).
llvm::SmallVector<std::string> splitOperands(StringRef s) {
  llvm::SmallVector<std::string> result;
  int depth = 0;
  std::string current;
  for (char c : s) {
    if (c == '{' || c == '[')
      ++depth;
    if (c == '}' || c == ']')
      --depth;
    if (c == ',' && depth == 0) {
      result.push_back(StringRef(current).trim().str());
      current.clear();
      continue;
    }
    current.push_back(c);
  }
  if (!StringRef(current).trim().empty())
    result.push_back(StringRef(current).trim().str());
  return result;
}

class PTXTranslator {
public:
  PTXTranslator(FunctionGen &fg, mlir::OpBuilder &b, const GCCAsmStmt *s,
                ModuleGen &mod)
      : fg(fg), b(b), s(s), mod(mod), where(s->getAsmLoc()),
        l(fg.loc(s->getAsmLoc())) {}

  void run();

private:
  FunctionGen &fg;
  mlir::OpBuilder &b;
  const GCCAsmStmt *s;
  ModuleGen &mod;
  SourceLocation where;
  mlir::Location l;
  bool failed = false;

  /// An asm operand: `%N` in the text.
  struct Operand {
    bool output = false;
    bool immediate = false;
    Value value; // the register's bits (integer), or the immediate (i64)
    LValue dest; // outputs: where the value goes after the last instruction
    QualType type;
  };
  llvm::SmallVector<Operand> operands;
  /// Declared registers, innermost scope last.
  llvm::SmallVector<llvm::StringMap<Value>> scopes;
  llvm::StringMap<PTXType> registerTypes;
  /// The carry flag of add.cc and friends.
  Value carry;

  void fail(const Twine &what) {
    if (!failed)
      mod.unsupported(where, what.str());
    failed = true;
  }

  //===--- Values ---------------------------------------------------------===//

  mlir::IntegerType intType(unsigned bits) { return b.getIntegerType(bits); }
  Value constant(unsigned bits, int64_t v) {
    return arith::ConstantOp::create(b, l, intType(bits),
                                     b.getIntegerAttr(intType(bits), v));
  }
  /// `v` (an integer) resized to `bits`, sign-extended if `isSigned`.
  Value resize(Value v, unsigned bits, bool isSigned) {
    unsigned have = v.getType().getIntOrFloatBitWidth();
    if (have == bits)
      return v;
    if (have > bits)
      return arith::TruncIOp::create(b, l, intType(bits), v);
    if (isSigned)
      return arith::ExtSIOp::create(b, l, intType(bits), v);
    return arith::ExtUIOp::create(b, l, intType(bits), v);
  }
  Value toFloat(Value bits) {
    unsigned width = bits.getType().getIntOrFloatBitWidth();
    mlir::Type f = width == 64 ? (mlir::Type)b.getF64Type()
                               : (mlir::Type)b.getF32Type();
    if (width != 32 && width != 64) {
      fail("a floating-point PTX register of " + Twine(width) + " bits");
      return arith::ConstantOp::create(b, l, b.getF32Type(),
                                       b.getF32FloatAttr(0));
    }
    return arith::BitcastOp::create(b, l, f, bits);
  }
  Value toBits(Value f) {
    return arith::BitcastOp::create(
        b, l, intType(f.getType().getIntOrFloatBitWidth()), f);
  }

  Value *lookupRegister(StringRef name) {
    for (auto &scope : llvm::reverse(scopes)) {
      auto it = scope.find(name);
      if (it != scope.end())
        return &it->second;
    }
    return nullptr;
  }

  /// The asm operand `%N` names, if `text` is one.
  Operand *asmOperand(StringRef text) {
    unsigned index;
    if (!text.consume_front("%") || text.getAsInteger(10, index) ||
        index >= operands.size())
      return nullptr;
    return &operands[index];
  }

  Value specialRegister(StringRef name, unsigned bits);
  Value immediate(StringRef text, PTXType type);
  /// The value of a source operand, as `type` (its bits; an i1 for a
  /// predicate).
  Value read(StringRef text, PTXType type);
  /// Writes `v` (of `type`'s width, or an i1) to a destination operand.
  void write(StringRef text, Value v, PTXType type);
  Value address(StringRef text);

  void declare(StringRef text);
  void translate(const Instruction &inst);
  void translateArithmetic(const Instruction &inst, PTXType t);
  void translateFloat(const Instruction &inst, PTXType t);
  void translateConvert(const Instruction &inst);
  void translateMemory(const Instruction &inst);
  void translateWarp(const Instruction &inst);
  Value compare(StringRef op, Value a, Value c, PTXType t);
};

} // namespace

Value PTXTranslator::specialRegister(StringRef name, unsigned bits) {
  auto dimension = [&](StringRef suffix) -> std::optional<simt::Dimension> {
    if (suffix == "x")
      return simt::Dimension::x;
    if (suffix == "y")
      return simt::Dimension::y;
    if (suffix == "z")
      return simt::Dimension::z;
    return std::nullopt;
  };
  auto asBits = [&](Value v) {
    if (mlir::isa<mlir::IndexType>(v.getType()))
      v = arith::IndexCastUIOp::create(b, l, intType(64), v);
    return resize(v, bits, false);
  };
  auto [base, suffix] = name.split('.');
  if (std::optional<simt::Dimension> dim = dimension(suffix)) {
    auto attr = simt::DimensionAttr::get(b.getContext(), *dim);
    if (base == "tid")
      return asBits(simt::ThreadIdOp::create(b, l, attr));
    if (base == "ntid")
      return asBits(simt::BlockDimOp::create(b, l, attr));
    if (base == "ctaid")
      return asBits(simt::BlockIdOp::create(b, l, attr));
    if (base == "nctaid")
      return asBits(simt::GridDimOp::create(b, l, attr));
  }
  if (name == "laneid")
    return resize(fg.emitLaneIndex(where), bits, false);
  // The warp's index in its block: what a thread's own warp is, though
  // PTX's may change over its life.
  if (name == "warpid")
    return resize(fg.emitWarpIndex(where), bits, false);
  StringRef mask = name;
  if (mask.consume_front("lanemask_")) {
    Value one = constant(32, 1);
    Value eq = arith::ShLIOp::create(b, l, one, fg.emitLaneIndex(where));
    if (mask == "eq")
      return resize(eq, bits, false);
    // The lanes below the caller's, or up to it (lane 31's 1 << 32 is 0,
    // whose predecessor is every lane); their complements for gt and ge.
    Value upTo = mask == "lt" || mask == "ge"
                     ? eq
                     : arith::ShLIOp::create(b, l, eq, one).getResult();
    Value below = arith::SubIOp::create(b, l, upTo, one);
    if (mask == "lt" || mask == "le")
      return resize(below, bits, false);
    if (mask == "gt" || mask == "ge")
      return resize(arith::XOrIOp::create(b, l, below, constant(32, -1)), bits,
                    false);
  }
  if (name == "clock" || name == "clock64" || name == "globaltimer" ||
      name == "globaltimer_lo") {
    Value cycles = LLVM::CallIntrinsicOp::create(
                       b, l, intType(64),
                       b.getStringAttr("llvm.readcyclecounter"),
                       mlir::ValueRange{})
                       .getResult(0);
    return resize(cycles, bits, false);
  }
  if (name == "smid")
    return constant(bits, 0);
  if (name == "nsmid" || name == "nwarpid")
    return constant(bits, 1);
  if (name == "WARP_SZ")
    return constant(bits, kWarpSize);
  fail("the PTX special register '%" + name + "' in inline assembly");
  return constant(bits, 0);
}

Value PTXTranslator::immediate(StringRef text, PTXType type) {
  unsigned bits = type.isPred() ? 1 : type.bits;
  StringRef t = text;
  // 0fXXXXXXXX and 0dXXXXXXXXXXXXXXXX: the bits of a float and a double.
  if ((t.starts_with("0f") || t.starts_with("0F")) && t.size() == 10) {
    uint64_t v;
    if (!t.drop_front(2).getAsInteger(16, v))
      return resize(constant(32, (int64_t)v), bits, false);
  }
  if ((t.starts_with("0d") || t.starts_with("0D")) && t.size() == 18) {
    uint64_t v;
    if (!t.drop_front(2).getAsInteger(16, v))
      return resize(constant(64, (int64_t)v), bits, false);
  }
  bool negative = t.consume_front("-");
  if (t.ends_with("U") || t.ends_with("u"))
    t = t.drop_back();
  uint64_t v;
  if (!t.getAsInteger(0, v))
    return constant(bits, negative ? -(int64_t)v : (int64_t)v);
  if (type.isFloat()) {
    double d;
    if (!text.getAsDouble(d)) {
      mlir::Type ft = bits == 64 ? (mlir::Type)b.getF64Type()
                                 : (mlir::Type)b.getF32Type();
      return toBits(arith::ConstantOp::create(b, l, ft, b.getFloatAttr(ft, d)));
    }
  }
  fail("the PTX operand '" + text + "' in inline assembly");
  return constant(bits, 0);
}

Value PTXTranslator::read(StringRef text, PTXType type) {
  unsigned bits = type.isPred() ? 1 : type.bits;
  text = text.trim();
  if (text.consume_front("!")) {
    Value v = read(text, PTXType{'p', 1});
    return arith::XOrIOp::create(b, l, v, constant(1, 1));
  }
  if (Operand *op = asmOperand(text)) {
    if (op->immediate)
      return resize(op->value, bits, true);
    if (type.isPred())
      return arith::CmpIOp::create(
          b, l, arith::CmpIPredicate::ne, op->value,
          constant(op->value.getType().getIntOrFloatBitWidth(), 0));
    return resize(op->value, bits, type.isSigned());
  }
  if (Value *reg = lookupRegister(text)) {
    if (!*reg)
      *reg = constant(registerTypes[text].isPred() ? 1 : registerTypes[text].bits,
                      0);
    if (type.isPred() || reg->getType().getIntOrFloatBitWidth() == 1)
      return type.isPred() ? *reg : resize(*reg, bits, false);
    return resize(*reg, bits, type.isSigned());
  }
  if (text.starts_with("%"))
    return specialRegister(text.drop_front(), bits == 1 ? 32 : bits);
  if (!text.empty() && (isDigit(text[0]) || text[0] == '-'))
    return immediate(text, type);
  fail("the PTX operand '" + text + "' in inline assembly");
  return constant(bits, 0);
}

void PTXTranslator::write(StringRef text, Value v, PTXType type) {
  text = text.trim();
  if (text == "_")
    return;
  if (Operand *op = asmOperand(text)) {
    if (!op->output) {
      fail("a PTX instruction that writes an input operand");
      return;
    }
    unsigned width = op->value.getType().getIntOrFloatBitWidth();
    op->value = resize(v, width, type.isSigned());
    return;
  }
  if (Value *reg = lookupRegister(text)) {
    PTXType declared = registerTypes[text];
    *reg = declared.isPred() ? v : resize(v, declared.bits, type.isSigned());
    return;
  }
  fail("the PTX destination '" + text + "' in inline assembly");
}

Value PTXTranslator::address(StringRef text) {
  text = text.trim();
  if (!text.consume_front("[") || !text.consume_back("]")) {
    fail("the PTX address '" + text + "' in inline assembly");
    return constant(64, 0);
  }
  auto [base, offsetText] = text.split('+');
  Value addr = read(base.trim(), PTXType{'u', 64});
  if (!offsetText.trim().empty())
    addr = arith::AddIOp::create(b, l, addr,
                                 read(offsetText.trim(), PTXType{'s', 64}));
  return addr;
}

void PTXTranslator::declare(StringRef text) {
  // .reg .type name[, name...];  or  .reg .type name<N>;
  StringRef rest = text.drop_front(4).trim();
  if (!rest.consume_front(".")) {
    fail("the PTX directive '" + text + "' in inline assembly");
    return;
  }
  auto [typeName, names] = rest.split(' ');
  std::optional<PTXType> type = parseType(typeName);
  if (!type) {
    fail("the PTX register type '." + typeName + "' in inline assembly");
    return;
  }
  if (type->bits < 16 && !type->isPred())
    type->bits = 16;
  for (const std::string &n : splitOperands(names)) {
    StringRef name = n;
    unsigned count = 0;
    if (name.ends_with(">")) {
      auto [stem, countText] = name.drop_back().split('<');
      if (countText.getAsInteger(10, count)) {
        fail("the PTX declaration '" + text + "' in inline assembly");
        return;
      }
      for (unsigned i = 0; i < count; ++i) {
        std::string r = (stem + Twine(i)).str();
        scopes.back()[r] = Value();
        registerTypes[r] = *type;
      }
      continue;
    }
    scopes.back()[name] = Value();
    registerTypes[name] = *type;
  }
}

Value PTXTranslator::compare(StringRef op, Value a, Value c, PTXType t) {
  if (t.isFloat()) {
    Value fa = toFloat(a), fc = toFloat(c);
    auto pred = llvm::StringSwitch<std::optional<arith::CmpFPredicate>>(op)
                    .Case("eq", arith::CmpFPredicate::OEQ)
                    .Case("ne", arith::CmpFPredicate::ONE)
                    .Case("lt", arith::CmpFPredicate::OLT)
                    .Case("le", arith::CmpFPredicate::OLE)
                    .Case("gt", arith::CmpFPredicate::OGT)
                    .Case("ge", arith::CmpFPredicate::OGE)
                    .Case("equ", arith::CmpFPredicate::UEQ)
                    .Case("neu", arith::CmpFPredicate::UNE)
                    .Case("ltu", arith::CmpFPredicate::ULT)
                    .Case("leu", arith::CmpFPredicate::ULE)
                    .Case("gtu", arith::CmpFPredicate::UGT)
                    .Case("geu", arith::CmpFPredicate::UGE)
                    .Case("num", arith::CmpFPredicate::ORD)
                    .Case("nan", arith::CmpFPredicate::UNO)
                    .Default(std::nullopt);
    if (!pred) {
      fail("the PTX comparison '" + op + "' in inline assembly");
      return constant(1, 0);
    }
    return arith::CmpFOp::create(b, l, *pred, fa, fc);
  }
  bool isSigned = t.isSigned();
  auto pred =
      llvm::StringSwitch<std::optional<arith::CmpIPredicate>>(op)
          .Case("eq", arith::CmpIPredicate::eq)
          .Case("ne", arith::CmpIPredicate::ne)
          .Case("lt", isSigned ? arith::CmpIPredicate::slt
                               : arith::CmpIPredicate::ult)
          .Case("le", isSigned ? arith::CmpIPredicate::sle
                               : arith::CmpIPredicate::ule)
          .Case("gt", isSigned ? arith::CmpIPredicate::sgt
                               : arith::CmpIPredicate::ugt)
          .Case("ge", isSigned ? arith::CmpIPredicate::sge
                               : arith::CmpIPredicate::uge)
          .Case("lo", arith::CmpIPredicate::ult)
          .Case("ls", arith::CmpIPredicate::ule)
          .Case("hi", arith::CmpIPredicate::ugt)
          .Case("hs", arith::CmpIPredicate::uge)
          .Default(std::nullopt);
  if (!pred) {
    fail("the PTX comparison '" + op + "' in inline assembly");
    return constant(1, 0);
  }
  return arith::CmpIOp::create(b, l, *pred, a, c);
}

void PTXTranslator::translateFloat(const Instruction &inst, PTXType t) {
  for (StringRef m : {"rz", "rm", "rp"})
    if (inst.has(m)) {
      fail("the PTX instruction '" + inst.text +
           "' (rounding other than to nearest) in inline assembly");
      return;
    }
  StringRef op = inst.opcode;
  auto arg = [&](unsigned i) { return toFloat(read(inst.operands[i], t)); };
  Value r;
  if (op == "add")
    r = arith::AddFOp::create(b, l, arg(1), arg(2));
  else if (op == "sub")
    r = arith::SubFOp::create(b, l, arg(1), arg(2));
  else if (op == "mul")
    r = arith::MulFOp::create(b, l, arg(1), arg(2));
  else if (op == "div")
    r = arith::DivFOp::create(b, l, arg(1), arg(2));
  else if (op == "fma" || op == "mad")
    r = mlir::math::FmaOp::create(b, l, arg(1), arg(2), arg(3));
  else if (op == "min")
    r = arith::MinNumFOp::create(b, l, arg(1), arg(2));
  else if (op == "max")
    r = arith::MaxNumFOp::create(b, l, arg(1), arg(2));
  else if (op == "abs")
    r = mlir::math::AbsFOp::create(b, l, arg(1));
  else if (op == "neg")
    r = arith::NegFOp::create(b, l, arg(1));
  else if (op == "sqrt")
    r = mlir::math::SqrtOp::create(b, l, arg(1));
  else if (op == "rsqrt")
    r = mlir::math::RsqrtOp::create(b, l, arg(1));
  else if (op == "rcp") {
    Value x = arg(1);
    Value one = arith::ConstantOp::create(b, l, x.getType(),
                                          b.getFloatAttr(x.getType(), 1.0));
    r = arith::DivFOp::create(b, l, one, x);
  } else if (op == "ex2")
    r = mlir::math::Exp2Op::create(b, l, arg(1));
  else if (op == "lg2")
    r = mlir::math::Log2Op::create(b, l, arg(1));
  else if (op == "sin")
    r = mlir::math::SinOp::create(b, l, arg(1));
  else if (op == "cos")
    r = mlir::math::CosOp::create(b, l, arg(1));
  else {
    fail("the PTX instruction '" + inst.text + "' in inline assembly");
    return;
  }
  if (inst.has("sat")) {
    // Clamped to [0, 1], NaN to 0.
    mlir::Type ft = r.getType();
    Value zero = arith::ConstantOp::create(b, l, ft, b.getFloatAttr(ft, 0.0));
    Value one = arith::ConstantOp::create(b, l, ft, b.getFloatAttr(ft, 1.0));
    r = arith::MinNumFOp::create(b, l, arith::MaxNumFOp::create(b, l, r, zero),
                                 one);
  }
  write(inst.operands[0], toBits(r), t);
}

void PTXTranslator::translateArithmetic(const Instruction &inst, PTXType t) {
  StringRef op = inst.opcode;
  unsigned w = t.bits;
  auto arg = [&](unsigned i) { return read(inst.operands[i], t); };
  auto need = [&](unsigned n) {
    if (inst.operands.size() == n)
      return true;
    fail("the PTX instruction '" + inst.text + "' (operand count)");
    return false;
  };
  Value r;
  if (t.isPred()) {
    // Logic on predicates.
    if (op == "not" && need(2))
      r = arith::XOrIOp::create(b, l, arg(1), constant(1, 1));
    else if (op == "and" && need(3))
      r = arith::AndIOp::create(b, l, arg(1), arg(2));
    else if (op == "or" && need(3))
      r = arith::OrIOp::create(b, l, arg(1), arg(2));
    else if (op == "xor" && need(3))
      r = arith::XOrIOp::create(b, l, arg(1), arg(2));
    else if (op == "mov" && need(2))
      r = arg(1);
    else {
      fail("the PTX instruction '" + inst.text + "' in inline assembly");
      return;
    }
    write(inst.operands[0], r, t);
    return;
  }
  auto shiftAmount = [&](unsigned i) {
    // PTX's shift amount is an unsigned 32-bit value; shifts by the width
    // or more give 0 (or the sign, for .s shr).
    return resize(read(inst.operands[i], PTXType{'u', 32}), w, false);
  };
  Value widthConst = constant(w, w);
  if ((op == "add" || op == "sub") && inst.has("sat")) {
    fail("the PTX instruction '" + inst.text + "' in inline assembly");
    return;
  }
  if (op == "add" || op == "sub" || op == "addc" || op == "subc") {
    if (!need(3))
      return;
    Value a = arg(1), c = arg(2);
    bool withCarry = op == "addc" || op == "subc";
    bool isAdd = op == "add" || op == "addc";
    if (withCarry && !carry) {
      fail("'" + op + "' without a preceding '.cc' instruction");
      return;
    }
    Value wide = isAdd ? arith::AddIOp::create(b, l, resize(a, w + 1, false),
                                               resize(c, w + 1, false))
                             .getResult()
                       : arith::SubIOp::create(b, l, resize(a, w + 1, false),
                                               resize(c, w + 1, false))
                             .getResult();
    if (withCarry) {
      Value cin = resize(carry, w + 1, false);
      wide = isAdd ? arith::AddIOp::create(b, l, wide, cin).getResult()
                   : arith::SubIOp::create(b, l, wide, cin).getResult();
    }
    r = resize(wide, w, false);
    if (inst.has("cc")) {
      // The carry out (add), or the borrow (sub): bit w of the wide result.
      carry = resize(arith::ShRUIOp::create(b, l, wide, constant(w + 1, w)), 1,
                     false);
    }
  } else if (op == "mul" || op == "mad") {
    bool wideResult = inst.has("wide");
    bool high = inst.has("hi");
    if (!need(op == "mul" ? 3 : 4))
      return;
    Value a = arg(1), c = arg(2);
    if (wideResult || high) {
      Value pa = resize(a, 2 * w, t.isSigned());
      Value pc = resize(c, 2 * w, t.isSigned());
      Value product = arith::MulIOp::create(b, l, pa, pc);
      if (high) {
        r = resize(arith::ShRUIOp::create(b, l, product, constant(2 * w, w)), w,
                   false);
      } else {
        r = product;
      }
    } else {
      r = arith::MulIOp::create(b, l, a, c);
    }
    if (op == "mad") {
      unsigned rw = r.getType().getIntOrFloatBitWidth();
      Value addend = read(inst.operands[3], PTXType{t.kind, rw});
      if (inst.has("cc") || inst.has("sat")) {
        fail("the PTX instruction '" + inst.text + "' in inline assembly");
        return;
      }
      r = arith::AddIOp::create(b, l, r, addend);
    }
    write(inst.operands[0], r,
          PTXType{t.kind, r.getType().getIntOrFloatBitWidth()});
    return;
  } else if ((op == "div" || op == "rem") && need(3)) {
    if (op == "div")
      r = t.isSigned() ? arith::DivSIOp::create(b, l, arg(1), arg(2)).getResult()
                       : arith::DivUIOp::create(b, l, arg(1), arg(2)).getResult();
    else
      r = t.isSigned() ? arith::RemSIOp::create(b, l, arg(1), arg(2)).getResult()
                       : arith::RemUIOp::create(b, l, arg(1), arg(2)).getResult();
  } else if ((op == "min" || op == "max") && need(3)) {
    if (op == "min")
      r = t.isSigned() ? arith::MinSIOp::create(b, l, arg(1), arg(2)).getResult()
                       : arith::MinUIOp::create(b, l, arg(1), arg(2)).getResult();
    else
      r = t.isSigned() ? arith::MaxSIOp::create(b, l, arg(1), arg(2)).getResult()
                       : arith::MaxUIOp::create(b, l, arg(1), arg(2)).getResult();
  } else if (op == "abs" && need(2)) {
    Value a = arg(1);
    Value negA = arith::SubIOp::create(b, l, constant(w, 0), a);
    r = arith::SelectOp::create(
        b, l,
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, a,
                              constant(w, 0)),
        negA, a);
  } else if (op == "neg" && need(2)) {
    r = arith::SubIOp::create(b, l, constant(w, 0), arg(1));
  } else if ((op == "and" || op == "or" || op == "xor") && need(3)) {
    if (op == "and")
      r = arith::AndIOp::create(b, l, arg(1), arg(2));
    else if (op == "or")
      r = arith::OrIOp::create(b, l, arg(1), arg(2));
    else
      r = arith::XOrIOp::create(b, l, arg(1), arg(2));
  } else if (op == "not" && need(2)) {
    r = arith::XOrIOp::create(b, l, arg(1), constant(w, -1));
  } else if (op == "cnot" && need(2)) {
    r = resize(arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, arg(1),
                                     constant(w, 0)),
               w, false);
  } else if ((op == "shl" || op == "shr") && need(3)) {
    Value a = arg(1);
    Value n = shiftAmount(2);
    Value tooFar =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::uge, n, widthConst);
    if (op == "shl") {
      r = arith::SelectOp::create(b, l, tooFar, constant(w, 0),
                                  arith::ShLIOp::create(b, l, a, n));
    } else if (t.isSigned()) {
      Value clamped = arith::MinUIOp::create(b, l, n, constant(w, w - 1));
      r = arith::ShRSIOp::create(b, l, a, clamped);
    } else {
      r = arith::SelectOp::create(b, l, tooFar, constant(w, 0),
                                  arith::ShRUIOp::create(b, l, a, n));
    }
  } else if ((op == "popc" || op == "clz") && need(2)) {
    Value a = arg(1);
    Value count = op == "popc"
                      ? mlir::math::CtPopOp::create(b, l, a).getResult()
                      : mlir::math::CountLeadingZerosOp::create(b, l, a)
                            .getResult();
    write(inst.operands[0], resize(count, 32, false), PTXType{'u', 32});
    return;
  } else if (op == "brev" && need(2)) {
    Value a = arg(1);
    r = LLVM::BitReverseOp::create(b, l, a.getType(), a);
  } else if (op == "bfe" && need(4)) {
    Value a = arg(1);
    auto field = [&](unsigned i) {
      Value v = resize(read(inst.operands[i], PTXType{'u', 32}), w, false);
      v = arith::AndIOp::create(b, l, v, constant(w, 0xff));
      return arith::MinUIOp::create(b, l, v, widthConst).getResult();
    };
    Value pos = field(2), len = field(3);
    Value zero = constant(w, 0);
    Value end = arith::MinUIOp::create(
        b, l, arith::AddIOp::create(b, l, pos, len), widthConst);
    // The field's bits moved to the top, then back down to bit 0: with the
    // sign's copies for .s, zeros for .u.
    Value up = arith::SubIOp::create(b, l, widthConst, end);
    Value down = arith::AddIOp::create(b, l, up, pos);
    Value upShifted = arith::SelectOp::create(
        b, l,
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::uge, up, widthConst),
        zero, arith::ShLIOp::create(b, l, a, up));
    Value emptyField =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, len, zero);
    if (t.isSigned()) {
      // pos beyond the width: every bit is the sign of a.
      Value signOnly = arith::ShRSIOp::create(b, l, a, constant(w, w - 1));
      Value shifted = arith::ShRSIOp::create(
          b, l, upShifted,
          arith::MinUIOp::create(b, l, down, constant(w, w - 1)));
      Value posPast =
          arith::CmpIOp::create(b, l, arith::CmpIPredicate::uge, pos, widthConst);
      r = arith::SelectOp::create(b, l, posPast, signOnly, shifted);
    } else {
      Value tooFar = arith::CmpIOp::create(b, l, arith::CmpIPredicate::uge,
                                           down, widthConst);
      r = arith::SelectOp::create(b, l, tooFar, zero,
                                  arith::ShRUIOp::create(b, l, upShifted, down));
    }
    r = arith::SelectOp::create(b, l, emptyField, zero, r);
  } else if (op == "bfi" && need(5)) {
    Value f = arg(1), base = arg(2);
    auto field = [&](unsigned i) {
      Value v = resize(read(inst.operands[i], PTXType{'u', 32}), w, false);
      v = arith::AndIOp::create(b, l, v, constant(w, 0xff));
      return arith::MinUIOp::create(b, l, v, widthConst).getResult();
    };
    Value pos = field(3), len = field(4);
    Value zero = constant(w, 0), ones = constant(w, -1);
    auto shl = [&](Value v, Value n) {
      return arith::SelectOp::create(
                 b, l,
                 arith::CmpIOp::create(b, l, arith::CmpIPredicate::uge, n,
                                       widthConst),
                 zero, arith::ShLIOp::create(b, l, v, n))
          .getResult();
    };
    // mask = ((1 << len) - 1) << pos, the field's bits in the result.
    Value lowBits = arith::XOrIOp::create(b, l, shl(ones, len), ones);
    Value mask = shl(lowBits, pos);
    r = arith::OrIOp::create(
        b, l, arith::AndIOp::create(b, l, base, arith::XOrIOp::create(b, l, mask, ones)),
        arith::AndIOp::create(b, l, shl(f, pos), mask));
  } else if (op == "prmt" && need(4)) {
    if (inst.modifiers.size() > 1) {
      fail("the PTX instruction '" + inst.text + "' (a prmt mode) in inline "
                                                  "assembly");
      return;
    }
    Value a = resize(arg(1), 64, false), c = resize(arg(2), 64, false);
    Value selectors = resize(arg(3), 64, false);
    Value bytes = arith::OrIOp::create(
        b, l, a, arith::ShLIOp::create(b, l, c, constant(64, 32)));
    Value result = constant(64, 0);
    for (int i = 0; i < 4; ++i) {
      Value sel = arith::AndIOp::create(
          b, l, arith::ShRUIOp::create(b, l, selectors, constant(64, 4 * i)),
          constant(64, 0xf));
      Value which = arith::AndIOp::create(b, l, sel, constant(64, 7));
      Value byte = arith::AndIOp::create(
          b, l,
          arith::ShRUIOp::create(
              b, l, bytes, arith::MulIOp::create(b, l, which, constant(64, 8))),
          constant(64, 0xff));
      // Selector bit 3: the byte's sign, replicated.
      Value replicate = arith::CmpIOp::create(
          b, l, arith::CmpIPredicate::ne,
          arith::AndIOp::create(b, l, sel, constant(64, 8)), constant(64, 0));
      Value sign = arith::SelectOp::create(
          b, l,
          arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne,
                                arith::AndIOp::create(b, l, byte,
                                                      constant(64, 0x80)),
                                constant(64, 0)),
          constant(64, 0xff), constant(64, 0));
      byte = arith::SelectOp::create(b, l, replicate, sign, byte);
      result = arith::OrIOp::create(
          b, l, result, arith::ShLIOp::create(b, l, byte, constant(64, 8 * i)));
    }
    r = resize(result, w, false);
  } else if (op == "lop3" && need(5)) {
    Operand *lutOperand = asmOperand(inst.operands[4]);
    std::optional<int64_t> lut;
    if (lutOperand && lutOperand->immediate) {
      if (auto c = lutOperand->value.getDefiningOp<arith::ConstantOp>())
        lut = mlir::cast<mlir::IntegerAttr>(c.getValue()).getInt();
    } else {
      int64_t v;
      if (!StringRef(inst.operands[4]).getAsInteger(0, v))
        lut = v;
    }
    if (!lut) {
      fail("lop3 with a look-up table that is not a constant");
      return;
    }
    Value x[3] = {arg(1), arg(2), arg(3)};
    Value notX[3];
    for (int i = 0; i < 3; ++i)
      notX[i] = arith::XOrIOp::create(b, l, x[i], constant(w, -1));
    r = constant(w, 0);
    // PTX's table: bit (a<<2 | b<<1 | c) of the immediate is f(a, b, c).
    for (int m = 0; m < 8; ++m) {
      if (!((*lut >> m) & 1))
        continue;
      Value term = arith::AndIOp::create(
          b, l, (m & 4) ? x[0] : notX[0],
          arith::AndIOp::create(b, l, (m & 2) ? x[1] : notX[1],
                                (m & 1) ? x[2] : notX[2]));
      r = arith::OrIOp::create(b, l, r, term);
    }
  } else if (op == "shf" && need(4)) {
    bool left = inst.has("l");
    bool wrap = inst.has("wrap");
    Value lo = resize(arg(1), 64, false), hi = resize(arg(2), 64, false);
    Value n = resize(read(inst.operands[3], PTXType{'u', 32}), 64, false);
    n = wrap ? arith::AndIOp::create(b, l, n, constant(64, 31)).getResult()
             : arith::MinUIOp::create(b, l, n, constant(64, 32)).getResult();
    Value both = arith::OrIOp::create(
        b, l, lo, arith::ShLIOp::create(b, l, hi, constant(64, 32)));
    r = left ? resize(arith::ShRUIOp::create(
                          b, l, arith::ShLIOp::create(b, l, both, n),
                          constant(64, 32)),
                      32, false)
             : resize(arith::ShRUIOp::create(b, l, both, n), 32, false);
  } else if (op == "selp" && need(4)) {
    Value p = read(inst.operands[3], PTXType{'p', 1});
    r = arith::SelectOp::create(b, l, p, arg(1), arg(2));
  } else if ((op == "vadd" || op == "vshl" || op == "vshr") && need(4)) {
    // The video forms CUB uses: .u32.u32.u32 with a secondary add.
    llvm::SmallVector<PTXType> types = inst.types();
    bool plain = types.size() == 3 && llvm::all_of(types, [](PTXType x) {
                   return x.kind == 'u' && x.bits == 32;
                 });
    if (!plain || !inst.has("add")) {
      fail("the PTX instruction '" + inst.text + "' in inline assembly");
      return;
    }
    Value a = resize(arg(1), 64, false), c = resize(arg(2), 64, false);
    Value base;
    if (op == "vadd") {
      base = arith::AddIOp::create(b, l, a, c);
    } else {
      Value n = inst.has("wrap")
                    ? arith::AndIOp::create(b, l, c, constant(64, 31)).getResult()
                    : arith::MinUIOp::create(b, l, c, constant(64, 32)).getResult();
      base = op == "vshl"
                 ? arith::AndIOp::create(b, l,
                                         arith::ShLIOp::create(b, l, a, n),
                                         constant(64, 0xffffffff))
                       .getResult()
                 : arith::ShRUIOp::create(b, l, a, n).getResult();
    }
    r = resize(arith::AddIOp::create(b, l, base, resize(arg(3), 64, false)), 32,
               false);
  } else {
    fail("the PTX instruction '" + inst.text + "' in inline assembly");
    return;
  }
  write(inst.operands[0], r, t);
}

void PTXTranslator::translateConvert(const Instruction &inst) {
  llvm::SmallVector<PTXType> types = inst.types();
  if (types.size() != 2 || inst.operands.size() != 2) {
    fail("the PTX instruction '" + inst.text + "' in inline assembly");
    return;
  }
  PTXType to = types[0], from = types[1];
  if (inst.has("sat") && !to.isFloat()) {
    fail("the PTX instruction '" + inst.text + "' (saturation) in inline "
                                                "assembly");
    return;
  }
  Value v = read(inst.operands[1], from);
  Value r;
  if (!from.isFloat() && !to.isFloat()) {
    // Truncated to the destination type, then held in a register of at
    // least 16 bits, extended as the destination type says.
    Value narrow = resize(v, to.bits, from.isSigned());
    r = resize(narrow, std::max(to.bits, 16u), to.isSigned());
    write(inst.operands[0], r, PTXType{to.kind, std::max(to.bits, 16u)});
    return;
  }
  if (from.isFloat() && to.isFloat()) {
    for (StringRef m : {"rz", "rm", "rp"})
      if (inst.has(m)) {
        fail("the PTX instruction '" + inst.text +
             "' (rounding other than to nearest) in inline assembly");
        return;
      }
    Value f = toFloat(v);
    mlir::Type toType = to.bits == 64 ? (mlir::Type)b.getF64Type()
                                      : (mlir::Type)b.getF32Type();
    if (to.bits == from.bits) {
      // The integer roundings: cvt.rni.f32.f32 and friends.
      if (inst.has("rni"))
        f = mlir::math::RoundEvenOp::create(b, l, f);
      else if (inst.has("rzi"))
        f = mlir::math::TruncOp::create(b, l, f);
      else if (inst.has("rmi"))
        f = mlir::math::FloorOp::create(b, l, f);
      else if (inst.has("rpi"))
        f = mlir::math::CeilOp::create(b, l, f);
      r = f;
    } else if (to.bits > from.bits) {
      r = arith::ExtFOp::create(b, l, toType, f);
    } else {
      r = arith::TruncFOp::create(b, l, toType, f);
    }
    write(inst.operands[0], toBits(r), to);
    return;
  }
  if (from.isFloat()) {
    Value f = toFloat(v);
    // Integer conversions round toward zero unless the instruction says
    // otherwise; PTX saturates out-of-range values.
    if (inst.has("rni"))
      f = mlir::math::RoundEvenOp::create(b, l, f);
    else if (inst.has("rmi"))
      f = mlir::math::FloorOp::create(b, l, f);
    else if (inst.has("rpi"))
      f = mlir::math::CeilOp::create(b, l, f);
    mlir::Type it = intType(to.bits);
    std::string intrinsic =
        (Twine("llvm.fpto") + (to.isSigned() ? "si" : "ui") + ".sat.i" +
         Twine(to.bits) + ".f" + Twine(from.bits))
            .str();
    r = LLVM::CallIntrinsicOp::create(b, l, it, b.getStringAttr(intrinsic),
                                      mlir::ValueRange{f})
            .getResult(0);
    write(inst.operands[0], r, to);
    return;
  }
  for (StringRef m : {"rz", "rm", "rp"})
    if (inst.has(m)) {
      fail("the PTX instruction '" + inst.text +
           "' (rounding other than to nearest) in inline assembly");
      return;
    }
  mlir::Type toType = to.bits == 64 ? (mlir::Type)b.getF64Type()
                                    : (mlir::Type)b.getF32Type();
  r = from.isSigned() ? arith::SIToFPOp::create(b, l, toType, v).getResult()
                      : arith::UIToFPOp::create(b, l, toType, v).getResult();
  write(inst.operands[0], toBits(r), to);
}

void PTXTranslator::translateMemory(const Instruction &inst) {
  llvm::SmallVector<PTXType> types = inst.types();
  if (types.size() != 1 || inst.operands.size() != 2) {
    fail("the PTX instruction '" + inst.text + "' in inline assembly");
    return;
  }
  PTXType t = types[0];
  unsigned vector = inst.has("v2") ? 2 : inst.has("v4") ? 4 : 1;
  for (StringRef space :
       {"shared", "shared::cta", "shared::cluster", "local", "param", "tex"})
    if (inst.has(space)) {
      // Their addresses are offsets in a window a CPU does not have.
      fail("the PTX instruction '" + inst.text + "' (a ." + space +
           " address) in inline assembly");
      return;
    }
  bool isLoad = inst.opcode == "ld";
  bool isVolatile = inst.has("volatile") || inst.has("relaxed") ||
                    inst.has("cv") || inst.has("acquire") ||
                    inst.has("release");
  StringRef addrText = isLoad ? inst.operands[1] : inst.operands[0];
  StringRef dataText = isLoad ? inst.operands[0] : inst.operands[1];
  Value base = address(addrText);
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  unsigned bytes = t.bits / 8;
  llvm::SmallVector<std::string> elements;
  if (vector > 1) {
    StringRef list = StringRef(dataText).trim();
    if (!list.consume_front("{") || !list.consume_back("}")) {
      fail("the PTX instruction '" + inst.text + "' in inline assembly");
      return;
    }
    elements = splitOperands(list);
    if (elements.size() != vector) {
      fail("the PTX instruction '" + inst.text + "' in inline assembly");
      return;
    }
  } else {
    elements.push_back(dataText.str());
  }
  if (inst.has("release") && !isLoad)
    LLVM::FenceOp::create(b, l, LLVM::AtomicOrdering::release);
  for (unsigned i = 0; i < vector; ++i) {
    Value addr = arith::AddIOp::create(b, l, base, constant(64, i * bytes));
    Value ptr = LLVM::IntToPtrOp::create(b, l, ptrType, addr);
    if (isLoad) {
      Value v = LLVM::LoadOp::create(b, l, intType(t.bits), ptr, bytes,
                                     isVolatile);
      write(elements[i], v, t);
    } else {
      Value v = read(elements[i], t);
      LLVM::StoreOp::create(b, l, v, ptr, bytes, isVolatile);
    }
  }
  if (inst.has("acquire") && isLoad)
    LLVM::FenceOp::create(b, l, LLVM::AtomicOrdering::acquire);
}

void PTXTranslator::translateWarp(const Instruction &inst) {
  StringRef op = inst.opcode;
  bool sync = inst.has("sync");
  auto fullMask = [&]() { return constant(64, 0xffffffff); };
  auto maskOperand = [&](unsigned i) {
    return resize(read(inst.operands[i], PTXType{'u', 32}), 64, false);
  };
  if (op == "shfl") {
    StringRef mode;
    for (StringRef m : {"up", "down", "bfly", "idx"})
      if (inst.has(m))
        mode = m;
    if (mode.empty() || inst.operands.size() != (sync ? 5u : 4u)) {
      fail("the PTX instruction '" + inst.text + "' in inline assembly");
      return;
    }
    auto [dest, predDest] = StringRef(inst.operands[0]).split('|');
    Value value = read(inst.operands[1], PTXType{'b', 32});
    Value lane = read(inst.operands[2], PTXType{'b', 32});
    Value control = read(inst.operands[3], PTXType{'b', 32});
    Value inRange;
    Value r = fg.emitPTXShuffle(value, mode, lane, control, inRange, where);
    write(dest, r, PTXType{'b', 32});
    if (!predDest.empty())
      write(predDest, inRange, PTXType{'p', 1});
    return;
  }
  if (op == "vote") {
    unsigned needed = sync ? 3 : 2;
    if (inst.operands.size() != needed) {
      fail("the PTX instruction '" + inst.text + "' in inline assembly");
      return;
    }
    Value p = read(inst.operands[1], PTXType{'p', 1});
    Value lane = resize(fg.emitLaneIndex(where), 64, false);
    Value mask = sync ? maskOperand(2) : fullMask();
    auto ballot = [&](Value pred) {
      Value contribution =
          arith::ShLIOp::create(b, l, resize(pred, 64, false), lane);
      Value members;
      Value bits = fg.emitLaneCombine(contribution, mask, LaneCombine::Or,
                                      /*vote=*/true, members, where);
      return std::make_pair(bits, members);
    };
    if (inst.has("ballot")) {
      write(inst.operands[0], resize(ballot(p).first, 32, false),
            PTXType{'b', 32});
      return;
    }
    auto [bits, members] = ballot(p);
    Value result;
    if (inst.has("any"))
      result = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, bits,
                                     constant(64, 0));
    else if (inst.has("all"))
      result = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, bits,
                                     members);
    else if (inst.has("uni"))
      result = arith::OrIOp::create(
          b, l,
          arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, bits, members),
          arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, bits,
                                constant(64, 0)));
    else {
      fail("the PTX instruction '" + inst.text + "' in inline assembly");
      return;
    }
    write(inst.operands[0], result, PTXType{'p', 1});
    return;
  }
  if (op == "match") {
    llvm::SmallVector<PTXType> types = inst.types();
    if (!inst.has("any") || !sync || types.size() != 1 ||
        inst.operands.size() != 3) {
      fail("the PTX instruction '" + inst.text + "' in inline assembly");
      return;
    }
    Value v = resize(read(inst.operands[1], types[0]), 64, false);
    Value members;
    Value bits = fg.emitLaneCombine(v, maskOperand(2), LaneCombine::Equal,
                                    /*vote=*/false, members, where);
    write(inst.operands[0], resize(bits, 32, false), PTXType{'b', 32});
    return;
  }
  fail("the PTX instruction '" + inst.text + "' in inline assembly");
}

void PTXTranslator::translate(const Instruction &inst) {
  StringRef op = inst.opcode;
  llvm::SmallVector<PTXType> types = inst.types();
  // Instructions with effects beyond their destinations cannot be guarded
  // by a select.
  bool sideEffects = op == "st" || op == "shfl" || op == "vote" ||
                     op == "match" || op == "bar" || op == "barrier" ||
                     op == "trap" || op == "membar" || op == "fence" ||
                     op == "ld";
  if (!inst.guard.empty() && sideEffects) {
    fail("the guarded PTX instruction '" + inst.text + "' in inline assembly");
    return;
  }
  if (op == "bar" || op == "barrier") {
    if (inst.has("warp")) {
      auto barrier = simt::BarrierOp::create(b, l, mlir::ValueRange{});
      barrier->setAttr(kWarpSyncAttr, b.getUnitAttr());
      return;
    }
    bool isSync = inst.has("sync") || (op == "barrier" && inst.modifiers.empty());
    if (!isSync || inst.operands.size() != 1 ||
        StringRef(inst.operands[0]).trim() != "0") {
      fail("the PTX barrier '" + inst.text +
           "' (only a block barrier 0 of all threads)");
      return;
    }
    simt::BarrierOp::create(b, l, mlir::ValueRange{});
    return;
  }
  if (op == "membar" || op == "fence") {
    LLVM::FenceOp::create(b, l, LLVM::AtomicOrdering::seq_cst);
    return;
  }
  if (op == "nanosleep")
    return;
  if (op == "trap") {
    fg.emitRuntimeFailure("trap", where);
    return;
  }
  if (op == "shfl" || op == "vote" || op == "match")
    return translateWarp(inst);
  if (op == "ld" || op == "st")
    return translateMemory(inst);

  // Instructions that only write their destinations: computed, then kept
  // where the guard is false.
  llvm::SmallVector<Value> before;
  llvm::SmallVector<std::string> dests;
  Value guard;
  if (!inst.guard.empty()) {
    guard = read(inst.guard, PTXType{'p', 1});
    if (inst.guardNegated)
      guard = arith::XOrIOp::create(b, l, guard, constant(1, 1));
    if (!inst.operands.empty()) {
      for (StringRef d : llvm::split(StringRef(inst.operands[0]), '|'))
        dests.push_back(d.trim().str());
      for (const std::string &d : dests) {
        Operand *o = asmOperand(d);
        Value *reg = o ? nullptr : lookupRegister(d);
        before.push_back(o ? o->value : reg ? *reg : Value());
      }
    }
  }

  if (op == "cvt") {
    translateConvert(inst);
  } else if (op == "setp") {
    if (types.size() != 1 || inst.operands.size() < 3) {
      fail("the PTX instruction '" + inst.text + "' in inline assembly");
      return;
    }
    StringRef cmp = inst.modifiers[0];
    Value result = compare(cmp, read(inst.operands[1], types[0]),
                           read(inst.operands[2], types[0]), types[0]);
    Value complement = arith::XOrIOp::create(b, l, result, constant(1, 1));
    if (inst.operands.size() == 4) {
      Value c = read(inst.operands[3], PTXType{'p', 1});
      StringRef combine = inst.modifiers.size() > 2 ? StringRef(inst.modifiers[1])
                                                    : StringRef();
      auto apply = [&](Value x) -> Value {
        if (combine == "and")
          return arith::AndIOp::create(b, l, x, c);
        if (combine == "or")
          return arith::OrIOp::create(b, l, x, c);
        if (combine == "xor")
          return arith::XOrIOp::create(b, l, x, c);
        fail("the PTX instruction '" + inst.text + "' in inline assembly");
        return x;
      };
      result = apply(result);
      complement = apply(complement);
    }
    auto [p, q] = StringRef(inst.operands[0]).split('|');
    write(p, result, PTXType{'p', 1});
    if (!q.empty())
      write(q, complement, PTXType{'p', 1});
  } else if (op == "mov") {
    if (types.size() != 1 || inst.operands.size() != 2) {
      fail("the PTX instruction '" + inst.text + "' in inline assembly");
      return;
    }
    PTXType t = types[0];
    StringRef dest = StringRef(inst.operands[0]).trim();
    StringRef src = StringRef(inst.operands[1]).trim();
    if (src.starts_with("{")) {
      // Packing: the first element is the lowest bits.
      llvm::SmallVector<std::string> parts =
          splitOperands(src.drop_front().drop_back());
      unsigned each = t.bits / parts.size();
      Value r = constant(t.bits, 0);
      for (unsigned i = 0; i < parts.size(); ++i) {
        Value part = resize(read(parts[i], PTXType{'b', each}), t.bits, false);
        r = arith::OrIOp::create(
            b, l, r, arith::ShLIOp::create(b, l, part, constant(t.bits, i * each)));
      }
      write(dest, r, t);
    } else if (dest.starts_with("{")) {
      llvm::SmallVector<std::string> parts =
          splitOperands(dest.drop_front().drop_back());
      unsigned each = t.bits / parts.size();
      Value v = read(src, t);
      for (unsigned i = 0; i < parts.size(); ++i)
        write(parts[i],
              resize(arith::ShRUIOp::create(b, l, v, constant(t.bits, i * each)),
                     each, false),
              PTXType{'b', each});
    } else {
      write(dest, read(src, t), t);
    }
  } else if (types.size() == 1 && types[0].isFloat() && op != "selp") {
    translateFloat(inst, types[0]);
  } else if (types.size() == 1 || (types.size() == 3 && op.starts_with("v"))) {
    translateArithmetic(inst, types[0]);
  } else {
    fail("the PTX instruction '" + inst.text + "' in inline assembly");
    return;
  }

  if (guard && !failed) {
    for (auto [d, old] : llvm::zip(dests, before)) {
      Operand *o = asmOperand(d);
      Value *slot = o ? &o->value : lookupRegister(d);
      if (!slot || !*slot)
        continue;
      if (!old)
        old = constant(slot->getType().getIntOrFloatBitWidth(), 0);
      *slot = arith::SelectOp::create(b, l, guard, *slot, old);
    }
  }
}

void PTXTranslator::run() {
  // The operands: outputs first, then inputs, as GCC numbers them.
  for (unsigned i = 0; i < s->getNumOutputs(); ++i) {
    std::string constraint = s->getOutputConstraint(i);
    const Expr *e = s->getOutputExpr(i);
    Operand op;
    op.output = true;
    op.type = e->getType();
    op.dest = fg.emitLValue(e);
    unsigned bits = mod.sizeOf(op.type) * 8;
    if (!op.type->isScalarType() || (bits != 8 && bits != 16 && bits != 32 &&
                                     bits != 64)) {
      fail("an asm operand of type '" + op.type.getAsString() + "'");
      return;
    }
    unsigned regBits = std::max(bits, 16u);
    if (StringRef(constraint).contains('+')) {
      Value v = fg.load(op.dest, where);
      if (mlir::isa<mlir::FloatType>(v.getType()))
        v = toBits(v);
      else if (mlir::isa<LLVM::LLVMPointerType>(v.getType()))
        v = LLVM::PtrToIntOp::create(b, l, intType(64), v);
      op.value = resize(v, regBits, op.type->isSignedIntegerType());
    } else {
      op.value = constant(regBits, 0);
    }
    operands.push_back(op);
  }
  for (unsigned i = 0; i < s->getNumInputs(); ++i) {
    std::string constraint = s->getInputConstraint(i);
    const Expr *e = s->getInputExpr(i);
    Operand op;
    op.type = e->getType();
    if (constraint == "n" || constraint == "i") {
      Expr::EvalResult result;
      if (!e->EvaluateAsInt(result, mod.ast)) {
        fail("an immediate asm operand that is not a constant");
        return;
      }
      op.immediate = true;
      op.value = constant(64, result.Val.getInt().getExtValue());
      operands.push_back(op);
      continue;
    }
    if (!op.type->isScalarType()) {
      fail("an asm operand of type '" + op.type.getAsString() + "'");
      return;
    }
    Value v = fg.emitScalar(e);
    if (mlir::isa<mlir::FloatType>(v.getType()))
      v = toBits(v);
    else if (mlir::isa<LLVM::LLVMPointerType>(v.getType()))
      v = LLVM::PtrToIntOp::create(b, l, intType(64), v);
    else if (v.getType().isInteger(1))
      v = resize(v, 32, false);
    if (v.getType().getIntOrFloatBitWidth() < 16)
      v = resize(v, 16, op.type->isSignedIntegerType());
    op.value = v;
    operands.push_back(op);
  }

  // The text, with GCC's escapes resolved: `%%` is a `%`, `%N` an operand
  // (kept as `%N`), `%[name]` a named operand.
  std::string text;
  std::string rawText = s->getAsmString();
  StringRef raw = rawText;
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c != '%') {
      text.push_back(c);
      continue;
    }
    if (i + 1 < raw.size() && raw[i + 1] == '%') {
      text += "%";
      ++i;
      continue;
    }
    if (i + 1 < raw.size() && raw[i + 1] == '[') {
      size_t close = raw.find(']', i);
      StringRef name = raw.slice(i + 2, close);
      int index = s->getNamedOperand(name);
      if (index < 0) {
        fail("the asm operand name '" + name + "'");
        return;
      }
      text += "%" + std::to_string(index);
      i = close;
      continue;
    }
    if (i + 1 < raw.size() && raw[i + 1] == '=') {
      text += "0";
      ++i;
      continue;
    }
    // %N: a placeholder that cannot clash with a PTX register name.
    size_t j = i + 1;
    while (j < raw.size() && isDigit(raw[j]))
      ++j;
    if (j == i + 1) {
      fail("the asm text escape '" + raw.substr(i, 2) + "'");
      return;
    }
    text += "%" + raw.slice(i + 1, j).str();
    i = j - 1;
  }
  // Operand references are `%<digits>`; special registers `%<letters>`.
  // Comments go.
  std::string clean;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "//") == 0) {
      while (i < text.size() && text[i] != '\n')
        ++i;
      continue;
    }
    if (text.compare(i, 2, "/*") == 0) {
      size_t end = text.find("*/", i + 2);
      i = end == std::string::npos ? text.size() : end + 1;
      continue;
    }
    clean.push_back(text[i]);
  }

  scopes.emplace_back();
  std::string statement;
  auto finish = [&]() {
    std::string owned = std::move(statement);
    statement.clear();
    StringRef st = StringRef(owned).trim();
    if (st.empty() || failed)
      return;
    if (st.contains(':') && !st.contains("::")) {
      fail("a label in inline assembly ('" + st + "')");
      return;
    }
    if (st.starts_with(".reg")) {
      declare(st);
      return;
    }
    if (st.starts_with(".")) {
      fail("the PTX directive '" + st + "' in inline assembly");
      return;
    }
    Instruction inst;
    inst.text = st.str();
    if (st.consume_front("@")) {
      inst.guardNegated = st.consume_front("!");
      auto [g, rest] = st.split(' ');
      inst.guard = g.trim().str();
      st = rest.trim();
    }
    size_t space = st.find_first_of(" \t\n");
    StringRef opcodeText = st.substr(0, space);
    StringRef operandText = space == StringRef::npos ? "" : st.substr(space);
    llvm::SmallVector<StringRef> parts;
    opcodeText.split(parts, '.');
    inst.opcode = parts[0].str();
    for (StringRef m : llvm::drop_begin(parts))
      inst.modifiers.push_back(m.str());
    inst.operands = splitOperands(operandText);
    if (inst.opcode == "exit" && inst.guard.empty() && inst.operands.empty()) {
      // The thread leaves the kernel from inside a device function, which
      // the structured IR cannot say. Libraries use it on paths a program
      // may never take (CUB's one-sweep radix sort), so it stops the
      // program where it runs, with this location, instead of the compile.
      fg.emitRuntimeFailure("PTX 'exit' in inline assembly is not supported",
                            where);
      return;
    }
    if (inst.opcode == "bra" || inst.opcode == "call" || inst.opcode == "ret" ||
        inst.opcode == "exit") {
      fail("the PTX control flow '" + st + "' in inline assembly");
      return;
    }
    translate(inst);
  };
  for (size_t i = 0; i < clean.size() && !failed; ++i) {
    char c = clean[i];
    bool atStart = StringRef(statement).trim().empty();
    if (c == '{' && atStart) {
      scopes.emplace_back();
      continue;
    }
    if (c == '}' && atStart) {
      if (scopes.size() > 1)
        scopes.pop_back();
      continue;
    }
    if (c == ';') {
      finish();
      continue;
    }
    statement.push_back(c);
  }
  finish();
  if (failed)
    return;

  // Outputs to their C++ lvalues.
  for (Operand &op : operands) {
    if (!op.output)
      continue;
    mlir::Type cType = mod.convertType(op.type, where);
    Value v = op.value;
    if (mlir::isa<mlir::FloatType>(cType))
      v = arith::BitcastOp::create(
          b, l, cType, resize(v, cType.getIntOrFloatBitWidth(), false));
    else if (mlir::isa<LLVM::LLVMPointerType>(cType))
      v = LLVM::IntToPtrOp::create(b, l, cType, resize(v, 64, false));
    else
      v = resize(v, cType.getIntOrFloatBitWidth(), false);
    fg.store(v, op.dest, where);
  }
}

void FunctionGen::emitInlineAsm(const GCCAsmStmt *s) {
  // `asm volatile("" ::: "memory")`: a compiler barrier, nothing to run.
  if (StringRef(s->getAsmString()).trim().empty())
    return;
  PTXTranslator(*this, builder, s, mod).run();
}

} // namespace cucpu
