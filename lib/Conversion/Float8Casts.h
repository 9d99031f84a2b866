//===- Float8Casts.h - fp8 conversions as integer arithmetic ----*- C++ -*-===//
//
// arith.extf from and arith.truncf to f8E4M3FN and f8E5M2 (and the FNUZ
// formats f8E4M3FNUZ and f8E5M2FNUZ: no infinities, no negative zero, 0x80
// is NaN), which LLVM has no instructions for on either the CPU or NVPTX,
// rewritten into integer and f32 arithmetic of the same shape (scalars,
// vectors or tiles), for the CPU and GPU lowerings alike. truncf rounds to
// nearest even and saturates to the largest finite value (NaN stays NaN),
// as sm_90's `cvt.rn.satfinite` (Triton's conversion) does; extf is exact.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_FLOAT8CASTS_H
#define TRIDENT_LIB_CONVERSION_FLOAT8CASTS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <cmath>
#include <optional>

namespace trident::float8 {

struct Format {
  unsigned mantissa;
  int bias;
  bool finiteOnly; ///< no infinities: only S.1111.111 is NaN (e4m3fn)
  /// FNUZ: no infinities and no negative zero; 0x80 is the one NaN, every
  /// other code a number (up to S.1111.111).
  bool fnuz = false;
};

inline std::optional<Format> formatOf(mlir::Type t) {
  if (mlir::isa<mlir::Float8E4M3FNType>(t))
    return Format{3, 7, true};
  if (mlir::isa<mlir::Float8E5M2Type>(t))
    return Format{2, 15, false};
  if (mlir::isa<mlir::Float8E4M3FNUZType>(t))
    return Format{3, 8, true, true};
  if (mlir::isa<mlir::Float8E5M2FNUZType>(t))
    return Format{2, 16, true, true};
  return std::nullopt;
}

namespace detail {
/// `t`'s shape (if any) with element type `elt`.
inline mlir::Type like(mlir::Type t, mlir::Type elt) {
  if (auto s = mlir::dyn_cast<mlir::ShapedType>(t))
    return s.clone(elt);
  return elt;
}

inline mlir::Value constant(mlir::OpBuilder &b, mlir::Location l, mlir::Type t,
                            mlir::TypedAttr scalar) {
  if (auto s = mlir::dyn_cast<mlir::ShapedType>(t))
    return mlir::arith::ConstantOp::create(
        b, l, mlir::DenseElementsAttr::get(s, mlir::Attribute(scalar)));
  return mlir::arith::ConstantOp::create(b, l, scalar);
}
} // namespace detail

/// The fp8 codes (as i8, same shape) of the f32 values `x`.
inline mlir::Value truncF32ToBits(mlir::OpBuilder &b, mlir::Location l,
                                  mlir::Value x, Format f) {
  using namespace mlir;
  Type xt = x.getType();
  Type i32 = detail::like(xt, b.getI32Type());
  Type f32 = detail::like(xt, b.getF32Type());
  auto c = [&](int64_t v) {
    return detail::constant(b, l, i32, b.getI32IntegerAttr(v));
  };
  auto fc = [&](double v) {
    return detail::constant(b, l, f32, b.getF32FloatAttr(v));
  };
  unsigned shift = 23 - f.mantissa;
  int emin = 1 - f.bias;
  Value u = arith::BitcastOp::create(b, l, i32, x);
  Value a = arith::AndIOp::create(b, l, u, c(0x7fffffff));
  Value sign = arith::AndIOp::create(
      b, l, arith::ShRUIOp::create(b, l, u, c(24)), c(0x80));
  // Normal: the mantissa rounded to nearest even (a carry moves into the
  // exponent), the exponent re-biased.
  Value odd = arith::AndIOp::create(
      b, l, arith::ShRUIOp::create(b, l, a, c(shift)), c(1));
  Value r = arith::AddIOp::create(b, l, a, c((1 << (shift - 1)) - 1));
  r = arith::ShRUIOp::create(b, l, arith::AddIOp::create(b, l, r, odd),
                             c(shift));
  Value normal = arith::SubIOp::create(
      b, l, r, c(int64_t(127 - f.bias) << f.mantissa));
  // Subnormal: |x| in units of the smallest subnormal, rounded to an
  // integer (to nearest even, by adding and subtracting 2^23); 2^mantissa
  // is the smallest normal's code.
  Value t = arith::MulFOp::create(b, l, arith::BitcastOp::create(b, l, f32, a),
                                  fc(std::ldexp(1.0, int(f.mantissa) - emin)));
  t = arith::SubFOp::create(b, l, arith::AddFOp::create(b, l, t, fc(8388608.0)),
                            fc(8388608.0));
  Value sub = arith::FPToUIOp::create(b, l, i32, t);
  Value isSub = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, a,
                                      c(int64_t(127 + emin) << 23));
  Value code = arith::SelectOp::create(b, l, isSub, sub, normal);
  code = arith::MinUIOp::create(
      b, l, code, c(f.fnuz ? 0x7f : f.finiteOnly ? 0x7e : 0x7b));
  Value isNan = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ugt, a,
                                      c(0x7f800000));
  if (f.fnuz) {
    // No negative zero: -0 (and what rounds to it) is 0x00; NaN is 0x80.
    Value zero = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, code,
                                       c(0));
    sign = arith::SelectOp::create(b, l, zero, c(0), sign);
    code = arith::OrIOp::create(b, l, code, sign);
    code = arith::SelectOp::create(b, l, isNan, c(0x80), code);
    return arith::TruncIOp::create(b, l, detail::like(xt, b.getI8Type()),
                                   code);
  }
  code = arith::SelectOp::create(b, l, isNan, c(0x7f), code);
  code = arith::OrIOp::create(b, l, code, sign);
  return arith::TruncIOp::create(b, l, detail::like(xt, b.getI8Type()), code);
}

