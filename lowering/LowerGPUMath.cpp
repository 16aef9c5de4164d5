//===- LowerGPUMath.cpp - Math functions without libdevice ----------------===//
//
// The NVPTX backend selects instructions for the LLVM intrinsics of
// square roots, rounding, fused multiply-add, sign and bit counting, but not
// for transcendental functions, which CUDA takes from libdevice. cucpu does
// not need a CUDA installation, so it computes them itself. The common ones
// are computed inline: powf, sinf and cosf, and double-precision exp and log
// (with log2, log10, log1p and expm1 from them), by the range reductions and
// series below, to an ulp or two, and the other single-precision exp and log
// functions by MLIR's polynomial approximations. The others (trigonometric,
// hyperbolic, error functions, pow, cbrt, exp2 and fmod in double precision,
// and in single precision those MLIR would only approximate or expand) become
// calls to cucpu's GPU math library (DeviceMath.cpp), which is linked in
// after translation to LLVM IR. What is left without an instruction is an
// error at the operation, instead of a failure in the backend.
//
//===----------------------------------------------------------------------===//

#include "lowering/GPULowering.h"
#include "lowering/Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/StringSwitch.h"

#include <limits>
#include <type_traits>

namespace cucpu {
#define GEN_PASS_DEF_LOWERGPUMATH
#include "lowering/Passes.h.inc"
} // namespace cucpu

using namespace mlir;
using namespace cucpu;

namespace {

/// The math operations whose LLVM intrinsics NVPTX implements exactly.
bool hasGPUInstruction(Operation *op) {
  return isa<math::SqrtOp, math::RsqrtOp, math::AbsFOp, math::AbsIOp,
             math::FloorOp, math::CeilOp, math::TruncOp, math::RoundEvenOp,
             math::RoundOp, math::FmaOp, math::CopySignOp, math::CtPopOp,
             math::CountLeadingZerosOp, math::CountTrailingZerosOp>(op);
}

/// Builds scalar f64 and i64 arithmetic at one location.
struct F64Builder {
  PatternRewriter &b;
  Location loc;

  Value f(double v) {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(v));
  }
  Value i(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  }
  Value fma(Value a, Value x, Value c) {
    return math::FmaOp::create(b, loc, a, x, c);
  }
  Value mul(Value a, Value x) { return arith::MulFOp::create(b, loc, a, x); }
  Value add(Value a, Value x) { return arith::AddFOp::create(b, loc, a, x); }
  Value sub(Value a, Value x) { return arith::SubFOp::create(b, loc, a, x); }
  Value cmp(arith::CmpFPredicate pred, Value a, Value x) {
    return arith::CmpFOp::create(b, loc, pred, a, x);
  }
  Value select(Value c, Value t, Value e) {
    return arith::SelectOp::create(b, loc, c, t, e);
  }
  Value bitsOf(Value x) {
    return arith::BitcastOp::create(b, loc, b.getI64Type(), x);
  }
  Value both(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value either(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value negation(Value x) {
    Value yes = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    return arith::XOrIOp::create(b, loc, x, yes);
  }
  Value fromBits(Value bits) {
    return arith::BitcastOp::create(b, loc, b.getF64Type(), bits);
  }
  /// 2^k for an i64 k in [-1022, 1023].
  Value powerOfTwo(Value k) {
    Value biased = arith::AddIOp::create(b, loc, k, i(1023));
    return fromBits(arith::ShLIOp::create(b, loc, biased, i(52)));
  }
  /// c[0] + x * (c[1] + x * (...)), by Horner's rule with fused steps.
  Value polynomial(Value x, ArrayRef<double> coefficients) {
    Value acc = f(coefficients.back());
    for (double c : llvm::reverse(coefficients.drop_back()))
      acc = fma(acc, x, f(c));
    return acc;
  }
};

// ln 2 split so that k * kLn2Hi is exact for |k| < 2^21 (its low 32 bits
// are zero), and the rest.
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;
constexpr double kInvLn2 = 1.44269504088896338700e+00;

bool isScalarF64(Value v) { return v.getType().isF64(); }

/// exp(x) = 2^k * e^r with k = round(x / ln 2) and |r| <= ln 2 / 2, where
/// e^r is its Taylor series to r^13 (the next term is below 2^-57). 2^k is
/// applied as two factors so that it stays a normal number down to the
/// smallest subnormal result.
struct ExpF64Lowering : OpRewritePattern<math::ExpOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &rewriter) const override {
    if (!isScalarF64(op.getOperand()))
      return failure();
    F64Builder b{rewriter, op.getLoc()};
    Value x = op.getOperand();
    // Beyond these e^x is inf or 0 anyway; the clamp keeps k in range.
    Value clamped = arith::MinimumFOp::create(
        rewriter, op.getLoc(),
        arith::MaximumFOp::create(rewriter, op.getLoc(), x, b.f(-746.0)),
        b.f(710.0));
    Value k = math::RoundEvenOp::create(rewriter, op.getLoc(),
                                        b.mul(clamped, b.f(kInvLn2)));
    Value r = b.fma(k, b.f(-kLn2Hi), clamped);
    r = b.fma(k, b.f(-kLn2Lo), r);
    SmallVector<double, 14> taylor;
    double factorial = 1.0;
    for (int n = 0; n <= 13; ++n) {
      factorial *= n ? n : 1;
      taylor.push_back(1.0 / factorial);
    }
    Value er = b.polynomial(r, taylor);
    Value ki = arith::FPToSIOp::create(rewriter, op.getLoc(),
                                       rewriter.getI64Type(), k);
    Value k1 = arith::ShRSIOp::create(rewriter, op.getLoc(), ki, b.i(1));
    Value k2 = arith::SubIOp::create(rewriter, op.getLoc(), ki, k1);
    Value result = b.mul(b.mul(er, b.powerOfTwo(k1)), b.powerOfTwo(k2));
    Value isNaN = b.cmp(arith::CmpFPredicate::UNO, x, x);
    rewriter.replaceOp(op, b.select(isNaN, x, result));
    return success();
  }
};

/// log(x) = e ln 2 + log(m) with x = m 2^e, m in [sqrt(2)/2, sqrt(2)).
/// With f = m - 1 and s = f / (2 + f), log(m) = 2 atanh(s) =
/// f - s (f - 2R), R = s^2/3 + s^4/5 + ... + s^20/21 (|s| < 0.172, so the
/// next term is below 2^-60 of the result); f is exact, which keeps the
/// result within about an ulp.
Value logF64(PatternRewriter &rewriter, Location loc, Value x) {
  F64Builder b{rewriter, loc};
  // Subnormals are scaled into the normal range first.
  Value subnormal = b.cmp(arith::CmpFPredicate::OLT, x, b.f(0x1p-1022));
  Value scaled = b.select(subnormal, b.mul(x, b.f(0x1p54)), x);
  Value bias = b.select(subnormal, b.i(-54 - 1023), b.i(-1023));
  Value bits = b.bitsOf(scaled);
  Value e = arith::AddIOp::create(
      rewriter, loc, arith::ShRUIOp::create(rewriter, loc, bits, b.i(52)),
      bias);
  Value mantissa =
      arith::AndIOp::create(rewriter, loc, bits, b.i(0x000FFFFFFFFFFFFFLL));
  Value m = b.fromBits(
      arith::OrIOp::create(rewriter, loc, mantissa, b.i(0x3FF0000000000000LL)));
  Value above = b.cmp(arith::CmpFPredicate::OGT, m, b.f(1.4142135623730951));
  m = b.select(above, b.mul(m, b.f(0.5)), m);
  e = b.select(above, arith::AddIOp::create(rewriter, loc, e, b.i(1)), e);
  Value f = b.sub(m, b.f(1.0));
  Value s = arith::DivFOp::create(rewriter, loc, f, b.add(b.f(2.0), f));
  Value z = b.mul(s, s);
  SmallVector<double, 10> odd;
  for (int n = 1; n <= 10; ++n)
    odd.push_back(1.0 / (2 * n + 1));
  Value series = b.mul(z, b.polynomial(z, odd));
  Value logM = b.sub(f, b.mul(s, b.fma(series, b.f(-2.0), f)));
  Value ef = arith::SIToFPOp::create(rewriter, loc, rewriter.getF64Type(), e);
  Value result = b.fma(ef, b.f(kLn2Hi), b.fma(ef, b.f(kLn2Lo), logM));
  // log(+inf) = +inf, log(0) = -inf, log(x < 0) = NaN, NaN stays.
  double inf = std::numeric_limits<double>::infinity();
  result = b.select(b.cmp(arith::CmpFPredicate::OEQ, x, b.f(inf)), x, result);
  result = b.select(b.cmp(arith::CmpFPredicate::OEQ, x, b.f(0.0)), b.f(-inf),
                    result);
  result = b.select(b.cmp(arith::CmpFPredicate::OLT, x, b.f(0.0)),
                    b.f(std::numeric_limits<double>::quiet_NaN()), result);
  return b.select(b.cmp(arith::CmpFPredicate::UNO, x, x), x, result);
}