/// The f32 values (same shape) of the fp8 codes `bits` (i8).
inline mlir::Value extBitsToF32(mlir::OpBuilder &b, mlir::Location l,
                                mlir::Value bits, Format f) {
  using namespace mlir;
  Type bt = bits.getType();
  Type i32 = detail::like(bt, b.getI32Type());
  Type f32 = detail::like(bt, b.getF32Type());
  auto c = [&](int64_t v) {
    return detail::constant(b, l, i32, b.getI32IntegerAttr(v));
  };
  unsigned m = f.mantissa;
  Value w = arith::ExtUIOp::create(b, l, i32, bits);
  Value sign = arith::ShLIOp::create(
      b, l, arith::AndIOp::create(b, l, w, c(0x80)), c(24));
  Value mag = arith::AndIOp::create(b, l, w, c(0x7f));
  Value exp = arith::ShRUIOp::create(b, l, mag, c(m));
  Value man = arith::AndIOp::create(b, l, mag, c((1 << m) - 1));
  Value normal = arith::AddIOp::create(
      b, l, arith::ShLIOp::create(b, l, mag, c(23 - m)),
      c(int64_t(127 - f.bias) << 23));
  // Subnormal: mantissa * 2^(1 - bias - mantissa bits), exact in f32.
  Value subValue = arith::MulFOp::create(
      b, l, arith::UIToFPOp::create(b, l, f32, man),
      detail::constant(b, l, f32,
                       b.getF32FloatAttr(std::ldexp(1.0, 1 - f.bias - int(m)))));
  Value sub = arith::BitcastOp::create(b, l, i32, subValue);
  Value isSub = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, exp, c(0));
  Value v = arith::SelectOp::create(b, l, isSub, sub, normal);
  if (f.fnuz) {
    // 0x80 (a negative zero's code) is the NaN; every other code a number.
    v = arith::OrIOp::create(b, l, v, sign);
    Value isNan =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, w, c(0x80));
    v = arith::SelectOp::create(b, l, isNan, c(0x7fc00000), v);
    return arith::BitcastOp::create(b, l, f32, v);
  }
  if (f.finiteOnly) {
    Value isNan =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, mag, c(0x7f));
    v = arith::SelectOp::create(b, l, isNan, c(0x7fc00000), v);
  } else {
    // All-ones exponent: infinity, or NaN (the mantissa kept on top).
    Value special = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, exp,
                                          c((1 << (7 - m)) - 1));
    Value bitsInf = arith::OrIOp::create(
        b, l, arith::ShLIOp::create(b, l, man, c(23 - m)), c(0x7f800000));
    v = arith::SelectOp::create(b, l, special, bitsInf, v);
  }
  v = arith::OrIOp::create(b, l, v, sign);
  return arith::BitcastOp::create(b, l, f32, v);
}