struct LogF64Lowering : OpRewritePattern<math::LogOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::LogOp op,
                                PatternRewriter &rewriter) const override {
    if (!isScalarF64(op.getOperand()))
      return failure();
    rewriter.replaceOp(op, logF64(rewriter, op.getLoc(), op.getOperand()));
    return success();
  }
};

/// log1p(x) = log(u) * (x / (u - 1)) with u = 1 + x rounded, and x where
/// u is 1; expm1(x) = (u - 1) * (x / log(u)) with u = e^x, x where u is 1,
/// and -1 where u - 1 is. The quotient corrects the rounding of u (Kahan's
/// and Goldberg's method), so both stay within a few ulps near 0, where
/// log(1 + x) and e^x - 1 lose all precision. Float arguments are computed
/// in double.
template <typename OneOp>
struct OnePlusLowering : OpRewritePattern<OneOp> {
  using OpRewritePattern<OneOp>::OpRewritePattern;
  static constexpr bool isLog1p = std::is_same_v<OneOp, math::Log1pOp>;
  LogicalResult matchAndRewrite(OneOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getOperand().getType();
    if (!type.isF64() && !type.isF32())
      return failure();
    Location loc = op.getLoc();
    F64Builder b{rewriter, loc};
    using P = arith::CmpFPredicate;
    Value x = op.getOperand();
    if (type.isF32())
      x = arith::ExtFOp::create(rewriter, loc, rewriter.getF64Type(), x);
    double inf = std::numeric_limits<double>::infinity();
    Value result;
    if constexpr (isLog1p) {
      Value u = b.add(b.f(1.0), x);
      Value logU = math::LogOp::create(rewriter, loc, u);
      result = b.mul(logU, arith::DivFOp::create(rewriter, loc, x,
                                                  b.sub(u, b.f(1.0))));
      result = b.select(b.cmp(P::OEQ, u, b.f(1.0)), x, result);
    } else {
      Value u = math::ExpOp::create(rewriter, loc, x);
      Value uMinus1 = b.sub(u, b.f(1.0));
      Value logU = math::LogOp::create(rewriter, loc, u);
      result = b.mul(uMinus1, arith::DivFOp::create(rewriter, loc, x, logU));
      result = b.select(b.cmp(P::OEQ, uMinus1, b.f(-1.0)), b.f(-1.0), result);
      result = b.select(b.cmp(P::OEQ, u, b.f(1.0)), x, result);
      // Where e^x overflows, so does expm1 (the quotient is inf/inf).
      result = b.select(b.cmp(P::OEQ, u, b.f(inf)), u, result);
    }
    // +inf gives +inf (the quotients above are inf/inf).
    result = b.select(b.cmp(P::OEQ, x, b.f(inf)), x, result);
    if (type.isF32())
      result = arith::TruncFOp::create(rewriter, loc, type, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// log2(x) and log10(x) of f64 as log(x) times a constant (within about
/// two ulps); log10 of f32 likewise, from MLIR's single-precision log.
template <typename LogOp> struct ScaledLogLowering : OpRewritePattern<LogOp> {
  ScaledLogLowering(MLIRContext *ctx, double scale)
      : OpRewritePattern<LogOp>(ctx), scale(scale) {}
  LogicalResult matchAndRewrite(LogOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getOperand().getType();
    if (!type.isF64() &&
        !(type.isF32() && std::is_same_v<LogOp, math::Log10Op>))
      return failure();
    Location loc = op.getLoc();
    Value log = math::LogOp::create(rewriter, loc, op.getOperand());
    Value c = arith::ConstantOp::create(rewriter, loc,
                                        rewriter.getFloatAttr(type, scale));
    rewriter.replaceOpWithNewOp<arith::MulFOp>(op, log, c);
    return success();
  }
  double scale;
};

/// sinf and cosf, evaluated in double precision so that the float result is
/// within about an ulp, as CUDA's are (MLIR's single-precision polynomials
/// lose tens of ulps past a few periods). x is reduced to r = x - k pi/2,
/// |r| <= pi/4, by fused multiply-adds with pi/2 split into pieces (each
/// product is exact inside its fma, and x - k pi/2 is small, so the
/// reduction stays accurate while k is an exact integer, |x| < 2^53; past
/// that the result is only kept in [-1, 1]); sin r and cos r are their
/// Taylor series to r^15 and r^14 (next terms below 2^-45), chosen and
/// negated by k mod 4.
template <typename TrigOp> struct SinCosF32Lowering : OpRewritePattern<TrigOp> {
  SinCosF32Lowering(MLIRContext *ctx)
      : OpRewritePattern<TrigOp>(ctx, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(TrigOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getOperand().getType().isF32())
      return failure();
    constexpr bool isSin = std::is_same_v<TrigOp, math::SinOp>;
    Location loc = op.getLoc();
    F64Builder b{rewriter, loc};
    Value x = arith::ExtFOp::create(rewriter, loc, rewriter.getF64Type(),
                                    op.getOperand());
    Value k = math::RoundEvenOp::create(
        rewriter, loc, b.mul(x, b.f(6.36619772367581382433e-01)));
    // pi/2 = the sum of these to 2^-160: four of 24 significant bits (k
    // times each is exact) and the rest as a double.
    static constexpr double kPiOver2Pieces[] = {0x1.921fb6p+0, -0x1.777a5cp-25,
                                                -0x1.ee59dap-50, 0x1.98a2e0p-77,
                                                0x1.b839a252049c1p-104};
    Value r = x;
    for (double piece : kPiOver2Pieces)
      r = b.fma(k, b.f(-piece), r);
    // r may pass pi/4 a little where x 2/pi rounded to the other k. Past
    // 2^53 k is inexact and r can be far out of range: kept within [-1, 1]
    // (where the series still hold), the result stays in [-1, 1].
    r = arith::MinimumFOp::create(
        rewriter, loc, arith::MaximumFOp::create(rewriter, loc, r, b.f(-1.0)),
        b.f(1.0));
    Value z = b.mul(r, r);
    // sin r = r (1 - z/3! + z^2/5! - ...), cos r = 1 - z/2! + z^2/4! - ...
    SmallVector<double, 8> sinSeries, cosSeries;
    double factorial = 1.0;
    for (int n = 1; n <= 15; ++n) {
      factorial *= n;
      double term = ((n / 2) % 2 ? -1.0 : 1.0) / factorial;
      (n % 2 ? sinSeries : cosSeries).push_back(term);
    }
    cosSeries.insert(cosSeries.begin(), 1.0);
    cosSeries.pop_back(); // to z^7 (r^14)
    Value sinR = b.mul(r, b.polynomial(z, sinSeries));
    Value cosR = b.polynomial(z, cosSeries);
    // Quadrant: sin x = sin r, cos r, -sin r, -cos r for k = 0, 1, 2, 3
    // (mod 4); cos x = cos r, -sin r, -cos r, sin r. k mod 4 is exact in
    // double (0 once k's ulp is 4 or more), then taken as an integer; a
    // non-finite k (x infinite or NaN) gives NaN below anyway.
    Value kMod4 =
        b.sub(k, b.mul(b.f(4.0), math::FloorOp::create(rewriter, loc,
                                                       b.mul(k, b.f(0.25)))));
    Value finite = b.cmp(arith::CmpFPredicate::ORD, kMod4, kMod4);
    Value quadrant =
        arith::FPToSIOp::create(rewriter, loc, rewriter.getI64Type(),
                                b.select(finite, kMod4, b.f(0.0)));
    if (!isSin)
      quadrant = arith::AndIOp::create(
          rewriter, loc, arith::AddIOp::create(rewriter, loc, quadrant, b.i(1)),
          b.i(3));
    Value odd = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(rewriter, loc, quadrant, b.i(1)), b.i(0));
    Value negative = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(rewriter, loc, quadrant, b.i(2)), b.i(0));
    Value value = b.select(odd, cosR, sinR);
    value =
        b.select(negative, arith::NegFOp::create(rewriter, loc, value), value);
    // sin and cos of +-inf and NaN are NaN (x - x is); sin keeps the sign
    // of a zero.
    value = b.select(b.cmp(arith::CmpFPredicate::ORD, b.sub(x, x), b.f(0.0)),
                     value, b.sub(x, x));
    if (isSin)
      value = b.select(b.cmp(arith::CmpFPredicate::OEQ, x, b.f(0.0)), x, value);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, rewriter.getF32Type(),
                                                 value);
    return success();
  }
};

/// powf(x, y) as exp(y log |x|) in double precision (|y log |x|| stays
/// below about 2^7 for any finite float result, so its error is far below
/// a float's ulp), with C's rules for negative x, zeros, ones, infinities
/// and NaN. MLIR's expansion computes it in single precision, which loses
/// several ulps (5 at powf(10.2, 1.5)); CUDA's is within 2.
struct PowF32Lowering : OpRewritePattern<math::PowFOp> {
  PowF32Lowering(MLIRContext *ctx)
      : OpRewritePattern<math::PowFOp>(ctx, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(math::PowFOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getLhs().getType().isF32())
      return failure();
    Location loc = op.getLoc();
    F64Builder b{rewriter, loc};
    using P = arith::CmpFPredicate;
    Type f64 = rewriter.getF64Type();
    Value x = arith::ExtFOp::create(rewriter, loc, f64, op.getLhs());
    Value y = arith::ExtFOp::create(rewriter, loc, f64, op.getRhs());
    Value absX = math::AbsFOp::create(rewriter, loc, x);
    Value magnitude = math::ExpOp::create(
        rewriter, loc, b.mul(y, logF64(rewriter, loc, absX)));
    // y is an integer, and an odd one (every double of 2^53 or more is
    // even); infinities are neither.
    Value inf = b.f(std::numeric_limits<double>::infinity());
    Value finiteY = b.cmp(P::ONE, math::AbsFOp::create(rewriter, loc, y), inf);
    Value integral = b.both(
        finiteY, b.cmp(P::OEQ, math::FloorOp::create(rewriter, loc, y), y));
    Value half = b.mul(y, b.f(0.5));
    Value odd = b.both(
        integral,
        b.cmp(P::ONE, math::FloorOp::create(rewriter, loc, half), half));
    // A negative base (-0 included) gives a negative result for odd y, and
    // NaN for y that is not an integer (unless |x| is 0 or infinite, whose
    // powers are exact).
    Value negativeBase = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::slt, b.bitsOf(x), b.i(0));
    Value result =
        b.select(b.both(negativeBase, odd),
                 arith::NegFOp::create(rewriter, loc, magnitude), magnitude);
    Value zeroOrInf =
        b.either(b.cmp(P::OEQ, absX, b.f(0.0)), b.cmp(P::OEQ, absX, inf));
    Value noRealPower =
        b.both(b.both(b.cmp(P::OLT, x, b.f(0.0)), finiteY),
               b.both(b.negation(integral), b.negation(zeroOrInf)));
    result = b.select(noRealPower,
                      b.f(std::numeric_limits<double>::quiet_NaN()), result);
    // (-1)^(+-inf) = 1; x^0 = 1 and 1^y = 1, NaN or not.
    Value minusOneToInf =
        b.both(b.cmp(P::OEQ, x, b.f(-1.0)),
               b.negation(b.either(finiteY, b.cmp(P::UNO, y, y))));
    Value one = b.either(
        b.either(b.cmp(P::OEQ, y, b.f(0.0)), b.cmp(P::OEQ, x, b.f(1.0))),
        minusOneToInf);
    result = b.select(one, b.f(1.0), result);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, rewriter.getF32Type(),
                                                 result);
    return success();
  }
};