/// Reports the arith and math operations inside `root` that compute on a
/// float type LLVM lacks (f8 and the other narrow formats), which neither
/// back end can: only conversions between f8E4M3FN / f8E5M2 and other
/// floats (expandCasts), bitcasts, selects and constants are allowed.
inline mlir::LogicalResult checkArithmetic(mlir::Operation *root,
                                           llvm::StringRef pass) {
  using namespace mlir;
  auto narrow = [](Type t) {
    auto f = dyn_cast<FloatType>(getElementTypeOrSelf(t));
    return f && f.getWidth() < 16;
  };
  WalkResult result = root->walk([&](Operation *op) {
    Dialect *dialect = op->getDialect();
    if (!dialect || (dialect->getNamespace() != "arith" &&
                     dialect->getNamespace() != "math"))
      return WalkResult::advance();
    if (isa<arith::BitcastOp, arith::SelectOp, arith::ConstantOp>(op))
      return WalkResult::advance();
    Type bad;
    for (Type t : op->getOperandTypes())
      if (!bad && narrow(t))
        bad = getElementTypeOrSelf(t);
    for (Type t : op->getResultTypes())
      if (!bad && narrow(t))
        bad = getElementTypeOrSelf(t);
    if (!bad)
      return WalkResult::advance();
    if (isa<arith::ExtFOp, arith::TruncFOp>(op)) {
      if (formatOf(bad))
        return WalkResult::advance();
      op->emitOpError() << pass << ": converts " << bad
                        << ", which the back ends cannot (they convert "
                           "f8E4M3FN, f8E5M2 and their FNUZ forms to and from "
                           "other floats)";
      return WalkResult::interrupt();
    }
    op->emitOpError() << pass << ": computes on " << bad
                      << ", which the back ends cannot: convert it to f16 or "
                         "f32 first (arith.extf)";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Rewrites every arith.extf from and arith.truncf to an fp8 type inside
/// `root` (through f32 on the other side).
inline void expandCasts(mlir::Operation *root) {
  using namespace mlir;
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (!isa<arith::ExtFOp, arith::TruncFOp>(op))
      return;
    if (formatOf(getElementTypeOrSelf(op->getOperand(0).getType())) ||
        formatOf(getElementTypeOrSelf(op->getResult(0).getType())))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location l = op->getLoc();
    Value in = op->getOperand(0);
    Type inType = in.getType(), outType = op->getResult(0).getType();
    Type inElt = getElementTypeOrSelf(inType);
    Type outElt = getElementTypeOrSelf(outType);
    Type f32 = detail::like(inType, b.getF32Type());
    Type i8 = detail::like(inType, b.getI8Type());
    // The input as f32.
    Value x = in;
    if (std::optional<Format> f = formatOf(inElt))
      x = extBitsToF32(b, l, arith::BitcastOp::create(b, l, i8, in), *f);
    else if (inElt.getIntOrFloatBitWidth() < 32)
      x = arith::ExtFOp::create(b, l, f32, in);
    else if (!inElt.isF32())
      x = arith::TruncFOp::create(b, l, f32, in);
    Value result;
    if (std::optional<Format> f = formatOf(outElt))
      result = arith::BitcastOp::create(b, l, outType,
                                        truncF32ToBits(b, l, x, *f));
    else if (outElt.isF32())
      result = x;
    else if (outElt.getIntOrFloatBitWidth() > 32)
      result = arith::ExtFOp::create(b, l, outType, x);
    else
      result = arith::TruncFOp::create(b, l, outType, x);
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
  }
}

} // namespace trident::float8

#endif // TRIDENT_LIB_CONVERSION_FLOAT8CASTS_H