/// The GPU math library's function computing `op` on `type`, or "" when
/// `op` is computed inline or has an instruction.
std::string libraryFunctionFor(Operation *op, Type type) {
  StringRef base = llvm::StringSwitch<StringRef>(op->getName().getStringRef())
                       .Case("math.sin", "sin")
                       .Case("math.cos", "cos")
                       .Case("math.tan", "tan")
                       .Case("math.asin", "asin")
                       .Case("math.acos", "acos")
                       .Case("math.atan", "atan")
                       .Case("math.atan2", "atan2")
                       .Case("math.sinh", "sinh")
                       .Case("math.cosh", "cosh")
                       .Case("math.tanh", "tanh")
                       .Case("math.asinh", "asinh")
                       .Case("math.acosh", "acosh")
                       .Case("math.atanh", "atanh")
                       .Case("math.erf", "erf")
                       .Case("math.erfc", "erfc")
                       .Case("math.cbrt", "cbrt")
                       .Case("math.exp2", "exp2")
                       .Case("math.powf", "pow")
                       .Case("arith.remf", "fmod")
                       .Default("");
  if (base.empty() || !(type.isF64() || type.isF32()))
    return "";
  std::string name = (type.isF32() ? base + "f" : base).str();
  if (!gpuMathLibraryDefines(name)) // sinf, cosf and powf are inline.
    return "";
  return (kMathLibraryPrefix + name).str();
}

/// Replaces the scalar math operations that the GPU math library computes by
/// calls to it.
void callMathLibrary(ModuleOp module) {
  SmallVector<std::pair<Operation *, std::string>> calls;
  module.walk([&](Operation *op) {
    if (op->getNumResults() != 1)
      return;
    Type type = op->getResult(0).getType();
    if (!llvm::all_of(op->getOperandTypes(), [&](Type t) { return t == type; }))
      return;
    std::string name = libraryFunctionFor(op, type);
    if (!name.empty())
      calls.emplace_back(op, std::move(name));
  });
  OpBuilder b(module.getContext());
  for (auto &[op, name] : calls) {
    Type type = op->getResult(0).getType();
    auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
    if (!fn) {
      b.setInsertionPointToEnd(module.getBody());
      SmallVector<Type> params(op->getNumOperands(), type);
      fn = LLVM::LLVMFuncOp::create(b, module.getLoc(), name,
                                    LLVM::LLVMFunctionType::get(type, params));
    }
    b.setInsertionPoint(op);
    auto call = LLVM::CallOp::create(b, op->getLoc(), fn, op->getOperands());
    op->getResult(0).replaceAllUsesWith(call.getResult());
    op->erase();
  }
}

struct LowerGPUMathPass
    : public cucpu::impl::LowerGPUMathBase<LowerGPUMathPass> {
  void runOnOperation() override {
    callMathLibrary(getOperation());
    // First what replaces MLIR's expansions, then the expansions of the
    // rarer functions into the common ones (math-expand-ops), then the
    // lowerings of those.
    RewritePatternSet precise(&getContext());
    precise.add<PowF32Lowering, OnePlusLowering<math::Log1pOp>,
                OnePlusLowering<math::ExpM1Op>>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(precise))))
      return signalPassFailure();
    // Only the functions NVPTX has no instruction for: expanding all would
    // also split math.fma into a multiply and an add, rounded twice, and
    // turn ceil and round into longer sequences.
    RewritePatternSet expansions(&getContext());
    math::populateExpansionPatterns(
        expansions, {"tan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
                     "exp2", "powf", "fpowi"});
    if (failed(applyPatternsGreedily(getOperation(), std::move(expansions))))
      return signalPassFailure();
    callMathLibrary(getOperation()); // What the expansions made of others.
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpF64Lowering, LogF64Lowering, SinCosF32Lowering<math::SinOp>,
                 SinCosF32Lowering<math::CosOp>>(&getContext());
    patterns.add<ScaledLogLowering<math::Log2Op>>(&getContext(), kInvLn2);
    patterns.add<ScaledLogLowering<math::Log10Op>>(&getContext(),
                                                   0.43429448190325182765);
    populateMathPolynomialApproximationPatterns(
        patterns, MathPolynomialApproximationOptions{});
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    bool failed = false;
    getOperation()->walk([&](Operation *op) {
      if (op->getDialect() != op->getContext()->getLoadedDialect("math") ||
          hasGPUInstruction(op))
        return;
      Type type = op->getNumResults() ? op->getResult(0).getType() : Type();
      op->emitError("'")
          << op->getName().stripDialect() << "' on " << type
          << " has no implementation on the GPU target yet (cucpu does not "
             "use libdevice, and its GPU math library lacks it)";
      failed = true;
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
